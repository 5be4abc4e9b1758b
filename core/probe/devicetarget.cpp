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

    struct FreeMemory
    {
        void operator()(void* memory) const noexcept { std::free(memory); }
    };
    /// Memory for O_DIRECT transfers from posix_memalign(), freed when it goes; empty when allocation failed.
    using AlignedBuffer = std::unique_ptr<void, FreeMemory>;

    AlignedBuffer allocateAligned(std::size_t alignBytes, std::size_t bytes)
    {
        void* memory = nullptr;
        return AlignedBuffer(posix_memalign(&memory, alignBytes, bytes) == 0 ? memory : nullptr);
    }

    double monotonicNs()
    {
        timespec ts {};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
    }

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

std::optional<BatchTiming> DeviceTarget::run(
    std::span<const ProbeIo> requests, int outstanding, std::stop_token stop, QString* error)
{
    const auto failWith = [&](const QString& why) -> std::optional<BatchTiming> {
        if (error)
            *error = fail(why);
        return std::nullopt;
    };

    // Check the whole batch first, so a refused batch issues nothing.
    std::uint32_t maxBytes = 0;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const ProbeIo& r = requests[i];
        if (r.write && !m_writable)
            return failWith(QStringLiteral("request %1 is a write, and writes are not allowed (open with "
                                           "--allow-writes)")
                                .arg(i));
        if (r.sizeBytes == 0 || r.sizeBytes % m_blockBytes != 0 || r.offsetBytes % m_blockBytes != 0)
            return failWith(QStringLiteral("request %1 (offset %2, %3 bytes) is not aligned to the %4-byte block")
                                .arg(i)
                                .arg(r.offsetBytes)
                                .arg(r.sizeBytes)
                                .arg(m_blockBytes));
        if (r.offsetBytes >= m_capacityBytes || r.sizeBytes > m_capacityBytes - r.offsetBytes)
            return failWith(QStringLiteral("request %1 (offset %2, %3 bytes) is past the end (capacity %4 bytes)")
                                .arg(i)
                                .arg(r.offsetBytes)
                                .arg(r.sizeBytes)
                                .arg(m_capacityBytes));
        maxBytes = std::max(maxBytes, r.sizeBytes);
    }
    BatchTiming timing;
    if (requests.empty())
        return timing;
    if (stop.stop_requested())
        return failWith(QStringLiteral("stopped"));

    const std::size_t slotCount = std::min<std::size_t>(requests.size(), std::size_t(std::clamp(outstanding, 1, 4096)));
    QString ringError;
    if (!ensureRing(unsigned(slotCount), &ringError)) {
        if (error)
            *error = ringError;
        return std::nullopt;
    }

    struct Slot
    {
        std::size_t request = 0;
        bool busy = false;
        bool writeBack = false; ///< the read half of a safe write is done; the write-back is in flight
        double submittedNs = 0;
        AlignedBuffer buffer;
    };
    std::vector<Slot> pool(slotCount);
    for (Slot& s : pool) {
        s.buffer = allocateAligned(m_memoryAlignBytes, maxBytes);
        if (!s.buffer)
            return failWith(QStringLiteral("cannot allocate %1 aligned I/O buffers").arg(slotCount));
    }

    timing.completionNs.assign(requests.size(), 0.0);
    timing.latencyNs.assign(requests.size(), 0.0);
    io_uring* ring = m_ring.get();
    std::vector<std::size_t> prepared; // slotCount whose SQE waits for the next submit
    std::size_t next = 0;
    std::size_t inFlight = 0;
    bool stopped = false;
    QString ioError;

    const auto prepare = [&](std::size_t s, bool write) {
        io_uring_sqe* sqe = io_uring_get_sqe(ring);
        if (!sqe) { // cannot happen: one SQE per slot and the ring has at least as many entries
            io_uring_submit(ring);
            sqe = io_uring_get_sqe(ring);
        }
        const ProbeIo& r = requests[pool[s].request];
        if (write)
            io_uring_prep_write(sqe, m_fd, pool[s].buffer.get(), r.sizeBytes, r.offsetBytes);
        else
            io_uring_prep_read(sqe, m_fd, pool[s].buffer.get(), r.sizeBytes, r.offsetBytes);
        io_uring_sqe_set_data64(sqe, s);
        prepared.push_back(s);
    };

    const double startNs = monotonicNs();
    while (true) {
        // New requests (or the read half of new safe writes) only while no stop and no error:
        // a pair, once begun, is always finished below.
        for (std::size_t s = 0; s < slotCount && next < requests.size() && !stopped && ioError.isEmpty(); ++s) {
            if (pool[s].busy)
                continue;
            if (stop.stop_requested()) {
                stopped = true;
                break;
            }
            pool[s].request = next++;
            pool[s].busy = true;
            pool[s].writeBack = false;
            ++inFlight;
            prepare(s, false);
        }
        if (!prepared.empty()) {
            const double nowNs = monotonicNs();
            for (std::size_t s : prepared)
                pool[s].submittedNs = nowNs;
            prepared.clear();
            const int rc = io_uring_submit(ring);
            if (rc < 0) {
                // Nothing of this submit reached the kernel; forget it, drain what did.
                ioError = QStringLiteral("io_uring submit failed: %1").arg(errnoText(-rc));
                break;
            }
        }
        if (inFlight == 0)
            break;

        io_uring_cqe* cqe = nullptr;
        int rc = io_uring_wait_cqe(ring, &cqe);
        while (rc == -EINTR)
            rc = io_uring_wait_cqe(ring, &cqe);
        if (rc < 0) {
            ioError = QStringLiteral("waiting for io_uring completions failed: %1").arg(errnoText(-rc));
            break;
        }
        unsigned head = 0;
        unsigned seen = 0;
        io_uring_for_each_cqe(ring, head, cqe)
        {
            ++seen;
            const double nowNs = monotonicNs();
            const std::size_t s = std::size_t(io_uring_cqe_get_data64(cqe));
            Slot& sl = pool[s];
            const ProbeIo& r = requests[sl.request];
            const int res = cqe->res;
            if (res < 0 || std::uint32_t(res) != r.sizeBytes) {
                if (ioError.isEmpty())
                    ioError
                        = QStringLiteral("%1 at offset %2 (%3 bytes) failed: %4")
                              .arg(sl.writeBack ? QStringLiteral("write-back") : QStringLiteral("read"))
                              .arg(r.offsetBytes)
                              .arg(r.sizeBytes)
                              .arg(res < 0 ? errnoText(-res) : QStringLiteral("short transfer of %1 bytes").arg(res));
                sl.busy = false; // a failed or short read is never written back
                --inFlight;
            } else if (r.write && !sl.writeBack) {
                // Shear §2.3 safe write: the bytes just read go back to the same place, unchanged.
                sl.writeBack = true;
                prepare(s, true);
            } else {
                timing.completionNs[sl.request] = nowNs - startNs;
                timing.latencyNs[sl.request] = nowNs - sl.submittedNs;
                sl.busy = false;
                --inFlight;
            }
        }
        io_uring_cq_advance(ring, seen);
    }

    // After a failed submit or wait, in-flight requests still own their buffers: reap them first,
    // finishing any safe write whose read half is done (liburing keeps unsubmitted SQEs queued, so
    // submit_and_wait retries them).
    while (inFlight > 0) {
        prepared.clear();
        io_uring_cqe* cqe = nullptr;
        int rc = io_uring_submit_and_wait(ring, 1);
        if (rc >= 0 || rc == -EINTR || rc == -EAGAIN || rc == -EBUSY)
            rc = io_uring_peek_cqe(ring, &cqe);
        if (rc == -EAGAIN || rc == -EINTR)
            continue;
        if (rc < 0 || !cqe)
            break; // the ring is unusable: the buffers are leaked below rather than freed under the kernel
        const std::size_t s = std::size_t(io_uring_cqe_get_data64(cqe));
        const ProbeIo& r = requests[pool[s].request];
        const bool finishPair = r.write && !pool[s].writeBack && cqe->res == int(r.sizeBytes);
        io_uring_cqe_seen(ring, cqe);
        if (finishPair) {
            pool[s].writeBack = true;
            prepare(s, true);
            continue;
        }
        --inFlight;
    }
    if (inFlight > 0) // the ring is unusable and the kernel may still write them: leaked, not freed
        for (Slot& s : pool)
            static_cast<void>(s.buffer.release());
    if (!ioError.isEmpty())
        return failWith(ioError);
    if (stopped)
        return failWith(QStringLiteral("stopped"));
    return timing;
}

} // namespace raidscope
