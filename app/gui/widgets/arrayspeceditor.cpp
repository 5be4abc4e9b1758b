// SPDX-License-Identifier: GPL-3.0-or-later
#include "arrayspeceditor.h"

#include "units.h"

#include <QComboBox>
#include <QFontDatabase>
#include "widgets/flowlayout.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace raidscope::gui {
namespace {

const LayoutRegistry& registry()
{
    return LayoutRegistry::instance();
}

int copiesMax(const ParameterInfo& p, int disks)
{
    return std::min(p.max > 0 ? p.max : disks, disks);
}

} // namespace

ArraySpecEditor::ArraySpecEditor(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("arraySpecEditor"));

    m_scheme = new QComboBox;
    m_scheme->setObjectName(QStringLiteral("schemeCombo"));
    m_scheme->setToolTip(tr("The RAID scheme: one per layout plugin (Help > Plugins lists them)"));
    m_scheme->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_variantLabel = new QLabel(tr("&Layout"));
    m_variant = new QComboBox;
    m_variant->setObjectName(QStringLiteral("variantCombo"));
    m_variant->setToolTip(tr("The scheme's layout variant (layout=), e.g. left-asymmetric parity for RAID 5"));
    m_variant->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_variantLabel->setBuddy(m_variant);
    m_disks = new QSpinBox;
    m_disks->setObjectName(QStringLiteral("disksSpin"));
    m_disks->setToolTip(tr("Member disks of the array (disks=N), data and parity or mirrors together"));
    m_disks->setMinimumWidth(64);
    m_chunk = new QComboBox;
    m_chunk->setObjectName(QStringLiteral("chunkCombo"));
    m_chunk->setToolTip(tr("The chunk (stripe unit, chunk=): data laid contiguously on one disk, e.g. 64 KiB"));
    for (std::uint64_t kib = 4; kib <= 1024; kib *= 2)
        m_chunk->addItem(formatBytes(kib * 1024), QVariant::fromValue<qulonglong>(kib * 1024));
    m_copiesLabel = new QLabel(tr("C&opies"));
    m_copies = new QSpinBox;
    m_copies->setObjectName(QStringLiteral("copiesSpin"));
    m_copies->setToolTip(tr("Copies of each block for RAID 1 and RAID 10 (copies=N), e.g. 2"));
    m_copiesLabel->setBuddy(m_copies);
    m_spec = new QLineEdit;
    m_spec->setObjectName(QStringLiteral("specEdit"));
    m_spec->setPlaceholderText(tr("e.g. raid5 layout=la disks=4 chunk=16KiB"));
    m_spec->setClearButtonEnabled(true);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_spec->setFont(mono);
    m_spec->setToolTip(tr("The array spec: SCHEME key=value ... (as raidscope-cli --array takes it); "
                          "kept in step with the controls above"));
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("specError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();

    auto label = [](const QString& text, QWidget* buddy) {
        auto* l = new QLabel(text);
        l->setBuddy(buddy);
        return l;
    };
    // Label-field pairs that wrap onto a second line on a narrow window (#54 item 7).
    auto* row = new FlowLayout;
    row->setHorizontalSpacing(18);
    row->setVerticalSpacing(6);
    row->addPair(label(tr("&Scheme"), m_scheme), m_scheme);
    row->addPair(m_variantLabel, m_variant);
    row->addPair(label(tr("&Disks"), m_disks), m_disks);
    row->addPair(label(tr("Ch&unk"), m_chunk), m_chunk);
    row->addPair(m_copiesLabel, m_copies);

    auto* specRow = new QHBoxLayout;
    specRow->setSpacing(8);
    specRow->addWidget(label(tr("S&pec"), m_spec));
    specRow->addWidget(m_spec, 1);

    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(6);
    box->addLayout(row);
    box->addLayout(specRow);
    box->addWidget(m_error);

    m_typingTimer.setSingleShot(true);
    m_typingTimer.setInterval(400);
    connect(&m_typingTimer, &QTimer::timeout, this, [this] { apply(m_spec->text(), false); });
    connect(m_spec, &QLineEdit::textEdited, this, [this] { m_typingTimer.start(); });
    connect(m_spec, &QLineEdit::returnPressed, this, [this] {
        m_typingTimer.stop();
        apply(m_spec->text(), false);
    });
    connect(m_scheme, &QComboBox::currentIndexChanged, this, &ArraySpecEditor::applyControls);
    connect(m_variant, &QComboBox::currentIndexChanged, this, &ArraySpecEditor::applyControls);
    connect(m_disks, &QSpinBox::valueChanged, this, &ArraySpecEditor::applyControls);
    connect(m_chunk, &QComboBox::currentIndexChanged, this, &ArraySpecEditor::applyControls);
    connect(m_copies, &QSpinBox::valueChanged, this, [this] {
        if (m_syncing)
            return;
        m_copiesSetByUser = true;
        applyControls();
    });

    fillSchemes();
}

void ArraySpecEditor::fillSchemes()
{
    ++m_syncing;
    m_scheme->clear();
    for (const SchemeInfo& s : registry().schemes()) {
        m_scheme->addItem(s.name.isEmpty() ? s.id : s.name, s.id);
        m_scheme->setItemData(m_scheme->count() - 1,
            QStringLiteral("%1: %2").arg(s.id, s.description.isEmpty() ? s.name : s.description), Qt::ToolTipRole);
    }
    const bool any = m_scheme->count() > 0;
    for (QWidget* w : { static_cast<QWidget*>(m_scheme), static_cast<QWidget*>(m_variant),
             static_cast<QWidget*>(m_disks), static_cast<QWidget*>(m_chunk), static_cast<QWidget*>(m_copies) })
        w->setEnabled(any);
    m_shownScheme = nullptr;
    fillForScheme(any ? registry().find(m_scheme->currentData().toString()) : nullptr);
    --m_syncing;
    if (!any)
        showError(tr("No layout plugins were found (searched: %1). Start raidscope with --plugin-dir DIR "
                     "or set RAIDSCOPE_PLUGIN_PATH.")
                      .arg(registry().searchedDirs().join(QStringLiteral(", "))));
}

// Variant list, disk range and the copies control follow the scheme's JSON metadata.
void ArraySpecEditor::fillForScheme(const SchemeInfo* scheme)
{
    ++m_syncing;
    m_shownScheme = scheme;
    m_variant->clear();
    if (scheme) {
        for (const VariantInfo& v : scheme->variants) {
            const QString text = v.aliases.isEmpty() ? v.name : QStringLiteral("%1 (%2)").arg(v.name, v.aliases.join(u'/'));
            m_variant->addItem(text, v.id);
        }
        if (const VariantInfo* d = scheme->defaultVariant())
            m_variant->setCurrentIndex(m_variant->findData(d->id));
        m_disks->setRange(scheme->minDisks, scheme->maxDisks);
    }
    const bool hasVariants = m_variant->count() > 0;
    m_variant->setVisible(hasVariants);
    m_variantLabel->setVisible(hasVariants);
    m_variant->setEnabled(hasVariants);
    const ParameterInfo* copies = scheme ? scheme->findParameter(QStringLiteral("copies")) : nullptr;
    m_copies->setVisible(copies != nullptr);
    m_copiesLabel->setVisible(copies != nullptr);
    m_copies->setEnabled(copies != nullptr);
    if (copies)
        m_copies->setRange(std::max(1, copies->min), std::max(1, copiesMax(*copies, m_disks->value())));
    --m_syncing;
}

// The controls changed: turn them into a spec (keeping keys the controls do not show) and apply it.
void ArraySpecEditor::applyControls()
{
    if (m_syncing)
        return;
    const SchemeInfo* scheme = registry().find(m_scheme->currentData().toString());
    if (!scheme)
        return;
    ArraySpec spec = m_resolved ? m_resolved->spec : ArraySpec {};
    if (scheme != m_shownScheme || !m_resolved || m_resolved->scheme != scheme) {
        // A new scheme starts from its defaults; keys of the old plugin may mean nothing to it.
        spec.extra.clear();
        spec.copies.reset();
        m_copiesSetByUser = false;
        fillForScheme(scheme);
        spec.variant.clear();
    } else {
        spec.variant = scheme->variants.isEmpty() ? QString() : m_variant->currentData().toString();
    }
    spec.scheme = scheme->id;
    spec.disks = m_disks->value();
    spec.chunkBytes = m_chunk->currentData().toULongLong();
    const ParameterInfo* copies = scheme->findParameter(QStringLiteral("copies"));
    if (copies && m_copiesSetByUser)
        spec.copies = std::min(m_copies->value(), copiesMax(*copies, m_disks->value()));
    else
        spec.copies.reset();
    apply(spec.toText(), true);
}

bool ArraySpecEditor::setSpecText(const QString& text)
{
    m_typingTimer.stop();
    ++m_syncing;
    m_spec->setText(text);
    --m_syncing;
    return apply(text, false);
}

QString ArraySpecEditor::specText() const
{
    return m_spec->text();
}

QString ArraySpecEditor::canonicalSpec() const
{
    return m_resolved ? m_resolved->spec.toText() : QString();
}

QString ArraySpecEditor::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

bool ArraySpecEditor::apply(const QString& text, bool fromControls)
{
    const LayoutRegistry& reg = registry();
    QString error;
    const auto spec = parseArraySpec(text, &error);
    std::optional<ResolvedArray> resolved;
    std::unique_ptr<Layout> layout;
    if (spec)
        resolved = reg.resolve(*spec, &error);
    if (resolved)
        layout = reg.create(*spec, &error);
    if (!layout) {
        showError(error.isEmpty() ? tr("the plugin refused this array") : error);
        if (fromControls) // keep the line showing what the controls ask for, so the error has context
            m_spec->setText(text);
        return false;
    }
    if (!fromControls)
        m_copiesSetByUser = spec->copies.has_value();
    m_resolved = std::move(resolved);
    m_layout = std::move(layout);
    m_error->clear();
    m_error->hide();
    if (fromControls)
        m_spec->setText(m_resolved->spec.toText());
    syncControls();
    Q_EMIT layoutChanged();
    return true;
}

// The spec was accepted: show it in the controls without feeding it back.
void ArraySpecEditor::syncControls()
{
    ++m_syncing;
    const SchemeInfo* scheme = m_resolved->scheme;
    m_scheme->setCurrentIndex(m_scheme->findData(scheme->id));
    if (scheme != m_shownScheme)
        fillForScheme(scheme);
    if (!scheme->variants.isEmpty())
        m_variant->setCurrentIndex(m_variant->findData(m_resolved->spec.variant));
    m_disks->setValue(m_layout->params().disks);
    const std::uint64_t chunk = m_layout->params().chunkBytes;
    int index = m_chunk->findData(QVariant::fromValue<qulonglong>(chunk));
    if (index < 0) { // an unusual chunk typed in the spec: list it where it belongs
        index = 0;
        while (index < m_chunk->count() && m_chunk->itemData(index).toULongLong() < chunk)
            ++index;
        m_chunk->insertItem(index, formatBytes(chunk), QVariant::fromValue<qulonglong>(chunk));
    }
    m_chunk->setCurrentIndex(index);
    if (const ParameterInfo* copies = scheme->findParameter(QStringLiteral("copies"))) {
        m_copies->setRange(std::max(1, copies->min), std::max(1, copiesMax(*copies, m_layout->params().disks)));
        m_copies->setValue(m_resolved->spec.copies.value_or(m_layout->copies()));
    }
    --m_syncing;
}

void ArraySpecEditor::showError(const QString& error)
{
    const QColor red = palette().color(QPalette::Window).lightnessF() < 0.5 ? QColor(0xff, 0x6b, 0x6b) : QColor(0xb0, 0x00, 0x20);
    m_error->setStyleSheet(QStringLiteral("color: %1;").arg(red.name()));
    m_error->setText(tr("⚠ %1").arg(error));
    m_error->show();
}

} // namespace raidscope::gui
