// SPDX-License-Identifier: GPL-3.0-or-later
// Minerva's throughput model (Merchant & Alvarez, HPL-2001-118, section 2). The paper's text lost
// pieces of some formulas in conversion; where this file reads one, the comment says how (the
// readings are the ones the Models issue fixes).
#include "minerva.h"

#include "jsonfields.h"

#include <Eigen/Dense>

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace raidscope {
namespace {

// One stream as a disk sees it: requests per second at one disk, their mean size, and the disk run
// count (§2.3) of the stream at that disk.
struct DiskStream
{
    double rate = 0;
    double size = 0;
    double runCount = 1;
};

// §2.3-2.5: the (at most two) disk streams a stream at `rate` presents to any one disk of the LU.
int diskStreams(const MinervaStream& s, double rate, const MinervaLu& lu, const MinervaOptions& o, DiskStream out[2])
{
    if (lu.type == MinervaLuType::Raid5) {
        // §2.5: a run is coalesced into one request per disk, so the disk run count is 1.
        const MinervaRaid5Disk d = minervaRaid5Disk(s, rate, lu, o);
        int n = 0;
        if (d.readRate > 0)
            out[n++] = DiskStream { d.readRate, d.readSize, 1 };
        if (d.writeRate > 0)
            out[n++] = DiskStream { d.writeRate, d.writeSize, 1 };
        return n;
    }
    // §2.4: a read goes to one disk of its pair, a write to both; requests are not split, and every
    // pair is equally likely. RAID 1 is RAID 1/0 with LU_size = 2.
    const double r = s.readProbability;
    out[0] = DiskStream { rate * (r + 2 * (1 - r)) / lu.size, s.requestSize, s.runCount };
    return out[0].rate > 0 ? 1 : 0;
}

struct Check
{
    double disk = 0, bandwidth = 0, throughput = 0;
    double worst() const { return std::max({ disk, bandwidth, throughput }); }
};

// Every constraint at the given per-stream request rates (already calibrated).
Check checkAt(const MinervaInput& in, const double* rates)
{
    const MinervaLu& lu = in.lu;
    Check c;
    double bytes = 0, requests = 0, lambda = 0;
    DiskStream ds[2];
    for (std::size_t i = 0; i < in.streams.size(); ++i) {
        bytes += rates[i] * in.streams[i].requestSize; // eq. 1
        requests += rates[i];                          // eq. 2
        const int n = diskStreams(in.streams[i], rates[i], lu, in.options, ds);
        for (int k = 0; k < n; ++k)
            lambda += ds[k].rate; // Λ: all requests at the disk
    }
    if (lu.maxControllerBandwidth > 0)
        c.bandwidth = bytes / lu.maxControllerBandwidth;
    if (lu.maxControllerThroughput > 0)
        c.throughput = requests / lu.maxControllerThroughput;
    if (!(lambda > 0))
        return c;
    for (std::size_t i = 0; i < in.streams.size(); ++i) {
        const int n = diskStreams(in.streams[i], rates[i], lu, in.options, ds);
        for (int k = 0; k < n; ++k) {
            // §2.3, read as effective_run_count = (1 - (λ_i / Λ)(1 - 1 / disk_run_count))^-1: other
            // streams' requests break a run, leaving runs of this mean length.
            const double effective = 1 / (1 - ds[k].rate / lambda * (1 - 1 / ds[k].runCount));
            c.disk += ds[k].rate * (lu.meanPositionTime / effective + ds[k].size / lu.transferRate); // eq. 3
        }
    }
    return c;
}

double calibrated(const MinervaInput& in, std::size_t i)
{
    const MinervaStream& s = in.streams[i];
    return s.requestRate * in.lu.calibration.at(s.requestSize, in.lu.size); // §2.7
}

} // namespace

MinervaRaid5Disk minervaRaid5Disk(const MinervaStream& s, double rate, const MinervaLu& lu, const MinervaOptions& o)
{
    MinervaRaid5Disk d;
    const double n = lu.size, su = lu.stripeUnitSize;
    const double run = s.runCount * s.requestSize; // the bytes of one run, the paper's run_count x request_size
    const bool twoOps = o.raid5SmallWrite == MinervaOptions::Raid5SmallWrite::TwoOps && run < su;

    // Reads (§2.5): a run touches 1 + run / su stripe units, at most every disk.
    const double readRunRate = rate * s.readProbability / s.runCount;
    d.disksReadPerReadRun = std::min(n, 1 + run / su);
    const double readSizeFromReads = run / d.disksReadPerReadRun;
    const double readRateFromReads = readRunRate * d.disksReadPerReadRun / n;

    // Writes. "LU_sizerun_count" is LU_size x run_count x request_size.
    const double writeRunRate = rate * (1 - s.readProbability) / s.runCount;
    if (run < su)
        d.dataWrittenPerWriteRun = 2 * run;
    else
        d.dataWrittenPerWriteRun = ((n - 2) * su + n * run) / (n - 1);
    d.disksWrittenPerWriteRun = twoOps ? 2 : std::min(n, 1 + d.dataWrittenPerWriteRun / su);
    d.writeRate = d.disksWrittenPerWriteRun * writeRunRate / n; // eq. 4
    if (twoOps)
        d.writeSize = run; // the prose: the data and the parity, each the run's size
    else if (o.raid5WriteSize == MinervaOptions::Raid5WriteSize::PerDisk)
        d.writeSize = d.dataWrittenPerWriteRun / d.disksWrittenPerWriteRun;
    else
        d.writeSize = d.dataWrittenPerWriteRun / (1 + d.dataWrittenPerWriteRun / su); // eq. 5, uncapped

    // Reads for parity: the old data and parity below a stripe unit; below the middle threshold,
    // read as (LU_size - 2) x stripe_unit_size / 2, by alignment; above it the large-write
    // optimisation reads what is not written.
    if (run < su)
        d.dataReadPerWriteRun = 2 * run;
    else if (run < (n - 2) * su / 2)
        d.dataReadPerWriteRun = ((n - 2) * su + n * run) / (n - 1);
    else
        d.dataReadPerWriteRun = (n * n - 4) * su / (2 * (n - 1));
    d.disksReadPerWriteRun = twoOps ? 2 : std::min(1 + d.dataReadPerWriteRun / su, n);
    const double readSizeFromWrites = twoOps ? run : d.dataReadPerWriteRun / d.disksReadPerWriteRun;
    // Read as disk_read_rate_from_writes = disks_read_per_write_run x write_run_rate / LU_size.
    const double readRateFromWrites = d.disksReadPerWriteRun * writeRunRate / n;

    d.readRate = readRateFromReads + readRateFromWrites; // eq. 6
    // Read as the rate-weighted mean of the read sizes from reads and from writes.
    d.readSize = d.readRate > 0 ? (readSizeFromReads * readRateFromReads + readSizeFromWrites * readRateFromWrites) / d.readRate : 0;
    return d;
}

QString minervaInputProblem(const MinervaInput& in)
{
    const MinervaLu& lu = in.lu;
    const auto bad = [](double x) { return !std::isfinite(x) || x < 0; };
    if (lu.type == MinervaLuType::Raid1 && lu.size != 2)
        return QStringLiteral("lu.LU_size: a raid1 LU has 2 disks (RAID 1/0 with LU_size = 2, section 2.4), not %1").arg(lu.size);
    if (lu.type == MinervaLuType::Raid10 && (lu.size < 2 || lu.size % 2))
        return QStringLiteral("lu.LU_size: a raid10 LU has an even number of disks, at least 2, not %1").arg(lu.size);
    if (lu.type == MinervaLuType::Raid5 && lu.size < 3)
        return QStringLiteral("lu.LU_size: a raid5 LU has at least 3 disks, not %1").arg(lu.size);
    if (!(lu.stripeUnitSize > 0) || !std::isfinite(lu.stripeUnitSize))
        return QStringLiteral("lu.stripe_unit_size: must be above 0");
    if (bad(lu.meanPositionTime))
        return QStringLiteral("lu.mean_position_time: must be 0 or more");
    if (!(lu.transferRate > 0) || !std::isfinite(lu.transferRate))
        return QStringLiteral("lu.transfer_rate: must be above 0");
    if (bad(lu.maxControllerBandwidth) || bad(lu.maxControllerThroughput))
        return QStringLiteral("lu: controller limits must be above 0 (or absent)");
    if (in.streams.empty())
        return QStringLiteral("streams: at least one stream");
    // The maximum scales the streams' rates together: with all of them 0 there is no mix to scale.
    if (std::all_of(in.streams.begin(), in.streams.end(), [](const MinervaStream& s) { return s.requestRate == 0; }))
        return QStringLiteral("streams: every request_rate is 0, so there is no mix of rates to scale");
    for (std::size_t i = 0; i < in.streams.size(); ++i) {
        const MinervaStream& s = in.streams[i];
        const QString at = QStringLiteral("streams[%1].").arg(i);
        if (bad(s.requestRate))
            return at + QStringLiteral("request_rate: must be 0 or more");
        if (!(s.requestSize > 0) || !std::isfinite(s.requestSize))
            return at + QStringLiteral("request_size: must be above 0");
        if (!(s.readProbability >= 0 && s.readProbability <= 1))
            return at + QStringLiteral("read_probability: must be in 0..1");
        // At most 10^9 requests a run: run_count 1e308 made the run's bytes infinite and the answer NaN.
        if (!(s.runCount >= 1) || !(s.runCount <= 1e9))
            return at + QStringLiteral("run_count: must be from 1 to 1000000000");
        if (bad(s.onTime) || bad(s.offTime))
            return at + QStringLiteral("on_time, off_time: must be 0 or more");
        if (s.offTime > 0 && !(s.onTime > 0))
            return at + QStringLiteral("on_time: a stream that is OFF for a while must be ON for a while too");
        if (!s.p.empty() && s.p.size() != in.streams.size())
            return at + QStringLiteral("p: one probability per stream (%1), not %2").arg(in.streams.size()).arg(s.p.size());
        for (std::size_t j = 0; j < s.p.size(); ++j)
            if (!(s.p[j] >= 0 && s.p[j] <= 1))
                return at + QStringLiteral("p[%1]: must be in 0..1").arg(j);
        if (!(calibrated(in, i) >= 0) || !std::isfinite(calibrated(in, i)))
            return at + QStringLiteral("request_rate: the calibration makes it negative at this request size and LU_size");
    }
    return {};
}

MinervaResult evaluateMinerva(const MinervaInput& in)
{
    const std::size_t n = in.streams.size();
    // Small stream counts stay on the stack: one evaluation allocates nothing.
    double small[16];
    std::vector<double> large;
    double* rates = small;
    if (n > 16) {
        large.resize(n);
        rates = large.data();
    }
    Check worst;
    int phase = -1;
    bool anyPhased = false;
    for (std::size_t i = 0; i < n; ++i)
        anyPhased |= in.streams[i].phased();
    if (!anyPhased) {
        for (std::size_t j = 0; j < n; ++j)
            rates[j] = calibrated(in, j);
        worst = checkAt(in, rates);
    } else {
        // §2.6: check each constraint just after each phased stream switches ON; stream j is then
        // ON with probability p_ij and counted at p_ij x its rate (always-ON streams at their rate).
        for (std::size_t i = 0; i < n; ++i) {
            const MinervaStream& si = in.streams[i];
            if (!si.phased())
                continue;
            for (std::size_t j = 0; j < n; ++j) {
                const MinervaStream& sj = in.streams[j];
                double p = 1;
                if (j != i && sj.phased())
                    p = si.p.empty() ? sj.onTime / (sj.onTime + sj.offTime) : si.p[j];
                rates[j] = p * calibrated(in, j);
            }
            const Check c = checkAt(in, rates);
            if (phase < 0 || c.worst() > worst.worst()) {
                worst = c;
                phase = int(i);
            }
        }
    }
    MinervaResult r;
    r.diskUtilization = worst.disk;
    r.controllerBandwidthUtilization = worst.bandwidth;
    r.controllerThroughputUtilization = worst.throughput;
    r.utilization = worst.worst();
    r.binding = r.utilization == worst.disk ? QStringLiteral("disk")
        : r.utilization == worst.bandwidth  ? QStringLiteral("controller_bandwidth")
                                            : QStringLiteral("controller_throughput");
    r.feasible = r.utilization < 1;
    r.phase = phase;
    double total = 0;
    for (const MinervaStream& s : in.streams)
        total += s.requestRate;
    // Every constraint is linear in a common scale of the rates (the effective run counts depend
    // only on ratios of rates), so the first reaches 1 at scale 1 / utilization.
    r.maxScale = r.utilization > 0 ? 1 / r.utilization : std::numeric_limits<double>::infinity();
    r.maxRequestRate = r.maxScale * total;
    return r;
}

std::optional<MinervaCalibration> fitMinervaCalibration(const std::vector<MinervaMeasurement>& measurements, QString* error)
{
    if (measurements.empty()) {
        *error = QStringLiteral("calibration: no measurements");
        return std::nullopt;
    }
    Eigen::MatrixXd a(Eigen::Index(measurements.size()), 6);
    Eigen::VectorXd b(Eigen::Index(measurements.size()));
    for (std::size_t k = 0; k < measurements.size(); ++k) {
        const MinervaMeasurement& m = measurements[k];
        MinervaInput in = m.input;
        in.lu.calibration = {};
        if (const QString why = minervaInputProblem(in); !why.isEmpty()) {
            *error = QStringLiteral("measurements[%1].%2").arg(k).arg(why);
            return std::nullopt;
        }
        if (!(m.maxRequestRate > 0) || !std::isfinite(m.maxRequestRate)) {
            *error = QStringLiteral("measurements[%1].max_request_rate: must be above 0").arg(k);
            return std::nullopt;
        }
        // A factor c on every rate divides the maximum by c: the measurement asks for
        // c = uncalibrated maximum / measured maximum at its (rate-weighted) request size.
        double rate = 0, bytes = 0;
        for (const MinervaStream& s : in.streams) {
            rate += s.requestRate;
            bytes += s.requestRate * s.requestSize;
        }
        const double x = (rate > 0 ? bytes / rate : in.streams.front().requestSize) / 1024, y = in.lu.size;
        const auto row = Eigen::Index(k);
        a(row, 0) = 1;
        a(row, 1) = x;
        a(row, 2) = y;
        a(row, 3) = x * x;
        a(row, 4) = x * y;
        a(row, 5) = y * y;
        b(row) = evaluateMinerva(in).maxRequestRate / m.maxRequestRate;
    }
    // Least squares, minimum norm when the design is rank-deficient (one LU size, few sizes).
    const Eigen::VectorXd c = a.completeOrthogonalDecomposition().solve(b);
    MinervaCalibration out;
    for (int i = 0; i < 6; ++i)
        out.c[std::size_t(i)] = c(i);
    return out;
}

std::optional<MinervaInput> minervaInputFromJson(const QJsonObject& json, QString* error)
{
    FieldReader in;
    MinervaInput m;
    in.onlyKeys(json, {}, { QStringLiteral("lu"), QStringLiteral("streams"), QStringLiteral("options") });
    const QJsonObject lu = in.object(json, {}, QStringLiteral("lu"));
    const QString at = QStringLiteral("lu");
    in.onlyKeys(lu, at, { QStringLiteral("type"), QStringLiteral("LU_size"), QStringLiteral("stripe_unit_size"),
        QStringLiteral("mean_position_time"), QStringLiteral("transfer_rate"), QStringLiteral("max_controller_bandwidth"),
        QStringLiteral("max_controller_throughput"), QStringLiteral("calibration") });
    const QString type = in.string(lu, at, QStringLiteral("type"));
    if (!in.failed()) {
        if (type == u"raid10")
            m.lu.type = MinervaLuType::Raid10;
        else if (type == u"raid1")
            m.lu.type = MinervaLuType::Raid1;
        else if (type == u"raid5")
            m.lu.type = MinervaLuType::Raid5;
        else
            in.fail(QStringLiteral("lu.type"), QStringLiteral("'%1' is not raid10, raid1 or raid5").arg(type));
    }
    m.lu.size = in.integer(lu, at, QStringLiteral("LU_size"), 1);
    m.lu.stripeUnitSize = in.finite(lu, at, QStringLiteral("stripe_unit_size"), 0, std::numeric_limits<double>::max(), true);
    m.lu.meanPositionTime = in.finite(lu, at, QStringLiteral("mean_position_time"), 0);
    m.lu.transferRate = in.finite(lu, at, QStringLiteral("transfer_rate"), 0, std::numeric_limits<double>::max(), true);
    if (lu.contains(QStringLiteral("max_controller_bandwidth")))
        m.lu.maxControllerBandwidth = in.finite(lu, at, QStringLiteral("max_controller_bandwidth"), 0, std::numeric_limits<double>::max(), true);
    if (lu.contains(QStringLiteral("max_controller_throughput")))
        m.lu.maxControllerThroughput = in.finite(lu, at, QStringLiteral("max_controller_throughput"), 0, std::numeric_limits<double>::max(), true);
    if (lu.contains(QStringLiteral("calibration"))) {
        const QJsonArray c = in.array(lu, at, QStringLiteral("calibration"));
        if (!in.failed() && c.size() != 6)
            in.fail(QStringLiteral("lu.calibration"), QStringLiteral("six coefficients (1, x, y, x^2, xy, y^2; x in KiB, y disks), not %1").arg(c.size()));
        for (qsizetype i = 0; i < c.size() && !in.failed(); ++i)
            m.lu.calibration.c[std::size_t(i)] = in.asFinite(c[i], FieldReader::item(QStringLiteral("lu.calibration"), i),
                -std::numeric_limits<double>::max());
    }
    const QJsonArray streams = in.array(json, {}, QStringLiteral("streams"));
    if (!in.failed() && streams.isEmpty())
        in.fail(QStringLiteral("streams"), QStringLiteral("at least one stream"));
    for (qsizetype i = 0; i < streams.size() && !in.failed(); ++i) {
        const QString sat = FieldReader::item(QStringLiteral("streams"), i);
        const QJsonObject o = in.asObject(streams[i], sat);
        in.onlyKeys(o, sat, { QStringLiteral("request_rate"), QStringLiteral("request_size"), QStringLiteral("read_probability"),
            QStringLiteral("run_count"), QStringLiteral("on_time"), QStringLiteral("off_time"), QStringLiteral("p") });
        MinervaStream s;
        s.requestRate = in.finite(o, sat, QStringLiteral("request_rate"), 0);
        s.requestSize = in.finite(o, sat, QStringLiteral("request_size"), 0, std::numeric_limits<double>::max(), true);
        s.readProbability = in.finite(o, sat, QStringLiteral("read_probability"), 0, 1);
        s.runCount = in.finite(o, sat, QStringLiteral("run_count"), 1);
        if (o.contains(QStringLiteral("on_time")) || o.contains(QStringLiteral("off_time"))) {
            s.onTime = in.finite(o, sat, QStringLiteral("on_time"), 0, std::numeric_limits<double>::max(), true);
            s.offTime = in.finite(o, sat, QStringLiteral("off_time"), 0);
        }
        if (o.contains(QStringLiteral("p"))) {
            const QJsonArray p = in.array(o, sat, QStringLiteral("p"));
            if (!in.failed() && p.size() != streams.size())
                in.fail(FieldReader::join(sat, QStringLiteral("p")),
                    QStringLiteral("one probability per stream (%1), not %2").arg(streams.size()).arg(p.size()));
            for (qsizetype j = 0; j < p.size() && !in.failed(); ++j)
                s.p.push_back(in.asFinite(p[j], FieldReader::item(FieldReader::join(sat, QStringLiteral("p")), j), 0, 1));
        }
        m.streams.push_back(std::move(s));
    }
    if (json.contains(QStringLiteral("options"))) {
        const QJsonObject o = in.object(json, {}, QStringLiteral("options"));
        in.onlyKeys(o, QStringLiteral("options"), { QStringLiteral("raid5_small_write"), QStringLiteral("raid5_write_size") });
        if (o.contains(QStringLiteral("raid5_small_write"))) {
            const QString v = in.string(o, QStringLiteral("options"), QStringLiteral("raid5_small_write"));
            if (v == u"two_ops")
                m.options.raid5SmallWrite = MinervaOptions::Raid5SmallWrite::TwoOps;
            else if (!in.failed() && v != u"equations")
                in.fail(QStringLiteral("options.raid5_small_write"), QStringLiteral("'%1' is not equations or two_ops").arg(v));
        }
        if (o.contains(QStringLiteral("raid5_write_size"))) {
            const QString v = in.string(o, QStringLiteral("options"), QStringLiteral("raid5_write_size"));
            if (v == u"per_disk")
                m.options.raid5WriteSize = MinervaOptions::Raid5WriteSize::PerDisk;
            else if (!in.failed() && v != u"eq5")
                in.fail(QStringLiteral("options.raid5_write_size"), QStringLiteral("'%1' is not eq5 or per_disk").arg(v));
        }
    }
    if (in.failed()) {
        *error = in.error();
        return std::nullopt;
    }
    if (const QString why = minervaInputProblem(m); !why.isEmpty()) {
        *error = why;
        return std::nullopt;
    }
    return m;
}

QJsonObject minervaResultJson(const MinervaResult& r)
{
    // Infinity (no load at all) has no JSON number: null.
    const auto num = [](double x) { return std::isfinite(x) ? QJsonValue(x) : QJsonValue(QJsonValue::Null); };
    QJsonObject o { { QStringLiteral("utilization"), num(r.utilization) }, { QStringLiteral("disk_utilization"), num(r.diskUtilization) },
        { QStringLiteral("controller_bandwidth_utilization"), num(r.controllerBandwidthUtilization) },
        { QStringLiteral("controller_throughput_utilization"), num(r.controllerThroughputUtilization) },
        { QStringLiteral("binding"), r.binding }, { QStringLiteral("feasible"), r.feasible },
        { QStringLiteral("max_scale"), num(r.maxScale) }, { QStringLiteral("max_request_rate"), num(r.maxRequestRate) } };
    if (r.phase >= 0)
        o.insert(QStringLiteral("binding_phase"), r.phase);
    return o;
}

std::vector<MinervaResult> minervaSweep(const MinervaInput& input, MinervaAxis axis, const std::vector<double>& values)
{
    std::vector<MinervaResult> out;
    out.reserve(values.size());
    MinervaInput in = input;
    for (double x : values) {
        for (MinervaStream& s : in.streams) {
            switch (axis) {
            case MinervaAxis::ReadProbability: s.readProbability = x; break;
            case MinervaAxis::RequestSize: s.requestSize = x; break;
            case MinervaAxis::RunCount: s.runCount = x; break;
            }
        }
        out.push_back(evaluateMinerva(in));
    }
    return out;
}

QJsonObject minervaInputJson(const MinervaInput& in)
{
    const QString types[] = { QStringLiteral("raid10"), QStringLiteral("raid1"), QStringLiteral("raid5") };
    QJsonObject lu { { QStringLiteral("type"), types[int(in.lu.type)] }, { QStringLiteral("LU_size"), in.lu.size },
        { QStringLiteral("stripe_unit_size"), in.lu.stripeUnitSize }, { QStringLiteral("mean_position_time"), in.lu.meanPositionTime },
        { QStringLiteral("transfer_rate"), in.lu.transferRate } };
    if (in.lu.maxControllerBandwidth > 0)
        lu.insert(QStringLiteral("max_controller_bandwidth"), in.lu.maxControllerBandwidth);
    if (in.lu.maxControllerThroughput > 0)
        lu.insert(QStringLiteral("max_controller_throughput"), in.lu.maxControllerThroughput);
    if (!in.lu.calibration.isIdentity())
        lu.insert(QStringLiteral("calibration"), QJsonArray { in.lu.calibration.c[0], in.lu.calibration.c[1], in.lu.calibration.c[2],
            in.lu.calibration.c[3], in.lu.calibration.c[4], in.lu.calibration.c[5] });
    QJsonArray streams;
    for (const MinervaStream& s : in.streams) {
        QJsonObject o { { QStringLiteral("request_rate"), s.requestRate }, { QStringLiteral("request_size"), s.requestSize },
            { QStringLiteral("read_probability"), s.readProbability }, { QStringLiteral("run_count"), s.runCount } };
        if (s.phased()) {
            o.insert(QStringLiteral("on_time"), s.onTime);
            o.insert(QStringLiteral("off_time"), s.offTime);
        }
        if (!s.p.empty()) {
            QJsonArray p;
            for (double x : s.p)
                p.append(x);
            o.insert(QStringLiteral("p"), p);
        }
        streams.append(o);
    }
    return QJsonObject { { QStringLiteral("lu"), lu }, { QStringLiteral("streams"), streams },
        { QStringLiteral("options"), QJsonObject {
            { QStringLiteral("raid5_small_write"), in.options.raid5SmallWrite == MinervaOptions::Raid5SmallWrite::TwoOps ? QStringLiteral("two_ops") : QStringLiteral("equations") },
            { QStringLiteral("raid5_write_size"), in.options.raid5WriteSize == MinervaOptions::Raid5WriteSize::PerDisk ? QStringLiteral("per_disk") : QStringLiteral("eq5") } } } };
}

} // namespace raidscope
