// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages.h"

#include "advisor/advisorpage.h"
#include "array/arraypage.h"
#include "disks/diskspage.h"
#include "models/modelspage.h"
#include "probe/probepage.h"
#include "simulate/simulatepage.h"
#include "study/studypage.h"
#include "traces/tracespage.h"

namespace raidscope::gui {

namespace {

    // The one list of pages: add a page here and it is in the window, the View menu and --page.
    constexpr PageInfo kPages[] = {
        { PageId::Array, u"array", u"Array", QStyle::SP_DriveHDIcon, []() -> QWidget* { return new ArrayPage; } },
        { PageId::Probe, u"probe", u"Probe", QStyle::SP_FileDialogContentsView,
            []() -> QWidget* { return new ProbePage; } },
        { PageId::Simulate, u"simulate", u"Simulate", QStyle::SP_MediaPlay,
            []() -> QWidget* { return new SimulatePage; } },
        { PageId::Study, u"study", u"Study", QStyle::SP_FileDialogListView,
            []() -> QWidget* { return new StudyPage; } },
        { PageId::Traces, u"traces", u"Traces", QStyle::SP_FileDialogDetailedView,
            []() -> QWidget* { return new TracesPage; } },
        { PageId::Advisor, u"advisor", u"Advisor", QStyle::SP_MessageBoxInformation,
            []() -> QWidget* { return new AdvisorPage; } },
        { PageId::Models, u"models", u"Models", QStyle::SP_FileDialogInfoView,
            []() -> QWidget* { return new ModelsPage; } },
        { PageId::Disks, u"disks", u"Disks", QStyle::SP_DriveFDIcon, []() -> QWidget* { return new DisksPage; } },
    };

} // namespace

std::span<const PageInfo> pageTable() { return kPages; }

const PageInfo* findPage(QStringView key)
{
    for (const PageInfo& page : kPages)
        if (page.key.compare(key, Qt::CaseInsensitive) == 0)
            return &page;
    return nullptr;
}

const PageInfo& pageInfo(PageId id)
{
    for (const PageInfo& page : kPages)
        if (page.id == id)
            return page;
    Q_UNREACHABLE(); // every PageId has a row (tst_mainwindow.cpp checks)
}

QStringList pageTitles()
{
    QStringList titles;
    for (const PageInfo& page : kPages)
        titles << page.title.toString();
    return titles;
}

} // namespace raidscope::gui
