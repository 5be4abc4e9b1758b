// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace raidscope {

/// Whether the data of an array survives these failed members (index = member disk): with no more
/// failed than faultTolerance() always; beyond it, a mirrored layout survives when every logical
/// block keeps at least one copy on a working disk (raid10 near with one disk of each mirror pair
/// failed, as md survives), and a parity or unprotected layout never does.
/// nullopt: it survives; otherwise the first logical block with no surviving copy.
std::optional<std::uint64_t> firstLostBlock(const Layout& layout, const std::vector<bool>& failed);

} // namespace raidscope
