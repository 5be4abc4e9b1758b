// SPDX-License-Identifier: GPL-3.0-or-later
#include "arraypage.h"

#include "array/requestexplorer.h"
#include "layout/layoutjson.h"
#include "sim/simconfig.h"
#include "units.h"
#include "widgets/arrayspeceditor.h"
#include "widgets/layoutdiagram.h"
#include "widgets/theme.h"

#include "widgets/reflowsplitter.h"

#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace raidscope::gui {

ArrayPage::ArrayPage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("arrayPage"));

    m_editor = new ArraySpecEditor;
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("arraySummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* arrayBox = new QGroupBox(tr("Array"));
    auto* arrayLayout = new QVBoxLayout(arrayBox);
    arrayLayout->addWidget(m_editor);
    arrayLayout->addWidget(m_summary);

    m_diagram = new LayoutDiagram;
    m_scroll = new QScrollArea;
    m_scroll->setObjectName(QStringLiteral("diagramScroll"));
    m_scroll->setWidget(m_diagram);
    m_scroll->setWidgetResizable(true);
    m_scroll->setBackgroundRole(QPalette::Base);
    // A short title (a group box's title never wraps, and would set the page's width) over a note that wraps.
    auto* diagramBox = new QGroupBox(tr("Layout"));
    auto* diagramLayout = new QVBoxLayout(diagramBox);
    auto* diagramNote = new QLabel(tr("Disks as columns, chunks as rows; hover a chunk for its addresses. "
                                      "Ctrl+wheel zooms, a drag pans, a double-click fits it again."));
    diagramNote->setWordWrap(true);
    diagramLayout->addWidget(diagramNote);
    diagramLayout->addWidget(m_scroll);

    m_explorer = new RequestExplorer;
    auto* explorerBox = new QGroupBox(tr("Request explorer"));
    auto* explorerLayout = new QVBoxLayout(explorerBox);
    explorerLayout->addWidget(m_explorer);

    // Side by side when both fit, the explorer below the diagram when not (#54 item 7).
    m_splitter = new ReflowSplitter;
    m_splitter->setObjectName(QStringLiteral("arraySplitter"));
    m_splitter->addWidget(diagramBox);
    m_splitter->addWidget(explorerBox);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({ 900, 560 });

    auto* box = new QVBoxLayout(this);
    box->addWidget(arrayBox);
    box->addWidget(m_splitter, 1);

    connect(m_editor, &ArraySpecEditor::layoutChanged, this, &ArrayPage::onLayoutChanged);
    connect(m_explorer, &RequestExplorer::planChanged, this, &ArrayPage::onPlanChanged);
    m_diagram->clear(tr("No array yet: choose a scheme above or type an array spec."));
}

bool ArrayPage::setSpecText(const QString& text)
{
    return m_editor->setSpecText(text);
}

QString ArrayPage::currentSpec() const
{
    return m_editor->canonicalSpec();
}

bool ArrayPage::setRequestText(const QString& text, QString* error)
{
    return m_explorer->setRequestText(text, error);
}

WorkspaceArray ArrayPage::saveState() const
{
    return { m_editor->specText(), m_explorer->requestText() };
}

bool ArrayPage::restoreState(const WorkspaceArray& state, QString* error)
{
    if (!state.spec.isEmpty() && !setSpecText(state.spec)) {
        if (error)
            *error = tr("Array page: %1").arg(m_editor->errorText());
        return false;
    }
    QString why;
    if (!state.request.isEmpty() && !setRequestText(state.request, &why)) {
        if (error)
            *error = tr("Array page: request %1: %2").arg(state.request, why);
        return false;
    }
    return true;
}

QString ArrayPage::summaryText() const
{
    return m_summary->text();
}

void ArrayPage::onLayoutChanged()
{
    const auto layout = m_editor->layout();
    const ArrayParams& p = layout->params();
    const SmallWriteCost cost = layout->smallWriteCost();
    const std::uint64_t pattern = layout->patternBlocks();
    const QString sep = QStringLiteral(" &nbsp;·&nbsp; ");
    QStringList parts;
    parts << tr("<b>%1</b>").arg(m_editor->resolved()->scheme->name.toHtmlEscaped());
    parts << tr("<b>Pattern</b> %1 blocks (%2, %3 chunks)")
                 .arg(pattern)
                 .arg(formatBytes(pattern * p.blockBytes))
                 .arg(pattern / p.chunkBlocks());
    parts << tr("<b>Stripe</b> %1 data chunk(s) of %2 on %3 disks").arg(layout->dataDisks()).arg(formatBytes(p.chunkBytes)).arg(p.disks);
    parts << tr("<b>Redundancy</b> %1, survives %2 failed disk(s)").arg(redundancyText(*layout)).arg(layout->faultTolerance());
    parts << tr("<b>Small write</b> %1 read(s) + %2 write(s)").arg(cost.reads).arg(cost.writes);
    parts << tr("<b>Capacity</b> %1 (%2 blocks of %3)")
                 .arg(formatBytesHuman(layout->logicalBlocks() * p.blockBytes))
                 .arg(layout->logicalBlocks())
                 .arg(formatBytes(p.blockBytes));
    // failed= and speed= are simulation keys: read them as the simulator does, so the diagram and the
    // explorer show the array the Simulate page would run.
    QString simError;
    const auto config = parseSimConfig(m_editor->resolved()->spec, *layout, &simError);
    PlanOptions options;
    std::vector<double> speed;
    if (config) {
        options.failed = config->failed;
        options.alwaysReconstructWrite = config->alwaysReconstructWrite;
        speed = config->speed;
        QStringList failed, slow;
        for (int d = 0; d < p.disks; ++d) {
            if (options.isFailed(d))
                failed << QString::number(d);
            else if (speed[std::size_t(d)] != 1)
                slow << tr("disk %1 ×%2").arg(d).arg(speed[std::size_t(d)]);
        }
        if (!failed.isEmpty())
            parts << tr("<b style='color:#b00020'>Degraded</b>: disk %1 failed; survives %2 more")
                         .arg(failed.join(QStringLiteral(", ")))
                         .arg(std::max(0, layout->faultTolerance() - int(failed.size())));
        if (!slow.isEmpty())
            parts << tr("<b>Member speed</b> %1").arg(slow.join(QStringLiteral(", ")));
    } else {
        parts << tr("<b style='color:#b00020'>⚠ %1</b> (drawn as if every member were healthy)").arg(simError.toHtmlEscaped());
    }
    m_summary->setText(themedHtml(this, parts.join(sep)));

    m_diagram->setArrayLayout(layout);
    m_diagram->setMemberStates(options.failed, speed);
    m_explorer->setArrayLayout(layout);
    m_explorer->setPlanOptions(options); // emits planChanged: the diagram gets the request's marks
    Q_EMIT specChanged(currentSpec());
}

void ArrayPage::onPlanChanged()
{
    if (const auto& plan = m_explorer->plan())
        m_diagram->setRequestHighlight(*plan);
    else
        m_diagram->clearHighlight();
}

} // namespace raidscope::gui
