// SPDX-License-Identifier: GPL-3.0-or-later
// The Traces page's Layout tab (#56 item 1) offscreen: msr_small.csv analyzed on the tab for a RAID 5
// spec shows the per-member totals core's analyzeTraceLayout() gives when called directly, and a
// heatmap of members x buckets cells.
// <qcustomplot.h> uses foreach, which the tests' QT_NO_FOREACH forbids (STYLE.md §2): undefine first.
#undef QT_NO_FOREACH
#include "trace/layoutanalysis.h"
#include "traces/tracelayoutheatmap.h"
#include "traces/tracelayoutview.h"
#include "traces/tracereplayview.h"
#include "traces/tracespage.h"

#include <catch2/catch.hpp>

#include <QSignalSpy>

#include <algorithm>
#include <QTableWidget>

using namespace raidscope;
using raidscope::gui::TraceLayoutView;
using raidscope::gui::TracesPage;

namespace {

QString fixture(const char* name) { return QStringLiteral(RAIDSCOPE_TEST_DATA "/traces/") + QString::fromLatin1(name); }

} // namespace

TEST_CASE("TracesPage Layout tab: msr_small.csv through RAID 5 shows core's per-member totals", "[gui][traces][layout]")
{
    const QString spec = QStringLiteral("raid5 disks=5 chunk=16KiB");
    TracesPage page;
    page.resize(1400, 900);
    page.show();
    QSignalSpy summary(&page, &TracesPage::summaryFinished);
    page.replayView()->setCandidates({ spec, QStringLiteral("raid0 disks=4") });
    REQUIRE(page.openFiles({ fixture("msr_small.csv") }));
    REQUIRE(summary.wait(10000));

    TraceLayoutView* view = page.layoutView();
    REQUIRE(view);
    CHECK(view->arraySpec() == spec); // the replay's first candidate is the array under study
    CHECK(view->candidates() == QStringList { QStringLiteral("raid0 disks=4") });
    page.showLayout();
    QSignalSpy done(view, &TraceLayoutView::finished);
    REQUIRE(view->run());
    CHECK(view->isRunning());
    REQUIRE(done.wait(20000));
    CHECK_FALSE(view->isRunning());
    REQUIRE(view->lastResult().ok);
    REQUIRE(view->lastResult().arrays.size() == 2);

    // The same analysis, called directly.
    LayoutAnalysisOptions options;
    options.read = *page.jobOptions();
    options.arraySpecs = { spec };
    const LayoutAnalysisResult direct = analyzeTraceLayout({ fixture("msr_small.csv") }, options);
    REQUIRE(direct.ok);
    REQUIRE(direct.arrays.size() == 1);
    const LayoutAnalysis& a = direct.arrays.front();
    REQUIRE(a.error.isEmpty());
    REQUIRE(a.members.size() == 5);
    std::vector<std::uint64_t> expected;
    std::uint64_t total = 0;
    for (const MemberLoad& m : a.members) {
        expected.push_back(m.ops());
        total += m.ops();
    }
    CHECK(total > 0);
    CHECK(view->shownArray() == 0);
    CHECK(view->shownMemberOps() == expected);
    CHECK(view->memberTable()->rowCount() == 5);
    CHECK(view->memberTable()->item(0, TraceLayoutView::DiskColumn)->text() == u"disk 0");

    // The heatmap: one row per member, one column per used bucket of core's timeline.
    QCPColorMapData* cells = view->heatmap()->colorMap()->data();
    const int buckets = int(std::max<std::size_t>(a.timeline.used, 1));
    CHECK(cells->valueSize() == 5);
    CHECK(cells->keySize() == buckets);
    CHECK(view->heatmap()->memberLabels().size() == 5);
    CHECK(view->heatmap()->memberLabels().front().startsWith(u"disk 0"));
    double sum = 0;
    for (int k = 0; k < cells->keySize(); ++k)
        for (int v = 0; v < cells->valueSize(); ++v)
            sum += cells->cell(k, v);
    CHECK(sum == double(total));

    // The write paths, alignment and the chunk sizes side by side are shown.
    if (a.writes > 0)
        CHECK(view->writePathText().contains(u"read-modify-write"));
    CHECK(view->alignmentText().contains(u"Aligned to the chunk"));
    CHECK(view->skewText().contains(u"Skew"));
    CHECK(view->sweepTable()->rowCount() == int(defaultSweepChunkBytes().size()));

    SECTION("the candidate is shown when picked")
    {
        view->showArray(1);
        CHECK(view->shownMemberOps().size() == 4);
        CHECK(view->heatmap()->colorMap()->data()->valueSize() == 4);
    }
    SECTION("a mirror under a queue-based read policy says its reads are not exact")
    {
        page.replayView()->setCandidates({ QStringLiteral("raid10 disks=4") });
        CHECK(view->arraySpec() == u"raid10 disks=4");
        REQUIRE(view->run());
        REQUIRE(done.wait(20000));
        REQUIRE(view->lastResult().ok);
        CHECK(view->caveatText().contains(u"Not exact"));
    }
}
