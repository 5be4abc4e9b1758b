// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracelayoutview.h"

#include "traces/tracelayoutheatmap.h"
#include "units.h"
#include "widgets/jobbar.h"
#include "widgets/jobrunner.h"
#include "widgets/tableexport.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QAbstractItemView>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace raidscope::gui {

namespace {

QString percent(std::uint64_t part, std::uint64_t whole)
{
    return QString::number(whole > 0 ? 100.0 * double(part) / double(whole) : 0.0, 'f', 1) + u'%';
}

QLabel* textLabel(const char* name)
{
    auto* l = new QLabel;
    l->setObjectName(QString::fromLatin1(name));
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    return l;
}

QTableWidgetItem* numberItem(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

TraceLayoutView::TraceLayoutView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("traceLayoutView"));
    m_runner = new JobRunner(this);

    m_spec = new QLineEdit;
    m_spec->setObjectName(QStringLiteral("layoutArraySpec"));
    m_spec->setPlaceholderText(QStringLiteral("raid5 disks=5 chunk=64KiB"));
    m_spec->setToolTip(tr("The array under study: the first of the replay's candidates unless edited here"));
    m_candidatesLabel = new QLabel;
    m_candidatesLabel->setObjectName(QStringLiteral("layoutCandidates"));
    m_candidatesLabel->setToolTip(tr("The replay's other candidates, analyzed beside the array under study"));
    m_candidatesLabel->setWordWrap(true);
    m_runButton = new QPushButton(tr("Analyze"));
    m_runButton->setObjectName(QStringLiteral("layoutRun"));
    m_runButton->setToolTip(tr("Analyze the trace through the array under study and the candidates (off the GUI thread)"));
    m_jobBar = new JobBar(m_runner);
    m_jobBar->setObjectName(QStringLiteral("layoutJobBar"));
    m_jobBar->addStartWidget(m_runButton);
    m_jobBar->cancelButton()->setText(tr("Cancel"));
    m_shown = new QComboBox;
    m_shown->setObjectName(QStringLiteral("layoutShownArray"));
    m_shown->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_shown->setMinimumContentsLength(12);
    m_shown->setToolTip(tr("Which analyzed array the heatmap, totals and facts show"));

    auto* top = new QFormLayout;
    top->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_specLabel = new QLabel;
    top->addRow(m_specLabel, m_spec);
    top->addRow(tr("Candidates:"), m_candidatesLabel);
    top->addRow(tr("Show:"), m_shown);

    m_heatmap = new TraceLayoutHeatmap;

    m_members = new QTableWidget(0, MemberColumns);
    m_members->setObjectName(QStringLiteral("layoutMemberTable"));
    installTableExport(m_members, QStringLiteral("layout-members"));
    m_members->setHorizontalHeaderLabels(
        { tr("Member"), tr("Ops"), tr("Reads"), tr("Writes"), tr("MB read"), tr("MB written") });
    m_members->verticalHeader()->setVisible(false);
    m_members->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Every column as wide as its contents and no wider: a stretched last column ("MB written") took
    // all the spare width, far from its header (#54). What is left over stays empty on the right.
    for (int c = 0; c < MemberColumns; ++c)
        m_members->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_members->horizontalHeader()->setStretchLastSection(false);

    m_writePaths = textLabel("layoutWritePaths");
    m_alignment = textLabel("layoutAlignment");
    m_skew = textLabel("layoutSkew");
    m_caveats = textLabel("layoutCaveats");
    m_caveats->setStyleSheet(QStringLiteral("color: #8a5a00"));

    auto* facts = new QWidget;
    auto* factsLayout = new QVBoxLayout(facts);
    factsLayout->setContentsMargins(0, 0, 0, 0);
    auto group = [&](const QString& title, QWidget* w) {
        auto* box = new QGroupBox(title);
        auto* l = new QVBoxLayout(box);
        l->setContentsMargins(6, 4, 6, 4);
        l->addWidget(w);
        factsLayout->addWidget(box);
    };
    group(tr("Write paths"), m_writePaths);
    group(tr("Alignment"), m_alignment);
    group(tr("Hot members and chunks"), m_skew);
    factsLayout->addWidget(m_caveats);
    factsLayout->addStretch(1);
    auto* factsScroll = new QScrollArea;
    factsScroll->setWidget(facts);
    factsScroll->setWidgetResizable(true);
    factsScroll->setFrameShape(QFrame::NoFrame);

    m_sweep = new QTableWidget(0, 0);
    m_sweep->setObjectName(QStringLiteral("layoutSweepTable"));
    installTableExport(m_sweep, QStringLiteral("layout-chunks"));
    m_sweep->verticalHeader()->setVisible(false);
    m_sweep->setEditTriggers(QAbstractItemView::NoEditTriggers);

    // Left: what to analyze, the members' totals and the facts; right: the heatmap over the chunk table.
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(top);
    leftLayout->addWidget(m_jobBar);
    leftLayout->addWidget(m_members, 1);
    leftLayout->addWidget(factsScroll, 2);
    left->setMinimumWidth(fontMetrics().averageCharWidth() * 28);
    left->setMaximumWidth(fontMetrics().averageCharWidth() * 70);

    auto* right = new QSplitter(Qt::Vertical);
    right->setObjectName(QStringLiteral("layoutPlotSplitter"));
    right->addWidget(m_heatmap);
    auto* sweepBox = m_sweepBox = new QGroupBox;
    sweepBox->setObjectName(QStringLiteral("layoutSweepBox"));
    auto* sweepLayout = new QVBoxLayout(sweepBox);
    sweepLayout->setContentsMargins(4, 4, 4, 4);
    sweepLayout->addWidget(m_sweep);
    right->addWidget(sweepBox);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("layoutSplitter"));
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(4, 4, 4, 4);
    box->addWidget(split);

    connect(m_runButton, &QPushButton::clicked, this, &TraceLayoutView::run);
    connect(m_spec, &QLineEdit::returnPressed, this, &TraceLayoutView::run);
    connect(m_spec, &QLineEdit::textChanged, this, &TraceLayoutView::updateControls);
    connect(m_spec, &QLineEdit::textChanged, this, [this] { setFirstIsStudied(m_firstIsStudied); });
    setFirstIsStudied(true);
    connect(m_shown, &QComboBox::currentIndexChanged, this, &TraceLayoutView::showArray);
    connect(m_runner, &JobRunner::runningChanged, this, &TraceLayoutView::updateControls);
    clearViews();
    updateControls();
}

TraceLayoutView::~TraceLayoutView() = default;

void TraceLayoutView::setTrace(const QStringList& files, const TraceJobOptions& options)
{
    m_runner->cancel();
    m_files = files;
    m_options = options;
    m_result = {};
    clearViews();
    m_jobBar->setStatus(files.isEmpty() ? tr("Open a trace first") : tr("Analyze to see the trace through the layout"));
    updateControls();
}

void TraceLayoutView::setArraySpec(const QString& spec)
{
    m_followedSpec = spec;
    m_spec->setText(spec);
    setFirstIsStudied(m_firstIsStudied);
}

bool TraceLayoutView::firstIsStudied() const { return m_firstIsStudied && m_spec->text().trimmed() == m_followedSpec.trimmed(); }

void TraceLayoutView::setFirstIsStudied(bool studied)
{
    m_firstIsStudied = studied;
    // Named for what it is: the replay's candidates may be a list of the user's own, or the spec edited
    // here, and then the first array is not the one the banner names.
    const bool is = firstIsStudied();
    m_specLabel->setText(is ? tr("Array under study:") : tr("Array:"));
    m_spec->setToolTip(is ? tr("The array under study: the first of the replay's candidates")
                          : tr("The first array analyzed: the replay's first candidate unless edited here (not the array under study)"));
    m_sweepBox->setTitle(is ? tr("Chunk sizes side by side (the array under study)") : tr("Chunk sizes side by side (the first array)"));
}

QString TraceLayoutView::arraySpec() const { return m_spec->text().trimmed(); }

void TraceLayoutView::setCandidates(const QStringList& specs)
{
    m_candidates = specs;
    // A count, the list in the tooltip and in Show: a long list would widen or clip the pane.
    m_candidatesLabel->setText(specs.isEmpty() ? tr("none") : tr("%n more", nullptr, int(specs.size())));
    m_candidatesLabel->setToolTip(specs.isEmpty() ? tr("The replay has no other candidates") : specs.join(u'\n'));
}

bool TraceLayoutView::run()
{
    if (m_files.isEmpty()) {
        m_jobBar->setStatus(tr("Cannot analyze: open a trace first"), true);
        return false;
    }
    if (arraySpec().isEmpty()) {
        m_jobBar->setStatus(tr("Cannot analyze: give the array under study"), true);
        return false;
    }
    LayoutAnalysisOptions options;
    options.read = m_options;
    options.arraySpecs = QStringList { arraySpec() };
    m_runFirstStudied = firstIsStudied(); // what the result's first array is called
    for (const QString& c : m_candidates)
        if (c.trimmed() != arraySpec())
            options.arraySpecs << c.trimmed();
    options.sweepChunkBytes = defaultSweepChunkBytes();
    m_runSpecs = options.arraySpecs; // as written, for the Show box
    const QStringList files = m_files;
    m_result = {};
    clearViews();
    m_jobBar->setProgress(0);
    m_jobBar->setStatus(tr("Analyzing through %n array(s)…", nullptr, int(options.arraySpecs.size())));
    m_runner->start(
        [files, options](std::stop_token stop, auto report) { return analyzeTraceLayout(files, options, stop, report); },
        [this](const LayoutAnalysisSnapshot& s) {
            m_jobBar->setProgress(s.fraction);
            m_jobBar->setStatus(tr("Analyzing: %1 requests").arg(s.records));
        },
        [this](LayoutAnalysisResult r) { onDone(std::move(r)); });
    updateControls();
    return true;
}

void TraceLayoutView::cancel() { m_jobBar->cancel(); }

bool TraceLayoutView::isRunning() const { return m_runner->isRunning(); }

void TraceLayoutView::onDone(LayoutAnalysisResult result)
{
    m_result = std::move(result);
    m_jobBar->setProgress(1);
    if (!m_result.ok)
        m_jobBar->setStatus(tr("Analysis failed: %1").arg(m_result.error), true);
    else
        m_jobBar->setStatus(tr("Analyzed %1 requests through %n array(s)", nullptr, int(m_result.arrays.size()))
                                .arg(m_result.records));
    {
        const QSignalBlocker block(m_shown);
        m_shown->clear();
        // The specs as written (the canonical ones, every default spelled out, were cut off in the
        // narrow pane, #54), the canonical one in the tooltip; the list as wide as its longest.
        for (std::size_t i = 0; i < m_result.arrays.size(); ++i) {
            const QString canonical = m_result.arrays[i].arraySpec;
            const QString given = i < std::size_t(m_runSpecs.size()) ? m_runSpecs[qsizetype(i)] : canonical;
            const QString kind = i > 0 ? tr("Candidate") : m_runFirstStudied ? tr("Under study") : tr("Array");
            m_shown->addItem(tr("%1: %2").arg(kind, given));
            m_shown->setItemData(m_shown->count() - 1, tr("%1: %2").arg(kind, canonical), Qt::ToolTipRole);
        }
        m_shown->view()->setMinimumWidth(m_shown->view()->sizeHintForColumn(0) + 2 * m_shown->view()->frameWidth());
    }
    updateShownToolTip();
    showArray(0);
    showSweep();
    m_jobBar->setHasResult(m_result.ok);
    updateControls();
    Q_EMIT finished();
}

void TraceLayoutView::showArray(int index)
{
    if (index < 0 || std::size_t(index) >= m_result.arrays.size()) {
        clearViews();
        return;
    }
    if (m_shown->currentIndex() != index) {
        const QSignalBlocker block(m_shown);
        m_shown->setCurrentIndex(index);
    }
    updateShownToolTip();
    showAnalysis(m_result.arrays[std::size_t(index)]);
}

int TraceLayoutView::shownArray() const { return m_shown->currentIndex(); }

void TraceLayoutView::updateShownToolTip()
{
    // The whole of what the box may cut off, and what it is for.
    const QString what = tr("Which analyzed array the heatmap, totals and facts show");
    const QString current = m_shown->currentData(Qt::ToolTipRole).toString();
    m_shown->setToolTip(current.isEmpty() ? what : current + u'\n' + what);
}

void TraceLayoutView::clearViews()
{
    m_heatmap->clear();
    m_members->setRowCount(0);
    m_writePaths->setText(tr("—"));
    m_alignment->setText(tr("—"));
    m_skew->setText(tr("—"));
    m_caveats->clear();
    m_caveats->hide();
    m_sweep->clear();
    m_sweep->setRowCount(0);
    m_sweep->setColumnCount(0);
    if (m_result.arrays.empty()) {
        const QSignalBlocker block(m_shown);
        m_shown->clear();
    }
}

void TraceLayoutView::showAnalysis(const LayoutAnalysis& a)
{
    m_heatmap->setAnalysis(a);
    m_members->setRowCount(0);
    if (!a.error.isEmpty()) {
        m_writePaths->setText(tr("Refused: %1").arg(a.error));
        m_alignment->setText(tr("—"));
        m_skew->setText(tr("—"));
        m_caveats->hide();
        return;
    }
    m_members->setRowCount(int(a.members.size()));
    for (int i = 0; i < int(a.members.size()); ++i) {
        const MemberLoad& m = a.members[std::size_t(i)];
        QString name = tr("disk %1").arg(i);
        if (m.failed)
            name += tr(" (failed)");
        else if (m.speed < 1)
            name += tr(" (slow ×%1)").arg(m.speed);
        m_members->setItem(i, DiskColumn, new QTableWidgetItem(name));
        m_members->setItem(i, OpsColumn, numberItem(QString::number(m.ops())));
        m_members->setItem(i, ReadsColumn, numberItem(QString::number(m.readOps)));
        m_members->setItem(i, WritesColumn, numberItem(QString::number(m.writeOps)));
        m_members->setItem(i, MBReadColumn, numberItem(QString::number(double(m.bytesRead) / 1e6, 'f', 1)));
        m_members->setItem(i, MBWrittenColumn, numberItem(QString::number(double(m.bytesWritten) / 1e6, 'f', 1)));
    }

    QString w;
    if (a.writes == 0)
        w = tr("No writes in the trace.");
    else {
        static const char* const names[kWritePaths] = { QT_TR_NOOP("direct (no parity)"), QT_TR_NOOP("full-stripe"),
            QT_TR_NOOP("reconstruct-write"), QT_TR_NOOP("read-modify-write"), QT_TR_NOOP("mixed") };
        QStringList lines;
        for (std::size_t i = 0; i < kWritePaths; ++i) {
            const WritePathCount& c = a.writePaths[i];
            if (c.requests == 0 && WritePath(i) != WritePath::FullStripe && WritePath(i) != WritePath::ReconstructWrite
                && WritePath(i) != WritePath::ReadModifyWrite)
                continue;
            lines << tr("%1: %2 of %3 writes (%4), %5 disk ops, %6 extra (%7 per write)")
                         .arg(tr(names[i]))
                         .arg(c.requests)
                         .arg(a.writes)
                         .arg(percent(c.requests, a.writes))
                         .arg(c.diskOps)
                         .arg(c.extraOps)
                         .arg(c.requests > 0 ? QString::number(double(c.extraOps) / double(c.requests), 'f', 2)
                                             : QStringLiteral("–"));
        }
        w = lines.join(u'\n');
    }
    m_writePaths->setText(w);

    const AlignmentCounts& al = a.alignment;
    m_alignment->setText(tr("Aligned to the chunk (%1): %2 · to the stripe (%3): %4\n"
                            "Chunk boundaries crossed: 0: %5 · 1: %6 · 2 or more: %7\n"
                            "Spanning two or more stripes: %8 of %9 requests")
                             .arg(formatBytes(a.chunkBytes), percent(al.chunkAligned, a.requests),
                                 formatBytes(a.stripeDataBytes), percent(al.stripeAligned, a.requests),
                                 percent(al.crossings[0], a.requests), percent(al.crossings[1], a.requests),
                                 percent(al.crossings[2], a.requests), percent(al.multiStripe, a.requests))
                             .arg(a.requests));

    QString s = tr("Skew (busiest member / mean of the working ones): %1").arg(a.memberSkew(), 0, 'f', 2);
    const int hot = a.hottestMember();
    if (hot >= 0)
        s += tr("; busiest: disk %1 with %2 of %3 disk ops")
                 .arg(hot)
                 .arg(a.members[std::size_t(hot)].ops())
                 .arg(a.diskOps);
    if (!a.hotChunks.empty()) {
        QStringList chunks;
        for (std::size_t i = 0; i < std::min<std::size_t>(a.hotChunks.size(), 5); ++i)
            chunks << tr("%1 at %2").arg(a.hotChunks[i].requests).arg(formatBytes(a.hotChunks[i].chunk * a.chunkBytes));
        s += tr("\nHot chunks (requests): %1").arg(chunks.join(QStringLiteral(", ")));
        if (a.hotChunkError > 0)
            s += tr(" (each at most %1 under the truth)").arg(a.hotChunkError);
    }
    m_skew->setText(s);

    const QString caveats = caveatText();
    m_caveats->setText(caveats);
    m_caveats->setVisible(!caveats.isEmpty());
}

void TraceLayoutView::showSweep()
{
    const QStringList headers { tr("Chunk"), tr("Chunk-aligned"), tr("Cross 0"), tr("Cross 1"), tr("Cross 2+"),
        tr("Full-stripe"), tr("Reconstruct"), tr("RMW"), tr("Extra ops / write"), tr("Ops / request"), tr("Skew"),
        tr("Hottest chunk") };
    m_sweep->clear();
    m_sweep->setColumnCount(int(headers.size()));
    m_sweep->setHorizontalHeaderLabels(headers);
    m_sweep->setRowCount(int(m_result.chunkSweep.size()));
    const std::uint64_t own = m_result.arrays.empty() ? 0 : m_result.arrays.front().chunkBytes;
    for (int row = 0; row < int(m_result.chunkSweep.size()); ++row) {
        const LayoutAnalysis& r = m_result.chunkSweep[std::size_t(row)];
        QString chunk = formatBytes(r.chunkBytes);
        if (r.chunkBytes == own)
            chunk += tr(" (its own)");
        m_sweep->setItem(row, 0, new QTableWidgetItem(chunk));
        if (!r.error.isEmpty()) {
            m_sweep->setItem(row, 1, new QTableWidgetItem(tr("refused: %1").arg(r.error)));
            continue;
        }
        const auto w = [&](WritePath p) { return percent(r.writePaths[std::size_t(p)].requests, r.writes); };
        std::uint64_t extra = 0;
        for (const WritePathCount& c : r.writePaths)
            extra += c.extraOps;
        const QStringList cells { percent(r.alignment.chunkAligned, r.requests),
            percent(r.alignment.crossings[0], r.requests), percent(r.alignment.crossings[1], r.requests),
            percent(r.alignment.crossings[2], r.requests), w(WritePath::FullStripe), w(WritePath::ReconstructWrite),
            w(WritePath::ReadModifyWrite),
            QString::number(r.writes > 0 ? double(extra) / double(r.writes) : 0.0, 'f', 2),
            QString::number(r.requests > 0 ? double(r.diskOps) / double(r.requests) : 0.0, 'f', 2),
            QString::number(r.memberSkew(), 'f', 2),
            r.hotChunks.empty() ? QString() : percent(r.hotChunks.front().requests, r.requests) };
        for (int c = 0; c < int(cells.size()); ++c)
            m_sweep->setItem(row, c + 1, numberItem(cells[c]));
    }
    m_sweep->resizeColumnsToContents();
}

std::vector<std::uint64_t> TraceLayoutView::shownMemberOps() const
{
    std::vector<std::uint64_t> out;
    for (int r = 0; r < m_members->rowCount(); ++r)
        out.push_back(m_members->item(r, OpsColumn) ? m_members->item(r, OpsColumn)->text().toULongLong() : 0);
    return out;
}

QString TraceLayoutView::writePathText() const { return m_writePaths->text(); }
QString TraceLayoutView::alignmentText() const { return m_alignment->text(); }
QString TraceLayoutView::skewText() const { return m_skew->text(); }

QString TraceLayoutView::caveatText() const
{
    const int i = shownArray();
    if (i < 0 || std::size_t(i) >= m_result.arrays.size())
        return {};
    const LayoutAnalysis& a = m_result.arrays[std::size_t(i)];
    QStringList notes;
    if (a.mirrorReadsOnPrimary)
        notes << tr("Not exact: the simulator reads a mirror's copy by mirrorread= as the queues stand; here every "
                    "read is counted on the data place (as mirrorread=primary).");
    if (a.readCache)
        notes << tr("Not exact: readcache= serves some reads in the simulator; here every read counts on disk.");
    if (a.timeDependent)
        notes << tr("Not exact: fail=/rebuild= change the mapping during a run; here the array is as it starts.");
    if (a.wrapped > 0)
        notes << tr("%1 requests past the array's end were wrapped into it, as a replay does.").arg(a.wrapped);
    if (a.lost > 0)
        notes << tr("%1 requests touched data with no surviving copy.").arg(a.lost);
    if (!notes.isEmpty())
        notes << tr("The heatmap counts operations, not busy time (that needs the disk model: replay the trace).");
    return notes.join(u'\n');
}

void TraceLayoutView::updateControls()
{
    const bool running = m_runner->isRunning();
    m_runButton->setEnabled(!running && !m_files.isEmpty() && !arraySpec().isEmpty());
    m_spec->setEnabled(!running);
    m_shown->setEnabled(!running && m_shown->count() > 1);
}

} // namespace raidscope::gui
