// SPDX-License-Identifier: GPL-3.0-or-later
#include "workloadeditor.h"

#include "units.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include "widgets/flowlayout.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace raidscope::gui {
namespace {

    QStringList tokensOf(const QString& text)
    {
        static const QRegularExpression space(QStringLiteral("\\s+"));
        return text.trimmed().split(space, Qt::SkipEmptyParts);
    }

    QLabel* label(const QString& text, QWidget* buddy)
    {
        auto* l = new QLabel(text);
        l->setBuddy(buddy);
        return l;
    }

    QColor errorColor(const QWidget* w)
    {
        return w->palette().color(QPalette::Window).lightnessF() < 0.5 ? QColor(0xff, 0x6b, 0x6b)
                                                                       : QColor(0xb0, 0x00, 0x20);
    }

} // namespace

WorkloadEditor::WorkloadEditor(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("workloadEditor"));

    m_pattern = new QComboBox;
    m_pattern->setObjectName(QStringLiteral("patternCombo"));
    m_pattern->setToolTip(tr("random: offsets spread over the region; sequential: runs of consecutive requests"));
    m_pattern->addItem(tr("random"), QStringLiteral("random"));
    m_pattern->addItem(tr("sequential"), QStringLiteral("sequential"));

    m_readPercent = new QSpinBox;
    m_readPercent->setObjectName(QStringLiteral("readPercentSpin"));
    m_readPercent->setRange(0, 100);
    m_readPercent->setSuffix(QStringLiteral(" %"));
    m_readPercent->setToolTip(tr("Share of requests that are reads (read=0..1)"));

    m_size = new QComboBox;
    m_size->setObjectName(QStringLiteral("sizeCombo"));
    m_size->setEditable(true);
    m_size->setInsertPolicy(QComboBox::NoInsert);
    for (const char* s : { "512B", "4KiB", "8KiB", "16KiB", "32KiB", "64KiB", "128KiB", "256KiB", "1MiB",
             "4KiB:60,64KiB:40", "8KiB:80,256KiB:20" })
        m_size->addItem(QString::fromLatin1(s));
    m_size->setMinimumContentsLength(12);
    m_size->setToolTip(tr("A request size, or a distribution SIZE:WEIGHT,... e.g. 4KiB:60,64KiB:40"));

    m_loadMode = new QComboBox;
    m_loadMode->setObjectName(QStringLiteral("loadModeCombo"));
    m_loadMode->addItem(tr("Outstanding"), QStringLiteral("outstanding"));
    m_loadMode->addItem(tr("Rate (open loop)"), QStringLiteral("rate"));
    m_loadMode->setToolTip(
        tr("Closed loop: keep N requests in flight (N threads); open loop: Poisson arrivals at a rate"));
    m_outstanding = new QSpinBox;
    m_outstanding->setObjectName(QStringLiteral("outstandingSpin"));
    m_outstanding->setToolTip(tr("Requests kept in flight in a closed loop (outstanding=N), e.g. 16 for 16 threads"));
    m_outstanding->setRange(1, 65536);
    m_outstanding->setKeyboardTracking(false);
    m_rate = new QDoubleSpinBox;
    m_rate->setObjectName(QStringLiteral("rateSpin"));
    m_rate->setToolTip(tr("Poisson arrivals per second in an open loop (rate=N), e.g. 500"));
    m_rate->setRange(0.1, 1e7);
    m_rate->setDecimals(1);
    m_rate->setSuffix(tr(" req/s"));
    m_rate->setValue(100);
    m_rate->setKeyboardTracking(false);

    m_count = new QSpinBox;
    m_count->setObjectName(QStringLiteral("countSpin"));
    m_count->setRange(1, 2000000000);
    m_count->setSingleStep(1000);
    m_count->setGroupSeparatorShown(true);
    m_count->setKeyboardTracking(false);
    m_count->setMaximumWidth(120);
    m_count->setToolTip(tr("Requests to complete per run"));

    m_region = new QComboBox;
    m_region->setObjectName(QStringLiteral("regionCombo"));
    m_region->setEditable(true);
    m_region->setInsertPolicy(QComboBox::NoInsert);
    m_region->addItem(tr("whole array"));
    for (const char* s : { "1MiB", "16MiB", "256MiB", "1GiB", "16GiB" })
        m_region->addItem(QString::fromLatin1(s));
    m_region->setToolTip(tr("The part of the array addressed, from its start (region=SIZE)"));

    m_hot = new QComboBox;
    m_hot->setObjectName(QStringLiteral("hotCombo"));
    m_hot->setEditable(true);
    m_hot->setInsertPolicy(QComboBox::NoInsert);
    m_hot->addItem(tr("none"));
    for (const char* s : { "20:80", "10:90", "1:99" })
        m_hot->addItem(QString::fromLatin1(s));
    m_hot->setToolTip(tr("Skew SPACE%:IO%, e.g. 20:80 puts 80 % of the I/O on 20 % of the region"));

    m_seed = new QSpinBox;
    m_seed->setObjectName(QStringLiteral("seedSpin"));
    m_seed->setToolTip(tr("The random generator's seed (seed=N): the same seed gives the same requests"));
    m_seed->setRange(0, 2000000000);
    m_seed->setKeyboardTracking(false);
    m_seed->setMaximumWidth(110);

    m_line = new QLineEdit;
    m_line->setObjectName(QStringLiteral("workloadSpecEdit"));
    m_line->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_line->setPlaceholderText(tr("e.g. random read=0.7 size=4KiB outstanding=16 count=20000"));
    m_line->setToolTip(tr("The workload spec: PATTERN key=value ... (as raidscope-cli --workload takes it)"));
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("workloadError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();

    // Label-field pairs that wrap on a narrow window (#54 item 7).
    auto* row = new FlowLayout;
    row->setHorizontalSpacing(16);
    row->setVerticalSpacing(6);
    row->addPair(label(tr("Pa&ttern"), m_pattern), m_pattern);
    row->addPair(label(tr("Reads"), m_readPercent), m_readPercent);
    row->addPair(label(tr("Si&ze"), m_size), m_size);
    auto* load = new QHBoxLayout;
    load->setSpacing(6);
    load->addWidget(m_loadMode);
    load->addWidget(m_outstanding);
    load->addWidget(m_rate);
    row->addItem(load);
    row->addPair(label(tr("Cou&nt"), m_count), m_count);
    row->addPair(label(tr("Re&gion"), m_region), m_region);
    row->addPair(label(tr("Hot"), m_hot), m_hot);
    row->addPair(label(tr("Seed"), m_seed), m_seed);

    auto* lineRow = new QHBoxLayout;
    lineRow->setSpacing(8);
    lineRow->addWidget(label(tr("Wor&kload"), m_line));
    lineRow->addWidget(m_line, 1);

    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(6);
    box->addLayout(row);
    box->addLayout(lineRow);
    box->addWidget(m_error);

    m_typingTimer.setSingleShot(true);
    m_typingTimer.setInterval(300);
    connect(&m_typingTimer, &QTimer::timeout, this, [this] { apply(m_line->text()); });
    connect(m_line, &QLineEdit::textEdited, this, [this] { m_typingTimer.start(); });
    connect(m_line, &QLineEdit::returnPressed, this, [this] {
        m_typingTimer.stop();
        apply(m_line->text());
    });

    connect(m_pattern, &QComboBox::currentIndexChanged, this, [this] {
        if (m_syncing)
            return;
        QStringList t = tokensOf(m_line->text());
        if (t.isEmpty())
            t << QString();
        t[0] = m_pattern->currentData().toString();
        apply(t.join(u' '));
    });
    connect(m_readPercent, &QSpinBox::valueChanged, this,
        [this](int v) { setKey(QStringLiteral("read"), QString::number(v / 100.0)); });
    auto onEdited = [](QComboBox* combo, auto fn) {
        QObject::connect(combo, &QComboBox::activated, combo, fn);
        QObject::connect(combo->lineEdit(), &QLineEdit::editingFinished, combo, fn);
    };
    onEdited(m_size, [this] { setKey(QStringLiteral("size"), m_size->currentText().trimmed()); });
    onEdited(m_region, [this] {
        const QString t = m_region->currentText().trimmed();
        setKey(QStringLiteral("region"), m_region->currentIndex() == 0 && t == m_region->itemText(0) ? QString() : t);
    });
    onEdited(m_hot, [this] {
        const QString t = m_hot->currentText().trimmed();
        setKey(QStringLiteral("hot"), t == m_hot->itemText(0) || t.isEmpty() ? QString() : t);
    });
    connect(m_loadMode, &QComboBox::currentIndexChanged, this, [this] {
        updateLoadControls();
        if (m_syncing)
            return;
        const bool open = m_loadMode->currentData().toString() == u"rate";
        QString text
            = withKey(m_line->text(), open ? QStringLiteral("outstanding") : QStringLiteral("rate"), QString());
        text = open ? withKey(text, QStringLiteral("rate"), QString::number(m_rate->value()))
                    : withKey(text, QStringLiteral("outstanding"), QString::number(m_outstanding->value()));
        apply(text);
    });
    connect(m_outstanding, &QSpinBox::valueChanged, this,
        [this](int v) { setKey(QStringLiteral("outstanding"), QString::number(v)); });
    connect(m_rate, &QDoubleSpinBox::valueChanged, this,
        [this](double v) { setKey(QStringLiteral("rate"), QString::number(v)); });
    connect(
        m_count, &QSpinBox::valueChanged, this, [this](int v) { setKey(QStringLiteral("count"), QString::number(v)); });
    connect(
        m_seed, &QSpinBox::valueChanged, this, [this](int v) { setKey(QStringLiteral("seed"), QString::number(v)); });

    setSpecText(defaultSpec());
}

QString WorkloadEditor::defaultSpec()
{
    return QStringLiteral("random read=1 size=4KiB outstanding=16 count=20000 seed=1");
}

QString WorkloadEditor::withKey(const QString& text, const QString& key, const QString& value)
{
    QStringList t = tokensOf(text);
    if (t.isEmpty())
        t << QStringLiteral("random");
    const QString prefix = key + u'=';
    bool found = false;
    for (qsizetype i = t.size() - 1; i >= 1; --i) {
        if (!t[i].startsWith(prefix, Qt::CaseInsensitive))
            continue;
        if (value.isEmpty() || found)
            t.removeAt(i);
        else
            t[i] = prefix + value;
        found = true;
    }
    if (!found && !value.isEmpty())
        t << prefix + value;
    return t.join(u' ');
}

void WorkloadEditor::setKey(const QString& key, const QString& value)
{
    if (m_syncing)
        return;
    if (value.contains(u' ')) { // a space would split the token; let the parser say what is wrong
        apply(withKey(m_line->text(), key, QString(value).remove(u' ')));
        return;
    }
    apply(withKey(m_line->text(), key, value));
}

bool WorkloadEditor::setSpecText(const QString& text)
{
    m_typingTimer.stop();
    return apply(text);
}

QString WorkloadEditor::specText() const { return m_line->text(); }

QString WorkloadEditor::errorText() const { return m_error->isHidden() ? QString() : m_error->text(); }

bool WorkloadEditor::apply(const QString& text)
{
    if (m_line->text() != text)
        m_line->setText(text);
    QString error;
    m_spec = parseWorkloadSpec(text, &error);
    if (!m_spec) {
        m_error->setStyleSheet(QStringLiteral("color: %1;").arg(errorColor(this).name()));
        m_error->setText(tr("⚠ %1").arg(error));
        m_error->show();
    } else {
        m_error->clear();
        m_error->hide();
        syncControls();
    }
    Q_EMIT specChanged();
    return m_spec.has_value();
}

// The line parsed: show it in the controls without feeding it back.
void WorkloadEditor::syncControls()
{
    ++m_syncing;
    const WorkloadSpec& s = *m_spec;
    m_pattern->setCurrentIndex(s.pattern == WorkloadSpec::Random ? 0 : 1);
    m_readPercent->setValue(int(std::lround(s.readFraction * 100)));
    const QStringList tokens = tokensOf(m_line->text());
    auto valueOf = [&](const QString& key) {
        for (const QString& t : tokens)
            if (t.startsWith(key + u'=', Qt::CaseInsensitive))
                return t.mid(key.size() + 1);
        return QString();
    };
    const QString size = valueOf(QStringLiteral("size"));
    m_size->setCurrentText(size.isEmpty() ? formatBytes(s.sizes.front().bytes) : size);
    m_loadMode->setCurrentIndex(s.openLoop() ? 1 : 0);
    m_outstanding->setValue(s.outstanding);
    if (s.openLoop())
        m_rate->setValue(s.ratePerSec);
    m_count->setValue(int(std::min<std::uint64_t>(s.count, std::uint64_t(m_count->maximum()))));
    if (s.regionBytes)
        m_region->setCurrentText(formatBytes(s.regionBytes));
    else
        m_region->setCurrentIndex(0);
    const QString hot = valueOf(QStringLiteral("hot"));
    if (hot.isEmpty())
        m_hot->setCurrentIndex(0);
    else
        m_hot->setCurrentText(hot);
    m_seed->setValue(int(std::min<std::uint64_t>(s.seed, std::uint64_t(m_seed->maximum()))));
    updateLoadControls();
    --m_syncing;
}

void WorkloadEditor::updateLoadControls()
{
    const bool open = m_loadMode->currentData().toString() == u"rate";
    m_outstanding->setVisible(!open);
    m_rate->setVisible(open);
}

} // namespace raidscope::gui
