#!/bin/sh
# Builds the fuzz targets with clang and runs each for SECONDS (default 180) on a seed corpus copied
# to /tmp from ../shared/traces (cut to 64 KiB pieces) and tests/data/traces. Crashes land in /tmp/raidscope-fuzz/<target>/.
set -e
SRC=$(cd "$(dirname "$0")/../.." && pwd)
SECONDS_EACH=${1:-180}
BUILD=${BUILD:-$SRC/build-fuzz}
WORK=/tmp/raidscope-fuzz
CC=clang CXX=clang++ cmake -S "$SRC" -B "$BUILD" -G Ninja -DRAIDSCOPE_BUILD_GUI=OFF -DRAIDSCOPE_BUILD_FUZZ=ON >/dev/null
cmake --build "$BUILD" -j2 --target fuzz_targets
T=$SRC/../shared/traces
D=$SRC/tests/data/traces
seed() { # target files...
    mkdir -p "$WORK/$1/corpus"; t=$1; shift
    for f in "$@"; do [ -f "$f" ] && head -c 65536 "$f" > "$WORK/$t/corpus/$(basename "$f")"; done; true
}
seed fuzz_msr $T/msr_cambridge_csv/*.csv $D/msr_*.csv
seed fuzz_blkparse $T/blkparse/*.txt $D/blkparse_*.txt
seed fuzz_blktrace $T/blktrace_binary/*
seed fuzz_spc $D/spc_*.spc
seed fuzz_disksim $T/disksim_ascii/* $D/disksim_*
seed fuzz_fio $D/fio_*.log
seed fuzz_csv_alibaba $T/alibaba_block_csv/* $D/alibaba_*.csv
seed fuzz_csv_tencent $T/tencent_cbs_csv/* $D/tencent_*.csv
seed fuzz_sniff $T/*/* $D/*
for t in fuzz_sniff fuzz_blkparse fuzz_blktrace fuzz_msr fuzz_spc fuzz_disksim fuzz_fio fuzz_csv_alibaba fuzz_csv_tencent; do
    echo "== $t"
    (cd "$WORK/$t" && "$BUILD/bin/$t" -max_total_time="$SECONDS_EACH" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 corpus 2>&1 | tail -4)
done
