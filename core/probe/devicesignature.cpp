// SPDX-License-Identifier: GPL-3.0-or-later
#include "probe/devicesignature.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <vector>

namespace raidscope {

namespace {

    struct Magic
    {
        const char* what;
        std::uint64_t offsetBytes;
        std::string_view bytes;
    };

    using namespace std::string_view_literals;

    // Offsets and magics from util-linux's libblkid (superblocks/*.c, partitions/*.c), the kernel's
    // include/uapi/linux/magic.h and md_p.h. Most specific first: an NTFS or FAT boot sector also
    // ends in 0x55AA, which is named only when nothing else is found.
    const std::array kMagics {
        Magic { "an ext2/3/4 file system (superblock magic 0xEF53)", 1080, "\x53\xEF"sv },
        Magic { "an XFS file system (\"XFSB\")", 0, "XFSB"sv },
        Magic { "a btrfs file system (\"_BHRfS_M\")", 65600, "_BHRfS_M"sv },
        Magic { "an F2FS file system (magic 0xF2F52010)", 1024, "\x10\x20\xF5\xF2"sv },
        Magic { "a squashfs image (\"hsqs\")", 0, "hsqs"sv },
        Magic { "an ISO 9660 image (\"CD001\")", 32769, "CD001"sv },
        Magic { "an NTFS file system (\"NTFS    \")", 3, "NTFS    "sv },
        Magic { "a LUKS encrypted volume (\"LUKS\\xba\\xbe\")", 0, "LUKS\xBA\xBE"sv },
        Magic { "swap (\"SWAPSPACE2\", 4 KiB pages)", 4096 - 10, "SWAPSPACE2"sv },
        Magic { "swap (\"SWAP-SPACE\", 4 KiB pages)", 4096 - 10, "SWAP-SPACE"sv },
        Magic { "swap (\"SWAPSPACE2\", 8 KiB pages)", 8192 - 10, "SWAPSPACE2"sv },
        Magic { "swap (\"SWAPSPACE2\", 16 KiB pages)", 16384 - 10, "SWAPSPACE2"sv },
        Magic { "swap (\"SWAPSPACE2\", 64 KiB pages)", 65536 - 10, "SWAPSPACE2"sv },
        Magic { "an LVM2 physical volume (\"LABELONE\")", 0, "LABELONE"sv },
        Magic { "an LVM2 physical volume (\"LABELONE\")", 512, "LABELONE"sv },
        Magic { "an LVM2 physical volume (\"LABELONE\")", 1024, "LABELONE"sv },
        Magic { "an LVM2 physical volume (\"LABELONE\")", 1536, "LABELONE"sv },
        Magic { "an md RAID member (superblock 1.1, magic 0xa92b4efc)", 0, "\xFC\x4E\x2B\xA9"sv },
        Magic { "an md RAID member (superblock 1.2, magic 0xa92b4efc)", 4096, "\xFC\x4E\x2B\xA9"sv },
        Magic { "a GPT partition table (\"EFI PART\")", 512, "EFI PART"sv },
        Magic { "a GPT partition table (\"EFI PART\", 4 KiB sectors)", 4096, "EFI PART"sv },
        Magic { "an MBR partition table or boot sector (0x55AA)", 510, "\x55\xAA"sv },
    };

} // namespace

QString DeviceSignature::text() const { return QStringLiteral("%1 at byte %2").arg(what).arg(offsetBytes); }

std::optional<DeviceSignature> findDeviceSignature(std::span<const unsigned char> head)
{
    for (const Magic& m : kMagics) {
        if (m.offsetBytes + m.bytes.size() > head.size())
            continue;
        if (std::memcmp(head.data() + m.offsetBytes, m.bytes.data(), m.bytes.size()) == 0)
            return DeviceSignature { QString::fromLatin1(m.what), m.offsetBytes };
    }
    return std::nullopt;
}

SignatureScan scanDeviceSignature(const QString& path)
{
    SignatureScan scan;
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        scan.error = QStringLiteral("%1: cannot read its first bytes for a file system signature: %2")
                         .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return scan;
    }
    std::vector<unsigned char> head(kSignatureScanBytes);
    std::size_t got = 0;
    while (got < head.size()) {
        const ssize_t n = ::pread(fd, head.data() + got, head.size() - got, off_t(got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            scan.error = QStringLiteral("%1: cannot read its first bytes for a file system signature: %2")
                             .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
            ::close(fd);
            return scan;
        }
        if (n == 0)
            break;
        got += std::size_t(n);
    }
    ::close(fd);
    scan.ok = true;
    scan.found = findDeviceSignature(std::span<const unsigned char>(head.data(), got));
    return scan;
}

QStringList loopDevicesBackedBy(const QString& file, const QString& sysBlockDir)
{
    struct stat self {};
    if (::stat(QFile::encodeName(file).constData(), &self) != 0 || !S_ISREG(self.st_mode))
        return {};
    QStringList out;
    const QDir dir(sysBlockDir);
    for (const QString& name : dir.entryList({ QStringLiteral("loop*") }, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        QFile backing(dir.filePath(name + QStringLiteral("/loop/backing_file")));
        if (!backing.open(QIODevice::ReadOnly))
            continue;
        const QString path = QString::fromLocal8Bit(backing.readAll()).trimmed();
        struct stat other {};
        // Same inode: a symlink or another name of the file counts.
        if (!path.isEmpty() && ::stat(QFile::encodeName(path).constData(), &other) == 0 && other.st_dev == self.st_dev
            && other.st_ino == self.st_ino)
            out << QStringLiteral("/dev/") + name;
    }
    return out;
}

} // namespace raidscope
