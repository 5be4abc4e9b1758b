#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# rigtest.sh BUILD_DIR: the ctest `rig:md-qemu`. Probes two random real md arrays in the md-qemu rig
# (../shared/rigs/md-qemu beside the project), one read-only and one with --allow-writes, through
# scripts/probe-rig.sh. Fails when a verdict is WRONG (identified, but not the array), when the write
# probe changed the array's bytes (md5 before and after), or when a run fails; "undecided" passes.
# Skips (exit 77) only when this machine cannot run QEMU.
#
# The seed is the UTC date, so each day's CI run probes other arrays and a failure can be repeated that
# day; RIG_TEST_SEED overrides it. RAIDSCOPE_RIG overrides the rig's folder.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=$(cd "${1:?usage: rigtest.sh BUILD_DIR}" && pwd)
RIG=${RAIDSCOPE_RIG:-$ROOT/../shared/rigs/md-qemu}
CACHE=${RIG_CACHE:-$HOME/.cache/md-rig}
SKIP=77

skip() { echo "SKIP: $*"; exit "$SKIP"; }
fail() { echo "FAIL: $*"; exit 1; }

[[ -x $RIG/run-array.sh ]] || fail "the md-qemu rig is not at $RIG (set RAIDSCOPE_RIG)"
if [[ ! -f $CACHE/vmlinuz || ! -f $CACHE/initramfs-base.cpio.gz ]]; then
    echo "building the rig's kernel and initramfs in $CACHE (build-initramfs.sh)"
    if ! "$RIG/build-initramfs.sh"; then
        command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is missing and cannot be installed here"
        fail "build-initramfs.sh failed"
    fi
fi
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is not installed (scripts/setup.sh installs it)"
# Can this machine start a TCG guest at all (memory, sandbox)? A paused one that is still up after
# 3 s, killed by timeout (124), says yes.
set +e
why=$(timeout 3 qemu-system-x86_64 -accel tcg -m 1024 -display none -monitor none -nodefaults -no-reboot -S 2>&1)
rc=$?
set -e
((rc == 124)) || skip "QEMU cannot start a guest here (exit $rc): $why"

seed=${RIG_TEST_SEED:-$(date -u +%Y%m%d)}
results=$BUILD_DIR/tests/rig/results
rm -rf "$results"
# Small and fast arrays keep both runs within about ten minutes: at most 6 disks of 128 MiB (room for the
# largest pattern of 6 disks, RAID 5 la at 128 KiB: 3.75 MiB), 300-500 IOPS.
set +e
BUILD_DIR=$BUILD_DIR "$ROOT/scripts/probe-rig.sh" 2 --seed "$seed" --mode both --max-disks 6 --iops 300-500 \
    --disk-mb 128 --strict --no-build --keep "$results"
rc=$?
set -e
case $rc in
0) echo "PASS: no WRONG verdict, the write probe left the array as it was (seed $seed)" ;;
1) fail "a verdict is WRONG (seed $seed; RIG_TEST_SEED=$seed repeats it; results in $results)" ;;
3) fail "a probe changed the array's bytes or a read-only probe wrote (seed $seed; results in $results)" ;;
*) fail "probe-rig.sh exited $rc (seed $seed; results in $results)" ;;
esac
