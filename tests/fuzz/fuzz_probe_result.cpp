// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for a saved probe result (`probe --json`, opened again by the Probe page and by
// probe-eval's merge): any bytes are refused with an error naming the field, or read into a result
// that writes itself back the same (toJson() read again gives the same toJson()).
#include "probe/shearprobe.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>
#include <cstdio>

using namespace raidscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size)));
    QString error;
    const auto r = probeResultFromJson(doc.object(), &error);
    if (!r) {
        if (error.isEmpty() || error.contains(u'\n')) { // a refusal is one line that says why
            std::fprintf(stderr, "fuzz_probe_result: refused with '%s'\n", error.toUtf8().constData());
            __builtin_trap();
        }
        return 0;
    }
    const QJsonObject written = r->toJson();
    const auto again = probeResultFromJson(written, &error);
    if (!again || again->toJson() != written) { // what a result writes must read back to the same
        std::fprintf(stderr, "fuzz_probe_result: written:\n%s\nread back: %s\n",
                     QJsonDocument(written).toJson().constData(),
                     again ? QJsonDocument(again->toJson()).toJson().constData() : error.toUtf8().constData());
        __builtin_trap();
    }
    return 0;
}
