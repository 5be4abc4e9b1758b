// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestexplorer.h"

#include "widgets/tableexport.h"
#include "widgets/theme.h"
#include "units.h"

#include <QButtonGroup>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <set>

namespace raidscope::gui {
namespace {

QString blockRange(std::uint64_t first, std::uint64_t count)
{
    return count == 1 ? QString::number(first) : QStringLiteral("%1–%2").arg(first).arg(first + count - 1);
}

QString methodText(ParityMethod m)
{
    return QString::fromLatin1(toString(m));
}

QString plural(std::uint64_t n, const QString& one, const QString& many)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

QTableWidget* makeTable(const QString& name, const QStringList& headers, int stretchColumn)
{
    auto* t = new QTableWidget(0, int(headers.size()));
    t->setObjectName(name);
    t->setHorizontalHeaderLabels(headers);
    installTableExport(t, name);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 8);
    t->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return t;
}

QTableWidgetItem* item(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto* i = new QTableWidgetItem(text);
    i->setTextAlignment(align);
    return i;
}

} // namespace

std::optional<std::uint64_t> parseRequestBytes(const QString& text, QString* error)
{
    if (text.trimmed() == u"0") // zero needs no unit
        return 0;
    return parseBytes(text, error);
}

RequestExplorer::RequestExplorer(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("requestExplorer"));

    m_offset = new QLineEdit(QStringLiteral("0"));
    m_offset->setObjectName(QStringLiteral("requestOffset"));
    m_offset->setPlaceholderText(tr("e.g. 0 or 48KiB"));
    m_offset->setToolTip(tr("Where the request starts in the array's logical address space, with a unit (B, KiB, MiB, GiB)"));
    m_size = new QLineEdit;
    m_size->setObjectName(QStringLiteral("requestSize"));
    m_size->setPlaceholderText(tr("e.g. 128KiB"));
    m_size->setToolTip(tr("How many bytes the request reads or writes, with a unit (B, KiB, MiB)"));
    m_read = new QRadioButton(tr("&Read"));
    m_read->setObjectName(QStringLiteral("requestRead"));
    m_read->setToolTip(tr("A read: the blocks it touches on their data disks (or one copy of a mirror)"));
    m_write = new QRadioButton(tr("&Write"));
    m_write->setObjectName(QStringLiteral("requestWrite"));
    m_write->setToolTip(tr("A write: its blocks, their mirror copies, and the parity it reads and writes"));
    m_write->setChecked(true);
    auto* kind = new QButtonGroup(this);
    kind->addButton(m_read);
    kind->addButton(m_write);

    auto* kindRow = new QHBoxLayout;
    kindRow->addWidget(m_read);
    kindRow->addWidget(m_write);
    kindRow->addStretch(1);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&Offset"), m_offset);
    form->addRow(tr("Si&ze"), m_size);
    form->addRow(tr("Kind"), kindRow);

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("requestMessage"));
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("requestSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_degraded = new QLabel;
    m_degraded->setObjectName(QStringLiteral("requestDegraded"));
    m_degraded->setWordWrap(true);
    m_degraded->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_stripesLabel = new QLabel(tr("<b>Parity update per stripe</b>"));
    m_stripes = makeTable(QStringLiteral("stripeTable"), { tr("Stripe"), tr("Block rows"), tr("Method") }, 2);
    m_stripes->setToolTip(tr("As Linux md decides per stripe row: every data block of the row written: full-stripe "
                             "write, no reads; otherwise read-modify-write (old data + old parity) when it needs "
                             "fewer reads than reconstruct-write (the row's other data)."));
    m_opsLabel = new QLabel(tr("<b>Disk operations</b>"));
    m_ops = makeTable(QStringLiteral("opsTable"), { tr("Disk"), tr("Kind"), tr("Role"), tr("Disk blocks"), tr("Blocks"), tr("Bytes") }, 2);
    m_totals = new QLabel;
    m_totals->setObjectName(QStringLiteral("requestTotals"));
    m_totals->setWordWrap(true);

    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(8);
    box->addLayout(form);
    box->addWidget(m_message);
    box->addWidget(m_summary);
    box->addWidget(m_degraded);
    box->addWidget(m_stripesLabel);
    box->addWidget(m_stripes);
    box->addWidget(m_opsLabel);
    box->addWidget(m_ops, 1);
    box->addWidget(m_totals);
    box->addStretch(0); // takes the space while the tables are hidden

    connect(m_offset, &QLineEdit::textChanged, this, &RequestExplorer::recompute);
    connect(m_size, &QLineEdit::textChanged, this, &RequestExplorer::recompute);
    connect(m_write, &QRadioButton::toggled, this, &RequestExplorer::recompute);
    recompute();
}

void RequestExplorer::setArrayLayout(std::shared_ptr<const Layout> layout)
{
    m_layout = std::move(layout);
    recompute();
}

void RequestExplorer::setPlanOptions(PlanOptions options)
{
    options.listChunks = true;
    m_options = std::move(options);
    recompute();
}

QString RequestExplorer::degradedText() const
{
    return m_degraded->isHidden() ? QString() : m_degraded->text();
}

void RequestExplorer::setRequest(bool write, const QString& offset, const QString& size)
{
    const QSignalBlocker b1(m_offset), b2(m_size), b3(m_write);
    m_offset->setText(offset);
    m_size->setText(size);
    (write ? m_write : m_read)->setChecked(true);
    recompute();
}

QString RequestExplorer::requestText() const
{
    if (m_size->text().trimmed().isEmpty())
        return {};
    return (m_write->isChecked() ? QStringLiteral("write:") : QStringLiteral("read:")) + m_offset->text().trimmed()
        + u':' + m_size->text().trimmed();
}

bool RequestExplorer::setRequestText(const QString& text, QString* error)
{
    const QStringList parts = text.split(u':');
    const QString kind = parts.value(0).trimmed().toLower();
    if (parts.size() != 3 || (kind != u"read" && kind != u"write")) {
        if (error)
            *error = tr("request '%1': expected KIND:OFFSET:SIZE, e.g. write:0:128KiB").arg(text);
        return false;
    }
    setRequest(kind == u"write", parts[1].trimmed(), parts[2].trimmed());
    return true;
}

QString RequestExplorer::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void RequestExplorer::showMessage(const QString& text, bool isError)
{
    const bool dark = palette().color(QPalette::Window).lightnessF() < 0.5;
    const QColor colour = isError ? (dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xb0, 0x00, 0x20))
                                  : palette().color(QPalette::PlaceholderText);
    m_message->setStyleSheet(QStringLiteral("color: %1;").arg(colour.name()));
    m_message->setText(isError ? tr("⚠ %1").arg(text) : text);
    m_message->setProperty("isError", isError);
    m_message->show();
}

void RequestExplorer::clearResults()
{
    m_plan.reset();
    m_summary->clear();
    m_summary->hide();
    m_degraded->clear();
    m_degraded->hide();
    m_stripesLabel->hide();
    m_stripes->hide();
    m_stripes->setRowCount(0);
    m_opsLabel->hide();
    m_ops->hide();
    m_ops->setRowCount(0);
    m_totals->clear();
    m_totals->hide();
}

void RequestExplorer::recompute()
{
    clearResults();
    auto done = [this] { Q_EMIT planChanged(); };
    if (!m_layout) {
        showMessage(tr("No array to send a request to."), false);
        return done();
    }
    if (m_size->text().trimmed().isEmpty()) {
        showMessage(tr("Enter an offset and a size (with units, e.g. 0 and 128KiB) to see which chunks and disks "
                       "a request touches and, for a parity write, how each stripe is updated."),
            false);
        return done();
    }
    QString why;
    const auto offset = parseRequestBytes(m_offset->text(), &why);
    if (!offset) {
        showMessage(tr("offset: %1").arg(why), true);
        return done();
    }
    const auto size = parseRequestBytes(m_size->text(), &why);
    if (!size) {
        showMessage(tr("size: %1").arg(why), true);
        return done();
    }
    if (*size == 0) {
        showMessage(tr("size: the request is empty (size 0)"), true);
        return done();
    }
    if (*size > kMaxRequestBytes) {
        showMessage(tr("size: the explorer shows requests up to %1").arg(formatBytes(kMaxRequestBytes)), true);
        return done();
    }
    const bool write = m_write->isChecked();
    RequestPlan plan = planRequest(*m_layout, *offset, *size, write, &why, m_options);
    if (plan.blocks == 0) {
        showMessage(why, true);
        return done();
    }
    m_message->hide();
    m_message->clear();
    fillTables(plan);
    m_plan = std::move(plan);
    done();
}

// What the failed members do to this request, from the plan planRequest() made with them (the
// simulator's plan): which reads are rebuilds, and what md writes when a member is gone.
QString RequestExplorer::degradedNote(const RequestPlan& plan) const
{
    std::set<int> failed;
    for (int d = 0; d < m_layout->params().disks; ++d)
        if (m_options.isFailed(d))
            failed.insert(d);
    if (failed.empty())
        return {};
    const auto diskList = [](const std::set<int>& disks) {
        QStringList out;
        for (int d : disks)
            out << QString::number(d);
        return out.join(QStringLiteral(", "));
    };
    QStringList lines;
    lines << tr("<b>Degraded</b>: disk %1 failed; nothing is read from or written to it.").arg(diskList(failed));
    if (plan.lost)
        lines << tr("<span style='color:#b00020'><b>Data lost</b>: some of these blocks have no surviving copy or "
                    "parity; the request fails.</span>");
    std::set<int> rebuildFrom, mirrorFrom, lostData, lostParity;
    for (const DiskOp& op : plan.ops) {
        if (op.kind == DiskOp::Read && op.role == DiskOp::Rebuild)
            rebuildFrom.insert(op.disk);
        if (op.role == DiskOp::Mirror)
            mirrorFrom.insert(op.disk);
    }
    BlockPlaces places;
    for (const ChunkTouch& c : plan.chunks) {
        if (failed.count(c.disk))
            lostData.insert(c.disk);
        m_layout->places(c.firstLba, places);
        for (const ParityPlace& pp : places.parity)
            if (failed.count(pp.at.disk))
                lostParity.insert(pp.at.disk);
    }
    const Redundancy redundancy = m_layout->redundancy();
    const bool parity = redundancy == Redundancy::SingleParity || redundancy == Redundancy::DoubleParity;
    if (!plan.write) {
        if (lostData.empty())
            lines << tr("This read touches no failed member: it is served as on a healthy array.");
        else if (!rebuildFrom.empty())
            lines << tr("The blocks on disk %1 are <b>reconstructed</b>: each row's survivors on disks %2 are read and "
                        "XORed (the <i>rebuild</i> reads below).")
                         .arg(diskList(lostData), diskList(rebuildFrom));
        else if (!mirrorFrom.empty())
            lines << tr("The blocks on disk %1 are read from their <b>other copy</b> on disk %2.")
                         .arg(diskList(lostData), diskList(mirrorFrom));
        return lines.join(QStringLiteral("<br>"));
    }
    if (!parity) {
        if (!lostData.empty() || !mirrorFrom.empty())
            lines << tr("md skips the failed copy: the write goes to the surviving copies only, so these blocks "
                        "have no redundancy until a spare is rebuilt.");
        else
            lines << tr("This write touches no failed member.");
        return lines.join(QStringLiteral("<br>"));
    }
    if (!lostData.empty())
        lines << tr("Blocks whose data disk (%1) failed are not written: md computes the new parity from the row's "
                    "other data (read for it) and the new blocks, so their contents live only in the parity.")
                     .arg(diskList(lostData));
    if (!lostParity.empty())
        lines << tr("The parity of some rows is on the failed disk %1: md writes those rows' data only, unprotected.")
                     .arg(diskList(lostParity));
    if (lostData.empty() && lostParity.empty())
        lines << tr("This write's data and parity are on live members; where a row's other data is on the failed "
                    "member, md updates the parity from the old data and old parity (read-modify-write) rather "
                    "than reading that member.");
    return lines.join(QStringLiteral("<br>"));
}

void RequestExplorer::fillTables(const RequestPlan& plan)
{
    const ArrayParams& p = m_layout->params();
    const std::uint64_t bb = p.blockBytes;

    // Which chunks, on which disks.
    std::set<int> dataDisks;
    QStringList chunks;
    for (const ChunkTouch& c : plan.chunks) {
        dataDisks.insert(c.disk);
        if (chunks.size() < 12)
            chunks << tr("%1 → disk %2").arg(c.chunk).arg(c.disk);
    }
    if (plan.chunks.size() > 12)
        chunks << tr("… %1 more").arg(plan.chunks.size() - 12);
    QStringList diskList;
    for (int d : dataDisks)
        diskList << QString::number(d);
    QString summary = tr("<b>%1</b> of %2 at offset %3: logical blocks %4 (%5 of %6)")
                          .arg(plan.write ? tr("Write") : tr("Read"))
                          .arg(formatBytes(plan.blocks * bb))
                          .arg(plan.firstLba == 0 ? QStringLiteral("0") : formatBytes(plan.firstLba * bb))
                          .arg(blockRange(plan.firstLba, plan.blocks))
                          .arg(plural(plan.blocks, tr("block"), tr("blocks")))
                          .arg(formatBytes(bb));
    if (!plan.aligned)
        summary += tr("<br><i>Not block-aligned: widened to whole blocks.</i>");
    summary += tr("<br><b>%1</b>: %2").arg(plural(plan.chunks.size(), tr("chunk"), tr("chunks")), chunks.join(QStringLiteral(", ")));
    summary += tr("<br><b>Data on disks</b> %1").arg(diskList.join(QStringLiteral(", ")));
    m_summary->setText(summary);
    m_summary->show();
    const QString degraded = degradedNote(plan);
    if (!degraded.isEmpty()) {
        m_degraded->setText(themedHtml(this, degraded));
        m_degraded->show();
    }

    if (!plan.stripes.empty()) {
        m_stripes->setRowCount(int(plan.stripes.size()));
        for (std::size_t i = 0; i < plan.stripes.size(); ++i) {
            const StripeUpdate& s = plan.stripes[i];
            const int r = int(i);
            m_stripes->setItem(r, 0, item(QString::number(s.stripe), Qt::AlignRight | Qt::AlignVCenter));
            m_stripes->setItem(r, 1, item(tr("%1 of %2").arg(s.rows).arg(p.chunkBlocks()), Qt::AlignRight | Qt::AlignVCenter));
            m_stripes->setItem(r, 2, item(methodText(s.method)));
        }
        // As tall as its rows (up to a few), so the disk operations keep the room.
        int h = m_stripes->horizontalHeader()->height() + 2 * m_stripes->frameWidth();
        for (int r = 0; r < std::min(m_stripes->rowCount(), 6); ++r)
            h += m_stripes->rowHeight(r);
        m_stripes->setFixedHeight(h);
        m_stripesLabel->show();
        m_stripes->show();
    }

    const bool dark = palette().color(QPalette::Window).lightnessF() < 0.5;
    const QColor readInk = dark ? QColor(0x6c, 0xb8, 0xff) : QColor(0x15, 0x65, 0xc0);
    const QColor writeInk = dark ? QColor(0xff, 0x70, 0x6a) : QColor(0xc6, 0x28, 0x28);
    m_ops->setRowCount(int(plan.ops.size()));
    int reads = 0, writes = 0;
    for (std::size_t i = 0; i < plan.ops.size(); ++i) {
        const DiskOp& op = plan.ops[i];
        const int r = int(i);
        const bool isWrite = op.kind == DiskOp::Write;
        (isWrite ? writes : reads)++;
        m_ops->setItem(r, 0, item(QString::number(op.disk), Qt::AlignRight | Qt::AlignVCenter));
        auto* k = item(isWrite ? tr("write") : tr("read"));
        k->setForeground(isWrite ? writeInk : readInk);
        m_ops->setItem(r, 1, k);
        m_ops->setItem(r, 2, item(QString::fromLatin1(toString(op.role))));
        m_ops->setItem(r, 3, item(blockRange(op.block, op.blocks), Qt::AlignRight | Qt::AlignVCenter));
        m_ops->setItem(r, 4, item(QString::number(op.blocks), Qt::AlignRight | Qt::AlignVCenter));
        m_ops->setItem(r, 5, item(formatBytes(op.blocks * bb), Qt::AlignRight | Qt::AlignVCenter));
    }
    m_opsLabel->show();
    m_ops->show();

    const std::uint64_t readBlocks = plan.opBlocks(DiskOp::Read);
    const std::uint64_t writeBlocks = plan.opBlocks(DiskOp::Write);
    m_totals->setText(tr("<b>Totals</b>: reads %1, %2 (%3) · writes %4, %5 (%6) · disks touched %7 of %8")
                          .arg(plural(std::uint64_t(reads), tr("op"), tr("ops")))
                          .arg(plural(readBlocks, tr("block"), tr("blocks")))
                          .arg(formatBytes(readBlocks * bb))
                          .arg(plural(std::uint64_t(writes), tr("op"), tr("ops")))
                          .arg(plural(writeBlocks, tr("block"), tr("blocks")))
                          .arg(formatBytes(writeBlocks * bb))
                          .arg(plan.disksTouched())
                          .arg(p.disks));
    m_totals->show();
}

} // namespace raidscope::gui
