// SPDX-License-Identifier: GPL-3.0-or-later
#include "probeverdictview.h"
#include "widgets/theme.h"

#include "layout/layoutregistry.h"
#include "probe/shearprobe.h"
#include "probe/verdictstatement.h"
#include "units.h"
#include "widgets/layoutdiagram.h"

#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace raidscope::gui {
namespace {

    QString count(std::uint64_t n) { return QLocale::system().toString(qulonglong(n)); }

    QString row(const QString& name, const QString& value)
    {
        return QStringLiteral("<tr><td style='color:#555; padding-right:10px'>%1</td><td>%2</td></tr>")
            .arg(name.toHtmlEscaped(), value);
    }

    QString capitalized(QString s)
    {
        if (!s.isEmpty())
            s[0] = s[0].toUpper();
        return s;
    }

    QLabel* textLabel(const QString& name)
    {
        auto* l = new QLabel;
        l->setObjectName(name);
        l->setWordWrap(true);
        l->setTextFormat(Qt::RichText);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        return l;
    }

} // namespace

ProbeVerdictView::ProbeVerdictView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("probeVerdictView"));
    m_headline = textLabel(QStringLiteral("verdictHeadline"));
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.25);
    big.setBold(true);
    m_headline->setFont(big);
    m_statement = textLabel(QStringLiteral("verdictStatement"));
    m_offer = new QPushButton(tr("Allow Safe &Writes to Separate Them…"));
    m_offer->setObjectName(QStringLiteral("writeTestOffer"));
    m_offer->setToolTip(tr("Asks before allowing writes; then Run probes again with the write test."));
    m_offer->hide();
    connect(m_offer, &QPushButton::clicked, this, &ProbeVerdictView::writeTestRequested);
    m_ios = textLabel(QStringLiteral("ioCounts"));
    m_details = textLabel(QStringLiteral("verdictDetails"));
    m_findings = textLabel(QStringLiteral("verdictFindings"));
    m_diagramCaption = textLabel(QStringLiteral("diagramCaption"));
    m_diagram = new LayoutDiagram;
    m_diagram->setObjectName(QStringLiteral("verdictDiagram"));

    auto* ioBox = new QGroupBox(tr("I/Os per step"));
    auto* ioLayout = new QVBoxLayout(ioBox);
    ioLayout->setContentsMargins(8, 4, 8, 6);
    ioLayout->addWidget(m_ios);

    auto* verdictBox = new QGroupBox(tr("Verdict"));
    auto* verdictLayout = new QVBoxLayout(verdictBox);
    verdictLayout->setContentsMargins(8, 4, 8, 6);
    verdictLayout->setSpacing(6);
    verdictLayout->addWidget(m_headline);
    verdictLayout->addWidget(m_statement);
    verdictLayout->addWidget(m_offer, 0, Qt::AlignLeft);
    verdictLayout->addWidget(m_details);
    verdictLayout->addWidget(m_findings);

    auto* diagramBox = new QGroupBox(tr("Identified layout"));
    auto* diagramLayout = new QVBoxLayout(diagramBox);
    diagramLayout->setContentsMargins(4, 4, 4, 4);
    diagramLayout->addWidget(m_diagramCaption);
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("verdictDiagramScroll"));
    scroll->setWidget(m_diagram);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    diagramLayout->addWidget(scroll, 1);

    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(6);
    box->addWidget(ioBox);
    box->addWidget(verdictBox);
    box->addWidget(diagramBox, 1);
    clear(tr("No probe yet: choose a target and Run."));
}

QString ProbeVerdictView::variantName(const QString& scheme, const QString& variant)
{
    const SchemeInfo* info = LayoutRegistry::instance().find(scheme);
    const VariantInfo* v = info ? info->findVariant(variant) : nullptr;
    return v && !v->name.isEmpty() ? v->name : variant;
}

QString ProbeVerdictView::schemeName(const QString& scheme, const QString& variant)
{
    const SchemeInfo* info = LayoutRegistry::instance().find(scheme);
    QString name = info && !info->name.isEmpty() ? info->name : scheme;
    if (!variant.isEmpty())
        name += u' ' + variantName(scheme, variant);
    return name;
}

void ProbeVerdictView::setHeadline(const QString& text, const QString& color)
{
    m_headline->setText(themedHtml(this, QStringLiteral("<span style='color:%1'>%2</span>").arg(color, text.toHtmlEscaped())));
}

void ProbeVerdictView::clear(const QString& message)
{
    m_scheme.clear();
    setHeadline(message, QStringLiteral("#555555"));
    m_statement->clear();
    m_statement->hide();
    m_offer->hide();
    m_details->clear();
    m_details->hide();
    m_findings->clear();
    m_findings->hide();
    m_ios->setText(themedHtml(this, tr("<span style='color:#777'>Counted per step as the probe runs, beside what Shear's fixed "
                                       "schedule would spend.</span>")));
    m_diagramCaption->hide();
    m_diagram->clear(tr("The identified layout is drawn here."));
}

void ProbeVerdictView::showRunning(const QString& step)
{
    setHeadline(tr("Probing: %1…").arg(step), QStringLiteral("#1f5fbf"));
}

void ProbeVerdictView::showError(const QString& error)
{
    setHeadline(tr("The probe failed"), QStringLiteral("#b00020"));
    m_findings->setText(error.toHtmlEscaped());
    m_findings->show();
}

void ProbeVerdictView::setIoCounts(const IoCounts& ios, const QJsonObject& shear)
{
    const bool haveShear = !shear.isEmpty();
    auto shearCell = [&](const char* key) {
        if (!haveShear)
            return QStringLiteral("–");
        const qint64 n = shear.value(QString::fromLatin1(key)).toInteger(-1);
        return n < 0 ? QStringLiteral("–") : count(std::uint64_t(n));
    };
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1' width='100%'>"
                                  "<tr style='color:#555'><td>step</td><td align='right'>this probe</td>"
                                  "<td align='right'>Shear's schedule</td></tr>");
    auto line = [&](const QString& name, std::uint64_t n, const QString& s, bool bold = false) {
        const QString b0 = bold ? QStringLiteral("<b>") : QString(), b1 = bold ? QStringLiteral("</b>") : QString();
        html += QStringLiteral("<tr><td>%1%2%3</td><td align='right'>%1%4%3</td><td align='right'>%1%5%3</td></tr>")
                    .arg(b0, name, b1, count(n), s);
    };
    line(tr("warm-up, calibration"), ios.warmup + ios.calibration, QStringLiteral("–"));
    line(tr("redundancy"), ios.redundancy, shearCell("redundancy"));
    line(tr("pattern size"), ios.patternSize, shearCell("patternSize"));
    line(tr("boundaries"), ios.boundaries, shearCell("boundaries"));
    line(tr("pairwise layout"), ios.pairwise, shearCell("pairwise"));
    line(tr("disk speeds"), ios.disks, QStringLiteral("–"));
    line(tr("total"), ios.total(), shearCell("total"), true);
    html += QStringLiteral("</table>");
    const qint64 shearTotal = shear.value(QStringLiteral("total")).toInteger(0);
    if (haveShear && shearTotal > 0)
        html += tr("<div style='color:#555'>%1 % of Shear's fixed schedule</div>")
                    .arg(QString::number(100.0 * double(ios.total()) / double(shearTotal), 'f', 1));
    m_ios->setText(themedHtml(this, html));
}

void ProbeVerdictView::setResult(const ProbeResult& r)
{
    const ProbeVerdict& v = r.verdict;
    setIoCounts(r.ios, r.shearSchedule);
    if (!r.error.isEmpty()) {
        showError(r.error);
        return;
    }
    // The statement the CLI, the JSON and the report carry (core/probe/verdictstatement.h).
    const VerdictStatement statement = verdictStatement(r);
    using Kind = VerdictStatement::Kind;
    const bool isClass = statement.kind == Kind::Class;
    const bool noPattern = statement.kind == Kind::NoPattern;
    m_scheme = v.scheme.isEmpty() || isClass || noPattern ? QString() : QStringLiteral("%1 (%2)").arg(schemeName(v.scheme), v.scheme);
    const QString color = statement.kind == Kind::Identified ? QStringLiteral("#1b7a2f")
        : statement.kind == Kind::NoLayout                  ? QStringLiteral("#b00020")
                                                            : QStringLiteral("#b35900");
    setHeadline(statement.headline, color);
    m_statement->setText(statement.detail.toHtmlEscaped());
    m_statement->setVisible(!statement.detail.isEmpty());
    // The measurement that would split the class, offered where the page can run it: a device
    // probed read-only (a simulated target is written whenever the probe asks).
    m_offer->setVisible(statement.split == SplittingTest::WriteTest && !r.target.startsWith(u"simulated "));

    QString html = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    // Which array this is: a result opened from a file may come from another machine.
    if (!r.target.isEmpty())
        html += row(tr("Target"), r.target.toHtmlEscaped());
    if (isClass) {
        // The class in its stated order; none of them is the array more than the others.
        QString list;
        for (std::size_t i = 0; i < statement.members.size(); ++i) {
            const LayoutClassMember& m = statement.members[i];
            list += tr("%1. %2 <span style='color:#777'>%3</span><br>")
                        .arg(i + 1)
                        .arg(m.shortName.toHtmlEscaped(), m.spec.toHtmlEscaped());
        }
        html += row(tr("The layouts"), list + QStringLiteral("<span style='color:#777'>%1</span>").arg(capitalized(layoutOrderNote()).toHtmlEscaped()));
        if (v.chunkBytes)
            html += row(tr("Chunk"), formatBytes(v.chunkBytes));
        if (v.patternBytes)
            html += row(tr("Pattern"), formatBytes(v.patternBytes));
        html += row(tr("Confidence"), tr("<b>%1 %</b> in the class").arg(qRound(v.confidence * 100)));
    } else if (!v.scheme.isEmpty() && !noPattern) {
        html += row(tr("Scheme"), m_scheme.toHtmlEscaped());
        if (!v.variant.isEmpty())
            html += row(tr("Variant"), variantName(v.scheme, v.variant).toHtmlEscaped());
        html += row(tr("Disks"), v.copies > 1 ? tr("%1 (%2 copies of each block)").arg(v.disks).arg(v.copies)
                                              : QString::number(v.disks));
        if (v.chunkBytes)
            html += row(tr("Chunk"), formatBytes(v.chunkBytes));
        if (v.patternBytes)
            html += row(tr("Pattern"),
                tr("%1 (%2 chunks)").arg(formatBytes(v.patternBytes)).arg(v.chunkBytes ? v.patternBytes / v.chunkBytes : 0));
        if (v.failedDisk >= 0)
            html += row(tr("Failed disk"), v.identified ? tr("disk %1 (degraded)").arg(v.failedDisk)
                                                        : tr("disk %1, as this closest layout reads the tests").arg(v.failedDisk));
    }
    if (!isClass && !noPattern) {
        // A layout withdrawn after ranking keeps its confidence among the layouts, which is not the verdict's.
        const QString confColor = v.identified && v.confidence >= 0.8 ? QStringLiteral("#1b7a2f") : QStringLiteral("#b35900");
        const QString withdrawn = !v.identified && v.confidence >= 0.8 ? tr(" among the layouts, withdrawn (see Findings)") : QString();
        html += row(tr("Confidence"),
            QStringLiteral("<b style='color:%1'>%2 %</b>%3").arg(confColor).arg(qRound(v.confidence * 100)).arg(withdrawn.toHtmlEscaped()));
    }
    if (!v.runnerUp.isEmpty() && !noPattern)
        html += row(isClass ? tr("Runner-up outside it") : tr("Runner-up"),
            // Below a tenth of a percent the figure says only "far behind" (6.7e-19 % read as noise).
            v.runnerUpConfidence < 0.001 ? tr("%1 (under 0.1 %)").arg(v.runnerUp.toHtmlEscaped())
                                         : tr("%1 (%2 %)").arg(v.runnerUp.toHtmlEscaped()).arg(QString::number(v.runnerUpConfidence * 100, 'g', 2)));
    if (statement.kind == Kind::Identified && !v.equivalents.isEmpty())
        html += row(tr("Equivalent"),
            tr("%1<br><span style='color:#777'>(the same layout under other controller policies: no timing tells them apart)</span>")
                .arg(v.equivalents.join(u'\n').toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"))));
    if (r.readWriteRatio > 0)
        html += row(tr("Read/write"), tr("%1 (random reads %2 MB/s)")
                                          .arg(QString::number(r.readWriteRatio, 'f', 2), QString::number(r.readMBps, 'f', 1)));
    html += QStringLiteral("</table>");
    m_details->setText(themedHtml(this, html));
    m_details->show();

    QStringList findings = v.findingTexts();
    if (findings.isEmpty() && v.identified)
        findings << (isClass ? tr("nothing unusual: every measurement matches these layouts")
                             : tr("nothing unusual: every measurement matches this layout"));
    QString list;
    for (const QString& f : findings)
        list += QStringLiteral("<li>%1</li>").arg(f.toHtmlEscaped());
    m_findings->setText(list.isEmpty() ? QString() : tr("<b>Findings</b><ul style='margin-left:-20px'>%1</ul>").arg(list));
    m_findings->setVisible(!list.isEmpty());

    // Only one layout is drawn as the array; the closest of a failed identification is drawn as
    // such; a class or a probe that found no pattern draws nothing that would name a layout.
    QString error;
    const bool drawable = !v.layoutSpec.isEmpty() && (statement.namesOneLayout() || statement.kind == Kind::Closest);
    const std::shared_ptr<const Layout> layout
        = drawable ? std::shared_ptr<const Layout>(LayoutRegistry::instance().create(v.layoutSpec, &error)) : nullptr;
    if (layout) {
        m_diagram->setArrayLayout(layout);
        m_diagramCaption->setText(v.identified ? tr("%1, as the Array page draws it").arg(v.spec.toHtmlEscaped())
                                               : tr("The closest layout, %1 (the array does not match it)")
                                                     .arg(v.spec.toHtmlEscaped()));
        m_diagramCaption->show();
    } else {
        m_diagram->clear(isClass ? tr("%1 layouts read alike: none of them is drawn as the array.").arg(statement.members.size())
                : noPattern      ? tr("No pattern was found: there is no layout to draw.")
                                 : tr("No layout to draw."));
        m_diagramCaption->hide();
    }
}

QString ProbeVerdictView::headlineText() const { return m_headline->text(); }

QString ProbeVerdictView::statementText() const { return m_statement->text(); }

bool ProbeVerdictView::offersWriteTest() const { return !m_offer->isHidden(); }

QString ProbeVerdictView::schemeText() const { return m_scheme; }

QString ProbeVerdictView::detailsText() const { return m_details->text(); }

QString ProbeVerdictView::findingsText() const { return m_findings->text(); }

QString ProbeVerdictView::ioText() const { return m_ios->text(); }

} // namespace raidscope::gui
