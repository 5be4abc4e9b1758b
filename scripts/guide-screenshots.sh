#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Takes the user guide's screenshots (docs/guide/images/*.png) from the workbench itself, so they
# can be taken again whenever a view changes:
#
#   scripts/guide-screenshots.sh [--build DIR] [--trace FILE] [--only NAME] [--size WxH]
#
# Each shot starts `raidscope` with the options that set up one view (the same options a user can
# give: see `raidscope --help`) in a virtual X screen (Xvfb), waits until the view is ready (a
# fixed time, or until a run has saved its results), grabs the screen and ends the program.
# --trace is a block I/O trace for the stripe-size task (default: the MQSim web-search trace kept
# with the project's shared data, ../shared/traces/disksim_ascii/mqsim_wsrch-small.trace); without
# one, those shots are skipped. --only takes one shot by name (e.g. advisor). Installs xvfb,
# x11-apps (xwd) and imagemagick (convert) through apt-get when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build
trace=../shared/traces/disksim_ascii/mqsim_wsrch-small.trace
only=
size=1600x1000
out=docs/guide/images
while [[ $# -gt 0 ]]; do
    case "$1" in
    --build) build=$2; shift 2 ;;
    --trace) trace=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    -h | --help) sed -n '3,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "guide-screenshots: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
gui=$build/bin/raidscope
cli=$build/bin/raidscope-cli
[[ -x $gui && -x $cli ]] || { echo "guide-screenshots: $gui or $cli is missing: build first (./scripts/run.sh builds)" >&2; exit 1; }

need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xwd >/dev/null || need+=(x11-apps)
{ command -v convert >/dev/null && convert -version 2>/dev/null | grep -q ImageMagick; } || need+=(imagemagick)
if ((${#need[@]})); then
    SUDO=; [[ $(id -u) == 0 ]] || SUDO=sudo
    $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

work=$(mktemp -d)
disp=99
while [[ -e /tmp/.X$disp-lock || -e /tmp/.X11-unix/X$disp ]]; do disp=$((disp + 1)); done
Xvfb ":$disp" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$disp ]] && break; sleep 0.1; done
mkdir -p "$out"

# shot NAME WAIT_S [--until FILE] -- RAIDSCOPE ARGS...: WAIT_S seconds, or until FILE exists (at most
# WAIT_S) and two seconds more for the view to draw it.
shot() {
    local name=$1 wait_s=$2 until=
    shift 2
    if [[ ${1:-} == --until ]]; then until=$2; shift 2; fi
    [[ ${1:-} == -- ]] && shift
    if [[ -n $only && $only != "$name" ]]; then return 0; fi
    rm -f "$until" 2>/dev/null || true
    DISPLAY=":$disp" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data RAIDSCOPE_RECOVERY=discard "$gui" "$@" \
        -qwindowgeometry "$size+0+0" >"$work/$name.log" 2>&1 &
    local app=$!
    if [[ -n $until ]]; then
        for _ in $(seq $((wait_s * 2))); do [[ -s $until ]] && break; sleep 0.5; done
        [[ -s $until ]] || echo "guide-screenshots: $name: no results after $wait_s s; taking the view as it is" >&2
        sleep 2
    else
        sleep "$wait_s"
    fi
    if ! kill -0 $app 2>/dev/null; then
        echo "guide-screenshots: $name: raidscope exited early:" >&2
        cat "$work/$name.log" >&2
        return 1
    fi
    DISPLAY=":$disp" xwd -root -silent | convert xwd:- "png:$out/$name.png"
    kill $app 2>/dev/null || true
    wait $app 2>/dev/null || true
    echo "$out/$name.png"
}

# Diagnose an array: a probe result from a real Linux md array (RAID 5 of 5, one member throttled to
# half the others' rate), probed with the CLI and opened on the Probe page; a live simulated probe.
shot diagnose-result 6 -- docs/guide/samples/md-raid5-slow-member.json
shot diagnose-live 25 -- --probe-sim "raid5 layout=la disks=6 chunk=16KiB" --run-probe

# Teach a layout: the Array page with one request's disk operations, the probe's whole pairwise map
# for a RAID 5 variant, an outstanding-I/O sweep on the Simulate page.
shot teach-array 5 -- --page Array --array "raid5 layout=left-asymmetric disks=5 chunk=16KiB" --request write:16KiB:64KiB
shot teach-pairs 40 -- --probe-sim "raid5 layout=right-symmetric disks=5 chunk=8KiB" --probe-all-pairs --run-probe
shot teach-sweep 120 --until "$work/sweep.json" -- --page Simulate --array "raid5 layout=left-symmetric disks=5 chunk=16KiB" \
    --workload "random size=4KiB read=0.7 count=4000" --sweep 1,2,4,8,16,32 --save-results "$work/sweep.json"

# What happens when a disk dies: SIMRAID's studies on the Study page (a search for the most BSUs per
# stripe unit, with and without cache; a failure under heavy load with its stages; the rebuild-rate
# trade-off).
shot study-stripe 120 -- --study-preset "SIMRAID: stripe unit, without and with cache" --run-study
shot study-stages 40 -- --study-preset "Failure and rebuild under heavy load (the three stages)" --run-study
shot study-tradeoff 40 -- --study-preset "Rebuild rate trade-off (a disk fails at 60 s)" --run-study

# Choose a stripe size from a trace: its summary, its replay through candidate arrays, the advisor.
if [[ -r $trace ]]; then
    shot stripe-trace 15 -- --page Traces --trace "$trace"
    shot stripe-replay 150 -- --page Traces --trace "$trace" --replay-array "raid5 disks=8 chunk=16KiB disk=cheetah-15k" \
        --replay-array "raid5 disks=8 chunk=64KiB disk=cheetah-15k" --replay-array "raid5 disks=8 chunk=1MiB disk=cheetah-15k" --run-replay
    shot stripe-advisor 60 -- --page Advisor --trace "$trace"
else
    echo "guide-screenshots: no trace at $trace: the stripe-size shots are skipped (--trace FILE)" >&2
fi
