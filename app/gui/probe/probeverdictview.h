// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QWidget>

namespace raidscope {
struct IoCounts;
struct ProbeResult;
}

class QLabel;
class QPushButton;

namespace raidscope::gui {

class LayoutDiagram;

/// What the probe found, in plain words: the I/Os each step spent against Shear's fixed schedule,
/// the verdict (scheme, variant, disks, chunk, pattern, confidence, runner-up, equivalents), the
/// findings, and the identified layout drawn as on the Array page (Shear Fig. 1).
class ProbeVerdictView : public QWidget
{
    Q_OBJECT
public:
    explicit ProbeVerdictView(QWidget* parent = nullptr);

    /// Nothing to show yet: the headline says `message`.
    void clear(const QString& message);
    /// While the probe runs: the step it is on.
    void showRunning(const QString& step);
    /// Per-step I/Os so far; with `shearSchedule` (ProbeResult::shearSchedule), Shear's beside them.
    void setIoCounts(const IoCounts& ios, const QJsonObject& shearSchedule = {});
    void setResult(const ProbeResult& result);
    void showError(const QString& error);

    /// The verdict's statement (core's verdictStatement()): the headline, and the sentence under it.
    QString headlineText() const;
    QString statementText() const;
    /// The write test is offered (a read-only probe of a device left a class that writes would split).
    bool offersWriteTest() const;
    /// The scheme line of the verdict, e.g. "RAID-5 (raid5)"; empty before a verdict.
    QString schemeText() const;
    /// The target, scheme, variant, disks, chunk... table.
    QString detailsText() const;
    QString findingsText() const;
    QString ioText() const;
    LayoutDiagram* diagram() const { return m_diagram; }

    /// "RAID-5 left-asymmetric" from "raid5" and "left-asymmetric", with the plugins' names.
    static QString schemeName(const QString& scheme, const QString& variant = {});
    /// The plugin's name of a variant ("left-asymmetric"), or the id.
    static QString variantName(const QString& scheme, const QString& variant);

Q_SIGNALS:
    /// The user asked for the write test the statement names.
    void writeTestRequested();

private:
    void setHeadline(const QString& text, const QString& color);

    QLabel* m_headline = nullptr;
    QLabel* m_statement = nullptr;
    QPushButton* m_offer = nullptr;
    QLabel* m_ios = nullptr;
    QLabel* m_details = nullptr;
    QLabel* m_findings = nullptr;
    QLabel* m_diagramCaption = nullptr;
    LayoutDiagram* m_diagram = nullptr;
    QString m_scheme;
};

} // namespace raidscope::gui
