// SPDX-License-Identifier: GPL-3.0-or-later
#include "arraysimoptions.h"
#include "widgets/theme.h"

#include "disk/diskpreset.h"
#include "layout/arrayspec.h"
#include "sim/simconfig.h"
#include "units.h"
#include "widgets/arrayspeceditor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include "widgets/flowlayout.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

namespace raidscope::gui {
namespace {

    QLabel* label(const QString& text, QWidget* buddy)
    {
        auto* l = new QLabel(text);
        l->setBuddy(buddy);
        return l;
    }

    QComboBox* sizeCombo(const QString& name, const QString& none)
    {
        auto* c = new QComboBox;
        c->setObjectName(name);
        c->setEditable(true);
        c->setInsertPolicy(QComboBox::NoInsert);
        c->addItem(none);
        for (const char* s : { "1MiB", "16MiB", "64MiB", "256MiB", "1GiB" })
            c->addItem(QString::fromLatin1(s));
        c->setMinimumContentsLength(8);
        return c;
    }

    QComboBox* choiceCombo(const QString& name, const std::initializer_list<std::pair<const char*, QString>>& items)
    {
        auto* c = new QComboBox;
        c->setObjectName(name);
        for (const auto& [id, text] : items)
            c->addItem(text, QString::fromLatin1(id));
        return c;
    }

} // namespace

ArraySimOptions::ArraySimOptions(ArraySpecEditor* editor, QWidget* parent)
    : QWidget(parent)
    , m_editor(editor)
{
    setObjectName(QStringLiteral("arraySimOptions"));

    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("presetCombo"));
    for (const DiskPreset& p : diskPresets()) {
        m_preset->addItem(p.id, p.id);
        m_preset->setItemData(
            m_preset->count() - 1, QStringLiteral("%1\n%2").arg(p.name, p.description), Qt::ToolTipRole);
    }
    m_preset->setToolTip(tr("The disk model of every member (disk=PRESET)"));

    m_cache = sizeCombo(QStringLiteral("writeCacheCombo"), tr("none"));
    m_cache->setToolTip(tr("Controller write-back cache (cache=SIZE); none: write-through"));
    m_readCache = sizeCombo(QStringLiteral("readCacheCombo"), tr("none"));
    m_readCache->setToolTip(tr("Controller read cache, LRU of 64 KiB segments (readcache=SIZE)"));
    // First: no scheduler= key, each member ordering its queue as its preset says (an imported
    // DiskSim drive: its driver's policy, C-LOOK for most; else FIFO). Its text names that order.
    m_scheduler = choiceCombo(QStringLiteral("schedulerCombo"),
        { { "", tr("disk's own") }, { "fifo", tr("FIFO") }, { "sstf", tr("SSTF") }, { "elevator", tr("elevator") },
            { "clook", tr("C-LOOK") } });
    m_scheduler->setToolTip(tr("Each disk's queue order (scheduler=); the disk's own: what its preset says (an imported "
                               "DiskSim drive's driver policy), else FIFO"));
    m_parityWrite = choiceCombo(QStringLiteral("parityWriteCombo"),
        { { "auto", tr("auto (RMW / reconstruct)") }, { "md", tr("Linux md (whole stripe)") } });
    m_parityWrite->setToolTip(tr("RAID-4/5/6 writes (paritywrite=): auto picks read-modify-write or reconstruct-write; "
                                 "md reads the whole stripe as Shear §4 found Linux md does"));
    m_mirrorReadLabel = new QLabel(tr("&Mirror reads"));
    m_mirrorRead = choiceCombo(QStringLiteral("mirrorReadCombo"),
        { { "shortest", tr("shortest queue") }, { "random", tr("random") }, { "primary", tr("primary") },
            { "nearest", tr("nearest head (md)") } });
    m_mirrorReadLabel->setBuddy(m_mirrorRead);
    m_mirrorRead->setToolTip(tr("Which copy serves a mirrored read (mirrorread=)"));
    m_failed = new QLineEdit;
    m_failed->setObjectName(QStringLiteral("failedEdit"));
    m_failed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9, ]*")), m_failed));
    m_failed->setPlaceholderText(tr("none (e.g. 3 or 1,4)"));
    m_failed->setToolTip(
        tr("Failed member disks, e.g. 3 or 1,4 (failed=); reads of their data are rebuilt from the survivors"));
    m_slowDisk = new QComboBox;
    m_slowDisk->setObjectName(QStringLiteral("slowDiskCombo"));
    m_slowDisk->setToolTip(tr("A member slower (or faster) than the others: speed=DISK:FACTOR"));
    m_slowFactor = new QDoubleSpinBox;
    m_slowFactor->setObjectName(QStringLiteral("slowFactorSpin"));
    m_slowFactor->setRange(0.05, 20);
    m_slowFactor->setSingleStep(0.05);
    m_slowFactor->setDecimals(2);
    m_slowFactor->setValue(0.5);
    m_slowFactor->setPrefix(QStringLiteral("× "));
    m_slowFactor->setKeyboardTracking(false);
    m_slowFactor->setToolTip(tr("Speed factor of that member's rotation and seeks: 0.5 is half as fast"));

    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("simOptionsError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: %1;").arg(errorInk(this).name()));
    m_error->hide();

    // Label-control pairs that wrap as the window narrows (#54 item 7): on a wide one they make two
    // or three lines, on a narrow one a column.
    auto* grid = new FlowLayout;
    grid->setHorizontalSpacing(18);
    grid->setVerticalSpacing(4);
    auto* slow = new QHBoxLayout;
    slow->setSpacing(4);
    slow->addWidget(m_slowDisk);
    slow->addWidget(m_slowFactor);
    grid->addPair(label(tr("D&isk model"), m_preset), m_preset);
    grid->addPair(label(tr("Write &cache"), m_cache), m_cache);
    grid->addPair(label(tr("R&ead cache"), m_readCache), m_readCache);
    grid->addPair(label(tr("Parit&y writes"), m_parityWrite), m_parityWrite);
    grid->addPair(label(tr("F&ailed disks"), m_failed), m_failed);
    auto* slowLabel = label(tr("Slow disk"), m_slowDisk);
    grid->addPair(slowLabel, slow);
    grid->addPair(label(tr("Scheduler"), m_scheduler), m_scheduler);
    grid->addPair(m_mirrorReadLabel, m_mirrorRead);

    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->setSpacing(4);
    box->addLayout(grid);
    box->addWidget(m_error);

    connect(m_editor, &ArraySpecEditor::layoutChanged, this, &ArraySimOptions::onLayoutChanged);
    connect(m_preset, &QComboBox::activated, this, [this] { setPreset(m_preset->currentData().toString()); });
    auto onSize = [this](QComboBox* combo, const QString& key) {
        auto fn = [this, combo, key] {
            QString t = combo->currentText().trimmed();
            setKey(key, combo->currentIndex() == 0 && t == combo->itemText(0) ? QString() : t.remove(u' '));
        };
        connect(combo, &QComboBox::activated, this, fn);
        connect(combo->lineEdit(), &QLineEdit::editingFinished, this, fn);
    };
    onSize(m_cache, QStringLiteral("cache"));
    onSize(m_readCache, QStringLiteral("readcache"));
    connect(m_scheduler, &QComboBox::activated, this, [this] {
        setKey(QStringLiteral("scheduler"), m_scheduler->currentData().toString());
    });
    connect(m_parityWrite, &QComboBox::activated, this, [this] {
        const QString v = m_parityWrite->currentData().toString();
        setKey(QStringLiteral("paritywrite"), v == u"auto" ? QString() : v);
    });
    connect(m_mirrorRead, &QComboBox::activated, this, [this] {
        const QString v = m_mirrorRead->currentData().toString();
        setKey(QStringLiteral("mirrorread"), v == u"shortest" ? QString() : v);
    });
    connect(m_failed, &QLineEdit::editingFinished, this, [this] {
        QStringList parts = m_failed->text().remove(u' ').split(u',', Qt::SkipEmptyParts);
        setKey(QStringLiteral("failed"), parts.join(u','));
    });
    connect(m_slowDisk, &QComboBox::activated, this, &ArraySimOptions::writeSpeed);
    connect(m_slowFactor, &QDoubleSpinBox::valueChanged, this, [this] {
        if (m_slowDisk->currentIndex() > 0)
            writeSpeed();
    });
    if (m_editor->layout())
        onLayoutChanged();
}

void ArraySimOptions::setKey(const QString& key, const QString& value)
{
    if (m_syncing || !m_editor->resolved())
        return;
    ArraySpec spec = m_editor->resolved()->spec;
    if (spec.extra.value(key).toString() == value) // unchanged (or absent and still default)
        return;
    if (value.isEmpty())
        spec.extra.remove(key);
    else
        spec.extra.insert(key, value);
    m_editor->setSpecText(spec.toText());
    check(); // the editor does not check simulation keys: an unchanged layout emits nothing new
}

void ArraySimOptions::setPreset(const QString& id)
{
    if (m_syncing || !m_editor->resolved() || m_editor->resolved()->spec.diskPreset == id)
        return;
    ArraySpec spec = m_editor->resolved()->spec;
    spec.diskPreset = id;
    m_editor->setSpecText(spec.toText());
}

void ArraySimOptions::writeSpeed()
{
    const int disk = m_slowDisk->currentIndex() - 1;
    setKey(
        QStringLiteral("speed"), disk < 0 ? QString() : QStringLiteral("%1:%2").arg(disk).arg(m_slowFactor->value()));
}

// The spec was accepted: show its simulation keys in the controls without feeding them back.
void ArraySimOptions::onLayoutChanged()
{
    const auto& resolved = m_editor->resolved();
    if (!resolved)
        return;
    ++m_syncing;
    const ArraySpec& spec = resolved->spec;
    const int disks = resolved->params.disks;
    int index = m_preset->findData(spec.diskPreset);
    m_preset->setCurrentIndex(index);

    auto showSize = [&](QComboBox* combo, const QString& key) {
        const QString v = spec.extra.value(key).toString();
        if (v.isEmpty()) {
            combo->setCurrentIndex(0);
            return;
        }
        const int i = combo->findText(v);
        if (i >= 0)
            combo->setCurrentIndex(i);
        else
            combo->setCurrentText(v);
    };
    showSize(m_cache, QStringLiteral("cache"));
    showSize(m_readCache, QStringLiteral("readcache"));
    auto showChoice = [&](QComboBox* combo, const QString& key, const QString& fallback) {
        const int i = combo->findData(spec.extra.value(key, fallback).toString());
        combo->setCurrentIndex(i >= 0 ? i : 0);
    };
    showChoice(m_scheduler, QStringLiteral("scheduler"), QString());
    {
        const DiskPreset* preset = findDiskPreset(spec.diskPreset);
        const QString own = preset ? preset->json.value(QStringLiteral("scheduler")).toString() : QString();
        const int i = own.isEmpty() ? -1 : m_scheduler->findData(own);
        m_scheduler->setItemText(0, tr("disk's own (%1)").arg(i > 0 ? m_scheduler->itemText(i) : tr("FIFO")));
    }
    showChoice(m_parityWrite, QStringLiteral("paritywrite"), QStringLiteral("auto"));
    showChoice(m_mirrorRead, QStringLiteral("mirrorread"), QStringLiteral("shortest"));
    m_failed->setText(spec.extra.value(QStringLiteral("failed")).toString());

    m_slowDisk->clear();
    m_slowDisk->addItem(tr("none"));
    for (int d = 0; d < disks; ++d)
        m_slowDisk->addItem(tr("disk %1").arg(d));
    // speed=I:F[,J:G]: the controls show the first pair; the line keeps the rest.
    const QString speed = spec.extra.value(QStringLiteral("speed")).toString();
    const QStringList first = speed.section(u',', 0, 0).split(u':');
    if (first.size() == 2) {
        m_slowDisk->setCurrentIndex(first[0].toInt() + 1);
        m_slowFactor->setValue(first[1].toDouble());
    } else {
        m_slowDisk->setCurrentIndex(0);
    }

    const auto layout = m_editor->layout();
    const bool parity = layout
        && (layout->redundancy() == Redundancy::SingleParity || layout->redundancy() == Redundancy::DoubleParity);
    const bool mirror = layout && layout->redundancy() == Redundancy::Mirror;
    m_parityWrite->setEnabled(parity);
    m_mirrorRead->setEnabled(mirror);
    m_mirrorReadLabel->setEnabled(mirror);
    m_failed->setEnabled(layout && layout->faultTolerance() > 0);
    --m_syncing;
    check();
}

// The simulator parses the simulation keys only when it is created; check them now so the page can
// say what is wrong before Run.
void ArraySimOptions::check()
{
    const auto& resolved = m_editor->resolved();
    const auto layout = m_editor->layout();
    QString error;
    if (resolved && layout
        && !parseSimConfig(resolved->spec, *layout, &error)) {
        m_simError = error.isEmpty() ? tr("the simulation keys are not valid") : error;
        m_error->setText(tr("⚠ %1").arg(m_simError));
        m_error->show();
    } else {
        m_simError.clear();
        m_error->hide();
    }
    Q_EMIT validityChanged();
}

} // namespace raidscope::gui
