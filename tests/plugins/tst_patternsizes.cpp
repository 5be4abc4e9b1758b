// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupport.h"

#include <catch2/catch.hpp>

TEST_CASE("Pattern sizes: Shear §3 on 6 disks with 8 KiB chunks", "[layout][patternsizes]")
{
    // Shear §3: RAID-0 48 KB (Fig. 8); RAID-5 left-symmetric 48 KB, the other three 240 KB (Fig. 9);
    // RAID-1 24 KB (Fig. 12, md raid10 near 2); chained declustering 48 KB (Fig. 13); P+Q 48 KB
    // (Fig. 11, our continuous variant). md's RAID-6 left-symmetric: P and Q rotate over 6 stripes of
    // 4 chunks, 24 chunks = 192 KiB (by hand). ZIGZAG: two stripes of 6 chunks (Fig. 1's definition).
    const auto [spec, patternKiB] = GENERATE(table<const char*, std::uint64_t>({
        { "raid0", 48 },
        { "raid5 layout=left-symmetric", 48 },
        { "raid5 layout=left-asymmetric", 240 },
        { "raid5 layout=right-symmetric", 240 },
        { "raid5 layout=right-asymmetric", 240 },
        { "raid10 layout=near copies=2", 24 },
        { "chained", 48 },
        { "raid6 layout=continuous", 48 },
        { "raid6 layout=left-symmetric", 192 },
        { "zigzag", 96 },
    }));
    CAPTURE(spec);
    const auto layout
        = raidscope::test::makeLayout(QString::fromLatin1(spec) + QStringLiteral(" disks=6 chunk=8KiB block=4KiB"));
    CHECK(layout->patternBlocks() * layout->params().blockBytes == patternKiB * 1024);
}
