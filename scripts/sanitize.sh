#!/usr/bin/env bash
# Builds the `sanitize` preset (ASan + UBSan, Debug at -O1: assertions kept, the Shear tests far faster than at -O0)
# into its own build dir (build-sanitize/) and
# runs the test suite under it, QEMU rig left out. Any sanitizer finding ends the program, so a
# finding shows up as a failing test; the log is in build-sanitize/Testing/Temporary/LastTest.log.
#   scripts/sanitize.sh            configure, build, test (all cores)
#   JOBS=1 NICE=19 scripts/sanitize.sh -R cli:   one core, lowest priority, only matching tests
#   TARGETS="raidscope-cli tst_core" scripts/sanitize.sh -R 'cli:|core:'   build only these targets
# Extra arguments go to ctest.
set -euo pipefail
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$SRC/build-sanitize"
JOBS="${JOBS:-$(nproc)}"
NICE="${NICE:-0}"
LAUNCHER=()
if command -v ccache >/dev/null; then LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cd "$SRC"
nice -n "$NICE" cmake --preset sanitize "${LAUNCHER[@]}"
read -r -a targets <<< "${TARGETS:-}"
nice -n "$NICE" cmake --build "$BUILD" -j "$JOBS" ${targets[@]:+--target "${targets[@]}"}
# detect_leaks: Qt's plugin loader and global statics leak by design at exit; leaks are not what
# this run looks for (use heaptrack). Everything else (overflow, use after free, UB) is fatal.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:halt_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export QT_QPA_PLATFORM=offscreen
export RAIDSCOPE_PLUGIN_PATH="$BUILD/lib/raidscope/plugins"
nice -n "$NICE" ctest --test-dir "$BUILD" --output-on-failure -LE rig -j "$JOBS" "$@"
