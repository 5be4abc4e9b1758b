#!/usr/bin/env bash
# Installs what is missing, builds, and opens the workbench on its built-in demo array.
# With no display, says so and runs a CLI demo instead. Extra arguments go to the program.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

if [[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]] && [[ -x $BUILD_DIR/bin/raidscope ]]; then
    exec "$BUILD_DIR/bin/raidscope" "$@"
fi
echo "raidscope: no display (DISPLAY and WAYLAND_DISPLAY are unset): running the CLI demo instead." >&2
echo "raidscope: the workbench is $BUILD_DIR/bin/raidscope; run it where there is a display." >&2
cli=$BUILD_DIR/bin/raidscope-cli
set -x
"$cli" schemes
"$cli" layout --array "raid5 layout=left-asymmetric disks=4 chunk=16KiB"
"$cli" layout --array "chained disks=6 chunk=8KiB"
"$cli" layout --array "raid6 disks=6 chunk=8KiB" --blocks 0:8
"$cli" simulate --array "raid5 disks=8 chunk=64KiB" --workload "random read=1 size=4KiB count=20000" --sweep outstanding=1,4,16,64
"$cli" probe --sim "raid5 layout=left-asymmetric disks=6 chunk=8KiB" || true
