#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# guest-probe.sh MODE [INTERRUPT_AFTER_S [LIMIT_S [PROBE_ARGS...]]]
#
# Runs inside the md-qemu rig guest (busybox ash) as run-array.sh's PROGRAM; scripts/probe-rig.sh
# passes the raidscope-cli bundle in RIG_FILES, so its run.sh is on PATH. Probes /dev/md0 with
# `raidscope-cli probe /dev/md0 --json` and leaves probe.json and probe.err in $OUTDIR. probe.err
# has the probe's trace (RAIDSCOPE_PROBE_TRACE): each test's phases, for reading a miss afterwards.
#   ro   read-only probe
#   rw   --allow-writes: the array is first filled with random bytes (the rig's disks start
#        zeroed, so a wrong write-back would not show), and its md5 is taken before and after
#   int  as rw, with the probe in the background: once md0 has completed writes the probe did,
#        wait INTERRUPT_AFTER_S (default 0.5) more seconds, send SIGINT, wait for it to exit
# A probe still running after LIMIT_S seconds (0: no limit) gets SIGINT too: it stops at a safe
# point and writes its JSON and trace, which come back to the host where the rig's own timeout
# (which ends QEMU) would return nothing.
# Prints lines for the host script:
#   RIG-BOOT seconds=S                                (the guest's uptime when this script starts)
#   RIG-MEMBERS rotational=R,R,...                    (each member's queue/rotational: md's read_balance()
#                                                      sends mirror reads by head distance to rotational
#                                                      members, by fewest pending to non-rotational ones)
#   RIG-PROBE rc=N seconds=S writes=W                 (W: writes md0 completed during the probe)
#   RIG-FILL seconds=S bytes=B                        (rw, int: the fill and the first md5)
#   RIG-SUM before=MD5 after=MD5                      (rw, int)
#   RIG-INT writes=W inflight="R W" after=S seconds   (int: md0's state when SIGINT was sent)
#   RIG-LIMIT seconds=S                               (the probe ran past LIMIT_S and was sent SIGINT)
MODE=${1:-ro}
DELAY=${2:-0.5}
LIMIT=${3:-0}
if [ $# -ge 3 ]; then shift 3; else shift $#; fi
DEV=${MD_DEV:-/dev/md0}
NAME=${DEV##*/}

now() { cut -d' ' -f1 /proc/uptime; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
writes() { awk '{ print $5 }' "/sys/block/$NAME/stat"; }
# The whole array through a cold page cache (the probe's O_DIRECT writes bypass the cache; dropping
# it makes sure the bytes summed after the probe come from the disks).
sum() { sync; echo 3 > /proc/sys/vm/drop_caches; md5sum "$DEV" | cut -d' ' -f1; }

echo "RIG-BOOT seconds=$(now)"
rotational=
for m in /sys/block/$NAME/slaves/*; do rotational="$rotational${rotational:+,}$(cat "/sys/block/${m##*/}/queue/rotational" 2>/dev/null || echo '?')"; done
echo "RIG-MEMBERS rotational=$rotational"
export RAIDSCOPE_PROBE_TRACE=1
case "$MODE" in
ro) set -- --json "$@" ;;
rw|int) set -- --json --allow-writes "$@" ;;
*) echo "guest-probe.sh: MODE is ro, rw or int, not '$MODE'" >&2; exit 2 ;;
esac

if [ "$MODE" != ro ]; then
    t=$(now)
    sectors=$(cat "/sys/block/$NAME/size")
    mib=$((sectors / 2048))
    # Whole MiB with O_DIRECT (fast); the rest, under 1 MiB and maybe not 4 KiB-aligned, buffered.
    if ! { dd if=/dev/urandom of="$DEV" bs=1M count="$mib" iflag=fullblock oflag=direct 2>/dev/null \
        && dd if=/dev/urandom of="$DEV" bs=512 seek=$((mib * 2048)) count=$((sectors - mib * 2048)) 2>/dev/null; }; then
        echo "RIG-FILL failed: cannot fill $DEV with random bytes"
        exit 2
    fi
    before=$(sum)
    echo "RIG-FILL seconds=$(since "$t") bytes=$((sectors * 512))"
fi

t=$(now)
w0=$(writes)
run.sh probe "$DEV" "$@" > "$OUTDIR/probe.json" 2> "$OUTDIR/probe.err" &
pid=$!
# A background job of a script starts with SIGINT ignored; raidscope-cli installs its own handler.
watchdog=
if [ "$LIMIT" -gt 0 ] 2>/dev/null; then
    # sleep without the script's output: killed at the end, the watchdog must not leave it holding
    # the pipe the rig reads this script's output from.
    ( sleep "$LIMIT" >/dev/null 2>&1 </dev/null; kill -0 "$pid" 2>/dev/null && echo "RIG-LIMIT seconds=$LIMIT" && kill -INT "$pid" ) &
    watchdog=$!
fi
if [ "$MODE" = int ]; then
    while kill -0 "$pid" 2>/dev/null && [ "$(writes)" -le "$w0" ]; do sleep 0.05; done
    if kill -0 "$pid" 2>/dev/null; then
        sleep "$DELAY"
        w=$(( $(writes) - w0 ))
        inflight=$(tr -s ' ' < "/sys/block/$NAME/inflight" | sed 's/^ //')
        kill -INT "$pid" 2>/dev/null
        echo "RIG-INT writes=$w inflight=\"$inflight\" after=$(since "$t") seconds"
    else
        echo "RIG-INT none: the probe ended before it wrote anything"
    fi
fi
wait "$pid"
rc=$?
[ -n "$watchdog" ] && kill "$watchdog" 2>/dev/null
echo "RIG-PROBE rc=$rc seconds=$(since "$t") writes=$(( $(writes) - w0 ))"

if [ "$MODE" != ro ]; then
    after=$(sum)
    echo "RIG-SUM before=$before after=$after"
    [ "$before" = "$after" ] || echo "RIG-SUM-DIFFERS: the array's bytes changed during the probe"
fi
exit "$rc"
