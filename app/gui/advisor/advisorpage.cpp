// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisorpage.h"

#include "advisorcostplot.h"
#include "advisorcurveplot.h"
#include "widgets/arrayspeceditor.h"

#include "layout/layoutregistry.h"
#include "units.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace raidscope::gui {

AdvisorPage::AdvisorPage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("advisorPage"));

    m_array = new ArraySpecEditor;
    m_array->setObjectName(QStringLiteral("advisorArray"));
    m_array->setSpecText(QStringLiteral("raid5 disks=8 chunk=16KiB disk=cheetah-15k"));
    auto* arrayBox = new QGroupBox(tr("Array (its chunk is the current size, compared with the candidates)"));
    (new QVBoxLayout(arrayBox))->addWidget(m_array);

    m_sizes = new QLineEdit(QStringLiteral("8KiB:60,32KiB:25,128KiB:15"));
    m_sizes->setObjectName(QStringLiteral("advisorSizes"));
    m_sizes->setToolTip(tr("Request sizes with weights, as the workload's size= key takes them"));
    m_read = new QDoubleSpinBox;
    m_read->setObjectName(QStringLiteral("advisorRead"));
    m_read->setRange(0, 1);
    m_read->setSingleStep(0.05);
    m_read->setDecimals(2);
    m_read->setValue(0.7);
    QStringList defaults;
    for (std::uint64_t c : defaultChunkCandidates())
        defaults << formatBytes(c);
    m_chunks = new QLineEdit(defaults.join(u','));
    m_chunks->setObjectName(QStringLiteral("advisorChunks"));
    auto* workloadBox = new QGroupBox(tr("Workload and candidates"));
    auto* workloadForm = new QFormLayout(workloadBox);
    workloadForm->addRow(tr("Request sizes:"), m_sizes);
    workloadForm->addRow(tr("Read share:"), m_read);
    workloadForm->addRow(tr("Candidate chunks:"), m_chunks);

    m_givenDrive = new QCheckBox(tr("Give the drive's figures instead of the preset's"));
    m_givenDrive->setObjectName(QStringLiteral("advisorGivenDrive"));
    m_positioning = new QLineEdit(QStringLiteral("5.6ms"));
    m_positioning->setObjectName(QStringLiteral("advisorPositioning"));
    m_transfer = new QLineEdit(QStringLiteral("64MB/s"));
    m_transfer->setObjectName(QStringLiteral("advisorTransfer"));
    m_positioning->setEnabled(false);
    m_transfer->setEnabled(false);
    connect(m_givenDrive, &QCheckBox::toggled, m_positioning, &QWidget::setEnabled);
    connect(m_givenDrive, &QCheckBox::toggled, m_transfer, &QWidget::setEnabled);
    auto* driveBox = new QGroupBox(tr("Drive"));
    auto* driveForm = new QFormLayout(driveBox);
    driveForm->addRow(m_givenDrive);
    driveForm->addRow(tr("Positioning per access:"), m_positioning);
    driveForm->addRow(tr("Transfer rate:"), m_transfer);

    m_run = new QPushButton(tr("Advise"));
    m_run->setObjectName(QStringLiteral("advisorRun"));
    m_run->setDefault(true);
    connect(m_run, &QPushButton::clicked, this, [this] { advise(); });
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("advisorStatus"));
    m_status->setWordWrap(true);
    m_drive = new QLabel;
    m_drive->setObjectName(QStringLiteral("advisorDrive"));
    m_drive->setWordWrap(true);

    auto* inputs = new QVBoxLayout;
    inputs->addWidget(arrayBox);
    inputs->addWidget(workloadBox);
    inputs->addWidget(driveBox);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_status, 1);
    inputs->addLayout(runRow);

    m_plot = new AdvisorCostPlot;
    m_plot->setMinimumHeight(300);
    m_curve = new AdvisorCurvePlot;
    m_curve->setMinimumHeight(300);
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("advisorTable"));
    m_table->setColumnCount(8);
    m_table->setHorizontalHeaderLabels({ tr("Chunk"), tr("Drives\n(random)"), tr("Drives\n(aligned)"), tr("Ops per\nrequest"),
        tr("Parity, copy\nops"), tr("Positioning\nms"), tr("Transfer\nms"), tr("Positioning\nshare") });
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setMinimumHeight(300);
    m_recommendationText = new QLabel;
    m_recommendationText->setObjectName(QStringLiteral("advisorRecommendation"));
    m_recommendationText->setWordWrap(true);
    QFont big = m_recommendationText->font();
    big.setPointSizeF(big.pointSizeF() * 1.1);
    m_recommendationText->setFont(big);

    // Left: what goes in, and the table of what comes out; right: the verdict and its two pictures.
    inputs->addWidget(m_drive);
    inputs->addWidget(m_table, 1);
    auto* results = new QVBoxLayout;
    results->addWidget(m_recommendationText);
    results->addWidget(m_plot, 1);
    results->addWidget(m_curve, 1);

    auto* inputPanel = new QWidget;
    inputPanel->setLayout(inputs);
    inputPanel->setMaximumWidth(660);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(inputPanel);
    layout->addLayout(results, 1);
    advise();
}

void AdvisorPage::showError(const QString& error)
{
    m_status->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(error.toHtmlEscaped()));
}

bool AdvisorPage::advise()
{
    m_status->clear();
    QString error;
    const QString specText = m_array->canonicalSpec();
    const auto spec = parseArraySpec(specText, &error);
    if (!spec || !m_array->errorText().isEmpty()) {
        showError(spec ? m_array->errorText() : error);
        return false;
    }
    AdvisorOptions o;
    o.array = *spec;
    if (!parseSizeMix(m_sizes->text(), o.sizes, &error)) {
        showError(tr("Request sizes: %1").arg(error));
        return false;
    }
    o.readFraction = m_read->value();
    const auto chunks = parseChunkList(m_chunks->text(), spec->blockBytes, &error);
    if (!chunks) {
        showError(error.replace(QStringLiteral("--chunks: "), tr("Candidate chunks: ")));
        return false;
    }
    o.chunkBytes = *chunks;
    if (std::find(o.chunkBytes.begin(), o.chunkBytes.end(), spec->chunkBytes) == o.chunkBytes.end()) {
        o.chunkBytes.push_back(spec->chunkBytes); // the current size is always compared
        std::sort(o.chunkBytes.begin(), o.chunkBytes.end());
    }
    if (m_givenDrive->isChecked()) {
        const auto ns = parseDurationNs(m_positioning->text(), &error);
        if (!ns || *ns < 0) {
            showError(tr("Positioning: %1").arg(ns ? tr("must not be negative") : error));
            return false;
        }
        const auto rate = parseTransferRate(m_transfer->text(), &error);
        if (!rate) {
            showError(tr("Transfer rate: %1").arg(error));
            return false;
        }
        o.drive = DriveFigures { double(*ns) / 1e6, *rate, tr("given") };
    }
    auto advice = adviseStripe(o, LayoutRegistry::instance(), &error);
    if (!advice) {
        showError(error);
        return false;
    }
    m_advice = std::move(advice);
    m_recommendation = recommendStripe(*m_advice);
    showAdvice();
    return true;
}

void AdvisorPage::showAdvice()
{
    const StripeAdvice& a = *m_advice;
    const auto spec = parseArraySpec(m_array->canonicalSpec(), nullptr);
    const std::uint64_t current = spec ? spec->chunkBytes : 0;
    m_plot->setAdvice(a, m_recommendation.best);
    m_curve->setAdvice(a, m_recommendation.best);
    m_drive->setText(tr("Drive: %1 ms positioning per access, %2 MB/s (%3). Mixed reads and writes, requests at a random "
                        "block alignment; bars and shares as the whitepaper's Illustration 10.")
                         .arg(a.drive.positioningMs, 0, 'f', 2)
                         .arg(a.drive.transferBytesPerSec / 1e6, 0, 'f', 1)
                         .arg(a.drive.source));
    m_table->setRowCount(int(a.candidates.size()));
    for (int i = 0; i < int(a.candidates.size()); ++i) {
        const CandidateCost& c = a.candidates[std::size_t(i)];
        QString name = formatBytes(c.chunkBytes);
        if (i == m_recommendation.best)
            name += tr("  (best)");
        else if (c.chunkBytes == current)
            name += tr("  (current)");
        const QStringList cells { name, QString::number(c.mixed.dataDisks, 'f', 2), QString::number(c.mixedAligned.dataDisks, 'f', 2),
            QString::number(c.mixed.ops, 'f', 2), QString::number(c.mixed.extraOps, 'f', 2),
            QString::number(c.mixed.positioningMs, 'f', 2), QString::number(c.mixed.productiveMs, 'f', 3),
            QString::number(c.mixed.positioningShare() * 100, 'f', 1) + QStringLiteral(" %") };
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            item->setTextAlignment(col == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            if (i == m_recommendation.best) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_table->setItem(i, col, item);
        }
    }
    QString text = tr("<b>Recommended:</b> %1").arg(m_recommendation.text.toHtmlEscaped());
    if (current && m_recommendation.best >= 0 && a.candidates[std::size_t(m_recommendation.best)].chunkBytes != current) {
        for (const CandidateCost& c : a.candidates)
            if (c.chunkBytes == current)
                text += tr("<br>Your current %1 costs %2 ms per request (%3 % positioning).")
                            .arg(formatBytes(current))
                            .arg(c.mixed.serviceMs(), 0, 'f', 2)
                            .arg(c.mixed.positioningShare() * 100, 0, 'f', 0);
    }
    m_recommendationText->setText(text);
    m_status->setText(tr("%1 candidates compared").arg(a.candidates.size()));
}

} // namespace raidscope::gui
