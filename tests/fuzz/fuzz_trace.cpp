// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for one trace reader (RAIDSCOPE_FUZZ_FORMAT picks it, -1 = sniffing) and the
// summary it feeds: any input must end in records, errors or the end, never a crash or a hang.
#include "trace/tracereader.h"
#include "trace/tracesummary.h"

#include "fuzz_sample.h"

#include <cstddef>
#include <cstdint>

using namespace raidscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    TraceReaderOptions options;
#if RAIDSCOPE_FUZZ_FORMAT >= 0
    options.format = static_cast<TraceFormat>(RAIDSCOPE_FUZZ_FORMAT);
#endif
#ifdef RAIDSCOPE_FUZZ_CSV_PRESET
    parseCsvMapping(QStringLiteral(RAIDSCOPE_FUZZ_CSV_PRESET), &options.csv, nullptr);
#endif
    QString error;
    auto reader = TraceReader::fromMemory(std::span<const char>(reinterpret_cast<const char*>(data), size),
                                          QStringLiteral("fuzz"), options, &error);
    if (!reader)
        return 0;
    TraceSummaryOptions so;
    so.maxTimeBuckets = 64;
    TraceSummary summary(so);
    summary.describe(reader->info(), { QStringLiteral("fuzz") });
    TraceAccumulator feed(summary, *reader);
    TraceRecord record;
    // Every call consumes input, so the loop ends; the bound only guards against a reader bug.
    for (std::size_t n = 0; n < 4 * size + 16; ++n) {
        const auto s = reader->next(record);
        if (s == TraceReader::Status::End)
            break;
        if (s == TraceReader::Status::Error) {
            feed.addSkipped(reader->error());
            continue;
        }
        feed.add(record);
    }
    // The derived views and exports must cope with whatever was read. They walk every bin of the
    // summary's histograms whatever the input, and cost 20 times the reading: done for one input in
    // 16, picked by the input's bytes (so a finding replays), they leave the readers most of the time.
    if (!fuzzSampled(data, size))
        return 0;
    TraceSummary merged(so);
    merged.merge(summary);
    merged.merge(summary);
    (void)merged.toJson();
    (void)merged.toCsv();
    (void)slowPeriods(merged);
    return 0;
}
