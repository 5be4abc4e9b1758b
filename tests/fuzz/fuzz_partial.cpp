// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for a partial summary (`trace summarize --partial`, read back by `merge`): any
// bytes are refused with an error or read into a summary that prints, merges and writes again.
#include "trace/tracesummary.h"

#include "fuzz_sample.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace raidscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size)));
    // A whole `trace summarize --partial` output, or the summary inside it.
    QJsonObject json = doc.object();
    if (json.value(QStringLiteral("summary")).isObject())
        json = json.value(QStringLiteral("summary")).toObject();
    QString error;
    auto s = TraceSummary::fromPartialJson(json, &error);
    if (!s)
        return 0;
    // A part read back must write the same again.
    auto again = TraceSummary::fromPartialJson(s->toPartialJson(), &error);
    if (!again || again->toPartialJson() != s->toPartialJson())
        __builtin_trap(); // toPartialJson() of a summary read back must read back the same
    // What merge does with a part: merge it after another and print it. The exports walk every bin
    // whatever the input and cost many times the reading: one part in 16, picked by its bytes (so a
    // finding replays).
    if (!fuzzSampled(data, size))
        return 0;
    TraceSummary merged(s->options);
    merged.merge(*s);
    merged.merge(*s);
    (void)merged.toJson();
    (void)merged.toCsv();
    (void)slowPeriods(merged);
    return 0;
}
