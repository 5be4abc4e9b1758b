// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace raidscope {

struct ProbeResult;

/// The one array the whole workbench studies (#54 item 1): set on the Array page, taken from a
/// probe verdict, or read from a workspace. Simulate, Study, the Traces replay, the Advisor, Models
/// and the report start from it and say which array they use.
struct ArrayUnderStudy
{
    enum class Source { ArrayPage, ProbeVerdict, Workspace };

    QString spec; ///< an array spec the simulator takes (layout, disk preset and simulator keys)
    Source source = Source::ArrayPage;
    QString origin;      ///< what it was taken from, for the pages: "the probe of /dev/md0"; empty: none
    QStringList carried; ///< what a probe verdict carried into the spec, one line each ("member 2 failed")
    QStringList assumed; ///< what the spec holds that nothing measured ("disk model ibm-9lzx: the probe does not measure it")

    /// One line for a page's banner: "raid5 layout=… (from the probe of /dev/md0)".
    QString describe() const;
    QJsonObject toJson() const;
    /// Nullopt and why when `json` is not an object toJson() wrote (an unknown source, no spec).
    static std::optional<ArrayUnderStudy> fromJson(const QJsonObject& json, QString* error);
    bool operator==(const ArrayUnderStudy&) const = default;
};

/// "array page", "probe verdict", "workspace": the JSON's names.
QString arraySourceName(ArrayUnderStudy::Source source);

/// The array a probe found, ready to simulate: the verdict's spec (failed member and md's policies
/// as simulator keys), each slow or fast member as speed=DISK:FACTOR (the inverse of its measured
/// time relative to the median: a member at 2x the time serves at 0.5), and the disk preset of the
/// simulated target it probed. Nullopt and why when the probe identified no layout. A real device's
/// disk model is not measured by timing: the default preset is then named in `assumed`.
std::optional<ArrayUnderStudy> arrayFromProbe(const ProbeResult& result, QString* why);

/// `text` as every page's array editor writes it (the registry's scheme and variant names, every key
/// in a fixed order), so that two pages holding one array compare equal; `text` itself, trimmed,
/// when it does not parse or build.
QString canonicalArraySpec(const QString& text);

/// A candidate near the array under study, for the replay and the Advisor.
struct ArrayVariation
{
    QString spec;
    QString label; ///< what differs: "chunk 32KiB", "raid6", "5 disks"; "as studied" for the array itself
};

/// The array itself, then its chunk halved and doubled, the other common levels (RAID 0, 5, 6, 10)
/// on the same members, and one member fewer and more; each kept only where the layout registry and
/// the simulator take it (a failed member has no RAID-0, a member index past the new count is not
/// moved). Nullopt and why when `spec` itself does not parse or build.
std::optional<std::vector<ArrayVariation>> arrayVariations(const QString& spec, QString* error);

} // namespace raidscope
