// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for `model throughput`'s input (core/model/minerva.h): any bytes are refused with
// one line naming the field, or read into an input whose evaluation is a number (never NaN) and
// whose JSON reads back to the same answer.
#include "model/minerva.h"

#include <QJsonDocument>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>

using namespace raidscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size)));
    QString error;
    const auto in = minervaInputFromJson(doc.object(), &error);
    if (!in) {
        if (error.isEmpty() || error.contains(u'\n')) {
            std::fprintf(stderr, "fuzz_model: refused with '%s'\n", error.toUtf8().constData());
            __builtin_trap();
        }
        return 0;
    }
    const MinervaResult r = evaluateMinerva(*in);
    if (std::isnan(r.utilization) || std::isnan(r.maxRequestRate) || r.utilization < 0) {
        std::fprintf(stderr, "fuzz_model: utilization %g, max rate %g\n", r.utilization, r.maxRequestRate);
        __builtin_trap();
    }
    const auto again = minervaInputFromJson(minervaInputJson(*in), &error);
    if (!again || evaluateMinerva(*again).utilization != r.utilization) {
        std::fprintf(stderr, "fuzz_model: the input's JSON does not read back: %s\n", error.toUtf8().constData());
        __builtin_trap();
    }
    return 0;
}
