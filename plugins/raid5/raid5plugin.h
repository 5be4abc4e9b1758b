// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout.h"

#include <QObject>

class Raid5Plugin final : public QObject, public raidscope::LayoutFactory
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RaidScopeLayoutFactory_iid FILE "raid5.json")
    Q_INTERFACES(raidscope::LayoutFactory)

public:
    std::unique_ptr<raidscope::Layout> create(const raidscope::ArrayParams& params, QString* error) const override;
};
