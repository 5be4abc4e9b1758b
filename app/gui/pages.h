// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QStringView>
#include <QStyle>

#include <span>

class QWidget;

namespace raidscope::gui {

/// The pages of the workbench. Their order on screen is the table's (pageTable()), not this one's.
enum class PageId { Array, Probe, Simulate, Traces, Advisor, Models, Disks, Study };

/// One row of the page table: everything MainWindow, the View menu, --page and the saved settings
/// know of a page.
struct PageInfo
{
    PageId id;
    QStringView key; ///< "probe": --page (case-insensitive), the saved page, the object name "probePage"
    QStringView title; ///< "Probe": the navigation list and the View menu
    QStyle::StandardPixmap icon;
    QWidget* (*create)(); ///< a new page without a parent
};

/// Every page, in the order of the navigation list and of the shortcuts Ctrl+1, Ctrl+2, ...
std::span<const PageInfo> pageTable();
/// The page whose key is `key`, ignoring case; nullptr when there is none.
const PageInfo* findPage(QStringView key);
const PageInfo& pageInfo(PageId id);
/// The titles, in table order: "Array", "Probe", ...
QStringList pageTitles();

} // namespace raidscope::gui
