// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "widgets/timeleft.h"

#include <QWidget>

#include <functional>

class QBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace raidscope::gui {

class FlowLayout;

class JobRunner;

/// The row of a page that runs its jobs, bound to the page's JobRunner, written once for every page:
///
///     [the page's start controls] [Cancel] [progress] [status ............] [end controls, save buttons]
///
/// Cancel is enabled while a job runs and cancels it (cancelled() then lets the page say what is
/// left); save buttons are enabled only while no job runs and the page has a result to save
/// (setHasResult()). Vertical, for a narrow column: the start controls and Cancel on one line, the
/// progress and the (wrapped) status under them.
///
/// While a job runs for more than a second, a label beside the bar says how long it has run and
/// about how long it has left (TimeLeftEstimate over the fractions setProgress() gives): "1 min 10 s
/// left · 25 s so far", "estimating… · 2 s so far" before there is enough to go on; once it ends,
/// "ran 1 min 35 s".
class JobBar : public QWidget
{
    Q_OBJECT
public:
    explicit JobBar(JobRunner* runner, Qt::Orientation orientation = Qt::Horizontal, QWidget* parent = nullptr);

    /// Before Cancel, in the order added: what starts a job (Run buttons) and its options.
    void addStartWidget(QWidget* widget, int stretch = 0);
    /// After the status, in the order added (save buttons among them).
    void addEndWidget(QWidget* widget);
    /// An end button enabled only while no job runs and hasResult(); the page connects its clicked()
    /// (to saveAs(), usually). With the standard save icon unless `icon` is false.
    QPushButton* addSaveButton(const QString& text, bool icon = true);

    void setHasResult(bool hasResult);
    bool hasResult() const { return m_hasResult; }

    /// The fraction of the job done, 0..1 (drawn on a 0..1000 bar, for a smooth bar as heaptrack's).
    void setProgress(double fraction);
    double progress() const;
    /// Text on the progress bar, as QProgressBar::setFormat() ("pattern size · %p %"); empty: no text.
    /// A bar with text is wider.
    void setProgressFormat(const QString& format);
    QString progressText() const;
    /// The time label's text: elapsed and left while a job runs, empty when hidden.
    QString timeText() const;
    /// Updates the time label now (a one-second timer does while a job runs; tests call it).
    void refreshTime();
    /// The clock the time label reads, std::chrono::steady_clock unless a test gives its own.
    void setClock(std::function<TimeLeftEstimate::Clock::time_point()> clock);

    /// One line (or a few, wrapped) saying what the job does or did; `error` shows it in red.
    void setStatus(const QString& text, bool error = false);
    QString statusText() const;
    bool statusIsError() const { return m_statusIsError; }

    /// Stops the running job (JobRunner::cancel(): nothing it reports arrives after this) and emits
    /// cancelled(); does nothing when no job runs. Cancel calls it.
    void cancel();

    /// Asks for a file (suggesting `fileName`, one of `filter`), writes it with `write` (through
    /// core's writeOutputFile(), usually), and says "Saved PATH" on the status line, or why not in a
    /// message box titled `title` (the error as it is when it names the path). Without a result
    /// it only says `noResult` in a message box. False unless the file was written.
    bool saveAs(const QString& title, const QString& noResult, const QString& fileName, const QString& filter,
        const std::function<bool(const QString& path, QString* error)>& write);

    JobRunner* runner() const { return m_runner; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* timeLabel() const { return m_time; }

Q_SIGNALS:
    /// A running job was cancelled, by Cancel or cancel().
    void cancelled();

private:
    void updateButtons();
    void onRunningChanged(bool running);

    JobRunner* m_runner = nullptr;
    FlowLayout* m_flow = nullptr; ///< the horizontal bar: start controls, Cancel, bar, status, end controls
    QBoxLayout* m_start = nullptr; ///< the start controls; Cancel ends it
    QBoxLayout* m_end = nullptr; ///< the end controls (horizontal bar only; vertical: after the start ones)
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_time = nullptr; ///< elapsed and left, beside the bar
    QTimer* m_timeTimer = nullptr;
    TimeLeftEstimate m_estimate;
    std::function<TimeLeftEstimate::Clock::time_point()> m_clock;
    quint64 m_timedGeneration = 0; ///< the runner's job m_estimate follows
    TimeLeftEstimate::Seconds m_ranFor { 0 }; ///< how long the last job ran, once it ended
    QList<QPushButton*> m_saveButtons;
    bool m_hasResult = false;
    bool m_statusIsError = false;
};

} // namespace raidscope::gui
