// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "disk/diskvalidate.h"

#include <QJsonObject>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace raidscope::gui {

class DiskSeekPlot;
class DiskValidationPlot;
class DiskZonePlot;
class JobBar;
class JobRunner;

/// The Disks page (#15 item 4): a disk preset's geometry (rotation, capacity, heads, cylinders,
/// cache; zones against capacity, the seek curve) and the validation of the disk model against a
/// DiskSim drive's measured access times (core/disk/diskvalidate.h): the simulated and measured
/// access-time CDFs on one axis with the demerit. Presets are core's (built-in and the user's) and
/// those imported here from DiskSim files, whose warnings the page lists.
class DisksPage : public QWidget
{
    Q_OBJECT
public:
    explicit DisksPage(QWidget* parent = nullptr);

    /// Shows the preset with this id; false when the chooser has none.
    bool selectPreset(const QString& id);
    QString currentPresetId() const;
    /// Imports a DiskSim disk (.parv, .diskspecs, .model) through core's importer, adds it to the
    /// chooser and shows it with its warnings; false (and why, on the page) when core refuses it.
    bool importDiskSimFile(const QString& path);
    /// Saves the shown imported preset among the user's presets (as `raidscope-cli disks import
    /// --save`); false and why, on the page, otherwise.
    bool saveImportedPreset();
    QStringList warnings() const { return m_warnings; }

    /// The folder of DiskSim's validation drives the page offers: ../shared/disksim-validation
    /// found from the working directory or the executable's, when present; empty otherwise.
    static QString defaultValidationDir();
    /// Lists the drives (each .parv with a .trace of the same name) of `dir` in the drive chooser.
    void setValidationDir(const QString& dir);
    void setValidationFiles(const QString& parv, const QString& trace);
    /// Starts the validation off the GUI thread; false (and why) when a file is missing.
    bool validate();
    bool isValidating() const;
    const std::optional<DiskValidation>& validation() const { return m_validation; }
    JobBar* validationBar() const { return m_bar; }

private:
    struct Entry
    {
        QString id;
        QString label;
        QJsonObject json;
        QString origin; ///< "built in", a user preset's file, or the DiskSim file imported
        QStringList warnings; ///< an imported preset's
        bool imported = false;
        bool saved = false;
    };
    struct Outcome;

    void addEntry(const Entry& entry);
    void showEntry(int index);
    void showWarnings(const QString& what, const QStringList& warnings);
    void chooseDrive(int index);
    void syncDrive();
    void showOutcome(Outcome out);

    std::vector<Entry> m_entries;
    QComboBox* m_preset = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_save = nullptr;
    QLabel* m_presetStatus = nullptr;
    QLabel* m_geometry = nullptr;
    QLabel* m_warningsTitle = nullptr;
    QPlainTextEdit* m_warningsView = nullptr;
    QStringList m_warnings;
    DiskZonePlot* m_zones = nullptr;
    DiskSeekPlot* m_seek = nullptr;

    QComboBox* m_drive = nullptr;
    QLineEdit* m_parv = nullptr;
    QLineEdit* m_trace = nullptr;
    QPushButton* m_validate = nullptr;
    JobRunner* m_runner = nullptr;
    JobBar* m_bar = nullptr;
    DiskValidationPlot* m_validationPlot = nullptr;
    std::optional<DiskValidation> m_validation;
    QString m_validatedDrive; ///< the drive m_validation is of (its file's base name)
};

} // namespace raidscope::gui
