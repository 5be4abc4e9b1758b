// SPDX-License-Identifier: GPL-3.0-or-later
// Minerva (Merchant & Alvarez, HPL-2001-118, section 2) against cases worked by hand from the
// equations, each number below computed on paper from the paper's formulas.
#include "layout/arrayspec.h"
#include "model/minerva.h"

#include <catch2/catch.hpp>

#include <QJsonDocument>

using namespace raidscope;

namespace {

// A disk of 8 ms mean positioning and 10 MB/s: 8 KiB transfers in 0.8192 ms.
MinervaLu lu(MinervaLuType type, int size, double su = 65536)
{
    MinervaLu l;
    l.type = type;
    l.size = size;
    l.stripeUnitSize = su;
    l.meanPositionTime = 0.008;
    l.transferRate = 1e7;
    return l;
}

MinervaStream stream(double rate, double size, double read, double run = 1)
{
    MinervaStream s;
    s.requestRate = rate;
    s.requestSize = size;
    s.readProbability = read;
    s.runCount = run;
    return s;
}

} // namespace

TEST_CASE("Minerva: a lone random stream on RAID 1/0 (2.3, 2.4)", "[model][minerva]")
{
    // 100 requests/s, half writes, on 4 disks: each disk sees 100 x (0.5 + 2 x 0.5) / 4 = 37.5/s
    // of 8 + 0.8192 ms: utilization 0.33072; every rate can grow 1 / 0.33072 = 3.02371 times.
    MinervaInput in { lu(MinervaLuType::Raid10, 4), { stream(100, 8192, 0.5) }, {} };
    REQUIRE(minervaInputProblem(in).isEmpty());
    const MinervaResult r = evaluateMinerva(in);
    CHECK(r.diskUtilization == Approx(0.33072));
    CHECK(r.utilization == Approx(0.33072));
    CHECK(r.binding == u"disk");
    CHECK(r.feasible);
    CHECK(r.maxScale == Approx(1 / 0.33072));
    CHECK(r.maxRequestRate == Approx(100 / 0.33072));
    CHECK(r.phase == -1);

    // RAID 1 is RAID 1/0 with LU_size 2: 75/s per disk, utilization 0.66144.
    in.lu = lu(MinervaLuType::Raid1, 2);
    CHECK(evaluateMinerva(in).diskUtilization == Approx(0.66144));
}

TEST_CASE("Minerva: runs, and other streams breaking them (2.3)", "[model][minerva]")
{
    // Alone, a stream of runs of 4 pays the positioning once per run: 37.5 x (2 + 0.8192) ms.
    MinervaInput in { lu(MinervaLuType::Raid10, 4), { stream(100, 8192, 0.5, 4) }, {} };
    CHECK(evaluateMinerva(in).diskUtilization == Approx(37.5 * (0.002 + 0.0008192)));

    // Two read streams on RAID 1, 100/s each (50/s at each disk, Λ = 100): the runs of 4 are broken
    // to (1 - 0.5 x 0.75)^-1 = 1.6; the random stream stays at 1.
    in.lu = lu(MinervaLuType::Raid1, 2);
    in.streams = { stream(100, 8192, 1, 4), stream(100, 8192, 1, 1) };
    const double expected = 50 * (0.008 / 1.6 + 0.0008192) + 50 * (0.008 + 0.0008192);
    CHECK(evaluateMinerva(in).diskUtilization == Approx(expected));
}

TEST_CASE("Minerva: a RAID 5 small write, by the equations and by the prose (2.5)", "[model][minerva]")
{
    // 100 writes/s of 8 KiB on 5 disks, 64 KiB stripe units. The run (8 KiB) is below a stripe unit:
    // 16 KiB written per run on 1 + 16/64 = 1.25 disks, so 1.25 x 100 / 5 = 25 writes/s per disk of
    // 16384 / 1.25 = 13107.2 bytes (eq. 4, 5); the same for the reads of old data and parity.
    MinervaInput in { lu(MinervaLuType::Raid5, 5), { stream(100, 8192, 0) }, {} };
    const MinervaRaid5Disk d = minervaRaid5Disk(in.streams[0], 100, in.lu, in.options);
    CHECK(d.dataWrittenPerWriteRun == 16384);
    CHECK(d.disksWrittenPerWriteRun == 1.25);
    CHECK(d.writeRate == Approx(25));
    CHECK(d.writeSize == Approx(13107.2));
    CHECK(d.dataReadPerWriteRun == 16384);
    CHECK(d.readRate == Approx(25));
    CHECK(d.readSize == Approx(13107.2));
    CHECK(evaluateMinerva(in).diskUtilization == Approx(2 * 25 * (0.008 + 0.00131072)));

    // The prose: two reads and two writes of 8 KiB: 40 reads and 40 writes per disk.
    in.options.raid5SmallWrite = MinervaOptions::Raid5SmallWrite::TwoOps;
    CHECK(evaluateMinerva(in).diskUtilization == Approx(2 * 40 * (0.008 + 0.0008192)));
}

TEST_CASE("Minerva: a RAID 5 full-stripe write and the large-write optimisation (2.5)", "[model][minerva]")
{
    // 256 KiB writes on 5 disks of 64 KiB units (a full stripe of data). Written per run:
    // (3 x 65536 + 5 x 262144) / 4 = 376832 bytes, on min(5, 1 + 5.75) = 5 disks. The run is past
    // (5 - 2) x 64 KiB / 2, so the large write reads (25 - 4) x 65536 / 8 = 172032 bytes on
    // 1 + 2.625 = 3.625 disks.
    MinervaInput in { lu(MinervaLuType::Raid5, 5), { stream(10, 262144, 0) }, {} };
    const MinervaRaid5Disk d = minervaRaid5Disk(in.streams[0], 10, in.lu, in.options);
    CHECK(d.dataWrittenPerWriteRun == 376832);
    CHECK(d.disksWrittenPerWriteRun == 5);
    CHECK(d.writeRate == Approx(10));
    CHECK(d.writeSize == Approx(376832 / 6.75)); // eq. 5 without eq. 4's cap
    CHECK(d.dataReadPerWriteRun == 172032);
    CHECK(d.disksReadPerWriteRun == 3.625);
    CHECK(d.readRate == Approx(3.625 * 10 / 5));
    CHECK(d.readSize == Approx(172032 / 3.625));
    in.options.raid5WriteSize = MinervaOptions::Raid5WriteSize::PerDisk;
    CHECK(minervaRaid5Disk(in.streams[0], 10, in.lu, in.options).writeSize == Approx(376832.0 / 5));

    // The middle case: 8 disks, a 128 KiB run (past one unit, below 6 x 64 KiB / 2): read as much
    // as is written, (6 x 65536 + 8 x 131072) / 7 = 205970.29 bytes.
    in.lu = lu(MinervaLuType::Raid5, 8);
    in.streams = { stream(10, 131072, 0) };
    const MinervaRaid5Disk m = minervaRaid5Disk(in.streams[0], 10, in.lu, in.options);
    CHECK(m.dataReadPerWriteRun == Approx((6 * 65536.0 + 8 * 131072.0) / 7));
    CHECK(m.dataWrittenPerWriteRun == Approx(m.dataReadPerWriteRun));

    // Reads of a run: 4 requests of 32 KiB in a run touch 1 + 128/64 = 3 disks, 43690.67 bytes each,
    // at 100 / 4 x 3 / 8 = 9.375 per second per disk.
    in.streams = { stream(100, 32768, 1, 4) };
    const MinervaRaid5Disk r = minervaRaid5Disk(in.streams[0], 100, in.lu, in.options);
    CHECK(r.disksReadPerReadRun == 3);
    CHECK(r.readRate == Approx(9.375));
    CHECK(r.readSize == Approx(131072.0 / 3));
    CHECK(r.writeRate == 0);
}

TEST_CASE("Minerva: controller constraints and which one binds (2.2)", "[model][minerva]")
{
    // 100/s of 64 KiB through a 5 MB/s controller: 6553600 / 5e6 = 1.31 of its bandwidth.
    MinervaInput in { lu(MinervaLuType::Raid10, 8), { stream(100, 65536, 1) }, {} };
    in.lu.maxControllerBandwidth = 5e6;
    in.lu.maxControllerThroughput = 1000;
    const MinervaResult r = evaluateMinerva(in);
    CHECK(r.controllerBandwidthUtilization == Approx(1.31072));
    CHECK(r.controllerThroughputUtilization == Approx(0.1));
    CHECK(r.binding == u"controller_bandwidth");
    CHECK_FALSE(r.feasible);
    CHECK(r.maxRequestRate == Approx(5e6 / 65536));
}

TEST_CASE("Minerva: ON-OFF phasing checks each stream switching ON (2.6)", "[model][minerva]")
{
    // Two read streams on RAID 1/0 of 4, 100/s and 300/s of 8 KiB. Switching ON, stream 0 finds stream 1
    // ON with probability 0.5, and stream 1 finds stream 0 ON with 0.2: the checks carry 100 + 150
    // and 20 + 300 requests/s, so the second binds.
    MinervaInput in { lu(MinervaLuType::Raid10, 4), { stream(100, 8192, 1), stream(300, 8192, 1) }, {} };
    in.streams[0].onTime = 1;
    in.streams[0].offTime = 4;
    in.streams[0].p = { 1, 0.5 };
    in.streams[1].onTime = 1;
    in.streams[1].offTime = 1;
    in.streams[1].p = { 0.2, 1 };
    const MinervaResult r = evaluateMinerva(in);
    CHECK(r.phase == 1);
    CHECK(r.diskUtilization == Approx(320.0 / 4 * 0.0088192));
    // Without p rows the streams are independent: stream 0 is ON 1/5 of the time, stream 1 half.
    in.streams[0].p.clear();
    in.streams[1].p.clear();
    CHECK(evaluateMinerva(in).diskUtilization == Approx(320.0 / 4 * 0.0088192)); // 0.2 x 100 + 300 again
}

TEST_CASE("Minerva: the calibration factor is fitted by least squares (2.7)", "[model][minerva]")
{
    // Measurements made as if the array served exactly what the model says divided by
    // 1.1 + 0.002 x (x the request size in KiB): the fit gives the model back every measurement.
    std::vector<MinervaMeasurement> ms;
    for (int disks : { 4, 8 })
        for (double kib : { 8.0, 32.0, 64.0 })
            for (double read : { 0.0, 0.5, 1.0 }) {
                MinervaInput in { lu(MinervaLuType::Raid5, disks), { stream(100, kib * 1024, read) }, {} };
                const double truth = 1.1 + 0.002 * kib;
                ms.push_back({ in, evaluateMinerva(in).maxRequestRate / truth });
            }
    QString error;
    const auto c = fitMinervaCalibration(ms, &error);
    REQUIRE(c);
    for (const MinervaMeasurement& m : ms) {
        MinervaInput in = m.input;
        in.lu.calibration = *c;
        CHECK(evaluateMinerva(in).maxRequestRate == Approx(m.maxRequestRate).epsilon(1e-9));
    }
    CHECK(c->at(16 * 1024, 4) == Approx(1.132));
    CHECK_FALSE(fitMinervaCalibration({}, &error));
    CHECK(error == u"calibration: no measurements");
}

TEST_CASE("Minerva: JSON in strictly, with the field named", "[model][minerva]")
{
    const auto parse = [](const char* text, QString* error) {
        return minervaInputFromJson(QJsonDocument::fromJson(text).object(), error);
    };
    QString error;
    const auto ok = parse(R"({"lu": {"type": "raid5", "LU_size": 5, "stripe_unit_size": 65536, "mean_position_time": 0.008,
        "transfer_rate": 1e7}, "streams": [{"request_rate": 100, "request_size": 8192, "read_probability": 0, "run_count": 1}],
        "options": {"raid5_small_write": "two_ops"}})", &error);
    REQUIRE(ok);
    CHECK(evaluateMinerva(*ok).diskUtilization == Approx(2 * 40 * (0.008 + 0.0008192)));

    CHECK_FALSE(parse(R"({"lu": {"type": "raid6", "LU_size": 5, "stripe_unit_size": 65536, "mean_position_time": 0.008,
        "transfer_rate": 1e7}, "streams": []})", &error));
    CHECK(error == u"lu.type: 'raid6' is not raid10, raid1 or raid5");
    CHECK_FALSE(parse(R"({"lu": {"type": "raid10", "LU_size": 3, "stripe_unit_size": 65536, "mean_position_time": 0.008,
        "transfer_rate": 1e7}, "streams": [{"request_rate": 1, "request_size": 8192, "read_probability": 1, "run_count": 1}]})", &error));
    CHECK(error == u"lu.LU_size: a raid10 LU has an even number of disks, at least 2, not 3");
    CHECK_FALSE(parse(R"({"lu": {"type": "raid10", "LU_size": 4, "stripe_unit_size": 65536, "mean_position_time": 0.008,
        "transfer_rate": 1e7}, "streams": [{"request_rate": 1, "request_size": 8192, "read_probability": 1.5, "run_count": 1}]})", &error));
    CHECK(error == u"streams[0].read_probability: 1.5 must be at least 0 and at most 1");
    CHECK_FALSE(parse(R"({"lu": {"type": "raid10", "LU_size": 4, "stripe_unit_size": 65536, "mean_position_time": 0.008,
        "transfer_rate": 1e7}, "streams": [{"request_rate": 1, "request_size": 8192, "read_probability": 1, "run_count": 1,
        "runcount": 4}]})", &error));
    CHECK(error.startsWith(QStringLiteral("streams[0].runcount: unknown key")));
    CHECK_FALSE(parse(R"({"lu": {"type": "raid10", "LU_size": 4, "stripe_unit_size": 65536, "mean_position_time": 0.008,
        "transfer_rate": 1e7}, "streams": [{"request_rate": 1, "request_size": 8192, "read_probability": 1, "run_count": 0.5}]})", &error));
    CHECK(error == u"streams[0].run_count: 0.5 must be at least 1");
    // No load at all has no mix to scale (found by fuzz_model: the maximum came out 0 x infinity).
    CHECK_FALSE(parse(R"({"lu": {"type": "raid5", "LU_size": 5, "stripe_unit_size": 31072, "mean_position_time": 0.008,
        "transfer_rate": 1e7}, "streams": [{"request_rate": 0, "request_size": 8192, "read_probability": 0, "run_count": 4}]})", &error));
    CHECK(error == u"streams: every request_rate is 0, so there is no mix of rates to scale");
}

TEST_CASE("Minerva: sweeps, an array spec as an LU, and the JSON round trip", "[model][minerva]")
{
    // A lone stream on RAID 1/0 of 4: a read goes to one disk of four, a write to two, so at read
    // fraction r each disk takes 100 (r + 2 (1 - r)) / 4 requests/s, and the maximum falls
    // from 4 / 8.8192 ms (453.6/s, all reads) to 2 / 8.8192 ms (226.8/s, all writes).
    MinervaInput in { lu(MinervaLuType::Raid10, 4), { stream(100, 8192, 1) }, {} };
    const auto sweep = minervaSweep(in, MinervaAxis::ReadProbability, { 0, 0.5, 1 });
    REQUIRE(sweep.size() == 3);
    CHECK(sweep[0].maxRequestRate == Approx(2 / 0.0088192));
    CHECK(sweep[1].maxRequestRate == Approx(100 / 0.33072));
    CHECK(sweep[2].maxRequestRate == Approx(4 / 0.0088192));

    QString error;
    const auto raid5 = minervaLuFromArray(*parseArraySpec(QStringLiteral("raid5 disks=6 chunk=32KiB disk=cheetah-15k"), &error), &error);
    REQUIRE(raid5);
    CHECK(raid5->type == MinervaLuType::Raid5);
    CHECK(raid5->size == 6);
    CHECK(raid5->stripeUnitSize == 32768);
    CHECK(raid5->transferRate == Approx(64e6)); // the whitepaper's drive (tst_advisor: cheetah-15k)
    CHECK(raid5->meanPositionTime == Approx(0.0056).margin(0.00003));
    CHECK_FALSE(minervaLuFromArray(*parseArraySpec(QStringLiteral("raid6 disks=6"), &error), &error));
    CHECK(error.contains(QStringLiteral("not raid6 of 6 disks")));

    in.streams[0].onTime = 2;
    in.streams[0].offTime = 3;
    in.streams.push_back(stream(30, 65536, 0.25, 8));
    in.streams[1].p = { 0.5, 1 };
    in.options.raid5WriteSize = MinervaOptions::Raid5WriteSize::PerDisk;
    const auto back = minervaInputFromJson(minervaInputJson(in), &error);
    REQUIRE(back);
    CHECK(evaluateMinerva(*back).utilization == evaluateMinerva(in).utilization);
    CHECK(back->streams[1].p == std::vector<double> { 0.5, 1 });
    CHECK(back->options.raid5WriteSize == MinervaOptions::Raid5WriteSize::PerDisk);
}
