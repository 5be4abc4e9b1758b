#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# probe-rig.sh N [options]: probe N random real Linux md arrays in the md-qemu rig and score the verdicts.
#
#   N                 arrays to draw (levels 0, 1, 4, 5, 6, 10; mdadm layouts; chunks 16-128 KiB)
#   --seed S          the draw's seed (default: from the clock; printed, so a run can be repeated)
#   --mode ro|rw|both read-only probes, --allow-writes probes, or both in turn (default: both)
#   --interrupt       write probes are stopped with SIGINT once they are writing (checksums still compared)
#   --array "LEVEL LAYOUT CHUNK_KB NDISKS IOPS MODE"
#                     one chosen array instead of a draw (repeatable); MODE ro, rw or int (rw, interrupted),
#                     e.g. --array "5 left-asymmetric 32 4 400 rw"; LAYOUT "-" for levels 0, 1, 4
#   --max-disks D     at most D members (default 8; at least 3, 4 for raid6)
#   --iops LO-HI      per-disk rate range (default 150-500)
#   --disk-mb MB      member size (default 256: the probe tries pattern sizes up to a 64th of a rig array,
#                     which must reach RAID 6 of 8 at 128 KiB, 6 MiB); write probes checksum the whole array twice
#   --keep DIR        keep results in DIR (default: a temporary folder, printed)
#   --strict          exit 1 when a verdict is WRONG (identified, not the truth)
#   --no-build        use the binaries already in the build folder
#   -- ARGS           more arguments for `raidscope-cli probe` (e.g. -- --reads 64)
# Environment: FAIL, IOPS_DISK (passed to the rig: degraded array, slow member), TIMEOUT (per array, s),
# PROBE_LIMIT (s; a probe still running then is stopped with SIGINT inside the guest, so its JSON and
# trace come back: default TIMEOUT less 600 s for the fill and checksums, or half of a TIMEOUT under
# 1200 s), BUILD_DIR (default build), INTERRUPT_AFTER (s after the first write, default 0.5), RIG (the
# rig folder).
#
# Prints one line per array (truth, verdict, exact / undecided / WRONG, rig and probe seconds, I/Os, the
# write probes' checksums) and a summary. Exit status: 3 when a checksum differs (a write probe changed the
# array), 4 when a run failed, 1 with --strict and a WRONG verdict, else 0.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RIG=${RIG:-$ROOT/../shared/rigs/md-qemu}
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
CACHE=${RIG_CACHE:-$HOME/.cache/md-rig}

usage() { sed -n '3,24p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "probe-rig: $*" >&2; exit 2; }

count=0 seed='' mode=both interrupt=0 maxDisks=8 iops=150-500 diskMb=256 keep='' strict=0 build=1
arrays=() probeArgs=()
while (($#)); do
    case $1 in
    --seed) seed=${2:?}; shift ;;
    --mode) mode=${2:?}; shift ;;
    --interrupt) interrupt=1 ;;
    --array) arrays+=("${2:?}"); shift ;;
    --max-disks) maxDisks=${2:?}; shift ;;
    --iops) iops=${2:?}; shift ;;
    --disk-mb) diskMb=${2:?}; shift ;;
    --keep) keep=${2:?}; shift ;;
    --strict) strict=1 ;;
    --no-build) build=0 ;;
    --) shift; probeArgs=("$@"); break ;;
    -h|--help) usage ;;
    [0-9]*) count=$1 ;;
    *) die "unknown argument '$1' (try --help)" ;;
    esac
    shift
done
[[ $mode =~ ^(ro|rw|both)$ ]] || die "--mode is ro, rw or both"
if ! [[ $iops =~ ^([0-9]+)-([0-9]+)$ ]] || ((BASH_REMATCH[1] == 0 || BASH_REMATCH[1] > BASH_REMATCH[2])); then
    die "--iops is LO-HI, e.g. 150-500"
fi
iopsLo=${BASH_REMATCH[1]} iopsHi=${BASH_REMATCH[2]}
((maxDisks >= 4)) || die "--max-disks is at least 4"
((count > 0 || ${#arrays[@]} > 0)) || usage
[[ -x $RIG/run-array.sh ]] || die "no rig at $RIG"
command -v jq >/dev/null || die "jq is missing (scripts/setup.sh installs it)"
seed=${seed:-$(($(date +%s) % 1000000))}

# --- the draw ---------------------------------------------------------------------------------------
RANDOM=$seed
# No subshells here: they would not advance the parent's RANDOM, and every draw would be the same.
# shellcheck disable=SC2034 # `into` is a nameref: the caller's variable
pick() { # VAR CHOICE...: VAR = one of the choices
    local -n into=$1
    shift
    local choices=("$@")
    into=${choices[RANDOM % ${#choices[@]}]}
}
levels=(0 1 4 5 6 10)
[[ -n ${FAIL:-} ]] && levels=(1 4 5 6 10) # a raid0 member cannot be failed
for ((i = 1; i <= count; i++)); do
    pick level "${levels[@]}"
    case $level in
    0 | 1 | 4) layout=- ;;
    5 | 6) pick layout left-asymmetric left-symmetric right-asymmetric right-symmetric ;;
    10) pick layout n2 f2 o2 ;;
    esac
    pick chunk 16 32 64 128
    lo=3
    [[ $level == 6 ]] && lo=4
    disks=$((lo + RANDOM % (maxDisks - lo + 1)))
    rate=$((iopsLo + RANDOM % (iopsHi - iopsLo + 1)))
    m=$mode
    [[ $mode == both ]] && { ((i % 2)) && m=ro || m=rw; }
    [[ $m == rw ]] && ((interrupt)) && m=int
    arrays+=("$level $layout $chunk $disks $rate $m")
done

# Each "LEVEL LAYOUT CHUNK_KB NDISKS IOPS MODE", checked and in mdadm's long layout names, before anything runs.
for i in "${!arrays[@]}"; do
    a=${arrays[i]}
    bad() { die "--array \"$a\": $*; want \"LEVEL LAYOUT CHUNK_KB NDISKS IOPS MODE\""; }
    read -r level layout chunk disks rate m extra <<<"$a" || true
    [[ -z ${extra:-} && ${m:-} =~ ^(ro|rw|int)$ ]] || bad "MODE is ro, rw or int"
    [[ $chunk =~ ^[1-9][0-9]*$ && $disks =~ ^[1-9][0-9]*$ && $rate =~ ^[1-9][0-9]*$ ]] \
        || bad "CHUNK_KB, NDISKS and IOPS are positive whole numbers"
    case $level:$layout in
    [014]:- | [014]:default | 4:parity-last) layout=- ;;
    [56]:la) layout=left-asymmetric ;;
    [56]:ls | [56]:- | [56]:default) layout=left-symmetric ;;
    [56]:ra) layout=right-asymmetric ;;
    [56]:rs) layout=right-symmetric ;;
    [56]:left-asymmetric | [56]:left-symmetric | [56]:right-asymmetric | [56]:right-symmetric) ;;
    10:- | 10:default) layout=n2 ;;
    10:n2 | 10:f2 | 10:o2) ;;
    *) bad "level $level with layout $layout is not one probe-rig scores" ;;
    esac
    case $level in 4 | 5) min=3 ;; 6) min=4 ;; *) min=2 ;; esac
    ((disks >= min)) || bad "md level $level needs at least $min disks"
    arrays[i]="$level $layout $chunk $disks $rate $m"
done

# --- build and bundle -----------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/probe-rig.XXXXXX")
trap 'rm -rf "$work"' EXIT
if ((build)); then
    if [[ ! -f $BUILD_DIR/build.ninja ]]; then
        launcher=()
        command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
        cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >/dev/null
    fi
    targets=(raidscope-cli)
    for d in "$ROOT"/plugins/*/; do [[ -f $d/CMakeLists.txt ]] && targets+=("raidscope_$(basename "$d")"); done
    cmake --build "$BUILD_DIR" -j"${JOBS:-$(nproc)}" --target "${targets[@]}" >"$work/build.log" 2>&1 \
        || { tail -n 30 "$work/build.log" >&2; die "the build failed"; }
fi
cli=$BUILD_DIR/bin/raidscope-cli
mapfile -t plugins < <(find "$BUILD_DIR" -path '*/raidscope/plugins/*.so' | sort)
[[ -x $cli && ${#plugins[@]} -gt 0 ]] || die "no raidscope-cli or plugins in $BUILD_DIR (build first, or drop --no-build)"
[[ -f $CACHE/vmlinuz && -f $CACHE/initramfs-base.cpio.gz ]] || "$RIG/build-initramfs.sh"

"$RIG/bundle.sh" "$work/bundle" "$cli" "${plugins[@]}" >/dev/null
# The guest holds the whole initrd in memory: leave the debug info on the host.
if command -v strip >/dev/null; then strip --strip-debug "$work/bundle/raidscope-cli" "$work"/bundle/libraidscope_*.so; fi
rigFiles=$(find "$work/bundle" -maxdepth 1 -type f | sort | tr '\n' ' ')
results=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/probe-rig-results.XXXXXX")}
mkdir -p "$results"

# The truth in RaidScope's words: md level 4 is raid4 parity-last, 10 n2/f2/o2 is raid10 near/far/offset
# copies=2, level 1 is a whole-disk mirror (only the scheme and the disks count).
truthJson() { # LEVEL LAYOUT CHUNK_KB NDISKS
    local scheme layout='' copies=0
    case $1 in
    0) scheme=raid0 ;;
    1) scheme=raid1 ;;
    4) scheme=raid4 layout=parity-last ;;
    5 | 6) scheme=raid$1 layout=$2 ;;
    10) scheme=raid10 copies=2
        case $2 in n2) layout=near ;; f2) layout=far ;; o2) layout=offset ;; *) die "raid10 layout $2?" ;; esac ;;
    *) die "level $1 is not one probe-rig knows" ;;
    esac
    jq -nc --arg s "$scheme" --arg l "$layout" --argjson d "$4" --argjson c "$copies" --argjson k "$3" \
        '{scheme: $s, layout: $l, disks: $d, copies: $c, chunkBytes: ($k * 1024)}'
}

# Scores a probe JSON against the truth: exact | undecided | WRONG | stopped. Exact as probe-eval's
# exact(): scheme, layout, disks, copies and chunk of the verdict, or of one of its `equivalents`.
# shellcheck disable=SC2016
score='
def bytes: capture("^(?<n>[0-9.]+)\\s*(?<u>[A-Za-z]*)$") as $m
    | ($m.n | tonumber) * ({"": 1, "B": 1, "K": 1024, "KiB": 1024, "M": 1048576, "MiB": 1048576,
                            "G": 1073741824, "GiB": 1073741824}[$m.u] // error("unit \($m.u)"));
def defaults: {raid4: "parity-last", raid5: "left-symmetric", raid6: "left-symmetric", raid10: "near"};
def short: {la: "left-asymmetric", ls: "left-symmetric", ra: "right-asymmetric", rs: "right-symmetric"};
def parse: (split(" ") | map(select(. != ""))) as $w
    | ($w[1:] | map(capture("^(?<key>[^=]+)=(?<value>.*)$")) | from_entries) as $kv
    | {scheme: $w[0],
       layout: (if $kv.layout then short[$kv.layout] // $kv.layout else defaults[$w[0]] // "" end),
       disks: (($kv.disks // "0") | tonumber),
       copies: (($kv.copies // (if $w[0] == "raid10" then "2" else "0" end)) | tonumber),
       chunkBytes: (($kv.chunk // "64KiB") | bytes)};
def same($t): if $t.scheme == "raid1" then .scheme == "raid1" and .disks == $t.disks
    else .scheme == $t.scheme and .layout == $t.layout and .disks == $t.disks
         and .copies == $t.copies and .chunkBytes == $t.chunkBytes end;
.verdict as $v
| if .stopped then "stopped"
  elif ($v.identified | not) then "undecided"
  elif ({scheme: $v.scheme, layout: ($v.layout // ""), disks: $v.disks, copies: ($v.copies // 0),
         chunkBytes: $v.chunkBytes} | same($truth))
       or ($equivalents and any(($v.equivalents // [])[]; parse | same($truth))) then "exact"
  else "WRONG" end'

# The members the rig made different (FAIL, IOPS_DISK) and whether the verdict names each: "failed 1 named",
# "slow 2 NOT named". A failed member is named by the verdict's failedDisk or a failed-disk finding; a member
# slower (faster) than the array's rate by a slow-disk (fast-disk) finding listing it.
memberScore() { # PROBE_JSON RATE
    local json=$1 rate=$2 words=() i r kind
    for i in ${FAIL:-}; do
        if jq -e --argjson i "$i" '.verdict | .failedDisk == $i
            or any((.findings // [])[]; .kind == "failed-disk" and any(.disks[]; . == $i))' "$json" >/dev/null 2>&1
        then words+=("failed $i named"); else words+=("failed $i NOT named"); fi
    done
    for s in ${IOPS_DISK:-}; do
        i=${s%%:*} r=${s#*:}
        [[ $i =~ ^[0-9]+$ && $r =~ ^[0-9]+$ ]] || continue
        ((r == rate)) && continue
        kind=slow; ((r > rate)) && kind=fast
        if jq -e --argjson i "$i" --arg k "$kind-disk" \
            'any((.verdict.findings // [])[]; .kind == $k and any(.disks[]; . == $i))' "$json" >/dev/null 2>&1
        then words+=("$kind $i named"); else words+=("$kind $i NOT named"); fi
    done
    local IFS=,
    echo "${words[*]}"
}

truthSpec() { # the truth JSON as a spec
    jq -r '.scheme + (if .layout != "" then " layout=" + .layout else "" end) + " disks=\(.disks)"
        + (if .copies > 0 then " copies=\(.copies)" else "" end)
        + (if .scheme != "raid1" then " chunk=\(.chunkBytes / 1024)KiB" else "" end)' <<<"$1"
}

# --- the runs ---------------------------------------------------------------------------------------
echo "probe-rig: ${#arrays[@]} arrays, seed $seed, disks ${diskMb} MiB${FAIL:+, FAIL=$FAIL}${IOPS_DISK:+, IOPS_DISK=$IOPS_DISK}; results in $results"
timeout=${TIMEOUT:-3600}
[[ $timeout =~ ^[0-9]+$ ]] || die "TIMEOUT is whole seconds, not '$timeout'"
probeLimit=${PROBE_LIMIT:-$((timeout >= 1200 ? timeout - 600 : timeout / 2))}
[[ $probeLimit =~ ^[0-9]+$ ]] || die "PROBE_LIMIT is whole seconds, not '$probeLimit'"
declare -A tally=([exact]=0 [undecided]=0 [WRONG]=0 [stopped]=0 [failed]=0)
sumsSame=0 sumsDiffer=0 totalSeconds=0 n=0 membersNamed=0 membersMissed=0
status=0
printf 'n\ttruth\tmode\tiops\tresult\tverdict\trigSeconds\tprobeSeconds\tios\tprobeRc\tchecksum\n' >"$results/summary.tsv"
for a in "${arrays[@]}"; do
    n=$((n + 1))
    read -r level layout chunk disks rate m <<<"$a"
    [[ $layout == - ]] && layout=default
    truth=$(truthJson "$level" "$layout" "$chunk" "$disks")
    spec=$(truthSpec "$truth")
    tag=$(printf '%02d-raid%s-%s-%sk-%sd-%s' "$n" "$level" "$layout" "$chunk" "$disks" "$m")
    dir=$results/$tag # the probe's JSON and stderr, the rig's log, mdadm's view of the array
    mkdir -p "$dir"
    run=$CACHE/runs/probe-rig-$(date +%Y%m%d-%H%M%S)-$$-$n
    start=$(date +%s)
    set +e
    RUN=$run RIG_FILES=$rigFiles IOPS=$rate DISK_MB=$diskMb TIMEOUT=$timeout \
        "$RIG/run-array.sh" "$level" "$layout" "$chunk" "$disks" "$ROOT/scripts/rig/guest-probe.sh" \
        "$m" "${INTERRUPT_AFTER:-0.5}" "$probeLimit" "${probeArgs[@]}" >"$dir/rig.log" 2>&1
    rigRc=$?
    set -e
    seconds=$(($(date +%s) - start))
    totalSeconds=$((totalSeconds + seconds))
    for f in out/probe.json out/probe.err out/mdadm-detail.txt out/md-sysfs.txt program-output.txt; do
        [[ -f $run/$f ]] && cp "$run/$f" "$dir/"
    done
    rm -rf "$run"
    out=$dir/program-output.txt
    probeLine=$(grep -m1 '^RIG-PROBE ' "$out" 2>/dev/null || true)
    probeRc=$(sed -n 's/.*rc=\([0-9]*\).*/\1/p' <<<"$probeLine")
    probeSeconds=$(sed -n 's/.*seconds=\([0-9.]*\).*/\1/p' <<<"$probeLine")
    probeWrites=$(sed -n 's/.*writes=\([0-9]*\).*/\1/p' <<<"$probeLine")
    bootSeconds=$(sed -n 's/^RIG-BOOT seconds=\([0-9.]*\)$/\1/p' "$out" 2>/dev/null)

    # The probe's exit: 0 identified, 3 not, 130 stopped by SIGINT; anything else is a failed run.
    result=failed verdict=- ios=-
    if [[ $probeRc =~ ^(0|3|130)$ ]] && jq -e .verdict "$dir/probe.json" >/dev/null 2>&1; then
        result=$(jq -r --argjson truth "$truth" --argjson equivalents true "$score" "$dir/probe.json")
        verdict=$(jq -r '.verdict | if .spec != "" then .spec else "none" end
            + (if .identified then "" else " [not decided]" end)' "$dir/probe.json")
        # Exact through an equivalent: the line says so, or a RAID 4 named RAID 0 would read as a miss.
        if [[ $result == exact && $(jq -r --argjson truth "$truth" --argjson equivalents false "$score" "$dir/probe.json") != exact ]]; then
            verdict="$verdict (its equivalents include $spec)"
        fi
        ios=$(jq -r .ios.total "$dir/probe.json")
        members=$(memberScore "$dir/probe.json" "$rate")
        if [[ -n $members ]]; then
            verdict="$verdict; $members"
            [[ $members == *NOT* ]] && membersMissed=$((membersMissed + 1)) || membersNamed=$((membersNamed + 1))
        fi
        [[ $m == int && $result != stopped ]] && verdict="$verdict (SIGINT came too late: the probe had ended)"
    fi

    # Safety: a write probe leaves the array's bytes as they were; a read-only one writes nothing.
    checksum=- before='' after=''
    if [[ $m != ro ]]; then
        read -r before after < <(sed -n 's/^RIG-SUM before=\([0-9a-f]*\) after=\([0-9a-f]*\)$/\1 \2/p' "$out" 2>/dev/null) || true
        if [[ -z ${before:-} || -z ${after:-} ]]; then
            checksum=missing
            result=failed
        elif [[ $before == "$after" ]]; then
            checksum="same $before"
            sumsSame=$((sumsSame + 1))
        else
            checksum="DIFFERS before $before after $after"
            sumsDiffer=$((sumsDiffer + 1))
        fi
    elif [[ -n $probeWrites && $probeWrites != 0 ]]; then
        checksum="READ-ONLY PROBE WROTE $probeWrites times"
        sumsDiffer=$((sumsDiffer + 1))
    elif [[ -n $probeWrites ]]; then
        checksum="- (read-only: md0 saw no writes)"
    fi
    tally[$result]=$((${tally[$result]} + 1))

    extra=
    [[ $m == int ]] && extra=" $(grep -m1 '^RIG-INT' "$out" 2>/dev/null | sed 's/^RIG-INT //');"
    grep -q '^RIG-LIMIT' "$out" 2>/dev/null && extra="$extra stopped at PROBE_LIMIT ($probeLimit s);"
    printf '[%2d/%d] %-52s %-3s %3s IOPS -> %s\n        %-9s rig %4ss (boot %ss, probe %ss), %s I/Os;%s checksum %s\n' \
        "$n" "${#arrays[@]}" "$spec" "$m" "$rate" "$verdict" "$result" "$seconds" "${bootSeconds:--}" \
        "${probeSeconds:--}" "$ios" "$extra" "$checksum"
    printf '%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$spec" "$m" "$rate" "$result" "$verdict" "$seconds" \
        "${probeSeconds:--}" "$ios" "${probeRc:--}" "$checksum" >>"$results/summary.tsv"
    if [[ $checksum == DIFFERS* || $checksum == READ-ONLY* ]]; then
        echo "probe-rig: SAFETY FAILURE on $spec ($m): $checksum; see $dir" >&2
        status=3
    elif [[ $result == failed ]]; then
        echo "probe-rig: run failed (rig exit $rigRc, probe exit ${probeRc:-none}); see $dir" >&2
        tail -n 5 "$dir/probe.err" "$dir/rig.log" 2>/dev/null | sed 's/^/    /' >&2
        ((status == 3)) || status=4
    fi
done

printf 'summary: %d arrays, %d exact, %d undecided, %d WRONG, %d stopped, %d failed; checksums %d same, %d differ; rig time %d s (%d min); seed %s; results %s\n' \
    "$n" "${tally[exact]}" "${tally[undecided]}" "${tally[WRONG]}" "${tally[stopped]}" "${tally[failed]}" \
    "$sumsSame" "$sumsDiffer" "$totalSeconds" $(((totalSeconds + 30) / 60)) "$seed" "$results"
if [[ -n ${FAIL:-}${IOPS_DISK:-} ]]; then
    printf 'members (FAIL, IOPS_DISK): every one named in %d verdicts, not in %d\n' "$membersNamed" "$membersMissed"
fi
((status == 0 && strict && tally[WRONG] > 0)) && status=1
exit "$status"
