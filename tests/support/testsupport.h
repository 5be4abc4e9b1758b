// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/layout.h"

#include <QString>

#include <memory>

namespace raidscope {
class ArraySimulator;
struct WorkloadSpec;
}

namespace raidscope::test {

/// A layout from the registry (the real plugins, loaded from the build tree); fails the test on error.
std::unique_ptr<Layout> makeLayout(const QString& spec);
/// The error the registry gives for a spec, or an empty string when the spec is accepted.
QString specError(const QString& spec);
/// A simulated array from a spec; fails the test on error.
std::unique_ptr<ArraySimulator> makeSim(const char* spec);
/// A workload from its spec text; fails the test on error.
WorkloadSpec makeWorkload(const char* spec);
/// The one-line error a workload spec gets; fails the test when the spec is accepted.
QString workloadSpecError(const char* spec);

} // namespace raidscope::test
