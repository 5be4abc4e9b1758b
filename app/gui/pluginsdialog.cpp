// SPDX-License-Identifier: GPL-3.0-or-later
#include "pluginsdialog.h"

#include "layout/layoutregistry.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace raidscope::gui {

PluginsDialog::PluginsDialog(const LayoutRegistry& registry, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("pluginsDialog"));
    setWindowTitle(tr("Layout plugins"));
    resize(1100, 520);

    auto* loaded = new QTreeWidget;
    loaded->setObjectName(QStringLiteral("loadedPlugins"));
    loaded->setRootIsDecorated(false);
    loaded->setHeaderLabels({ tr("Id"), tr("Name"), tr("Disks"), tr("Variants"), tr("Aliases"), tr("File") });
    for (const SchemeInfo& s : registry.schemes()) {
        QStringList variants;
        for (const VariantInfo& v : s.variants)
            variants << (v.isDefault ? v.id + QStringLiteral(" (default)") : v.id);
        auto* item = new QTreeWidgetItem(loaded, { s.id, s.name, QStringLiteral("%1–%2").arg(s.minDisks).arg(s.maxDisks),
                                                     variants.join(QStringLiteral(", ")), s.aliases.join(QStringLiteral(", ")), s.file });
        item->setToolTip(1, s.description);
        item->setToolTip(5, s.file);
    }
    loaded->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* refused = new QTreeWidget;
    refused->setObjectName(QStringLiteral("refusedPlugins"));
    refused->setRootIsDecorated(false);
    refused->setHeaderLabels({ tr("File"), tr("Reason") });
    for (const PluginRefusal& r : registry.refusals())
        new QTreeWidgetItem(refused, { r.file, r.reason });
    refused->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* searched = new QLabel(tr("Searched, in order: %1")
                                    .arg(registry.searchedDirs().isEmpty() ? tr("(nothing)")
                                                                           : registry.searchedDirs().join(QStringLiteral("; "))));
    searched->setWordWrap(true);
    searched->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* box = new QVBoxLayout(this);
    box->addWidget(new QLabel(tr("<b>Loaded</b> (%1)").arg(registry.schemes().size())));
    box->addWidget(loaded, 2);
    box->addWidget(new QLabel(tr("<b>Refused</b> (%1)").arg(registry.refusals().size())));
    if (registry.refusals().isEmpty()) {
        refused->hide();
        box->addWidget(new QLabel(tr("No plugin files were refused.")));
    }
    box->addWidget(refused, 1);
    box->addWidget(searched);
    box->addWidget(buttons);
}

} // namespace raidscope::gui
