// SPDX-License-Identifier: GPL-3.0-or-later
#include "layout/requestplan.h"
#include "testsupport.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace raidscope;
using raidscope::test::makeLayout;

namespace {

constexpr std::uint64_t KiB = 1024;

bool hasOp(const RequestPlan& plan, int disk, std::uint64_t block, std::uint64_t blocks, DiskOp::Kind kind, DiskOp::Role role)
{
    return std::any_of(plan.ops.begin(), plan.ops.end(), [&](const DiskOp& op) {
        return op.disk == disk && op.block == block && op.blocks == blocks && op.kind == kind && op.role == role;
    });
}

} // namespace

TEST_CASE("RequestPlan: a RAID-0 read touches the chunks' disks only", "[core][plan]")
{
    // raid0, 3 disks, 8 KiB chunks (2 blocks): 24 KiB at 8 KiB covers chunks 1, 2, 3 -> disks 1, 2, 0;
    // chunk 3 is the first chunk of disk 0's second row, i.e. disk blocks 2-3.
    const auto layout = makeLayout(QStringLiteral("raid0 disks=3 chunk=8KiB"));
    const RequestPlan plan = planRequest(*layout, 8 * KiB, 24 * KiB, false);
    REQUIRE(plan.chunks.size() == 3);
    CHECK(plan.chunks[0].disk == 1);
    CHECK(plan.chunks[1].disk == 2);
    CHECK(plan.chunks[2].disk == 0);
    CHECK(plan.ops.size() == 3);
    CHECK(hasOp(plan, 0, 2, 2, DiskOp::Read, DiskOp::Data));
    CHECK(hasOp(plan, 1, 0, 2, DiskOp::Read, DiskOp::Data));
    CHECK(hasOp(plan, 2, 0, 2, DiskOp::Read, DiskOp::Data));
    CHECK(plan.disksTouched() == 3);
    CHECK(plan.opBlocks(DiskOp::Read) == 6);
    CHECK(plan.opBlocks(DiskOp::Write) == 0);
}

TEST_CASE("RequestPlan: bad requests are refused with a reason", "[core][plan]")
{
    const auto layout = makeLayout(QStringLiteral("raid0 disks=2 chunk=8KiB size=64KiB")); // 128 KiB array
    QString error;
    CHECK(planRequest(*layout, 0, 0, false, &error).ops.empty());
    CHECK(error == QStringLiteral("request size is zero"));
    CHECK(planRequest(*layout, 120 * KiB, 16 * KiB, false, &error).ops.empty());
    CHECK(error.contains(QStringLiteral("runs past the array's end (128KiB)")));
    CHECK(planRequest(*layout, 200 * KiB, 4 * KiB, false, &error).ops.empty());

    // An unaligned request is widened to the blocks it touches: bytes 1000-1099 lie in block 0.
    const RequestPlan widened = planRequest(*layout, 1000, 100, false);
    CHECK_FALSE(widened.aligned);
    CHECK(widened.firstLba == 0);
    CHECK(widened.blocks == 1);
}

TEST_CASE("RequestPlan: a 128 KiB write on RAID-5 LS with 16 KiB chunks", "[core][plan]")
{
    // Worked by hand from md's left-symmetric rotation on 4 disks (3 data chunks = 48 KiB a stripe,
    // 4 blocks a chunk): stripe 0 has P on disk 3, stripe 1 on disk 2, stripe 2 on disk 1.
    // 128 KiB = stripes 0 and 1 whole (no reads) + chunks 6 and 7 of stripe 2 (disks 2 and 3).
    // In stripe 2 each row has 2 of 3 data blocks written: read-modify-write would read 3 blocks
    // (2 old data + P), reconstruct-write 1 (chunk 8 on disk 0), so reconstruct-write.
    const auto layout = makeLayout(QStringLiteral("raid5 layout=ls disks=4 chunk=16KiB"));
    const RequestPlan plan = planRequest(*layout, 0, 128 * KiB, true);
    REQUIRE(plan.stripes.size() == 3);
    CHECK(plan.stripes[0].method == ParityMethod::FullStripe);
    CHECK(plan.stripes[1].method == ParityMethod::FullStripe);
    CHECK(plan.stripes[2].method == ParityMethod::ReconstructWrite);
    CHECK(plan.stripes[2].rows == 4);

    CHECK(plan.opBlocks(DiskOp::Read) == 4);
    CHECK(hasOp(plan, 0, 8, 4, DiskOp::Read, DiskOp::OtherData));
    CHECK(plan.opBlocks(DiskOp::Write) == 32 + 12); // 128 KiB of data + 3 parity chunks
    CHECK(hasOp(plan, 0, 0, 8, DiskOp::Write, DiskOp::Data));    // chunks 0 and 4
    CHECK(hasOp(plan, 1, 0, 8, DiskOp::Write, DiskOp::Data));    // chunks 1 and 5
    CHECK(hasOp(plan, 1, 8, 4, DiskOp::Write, DiskOp::ParityP)); // P of stripe 2
    CHECK(hasOp(plan, 2, 0, 4, DiskOp::Write, DiskOp::Data));    // chunk 2
    CHECK(hasOp(plan, 2, 4, 4, DiskOp::Write, DiskOp::ParityP)); // P of stripe 1
    CHECK(hasOp(plan, 2, 8, 4, DiskOp::Write, DiskOp::Data));    // chunk 6
    CHECK(hasOp(plan, 3, 0, 4, DiskOp::Write, DiskOp::ParityP)); // P of stripe 0
    CHECK(hasOp(plan, 3, 4, 8, DiskOp::Write, DiskOp::Data));    // chunks 3 and 7
    CHECK(plan.disksTouched() == 4);
}

TEST_CASE("RequestPlan: a small RAID-5 write is read-modify-write with 4 disk operations", "[core][plan]")
{
    // 5 disks, 4 data per stripe: one block written -> rmw reads 2 (old data, old P) < rcw reads 3.
    const auto layout = makeLayout(QStringLiteral("raid5 disks=5 chunk=16KiB"));
    const RequestPlan plan = planRequest(*layout, 4 * KiB, 4 * KiB, true);
    REQUIRE(plan.stripes.size() == 1);
    CHECK(plan.stripes[0].method == ParityMethod::ReadModifyWrite);
    CHECK(plan.ops.size() == 4);
    CHECK(plan.opBlocks(DiskOp::Read) == 2);
    CHECK(plan.opBlocks(DiskOp::Write) == 2);
    // md left-symmetric stripe 0: data on disks 0-3, P on disk 4; block 1 is in chunk 0 at disk block 1.
    CHECK(hasOp(plan, 0, 1, 1, DiskOp::Read, DiskOp::OldData));
    CHECK(hasOp(plan, 4, 1, 1, DiskOp::Read, DiskOp::OldParity));
    CHECK(hasOp(plan, 0, 1, 1, DiskOp::Write, DiskOp::Data));
    CHECK(hasOp(plan, 4, 1, 1, DiskOp::Write, DiskOp::ParityP));
}

TEST_CASE("RequestPlan: RAID-6 writes update P and Q, mirrors write every copy", "[core][plan]")
{
    // raid6 LS on 6 disks, stripe 0: P on disk 5, Q on disk 0, data on disks 1-4 (md: dd = (pd+2+dd) % D).
    // One block: rmw reads 1 + 2 = 3, rcw reads 3 -> tie, md takes reconstruct-write.
    const auto r6 = makeLayout(QStringLiteral("raid6 disks=6 chunk=16KiB"));
    const RequestPlan p6 = planRequest(*r6, 0, 4 * KiB, true);
    REQUIRE(p6.stripes.size() == 1);
    CHECK(p6.stripes[0].method == ParityMethod::ReconstructWrite);
    CHECK(hasOp(p6, 5, 0, 1, DiskOp::Write, DiskOp::ParityP));
    CHECK(hasOp(p6, 0, 0, 1, DiskOp::Write, DiskOp::ParityQ));
    CHECK(hasOp(p6, 1, 0, 1, DiskOp::Write, DiskOp::Data));
    CHECK(p6.opBlocks(DiskOp::Read) == 3);

    // raid10 near, 2 copies, 4 disks: chunk 1 lives on disks 2 and 3 at row 0.
    const auto r10 = makeLayout(QStringLiteral("raid10 disks=4 chunk=16KiB"));
    const RequestPlan p10 = planRequest(*r10, 16 * KiB, 16 * KiB, true);
    CHECK(p10.ops.size() == 2);
    CHECK(hasOp(p10, 2, 0, 4, DiskOp::Write, DiskOp::Data));
    CHECK(hasOp(p10, 3, 0, 4, DiskOp::Write, DiskOp::Mirror));
    CHECK(p10.stripes.empty());
}

TEST_CASE("RequestPlan: Linux md's reconstruct-always costs D operations per small write", "[core][plan]")
{
    // Shear §4: md's RAID-5 on 5 disks measured a read/write ratio of 5, not 4: it reads the other
    // 3 data blocks of the row and writes data and parity.
    const auto layout = makeLayout(QStringLiteral("raid5 disks=5 chunk=16KiB"));
    PlanOptions md;
    md.alwaysReconstructWrite = true;
    const RequestPlan plan = planRequest(*layout, 0, 4 * KiB, true, nullptr, md);
    CHECK(plan.stripes.at(0).method == ParityMethod::ReconstructWrite);
    CHECK(plan.opBlocks(DiskOp::Read) == 3);
    CHECK(plan.opBlocks(DiskOp::Write) == 2);
}

TEST_CASE("RequestPlan: degraded arrays read survivors and skip failed disks", "[core][plan]")
{
    PlanOptions failed0;
    failed0.failed = { true, false, false, false, false };

    SECTION("a parity read of a lost block touches every survivor of its row")
    {
        // raid5 LS 4 disks: stripe 0 = chunks 0,1,2 on disks 0,1,2, P on disk 3.
        const auto layout = makeLayout(QStringLiteral("raid5 disks=4 chunk=16KiB"));
        const RequestPlan plan = planRequest(*layout, 0, 4 * KiB, false, nullptr, failed0);
        CHECK_FALSE(plan.lost);
        CHECK(plan.ops.size() == 3);
        CHECK(hasOp(plan, 1, 0, 1, DiskOp::Read, DiskOp::Rebuild));
        CHECK(hasOp(plan, 2, 0, 1, DiskOp::Read, DiskOp::Rebuild));
        CHECK(hasOp(plan, 3, 0, 1, DiskOp::Read, DiskOp::Rebuild));
    }
    SECTION("a write whose data disk failed updates parity from the other data")
    {
        const auto layout = makeLayout(QStringLiteral("raid5 disks=4 chunk=16KiB"));
        const RequestPlan plan = planRequest(*layout, 0, 4 * KiB, true, nullptr, failed0);
        CHECK(plan.ops.size() == 3);
        CHECK(hasOp(plan, 1, 0, 1, DiskOp::Read, DiskOp::OtherData));
        CHECK(hasOp(plan, 2, 0, 1, DiskOp::Read, DiskOp::OtherData));
        CHECK(hasOp(plan, 3, 0, 1, DiskOp::Write, DiskOp::ParityP));
    }
    SECTION("a write next to a failed data disk is a read-modify-write of the live blocks")
    {
        // raid5 LS 5 disks, block 16 (chunk 4 = stripe 1 row 0: P on disk 3, data on 4,0,1,2);
        // chunk 4 is the first data chunk of stripe 1, on disk 4; disk 0 holds chunk 5 and has failed.
        // New parity = old parity ^ old data ^ new data needs neither disk 0 nor the other data:
        // md's handle_stripe_dirtying() counts the failed disk against a reconstruct-write only.
        const auto layout = makeLayout(QStringLiteral("raid5 disks=5 chunk=16KiB"));
        const RequestPlan plan = planRequest(*layout, 64 * KiB, 4 * KiB, true, nullptr, failed0);
        CHECK(plan.stripes.at(0).method == ParityMethod::ReadModifyWrite);
        CHECK(hasOp(plan, 4, 4, 1, DiskOp::Read, DiskOp::OldData));
        CHECK(hasOp(plan, 3, 4, 1, DiskOp::Read, DiskOp::OldParity));
        CHECK(hasOp(plan, 4, 4, 1, DiskOp::Write, DiskOp::Data));
        CHECK(hasOp(plan, 3, 4, 1, DiskOp::Write, DiskOp::ParityP));
        CHECK(plan.ops.size() == 4);
    }
    SECTION("RAID 6 with a written block and an unwritten one failed reads every live block")
    {
        // raid6 LS 5 disks (md's ALGORITHM_LEFT_SYMMETRIC), stripe 0: P on disk 4, Q on disk 0, data
        // chunks 0,1,2 on disks 1,2,3. Disks 1 and 2 failed; a write to chunk 0 (disk 1): its old data
        // is gone (no read-modify-write) and chunk 1 cannot be read (no reconstruct-write): disk 3 and
        // both parities are read, the parities written.
        PlanOptions failed12;
        failed12.failed = { false, true, true, false, false };
        const auto layout = makeLayout(QStringLiteral("raid6 disks=5 chunk=16KiB"));
        const RequestPlan plan = planRequest(*layout, 0, 4 * KiB, true, nullptr, failed12);
        CHECK_FALSE(plan.lost);
        CHECK(hasOp(plan, 3, 0, 1, DiskOp::Read, DiskOp::Rebuild));
        CHECK(hasOp(plan, 4, 0, 1, DiskOp::Read, DiskOp::Rebuild));
        CHECK(hasOp(plan, 0, 0, 1, DiskOp::Read, DiskOp::Rebuild));
        CHECK(plan.opBlocks(DiskOp::Write) == 2);
        CHECK(plan.opBlocks(DiskOp::Read) == 3);
    }
    SECTION("a mirror read goes to the surviving copy; RAID-0 loses data")
    {
        const auto mirror = makeLayout(QStringLiteral("raid1 disks=2"));
        const RequestPlan m = planRequest(*mirror, 0, 4 * KiB, false, nullptr, failed0);
        CHECK(hasOp(m, 1, 0, 1, DiskOp::Read, DiskOp::Mirror));
        CHECK_FALSE(m.lost);
        const auto striped = makeLayout(QStringLiteral("raid0 disks=2 chunk=16KiB"));
        CHECK(planRequest(*striped, 0, 4 * KiB, false, nullptr, failed0).lost);
        CHECK_FALSE(planRequest(*striped, 16 * KiB, 4 * KiB, false, nullptr, failed0).lost);
    }
}

// #54: what the Array page's request explorer shows for failed=2, worked out by hand.
TEST_CASE("RequestPlan: member 2 failed on RAID-5 left-symmetric of 4 and RAID-10 near 2 of 4", "[core][plan]")
{
    PlanOptions failed2;
    failed2.failed = { false, false, true, false };

    SECTION("RAID-5 LS of 4, 16 KiB chunks (4 blocks): stripe 0 = chunks 0, 1, 2 on disks 0, 1, 2, P on 3")
    {
        const auto layout = makeLayout(QStringLiteral("raid5 layout=left-symmetric disks=4 chunk=16KiB"));
        // A read of chunk 2 (byte 32 KiB = block 8, disk 2 block 0): d2 = d0 ^ d1 ^ P, read in row 0.
        const RequestPlan read = planRequest(*layout, 32 * KiB, 4 * KiB, false, nullptr, failed2);
        CHECK_FALSE(read.lost);
        CHECK(read.ops.size() == 3);
        CHECK(hasOp(read, 0, 0, 1, DiskOp::Read, DiskOp::Rebuild));
        CHECK(hasOp(read, 1, 0, 1, DiskOp::Read, DiskOp::Rebuild));
        CHECK(hasOp(read, 3, 0, 1, DiskOp::Read, DiskOp::Rebuild));
        // A read of chunk 3 (block 12): stripe 1 has P on disk 2 and data 3, 4, 5 on disks 3, 0, 1, so
        // chunk 3 is on disk 3, row 1 (disk block 4), alive: one plain read.
        const RequestPlan healthy = planRequest(*layout, 48 * KiB, 4 * KiB, false, nullptr, failed2);
        REQUIRE(healthy.ops.size() == 1);
        CHECK(hasOp(healthy, 3, 4, 1, DiskOp::Read, DiskOp::Data));
        // A write of chunk 2's first block: no old d2 to read, so P' = d0 ^ d1 ^ d2' (the others read),
        // and disk 2 is not written: the new data lives only in the parity.
        const RequestPlan write = planRequest(*layout, 32 * KiB, 4 * KiB, true, nullptr, failed2);
        CHECK_FALSE(write.lost);
        CHECK(write.ops.size() == 3);
        CHECK(hasOp(write, 0, 0, 1, DiskOp::Read, DiskOp::OtherData));
        CHECK(hasOp(write, 1, 0, 1, DiskOp::Read, DiskOp::OtherData));
        CHECK(hasOp(write, 3, 0, 1, DiskOp::Write, DiskOp::ParityP));
        // A write of chunk 3 (disk 3), whose parity disk (2) failed: the data is written, no parity.
        const RequestPlan noParity = planRequest(*layout, 48 * KiB, 4 * KiB, true, nullptr, failed2);
        CHECK(hasOp(noParity, 3, 4, 1, DiskOp::Write, DiskOp::Data));
        CHECK(noParity.opBlocks(DiskOp::Write) == 1);
        CHECK(std::none_of(noParity.ops.begin(), noParity.ops.end(), [](const DiskOp& op) { return op.disk == 2; }));
    }
    SECTION("RAID-10 near 2 of 4, 16 KiB chunks: chunk k on disks 2k mod 4 and 2k+1 mod 4, row 2k div 4")
    {
        const auto layout = makeLayout(QStringLiteral("raid10 layout=near disks=4 copies=2 chunk=16KiB"));
        // Chunk 1 (byte 16 KiB) is on disks 2 and 3, row 0: with disk 2 failed, its copy on disk 3.
        const RequestPlan read = planRequest(*layout, 16 * KiB, 4 * KiB, false, nullptr, failed2);
        REQUIRE(read.ops.size() == 1);
        CHECK(hasOp(read, 3, 0, 1, DiskOp::Read, DiskOp::Mirror));
        // A write goes to the surviving copy only.
        const RequestPlan write = planRequest(*layout, 16 * KiB, 4 * KiB, true, nullptr, failed2);
        REQUIRE(write.ops.size() == 1);
        CHECK(hasOp(write, 3, 0, 1, DiskOp::Write, DiskOp::Mirror));
        // Chunk 0 (disks 0 and 1) is untouched by the failure.
        const RequestPlan other = planRequest(*layout, 0, 4 * KiB, false, nullptr, failed2);
        REQUIRE(other.ops.size() == 1);
        CHECK(hasOp(other, 0, 0, 1, DiskOp::Read, DiskOp::Data));
        // Both copies of chunk 1 gone: lost.
        PlanOptions failed23;
        failed23.failed = { false, false, true, true };
        CHECK(planRequest(*layout, 16 * KiB, 4 * KiB, false, nullptr, failed23).lost);
    }
}
