// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the array and workload specs, as the CLI and the GUI read them: the first
// line is an array spec (text, or the JSON form when it starts with '{'), the rest a workload spec.
// Any bytes are refused with a one-line error or read into a spec that writes itself back the same
// (toText() parsed again gives the same toText(), and so does the JSON form), resolves against the
// plugins, maps blocks and reads its simulation keys; a workload that parses is checked against the
// array's size. The layout plugins are loaded from ../lib/raidscope/plugins next to this program
// (the build tree mirrors the install tree); with RAIDSCOPE_BUILD_FUZZ they are instrumented too.
#include "layout/arrayspec.h"
#include "layout/layout.h"
#include "layout/layoutregistry.h"
#include "sim/simconfig.h"
#include "sim/workload.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace raidscope;

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    (void)argc;
    const QString self = QFileInfo(QString::fromLocal8Bit((*argv)[0])).absoluteDir().path();
    LayoutRegistry::addSearchDir(QDir::cleanPath(self + QStringLiteral("/" RAIDSCOPE_PLUGIN_RELDIR)));
    if (LayoutRegistry::instance().schemes().isEmpty()) {
        std::fprintf(stderr, "fuzz_spec: no layout plugins found next to %s (build the plugins too)\n", (*argv)[0]);
        std::abort(); // fuzzing the parser alone would look like success
    }
    return 0;
}

static void check(bool ok, const QString& what = {})
{
    if (!ok) {
        if (!what.isEmpty())
            std::fprintf(stderr, "fuzz_spec: %s\n", QString(what).replace(QChar(0), QStringLiteral("\\0")).toUtf8().constData());
        __builtin_trap();
    }
}

static void exerciseArray(const ArraySpec& spec)
{
    // The canonical forms read back to themselves.
    QString error;
    const QString text = spec.toText();
    const auto again = parseArraySpec(text, &error);
    check(again && again->toText() == text, u"text '" + text + u"' read back as '" + (again ? again->toText() : error) + u'\'');
    const auto fromJson = parseArraySpecJson(spec.toJson(), &error);
    check(fromJson && fromJson->toText() == text, u"text '" + text + u"' as JSON read back as '" + (fromJson ? fromJson->toText() : error) + u'\'');

    const LayoutRegistry& registry = LayoutRegistry::instance();
    const auto layout = registry.create(spec, &error);
    if (!layout) {
        check(!error.isEmpty()); // a refusal says why
        return;
    }
    const std::uint64_t blocks = layout->logicalBlocks();
    check(blocks > 0 && layout->dataDisks() > 0);
    BlockPlaces places;
    const std::uint64_t probes[] = { 0, 1, layout->patternBlocks(), blocks / 2, blocks - 1 };
    for (const std::uint64_t lba : probes) {
        if (lba >= blocks)
            continue;
        layout->places(lba, places);
        check(places.data == layout->dataPlace(lba));
        check(places.data.disk >= 0 && places.data.disk < layout->params().disks);
        check(places.data.block < layout->params().diskBlocks);
    }
    (void)parseSimConfig(spec, *layout, &error);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    const qsizetype newline = bytes.indexOf('\n');
    const QByteArray arrayPart = newline < 0 ? bytes : bytes.left(newline);
    const QString workloadText = newline < 0 ? QString() : QString::fromUtf8(bytes.mid(newline + 1));

    QString error;
    std::optional<ArraySpec> spec;
    if (arrayPart.startsWith('{'))
        spec = parseArraySpecJson(QJsonDocument::fromJson(arrayPart).object(), &error);
    else
        spec = parseArraySpec(QString::fromUtf8(arrayPart), &error);
    if (spec)
        exerciseArray(*spec);
    else
        check(!error.isEmpty() && !error.contains(u'\n'));

    if (newline < 0)
        return 0;
    error.clear();
    const auto workload = parseWorkloadSpec(workloadText, &error);
    if (!workload) {
        check(!error.isEmpty() && !error.contains(u'\n'));
        return 0;
    }
    const auto again = parseWorkloadSpec(workload->toText(), &error);
    check(again && again->toText() == workload->toText());
    (void)checkWorkloadFits(*workload, std::uint64_t(1) << 40, &error);
    return 0;
}
