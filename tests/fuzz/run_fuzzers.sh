#!/usr/bin/env bash
# Fuzzes every libFuzzer target from the corpus kept in the repository (tests/fuzz/corpus/<target>/:
# the project's own fixtures, hand-made seeds, and what earlier runs found), then, with --save, puts
# the minimized corpus back there so the next run starts where this one ended.
#
#   tests/fuzz/run_fuzzers.sh                         every target for 180 s
#   tests/fuzz/run_fuzzers.sh --runs 10000000 --save  10 million executions each, corpus kept
#   tests/fuzz/run_fuzzers.sh --seconds 600 fuzz_msr fuzz_spec
#   SHARED_SEEDS=1 tests/fuzz/run_fuzzers.sh ...      also seed from ../shared/traces (cut to 64 KiB;
#                                                     their licenses keep them, and what grows from
#                                                     them, out of the repository: --save refuses)
#
# Inputs are cut at MAX_LEN bytes (4096; partial summaries 8192, probe results 16384, specs 1024): a reader's logic is per
# line or record, so a few KiB reach all of it, and short inputs run many times faster. Limits that
# need more (64 MiB without a line end, 1 MiB without blktrace magic) have their own tests.
# A crash, hang (-timeout=10 s of wall time: never SIGSTOP a fuzzer, the pause counts) or leak stops that target: the input is left in the work directory
# (/tmp/raidscope-fuzz/<target>/), this script says where, and it exits 1 at the end. Keep each
# fixed finding's input in tests/fuzz/regressions/<target>/, which every later run replays.
# One line per target goes to /tmp/raidscope-fuzz/results.txt: executions, seconds, rate, corpus.
set -euo pipefail
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${BUILD:-$SRC/build-fuzz}
WORK=${WORK:-/tmp/raidscope-fuzz}
LIMIT=(-max_total_time=180)
SAVE=0
TARGETS=()
while [ $# -gt 0 ]; do
    case $1 in
        --runs) LIMIT=(-runs="$2"); shift 2 ;;
        --seconds) LIMIT=(-max_total_time="$2"); shift 2 ;;
        --save) SAVE=1; shift ;;
        fuzz_*) TARGETS+=("$1"); shift ;;
        *) echo "run_fuzzers.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
ALL=(fuzz_sniff fuzz_blkparse fuzz_blktrace fuzz_msr fuzz_spc fuzz_disksim fuzz_fio fuzz_csv_alibaba
     fuzz_csv_tencent fuzz_partial fuzz_compressed fuzz_spec fuzz_probe_result fuzz_model)
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("${ALL[@]}")
if [ "$SAVE" = 1 ] && [ "${SHARED_SEEDS:-0}" = 1 ]; then
    echo "run_fuzzers.sh: --save with SHARED_SEEDS=1 would put pieces of the shared traces in the repository" >&2
    exit 2
fi

CC=clang CXX=clang++ cmake -S "$SRC" -B "$BUILD" -G Ninja -DRAIDSCOPE_BUILD_GUI=OFF -DRAIDSCOPE_BUILD_FUZZ=ON \
    -DRAIDSCOPE_BUILD_BENCH=OFF -DRAIDSCOPE_BUILD_TESTS=OFF >/dev/null
cmake --build "$BUILD" -j"$(nproc)" --target fuzz_targets

shared_seeds() { # target dir: pieces of the shared traces the target reads
    local T=$SRC/../shared/traces globs
    case $1 in
        fuzz_msr) globs="$T/msr_cambridge_csv/*" ;;
        fuzz_blkparse) globs="$T/blkparse/*" ;;
        fuzz_blktrace) globs="$T/blktrace_binary/*" ;;
        fuzz_disksim) globs="$T/disksim_ascii/*" ;;
        fuzz_csv_alibaba) globs="$T/alibaba_block_csv/*" ;;
        fuzz_csv_tencent) globs="$T/tencent_cbs_csv/*" ;;
        fuzz_sniff) globs="$T/*/*" ;;
        *) return 0 ;;
    esac
    mkdir -p "$2"
    for f in $globs; do [ -f "$f" ] && head -c 65536 "$f" > "$2/$(basename "$f")"; done
    return 0
}

failed=0
for t in "${TARGETS[@]}"; do
    case $t in fuzz_partial) len=8192 ;; fuzz_probe_result) len=16384 ;; fuzz_model) len=4096 ;; fuzz_spec) len=1024 ;; *) len=4096 ;; esac
    len=${MAX_LEN:-$len}
    dir=$WORK/$t
    rm -rf "$dir/corpus" "$dir/shared" "$dir/minimized"
    mkdir -p "$dir/corpus"
    cp "$SRC/tests/fuzz/corpus/$t/"* "$dir/corpus/" 2>/dev/null || true
    dirs=("$dir/corpus")
    # Inputs of fixed findings: always replayed, never minimized away.
    [ -d "$SRC/tests/fuzz/regressions/$t" ] && dirs+=("$SRC/tests/fuzz/regressions/$t")
    if [ "${SHARED_SEEDS:-0}" = 1 ]; then shared_seeds "$t" "$dir/shared"; [ -d "$dir/shared" ] && dirs+=("$dir/shared"); fi
    echo "== $t (max_len $len)"
    start=$(date +%s)
    set +e
    (cd "$dir" && "$BUILD/bin/$t" "${LIMIT[@]}" -max_len="$len" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "${dirs[@]}" > "$dir/log.txt" 2>&1)
    rc=$?
    set -e
    secs=$(( $(date +%s) - start ))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log.txt" | tail -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$dir/log.txt" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$dir/log.txt" | tail -1 | cut -d' ' -f2)
    files=$(ls "$dir/corpus" | wc -l)
    line="$t: ${execs:-?} executions in ${secs} s ($(( ${execs:-0} / (secs > 0 ? secs : 1) ))/s), coverage ${cov:-?}, corpus ${files} files, peak ${rss:-?} MB"
    if [ $rc -ne 0 ]; then
        failed=1
        why=$(grep -m1 -E 'ERROR|SUMMARY|deadly|timeout' "$dir/log.txt" || true)
        input=$(ls "$dir"/crash-* "$dir"/timeout-* "$dir"/leak-* "$dir"/oom-* 2>/dev/null | head -1 || true)
        line="$line; STOPPED (exit $rc): $why; input: $input"
    fi
    echo "$line" | tee -a "$WORK/results.txt"
    if [ "$SAVE" = 1 ] && [ $rc -eq 0 ]; then
        # The smallest set of inputs with the same coverage replaces the target's corpus.
        mkdir -p "$dir/minimized"
        (cd "$dir" && "$BUILD/bin/$t" -merge=1 -max_len="$len" -timeout=10 "$dir/minimized" "$dir/corpus" > "$dir/merge.txt" 2>&1)
        rm -rf "$SRC/tests/fuzz/corpus/$t"
        mkdir -p "$SRC/tests/fuzz/corpus/$t"
        cp "$dir/minimized/"* "$SRC/tests/fuzz/corpus/$t/"
        echo "   corpus saved: $(ls "$SRC/tests/fuzz/corpus/$t" | wc -l) files, $(du -sh "$SRC/tests/fuzz/corpus/$t" | cut -f1)"
    fi
done
exit $failed
