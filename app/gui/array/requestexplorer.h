// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/layout.h"
#include "layout/requestplan.h"

#include <QWidget>

#include <memory>
#include <optional>

class QButtonGroup;
class QLabel;
class QLineEdit;
class QRadioButton;
class QTableWidget;

namespace raidscope::gui {

/// One logical request against the current array: the chunks and disks it touches, and for a
/// parity write the method of each stripe (full-stripe, read-modify-write, reconstruct-write) and
/// the disk operations it turns into (planRequest()).
class RequestExplorer : public QWidget
{
    Q_OBJECT
public:
    explicit RequestExplorer(QWidget* parent = nullptr);

    void setArrayLayout(std::shared_ptr<const Layout> layout);
    /// Failed members and md's parity-write policy (the spec's failed= and paritywrite=): the plan is
    /// then the degraded one the simulator uses (planRequest() with these options).
    void setPlanOptions(PlanOptions options);
    /// What the failed members change for the request shown (HTML); empty when none failed.
    QString degradedText() const;
    void setRequest(bool write, const QString& offset, const QString& size);
    /// "write:0:128KiB" or "read:48KiB:16KiB" (kind:offset:size); false and `error` when malformed.
    bool setRequestText(const QString& text, QString* error);
    /// The request as entered, in setRequestText()'s form; empty when no size is entered.
    QString requestText() const;

    /// The plan of the request shown; nullopt when there is none (empty or bad input).
    const std::optional<RequestPlan>& plan() const { return m_plan; }
    /// The inline message: an error, or a hint when no request is entered.
    QString message() const;

    /// Requests larger than this are refused: the explorer is for looking, not for bulk planning.
    static constexpr std::uint64_t kMaxRequestBytes = 64ull << 20;

Q_SIGNALS:
    void planChanged();

private:
    void recompute();
    void showMessage(const QString& text, bool isError);
    void clearResults();
    void fillTables(const RequestPlan& plan);
    QString degradedNote(const RequestPlan& plan) const;

    std::shared_ptr<const Layout> m_layout;
    std::optional<RequestPlan> m_plan;
    PlanOptions m_options;

    QLineEdit* m_offset = nullptr;
    QLineEdit* m_size = nullptr;
    QRadioButton* m_read = nullptr;
    QRadioButton* m_write = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_degraded = nullptr;
    QLabel* m_stripesLabel = nullptr;
    QTableWidget* m_stripes = nullptr;
    QLabel* m_opsLabel = nullptr;
    QTableWidget* m_ops = nullptr;
    QLabel* m_totals = nullptr;
};

/// Parses an offset or size for the explorer: a size with a unit, or a bare "0".
std::optional<std::uint64_t> parseRequestBytes(const QString& text, QString* error);

} // namespace raidscope::gui
