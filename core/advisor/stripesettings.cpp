// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisor/stripesettings.h"

#include "layout/layoutregistry.h"

#include <QJsonObject>

namespace raidscope {

namespace {

// md's names for this project's layouts (mdadm(8), --layout): RAID 5 and 6 take the same four
// rotations by the same names; RAID 10 names its copies nN, fN, oN.
QString mdLayout(const QString& scheme, const QString& variant, int copies)
{
    if (scheme == u"raid5" || scheme == u"raid6") {
        static const QStringList rotations { QStringLiteral("left-symmetric"), QStringLiteral("left-asymmetric"),
            QStringLiteral("right-symmetric"), QStringLiteral("right-asymmetric") };
        return rotations.contains(variant) ? variant : QString();
    }
    if (scheme == u"raid10") {
        if (variant == u"near")
            return QStringLiteral("n%1").arg(copies);
        if (variant == u"far")
            return QStringLiteral("f%1").arg(copies);
        if (variant == u"offset")
            return QStringLiteral("o%1").arg(copies);
    }
    return {};
}

// LVM's RAID 5 types by rotation (lvmraid(7), "RAID5 VARIANTS").
QString lvmRaid5Type(const QString& variant)
{
    if (variant == u"left-symmetric")
        return QStringLiteral("raid5_ls");
    if (variant == u"left-asymmetric")
        return QStringLiteral("raid5_la");
    if (variant == u"right-symmetric")
        return QStringLiteral("raid5_rs");
    if (variant == u"right-asymmetric")
        return QStringLiteral("raid5_ra");
    return {};
}

} // namespace

std::vector<StripeSetting> stripeSettings(const ResolvedArray& array, std::uint64_t chunkBytes, std::uint32_t fsBlockBytes)
{
    const ArraySpec& s = array.spec;
    const QString scheme = array.scheme ? array.scheme->id : s.scheme;
    const int disks = s.disks.value_or(0);
    const int copies = s.copies.value_or(scheme == u"raid1" ? disks : 2);
    const std::uint64_t chunkKiB = chunkBytes / 1024;

    // Data chunks in one full stripe, 0 where there is no whole number of them.
    int data = 0;
    if (scheme == u"raid0")
        data = disks;
    else if (scheme == u"raid4" || scheme == u"raid5")
        data = disks - 1;
    else if (scheme == u"raid6")
        data = disks - 2;
    else if (scheme == u"raid10" && s.variant == u"near" && copies > 0 && disks % copies == 0)
        data = disks / copies;

    std::vector<StripeSetting> out;
    // mdadm: the levels md has, with the rotation where it names one.
    StripeSetting md { QStringLiteral("mdadm"), {}, {} };
    const bool mdLevel = scheme == u"raid0" || scheme == u"raid1" || scheme == u"raid4" || scheme == u"raid5"
        || scheme == u"raid6" || scheme == u"raid10";
    if (!mdLevel) {
        md.note = QStringLiteral("%1 is not one of md's levels").arg(scheme);
    } else if (chunkBytes % 1024 != 0) {
        md.note = QStringLiteral("mdadm's chunk is whole KiB; %1 bytes is not").arg(chunkBytes);
    } else {
        QString level = scheme.mid(4);
        QString layout = mdLayout(scheme, s.variant, copies);
        if (scheme == u"raid4" && s.variant == u"parity-first") {
            level = QStringLiteral("5"); // md has parity-first only as a RAID 5 layout
            layout = QStringLiteral("parity-first");
        }
        md.command = QStringLiteral("mdadm --create /dev/mdX --level=%1 --raid-devices=%2").arg(level).arg(disks);
        if (!layout.isEmpty())
            md.command += QStringLiteral(" --layout=") + layout;
        if (scheme != u"raid1")
            md.command += QStringLiteral(" --chunk=%1").arg(chunkKiB); // KiB: mdadm's unit for --chunk
        md.command += QStringLiteral(" DEVICES");
        if (scheme == u"raid1")
            md.note = QStringLiteral("a mirror has no chunk");
    }
    out.push_back(md);

    StripeSetting xfs { QStringLiteral("mkfs.xfs"), {}, {} };
    StripeSetting ext4 { QStringLiteral("mkfs.ext4"), {}, {} };
    if (data <= 0) {
        const QString why = QStringLiteral("a full stripe of %1 holds no whole number of data chunks: let mkfs read the "
                                           "device's own figures")
                                .arg(s.toText());
        xfs.note = why;
        ext4.note = why;
    } else {
        if (chunkBytes % 512 != 0)
            xfs.note = QStringLiteral("su must be whole 512-byte sectors");
        else
            xfs.command = QStringLiteral("mkfs.xfs -d su=%1k,sw=%2 DEVICE").arg(chunkKiB).arg(data);
        if (chunkBytes % fsBlockBytes != 0) {
            ext4.note = QStringLiteral("the chunk is not whole %1-byte filesystem blocks").arg(fsBlockBytes);
        } else {
            const std::uint64_t stride = chunkBytes / fsBlockBytes;
            ext4.command = QStringLiteral("mkfs.ext4 -b %1 -E stride=%2,stripe-width=%3 DEVICE")
                               .arg(fsBlockBytes)
                               .arg(stride)
                               .arg(stride * std::uint64_t(data));
        }
    }
    out.push_back(xfs);
    out.push_back(ext4);

    // LVM RAID (lvmraid(7)): --stripes counts data stripes only; RAID 10 is near copies, two of them.
    StripeSetting lvm { QStringLiteral("lvcreate"), {}, {} };
    QString type;
    if (scheme == u"raid0")
        type = QStringLiteral("raid0");
    else if (scheme == u"raid4" && s.variant == u"parity-last")
        type = QStringLiteral("raid4");
    else if (scheme == u"raid5")
        type = lvmRaid5Type(s.variant);
    else if (scheme == u"raid6")
        type = QStringLiteral("raid6");
    else if (scheme == u"raid10" && s.variant == u"near" && copies == 2 && data > 0)
        type = QStringLiteral("raid10");
    if (type.isEmpty() || data <= 0 || chunkBytes % 1024 != 0) {
        lvm.note = QStringLiteral("LVM RAID has no type for %1").arg(s.toText());
    } else {
        lvm.command = QStringLiteral("lvcreate --type %1%2 --stripes %3 --stripesize %4k --size SIZE --name NAME VG")
                          .arg(type, type == u"raid10" ? QStringLiteral(" --mirrors 1") : QString())
                          .arg(data)
                          .arg(chunkKiB);
        if (scheme == u"raid6")
            lvm.note = QStringLiteral("LVM names its RAID 6 rotations its own way (raid6_zr, raid6_nr, raid6_nc); the stripe "
                                      "a filesystem sees is the same");
    }
    out.push_back(lvm);
    return out;
}

QJsonArray stripeSettingsJson(const std::vector<StripeSetting>& settings)
{
    QJsonArray a;
    for (const StripeSetting& s : settings) {
        QJsonObject o { { QStringLiteral("tool"), s.tool } };
        if (!s.command.isEmpty())
            o.insert(QStringLiteral("command"), s.command);
        if (!s.note.isEmpty())
            o.insert(QStringLiteral("note"), s.note);
        a.append(o);
    }
    return a;
}

} // namespace raidscope
