// SPDX-License-Identifier: GPL-3.0-or-later
#include "probe/devicetarget.h"

#include "units.h"

#include <QStringList>

#include <liburing.h>

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace raidscope {

namespace {

    namespace fs = std::filesystem;

    QString errnoText(int error) { return QString::fromLocal8Bit(std::strerror(error)); }

    std::string readLine(const fs::path& file)
    {
        std::ifstream in(file);
        std::string line;
        std::getline(in, line);
        return line;
    }

    /// "8:1" of a sysfs device directory, from its `dev` file.
    std::string devNumber(const fs::path& sysDir) { return readLine(sysDir / "dev"); }

    /// /proc/self/mountinfo escapes spaces and friends as \ooo.
    std::string unescapeMountField(const std::string& s)
    {
        std::string out;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '\\' && i + 3 < s.size()) {
                const std::string oct = s.substr(i + 1, 3);
                if (oct.size() == 3
                    && std::all_of(oct.begin(), oct.end(), [](char c) { return c >= '0' && c <= '7'; })) {
                    out += char(std::stoi(oct, nullptr, 8));
                    i += 3;
                    continue;
                }
            }
            out += s[i];
        }
        return out;
    }

    struct Mount
    {
        std::string devNumber; ///< "major:minor" as mountinfo reports it
        dev_t sourceRdev = 0; ///< the mount source's device number when the source is a block device
        std::string mountPoint;
    };

    std::vector<Mount> readMounts()
    {
        std::vector<Mount> mounts;
        std::ifstream in("/proc/self/mountinfo");
        std::string line;
        while (std::getline(in, line)) {
            std::istringstream fields(line);
            std::string id, parent, number, root, point;
            fields >> id >> parent >> number >> root >> point;
            Mount m { number, 0, unescapeMountField(point) };
            // After the optional fields and " - ": filesystem type, mount source.
            const auto dash = line.find(" - ");
            if (dash != std::string::npos) {
                std::istringstream tail(line.substr(dash + 3));
                std::string type, source;
                tail >> type >> source;
                struct stat st
                {
                };
                if (!source.empty() && source[0] == '/' && ::stat(unescapeMountField(source).c_str(), &st) == 0
                    && S_ISBLK(st.st_mode))
                    m.sourceRdev = st.st_rdev;
            }
            mounts.push_back(std::move(m));
        }
        return mounts;
    }

    /// Where the device with this sysfs directory is mounted, or empty.
    std::string mountPointOf(const fs::path& sysDir, const std::vector<Mount>& mounts)
    {
        const std::string number = devNumber(sysDir);
        if (number.empty())
            return {};
        unsigned major = 0, minor = 0;
        std::sscanf(number.c_str(), "%u:%u", &major, &minor);
        const dev_t rdev = makedev(major, minor);
        for (const Mount& m : mounts)
            if (m.devNumber == number || (m.sourceRdev != 0 && m.sourceRdev == rdev))
                return m.mountPoint;
        return {};
    }

    QString name(const fs::path& sysDir) { return QString::fromStdString(sysDir.filename().string()); }

    QString q(const std::string& s) { return QString::fromStdString(s); }

    /// The holders (md, dm, LVM) of a device, and whether any of them, or their holders, is mounted.
    QString holderUse(const fs::path& sysDir, const std::vector<Mount>& mounts, int depth = 0)
    {
        std::error_code ec;
        const fs::path holders = sysDir / "holders";
        if (depth > 8 || !fs::is_directory(holders, ec))
            return {};
        for (const auto& entry : fs::directory_iterator(holders, ec)) {
            const fs::path holder = fs::canonical(entry.path(), ec);
            if (ec)
                continue;
            QString text = QStringLiteral("held by %1 (an md, dm or LVM device)").arg(name(holder));
            const std::string point = mountPointOf(holder, mounts);
            if (!point.empty())
                text += QStringLiteral(", which is mounted on %1").arg(q(point));
            else if (const QString above = holderUse(holder, mounts, depth + 1); !above.isEmpty())
                text += QStringLiteral(", which is ") + above;
            return text;
        }
        return {};
    }

    bool isPartition(const fs::path& sysDir)
    {
        std::error_code ec;
        return fs::exists(sysDir / "partition", ec);
    }

} // namespace

QString blockDeviceInUse(const QString& path)
{
    struct stat st
    {
    };
    if (::stat(path.toLocal8Bit().constData(), &st) != 0 || !S_ISBLK(st.st_mode))
        return {};
    std::error_code ec;
    const fs::path self = fs::canonical(
        fs::path("/sys/dev/block") / (std::to_string(major(st.st_rdev)) + ':' + std::to_string(minor(st.st_rdev))), ec);
    const std::vector<Mount> mounts = readMounts();
    const auto mountedOn = [&](dev_t rdev, const std::string& number) -> std::string {
        for (const Mount& m : mounts)
            if (m.devNumber == number || (m.sourceRdev != 0 && m.sourceRdev == rdev))
                return m.mountPoint;
        return {};
    };
    const std::string number = std::to_string(major(st.st_rdev)) + ':' + std::to_string(minor(st.st_rdev));
    if (const std::string point = mountedOn(st.st_rdev, number); !point.empty())
        return QStringLiteral("%1 is mounted on %2").arg(path, q(point));
    if (ec)
        return {}; // no sysfs: the mount table was all we could check
    if (const QString held = holderUse(self, mounts); !held.isEmpty())
        return QStringLiteral("%1 is %2").arg(path, held);

    // The same disk: its partitions when it is a whole disk, its whole disk when it is a partition.
    if (isPartition(self)) {
        const fs::path disk = self.parent_path();
        if (const std::string point = mountPointOf(disk, mounts); !point.empty())
            return QStringLiteral("%1 is a partition of %2, which is mounted on %3").arg(path, name(disk), q(point));
        if (const QString held = holderUse(disk, mounts); !held.isEmpty())
            return QStringLiteral("%1 is a partition of %2, which is %3").arg(path, name(disk), held);
    } else {
        for (const auto& entry : fs::directory_iterator(self, ec)) {
            if (!entry.is_directory(ec) || !isPartition(entry.path()))
                continue;
            if (const std::string point = mountPointOf(entry.path(), mounts); !point.empty())
                return QStringLiteral("%1 has partition %2 mounted on %3").arg(path, name(entry.path()), q(point));
            if (const QString held = holderUse(entry.path(), mounts); !held.isEmpty())
                return QStringLiteral("%1 has partition %2 %3").arg(path, name(entry.path()), held);
        }
    }
    return {};
}

std::unique_ptr<DeviceTarget> openDeviceTarget(const QString& path, const DeviceOptions& options, QString* error)
{
    const auto refuse = [&](const QString& why) -> std::unique_ptr<DeviceTarget> {
        if (error)
            *error = why;
        return nullptr;
    };
    const QByteArray local = path.toLocal8Bit();
    struct stat st
    {
    };
    if (::stat(local.constData(), &st) != 0)
        return refuse(QStringLiteral("%1: cannot open: %2").arg(path, errnoText(errno)));
    const bool blockDevice = S_ISBLK(st.st_mode);
    if (!blockDevice && !S_ISREG(st.st_mode))
        return refuse(QStringLiteral("%1: not a block device or regular file").arg(path));

    // A file nobody may write (mode 0444) is read-only by its owner's word, even to root, who could
    // write it anyway: --allow-writes does not override that, only `force` does.
    if (options.allowWrites && !blockDevice && (st.st_mode & 0222) == 0 && !options.force)
        return refuse(QStringLiteral("%1 is read-only (mode %2): refusing to write it although writes are allowed "
                                     "(make it writable, or force)")
                          .arg(path)
                          .arg(QString::number(st.st_mode & 07777, 8).rightJustified(4, u'0')));

    std::unique_ptr<DeviceTarget> target(new DeviceTarget);
    target->m_path = path;
    target->m_blockDevice = blockDevice;
    target->m_writable = options.allowWrites;
    const int access = options.allowWrites ? O_RDWR : O_RDONLY;
    const char* mode = options.allowWrites ? "reading and writing" : "reading";

    if (blockDevice) {
        if (const QString use = blockDeviceInUse(path); !use.isEmpty()) {
            if (!options.force)
                return refuse(use + QStringLiteral("; refusing to probe a device in use (force overrides)"));
            target->m_note = QStringLiteral("forced: ") + use;
        }
        // O_EXCL on a block device fails with EBUSY while anyone else holds it exclusively
        // (a mounted filesystem, md, dm, another prober).
        target->m_fd = ::open(local.constData(), access | O_DIRECT | O_CLOEXEC | (options.force ? 0 : O_EXCL));
        if (target->m_fd < 0 && errno == EBUSY)
            return refuse(QStringLiteral("%1 is in use: another process or the kernel holds it exclusively (%2); "
                                         "refusing to probe a device in use (force overrides)")
                              .arg(path, errnoText(EBUSY)));
        if (target->m_fd < 0)
            return refuse(
                QStringLiteral("%1: cannot open for %2: %3").arg(path, QString::fromLatin1(mode), errnoText(errno)));
        int readOnly = 0;
        if (options.allowWrites && ::ioctl(target->m_fd, BLKROGET, &readOnly) == 0 && readOnly)
            return refuse(QStringLiteral("%1 is set read-only (blockdev --getro): refusing to write it although writes "
                                         "are allowed")
                              .arg(path));
        int logical = 0;
        std::uint64_t bytes = 0;
        if (::ioctl(target->m_fd, BLKSSZGET, &logical) != 0 || logical <= 0)
            return refuse(QStringLiteral("%1: cannot read the logical block size: %2").arg(path, errnoText(errno)));
        if (::ioctl(target->m_fd, BLKGETSIZE64, &bytes) != 0)
            return refuse(QStringLiteral("%1: cannot read the device size: %2").arg(path, errnoText(errno)));
        target->m_blockBytes = std::uint32_t(logical);
        target->m_memoryAlignBytes = std::max<std::uint32_t>(target->m_blockBytes, 4096);
        target->m_capacityBytes = bytes;
    } else {
        target->m_fd = ::open(local.constData(), access | O_DIRECT | O_CLOEXEC);
        if (target->m_fd < 0 && errno == EINVAL) {
            if (!options.force)
                return refuse(QStringLiteral("%1: the filesystem rejects O_DIRECT (tmpfs?); use a file on a disk "
                                             "filesystem, or force buffered I/O, whose timings measure the page "
                                             "cache rather than the disks")
                                  .arg(path));
            target->m_direct = false;
            target->m_note = QStringLiteral("forced: buffered I/O, the filesystem rejects O_DIRECT; timings measure "
                                            "the page cache");
            target->m_fd = ::open(local.constData(), access | O_CLOEXEC);
        }
        if (target->m_fd < 0)
            return refuse(
                QStringLiteral("%1: cannot open for %2: %3").arg(path, QString::fromLatin1(mode), errnoText(errno)));
        // Direct I/O alignment of this file (Linux 6.1+); 4 KiB, a multiple of any common sector, else.
        target->m_blockBytes = 4096;
        struct statx sx
        {
        };
        if (::statx(target->m_fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 && (sx.stx_mask & STATX_DIOALIGN)
            && sx.stx_dio_offset_align > 0) {
            target->m_blockBytes = std::max<std::uint32_t>(sx.stx_dio_offset_align, 512);
            target->m_memoryAlignBytes = std::max<std::uint32_t>({ sx.stx_dio_mem_align, target->m_blockBytes, 4096 });
        }
        target->m_capacityBytes = std::uint64_t(st.st_size) / target->m_blockBytes * target->m_blockBytes;
    }
    if (target->m_capacityBytes < target->m_blockBytes)
        return refuse(QStringLiteral("%1 is too small to probe: %2 bytes, less than one %3-byte block")
                          .arg(path)
                          .arg(target->m_capacityBytes)
                          .arg(target->m_blockBytes));
    QString ringError;
    if (!target->ensureRing(64, &ringError))
        return refuse(ringError);
    return target;
}

void DeviceTarget::RingExit::operator()(::io_uring* ring) const noexcept
{
    io_uring_queue_exit(ring);
    delete ring;
}

DeviceTarget::~DeviceTarget()
{
    m_ring.reset(); // before its file descriptor closes
    if (m_fd >= 0)
        ::close(m_fd);
}

QString DeviceTarget::fail(const QString& what) const { return m_path + QStringLiteral(": ") + what; }

bool DeviceTarget::ensureRing(unsigned entries, QString* error)
{
    if (m_ring && m_ringEntries >= entries)
        return true;
    m_ring.reset();
    m_ringEntries = 0;
    auto ring = std::make_unique<::io_uring>(); // not yet a ring: plain delete if the setup fails
    const int rc = io_uring_queue_init(entries, ring.get(), 0);
    if (rc < 0) {
        if (error)
            *error = fail(QStringLiteral("io_uring is unavailable (%1); the kernel may disable it (sysctl "
                                         "kernel.io_uring_disabled) or the sandbox may block it")
                              .arg(errnoText(-rc)));
        return false;
    }
    m_ring.reset(ring.release());
    m_ringEntries = entries;
    return true;
}

QString DeviceTarget::describe() const
{
    QString text = QStringLiteral("%1 (%2, %3, %4 B blocks, %5, %6)")
                       .arg(m_path, m_blockDevice ? QStringLiteral("block device") : QStringLiteral("file"),
                           formatBytesHuman(m_capacityBytes))
                       .arg(m_blockBytes)
                       .arg(m_direct ? QStringLiteral("O_DIRECT") : QStringLiteral("buffered"),
                           m_writable ? QStringLiteral("safe writes allowed") : QStringLiteral("read-only"));
    if (!m_note.isEmpty())
        text += QStringLiteral(" [") + m_note + QStringLiteral("]");
    return text;
}

} // namespace raidscope
