// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobbar.h"

#include "widgets/jobrunner.h"
#include "widgets/shortcuts.h"
#include "widgets/theme.h"

#include "widgets/flowlayout.h"

#include <QBoxLayout>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTimer>

#include <algorithm>

namespace raidscope::gui {

namespace {

    constexpr int kProgressSteps = 1000; // 0..1000 for a smooth bar [heaptrack]
    constexpr int kPlainBarMaxChars = 36; // a bar without text needs little room beside the status
    constexpr int kTextBarMinChars = 36; // a bar with text must show "pairwise layout · 42 %"
    constexpr auto kTimeShownAfter = std::chrono::seconds(1); // a quick job shows no time at all
    constexpr auto kRanShownFrom = std::chrono::seconds(2); // nor says how long it ran

} // namespace

JobBar::JobBar(JobRunner* runner, Qt::Orientation orientation, QWidget* parent)
    : QWidget(parent)
    , m_runner(runner)
{
    Q_ASSERT(runner);
    // No mnemonic: the window's Esc cancels the page's jobs (two job bars share the Traces page).
    m_cancel = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("jobCancelButton"));
    m_cancel->setToolTip(withShortcut(tr("Stop the job; what it has shown so far stays"), keys::cancel()));
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("jobProgress"));
    m_progress->setRange(0, kProgressSteps);
    setProgressFormat(QString());
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("jobStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true); // long reasons wrap rather than widen the window
    m_time = new QLabel;
    m_time->setObjectName(QStringLiteral("jobTime"));
    m_time->setToolTip(tr("How long the job has run, and about how long it has left at the pace of its progress"));
    m_time->setVisible(false);
    m_clock = [] { return TimeLeftEstimate::Clock::now(); };
    m_timeTimer = new QTimer(this);
    m_timeTimer->setInterval(1000);
    connect(m_timeTimer, &QTimer::timeout, this, &JobBar::refreshTime);

    if (orientation == Qt::Horizontal) {
        // One flow of controls, bar and status that wraps onto more lines on a narrow window (#54
        // item 7) rather than making the page scroll sideways.
        m_flow = new FlowLayout(this, FlowLayout::Justify::Fill);
        m_flow->setHorizontalSpacing(8);
        m_flow->setVerticalSpacing(4);
        m_status->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        m_flow->addWidget(m_cancel);
        m_flow->addWidget(m_progress);
        m_flow->addWidget(m_time);
        m_flow->addWidget(m_status);
    } else {
        m_start = new QHBoxLayout;
        m_start->setSpacing(8);
        auto* box = new QVBoxLayout(this);
        box->setContentsMargins(0, 0, 0, 0);
        m_start->addWidget(m_cancel);
        m_end = m_start;
        box->addLayout(m_start);
        box->addWidget(m_progress);
        box->addWidget(m_time);
        box->addWidget(m_status);
    }

    connect(m_cancel, &QPushButton::clicked, this, &JobBar::cancel);
    connect(m_runner, &JobRunner::runningChanged, this, &JobBar::updateButtons);
    connect(m_runner, &JobRunner::runningChanged, this, &JobBar::onRunningChanged);
    updateButtons();
}

void JobBar::addStartWidget(QWidget* widget, int stretch)
{
    if (m_flow)
        m_flow->insertWidget(m_flow->indexOf(m_cancel), widget);
    else
        m_start->insertWidget(m_start->indexOf(m_cancel), widget, stretch);
}

void JobBar::addEndWidget(QWidget* widget)
{
    if (m_flow)
        m_flow->addWidget(widget);
    else
        m_end->addWidget(widget);
}

QPushButton* JobBar::addSaveButton(const QString& text, bool icon)
{
    auto* button = new QPushButton(text);
    if (icon)
        button->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_saveButtons.append(button);
    addEndWidget(button);
    updateButtons();
    return button;
}

void JobBar::setHasResult(bool hasResult)
{
    m_hasResult = hasResult;
    updateButtons();
}

void JobBar::setProgress(double fraction)
{
    m_progress->setValue(qRound(std::clamp(fraction, 0.0, 1.0) * kProgressSteps));
    if (!m_runner->isRunning())
        return;
    const auto now = m_clock();
    if (m_runner->generation() != m_timedGeneration) { // a job that superseded the one timed
        m_timedGeneration = m_runner->generation();
        m_estimate.start(now);
    }
    m_estimate.sample(now, fraction); // the unrounded fraction: the bar's steps are too coarse
}

void JobBar::setClock(std::function<TimeLeftEstimate::Clock::time_point()> clock) { m_clock = std::move(clock); }

void JobBar::onRunningChanged(bool running)
{
    const auto now = m_clock();
    if (running) {
        m_timedGeneration = m_runner->generation();
        m_estimate.start(now);
        m_timeTimer->start();
    } else {
        m_timeTimer->stop();
        m_ranFor = m_estimate.elapsed(now);
    }
    refreshTime();
}

void JobBar::refreshTime()
{
    const auto now = m_clock();
    const auto elapsed = m_estimate.elapsed(now);
    QString text;
    if (m_runner->isRunning()) {
        if (elapsed >= kTimeShownAfter) {
            const QString soFar = formatDuration(elapsed, false);
            const auto left = m_estimate.left(now);
            if (!left)
                text = tr("estimating… · %1 so far").arg(soFar);
            else if (left->count() <= 0)
                text = tr("finishing… · %1 so far").arg(soFar);
            else
                text = tr("%1 left · %2 so far").arg(formatDuration(*left, true), soFar);
        }
    } else if (m_ranFor >= kRanShownFrom) {
        text = tr("ran %1").arg(formatDuration(m_ranFor, false));
    }
    m_time->setText(text);
    m_time->setVisible(!text.isEmpty());
}

QString JobBar::timeText() const { return m_time->isHidden() ? QString() : m_time->text(); }

double JobBar::progress() const { return double(m_progress->value()) / kProgressSteps; }

void JobBar::setProgressFormat(const QString& format)
{
    const bool text = !format.isEmpty();
    m_progress->setTextVisible(text);
    m_progress->setFormat(format);
    // In characters, not pixels: the room follows the font (presentation mode, #54 item 7).
    const int em = m_progress->fontMetrics().averageCharWidth();
    m_progress->setMinimumWidth(text ? kTextBarMinChars * em : 0);
    m_progress->setMaximumWidth(text ? QWIDGETSIZE_MAX : kPlainBarMaxChars * em);
}

QString JobBar::progressText() const { return m_progress->text(); }

void JobBar::setStatus(const QString& text, bool error)
{
    m_statusIsError = error;
    m_status->setStyleSheet(error ? QStringLiteral("color: %1;").arg(errorInk(this).name()) : QString());
    m_status->setText(text);
}

QString JobBar::statusText() const { return m_status->text(); }

void JobBar::cancel()
{
    if (!m_runner->isRunning())
        return;
    m_runner->cancel(); // joins the worker: the job sees its stop token and ends
    updateButtons();
    Q_EMIT cancelled();
}

bool JobBar::saveAs(const QString& title, const QString& noResult, const QString& fileName, const QString& filter,
    const std::function<bool(const QString& path, QString* error)>& write)
{
    if (!m_hasResult) {
        QMessageBox::information(this, title, noResult);
        return false;
    }
    const QString path = QFileDialog::getSaveFileName(this, title, fileName, filter);
    if (path.isEmpty())
        return false;
    QString error;
    if (!write(path, &error)) {
        QMessageBox::warning(this, title, error.contains(path) ? error : tr("Cannot write %1: %2").arg(path, error));
        return false;
    }
    setStatus(tr("Saved %1").arg(path));
    return true;
}

void JobBar::updateButtons()
{
    const bool running = m_runner->isRunning();
    m_cancel->setEnabled(running);
    for (QPushButton* save : std::as_const(m_saveButtons))
        save->setEnabled(!running && m_hasResult);
}

} // namespace raidscope::gui
