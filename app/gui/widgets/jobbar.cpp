// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobbar.h"

#include "widgets/jobrunner.h"
#include "widgets/shortcuts.h"
#include "widgets/theme.h"

#include <QBoxLayout>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>

#include <algorithm>

namespace raidscope::gui {

namespace {

    constexpr int kProgressSteps = 1000; // 0..1000 for a smooth bar [heaptrack]
    constexpr int kPlainBarMaxWidth = 260; // a bar without text needs little room beside the status
    constexpr int kTextBarMinWidth = 320; // a bar with text must show "pairwise layout · 42 %"

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

    m_start = new QHBoxLayout;
    m_start->setSpacing(8);
    if (orientation == Qt::Horizontal) {
        auto* box = new QHBoxLayout(this);
        box->setContentsMargins(0, 0, 0, 0);
        box->setSpacing(8);
        m_start->addWidget(m_cancel);
        m_end = new QHBoxLayout;
        m_end->setSpacing(8);
        box->addLayout(m_start);
        box->addWidget(m_progress);
        box->addWidget(m_status, 1);
        box->addLayout(m_end);
    } else {
        auto* box = new QVBoxLayout(this);
        box->setContentsMargins(0, 0, 0, 0);
        m_start->addWidget(m_cancel);
        m_end = m_start;
        box->addLayout(m_start);
        box->addWidget(m_progress);
        box->addWidget(m_status);
    }

    connect(m_cancel, &QPushButton::clicked, this, &JobBar::cancel);
    connect(m_runner, &JobRunner::runningChanged, this, &JobBar::updateButtons);
    updateButtons();
}

void JobBar::addStartWidget(QWidget* widget, int stretch)
{
    m_start->insertWidget(m_start->indexOf(m_cancel), widget, stretch);
}

void JobBar::addEndWidget(QWidget* widget) { m_end->addWidget(widget); }

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
}

double JobBar::progress() const { return double(m_progress->value()) / kProgressSteps; }

void JobBar::setProgressFormat(const QString& format)
{
    const bool text = !format.isEmpty();
    m_progress->setTextVisible(text);
    m_progress->setFormat(format);
    m_progress->setMinimumWidth(text ? kTextBarMinWidth : 0);
    m_progress->setMaximumWidth(text ? QWIDGETSIZE_MAX : kPlainBarMaxWidth);
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
