// SPDX-License-Identifier: GPL-3.0-or-later
// The fuzz corpora and regressions replayed without libFuzzer (#52), so that ctest (and the
// sanitizer build, scripts/sanitize.sh) runs every kept input through its target on every build:
//   fuzz_replay TARGET PATH...   each file under each PATH (a file or a folder) through TARGET
// Each fuzz_*.cpp is compiled into this program with its LLVMFuzzerTestOneInput (and
// LLVMFuzzerInitialize) renamed (tests/CMakeLists.txt), so the targets' own checks are what is
// asserted: an input ends in a clean refusal or a result that reads back, or the target traps (a
// crash, which fails the test). Exit 0 when every input ran, 1 when a path is missing or empty, 2
// on a wrong command line.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using FuzzInput = int (*)(const std::uint8_t*, std::size_t);
using FuzzInit = int (*)(int*, char***);

#define RAIDSCOPE_FUZZ_DECLARE(name) extern "C" int raidscope_##name(const std::uint8_t*, std::size_t);
RAIDSCOPE_FUZZ_DECLARE(fuzz_sniff)
RAIDSCOPE_FUZZ_DECLARE(fuzz_blkparse)
RAIDSCOPE_FUZZ_DECLARE(fuzz_blktrace)
RAIDSCOPE_FUZZ_DECLARE(fuzz_msr)
RAIDSCOPE_FUZZ_DECLARE(fuzz_spc)
RAIDSCOPE_FUZZ_DECLARE(fuzz_disksim)
RAIDSCOPE_FUZZ_DECLARE(fuzz_fio)
RAIDSCOPE_FUZZ_DECLARE(fuzz_csv_alibaba)
RAIDSCOPE_FUZZ_DECLARE(fuzz_csv_tencent)
RAIDSCOPE_FUZZ_DECLARE(fuzz_partial)
RAIDSCOPE_FUZZ_DECLARE(fuzz_compressed)
RAIDSCOPE_FUZZ_DECLARE(fuzz_spec)
RAIDSCOPE_FUZZ_DECLARE(fuzz_probe_result)
RAIDSCOPE_FUZZ_DECLARE(fuzz_model)
extern "C" int raidscope_init_fuzz_spec(int*, char***);

namespace {

struct Target
{
    const char* name;
    FuzzInput input;
    FuzzInit init;
};

#define RAIDSCOPE_FUZZ_ENTRY(name) { #name, raidscope_##name, nullptr }
const Target kTargets[] = { RAIDSCOPE_FUZZ_ENTRY(fuzz_sniff), RAIDSCOPE_FUZZ_ENTRY(fuzz_blkparse),
    RAIDSCOPE_FUZZ_ENTRY(fuzz_blktrace), RAIDSCOPE_FUZZ_ENTRY(fuzz_msr), RAIDSCOPE_FUZZ_ENTRY(fuzz_spc),
    RAIDSCOPE_FUZZ_ENTRY(fuzz_disksim), RAIDSCOPE_FUZZ_ENTRY(fuzz_fio), RAIDSCOPE_FUZZ_ENTRY(fuzz_csv_alibaba),
    RAIDSCOPE_FUZZ_ENTRY(fuzz_csv_tencent), RAIDSCOPE_FUZZ_ENTRY(fuzz_partial), RAIDSCOPE_FUZZ_ENTRY(fuzz_compressed),
    { "fuzz_spec", raidscope_fuzz_spec, raidscope_init_fuzz_spec }, RAIDSCOPE_FUZZ_ENTRY(fuzz_probe_result),
    RAIDSCOPE_FUZZ_ENTRY(fuzz_model) };

// The files under `path` (itself when it is a file), sorted so that a run is the same every time.
QStringList inputsUnder(const QString& path)
{
    if (QFileInfo(path).isFile())
        return { path };
    QStringList files;
    QDirIterator it(path, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: fuzz_replay TARGET PATH...\n");
        return 2;
    }
    const auto target = std::find_if(std::begin(kTargets), std::end(kTargets),
                                     [&](const Target& t) { return std::strcmp(t.name, argv[1]) == 0; });
    if (target == std::end(kTargets)) {
        std::fprintf(stderr, "fuzz_replay: unknown target '%s'\n", argv[1]);
        return 2;
    }
    if (target->init)
        target->init(&argc, &argv);
    std::size_t inputs = 0, bytes = 0;
    for (int i = 2; i < argc; ++i) {
        const QString path = QString::fromLocal8Bit(argv[i]);
        const QStringList files = inputsUnder(path);
        if (files.isEmpty()) {
            std::fprintf(stderr, "fuzz_replay: %s: no inputs there\n", argv[i]);
            return 1;
        }
        for (const QString& file : files) {
            QFile f(file);
            if (!f.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "fuzz_replay: %s: %s\n", qPrintable(file), qPrintable(f.errorString()));
                return 1;
            }
            // A copy of its own, of exactly its size, as libFuzzer hands it: a read past the end is
            // then a heap overflow the sanitizer build sees.
            const QByteArray data = f.readAll();
            std::vector<std::uint8_t> copy(data.begin(), data.end());
            std::fprintf(stderr, "%s\n", qPrintable(file)); // the last name printed is the culprit of a crash
            target->input(copy.data(), copy.size());
            ++inputs;
            bytes += copy.size();
        }
    }
    std::printf("fuzz_replay %s: %zu inputs (%zu bytes) replayed\n", target->name, inputs, bytes);
    return 0;
}
