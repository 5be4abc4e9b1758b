#!/usr/bin/env bash
# Outputs under hostile conditions (issue 52): a full file system (a 64 KiB tmpfs, mounted when run
# as root), descriptors as outputs (/dev/stdout with >>, a FIFO, /dev/null), and two saves of one
# preset at once. Each case checks the exit status, the one line on stderr and what the file
# system holds afterwards: no file under the final name, no temporary file, an old file as it was,
# a device still a device, earlier content of an appended file kept.
#   outputs.sh CLI DATA SHARED WORK
# Exit 0 when every case passes, 1 otherwise; 77 (skipped) when no tmpfs can be mounted.
set -u
shopt -s lastpipe # `{ reasons; } | check NAME` counts in this shell
CLI=$1 DATA=$2 SHARED=$3 WORK=$4
export QT_QPA_PLATFORM=offscreen

cleanup() { mountpoint -q "$WORK/full" 2>/dev/null && umount "$WORK/full"; }
cleanup
rm -rf "$WORK"
mkdir -p "$WORK/in" "$WORK/xdg" "$WORK/full"
chmod 700 "$WORK/xdg"
export XDG_RUNTIME_DIR=$WORK/xdg
IN=$WORK/in
FULL=$WORK/full

# MSR Cambridge CSV (time in 100 ns ticks): three 4 KiB reads 1 us apart at offsets 0, 4096, 8192.
for i in 0 1 2; do
    printf '1281663720000000%02d,hm,0,Read,%d,4096,100\n' $((i * 10)) $((i * 4096))
done > "$IN/small.csv"
# ... and 5000 of them (the iolog is ~150 KB, more than the tmpfs holds).
awk 'BEGIN { for (i = 0; i < 5000; ++i) printf "1281663720%08d,hm,0,Read,%d,4096,100\n", i * 10, i * 4096 }' > "$IN/big.csv"
cp "$DATA/workspace/sample-v1.raidscope" "$IN/sample.raidscope"
cheetah=$SHARED/disksim-validation/cheetah9LP.parv
inputs_before=$(cd "$IN" && sha256sum -- *)

pass=0 failed=0
failures=()
verdict() { # NAME WHY...: the case passes when no WHY is given
    local name=$1
    shift
    if (($#)); then
        failed=$((failed + 1))
        failures+=("FAIL $name: $(IFS=';'; echo "$*")"$'\n'"     stderr: $(head -c 400 "$WORK/err")")
        echo "FAIL $name"
    else
        pass=$((pass + 1))
        echo "ok   $name"
    fi
}
# why_status RC EXPECTED, why_line REGEX: a reason on stdout when the check fails.
why_status() { [[ $1 == "$2" ]] || echo "exit $1, expected $2"; }
why_line() {
    local lines
    lines=$(wc -l < "$WORK/err")
    [[ $lines == 1 ]] || echo "stderr has $lines line(s), expected one"
    grep -aEq -- "$1" "$WORK/err" || echo "stderr does not match /$1/"
}
# why_names DIR NAME...: DIR holds exactly these names (hidden ones included), in this order.
why_names() {
    local dir=$1
    shift
    local have
    have=$(ls -A "$dir" | tr '\n' ' ')
    [[ $have == "$*${*:+ }" ]] || echo "$dir holds '$have', expected '$*'"
}
check() { # NAME, the reasons on stdin, one a line (none: the case passes)
    local name=$1 reasons=() line
    while IFS= read -r line; do
        [[ -n $line ]] && reasons+=("$line")
    done
    verdict "$name" "${reasons[@]}"
}

# The fio iolog of small.csv with --target /dev/sdb, worked out by hand: fio's header, the file
# added and opened at 0 us, one line per read at 0, 1 and 2 us, closed at the last time.
iolog=$'fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n0 /dev/sdb read 0 4096\n1 /dev/sdb read 4096 4096\n2 /dev/sdb read 8192 4096\n2 /dev/sdb close'

# --- a full file system
if [[ $(id -u) == 0 ]] && mount -t tmpfs -o size=64k tmpfs "$FULL" 2>/dev/null; then
    trap cleanup EXIT
    mkdir "$FULL/disks"
    printf 'old\n' > "$FULL/keep.iolog"
    dd if=/dev/zero of="$FULL/filler" bs=4096 2>/dev/null # until the disk is full
    before=(disks filler keep.iolog)

    "$CLI" trace summarize "$IN/small.csv" --csv "$FULL/out.csv" > "$WORK/out" 2> "$WORK/err"
    rc=$?
    { why_status $rc 1; why_line "^raidscope-cli: trace summarize: cannot write $FULL/out.csv: No space left on device$"
      why_names "$FULL" "${before[@]}"; [[ -s $WORK/out ]] && echo "a summary printed after the CSV failed"; } | check full-summarize-csv

    "$CLI" trace export "$IN/big.csv" --fio "$FULL/out.iolog" > "$WORK/out" 2> "$WORK/err"
    rc=$?
    { why_status $rc 1; why_line "^raidscope-cli: cannot write $FULL/out.iolog: No space left on device$"
      why_names "$FULL" "${before[@]}"; } | check full-export-fio

    "$CLI" trace export "$IN/big.csv" --fio "$FULL/keep.iolog" > "$WORK/out" 2> "$WORK/err"
    rc=$?
    { why_status $rc 1; why_line "cannot write $FULL/keep.iolog: No space left on device$"
      why_names "$FULL" "${before[@]}"; [[ $(cat "$FULL/keep.iolog") == old ]] || echo "keep.iolog changed"; } | check full-export-over-old

    for kind in pdf html; do
        "$CLI" report "$IN/sample.raidscope" --$kind "$FULL/r.$kind" > "$WORK/out" 2> "$WORK/err"
        rc=$?
        { why_status $rc 1; why_line "^raidscope-cli: report: cannot write $FULL/r.$kind: No space left on device$"
          why_names "$FULL" "${before[@]}"; } | check full-report-$kind
    done

    # stdout itself, as coreutils' close_stdout: `> out.json` on a full disk is an error.
    "$CLI" trace summarize "$IN/small.csv" --json > "$FULL/out.json" 2> "$WORK/err"
    rc=$?
    { why_status $rc 1; why_line "^raidscope-cli: cannot write standard output: No space left on device$"; } | check full-stdout
    rm -f "$FULL/out.json"

    if [[ -f $cheetah ]]; then
        RAIDSCOPE_DISK_PATH=$FULL/disks "$CLI" disks import "$cheetah" --save > "$WORK/out" 2> "$WORK/err"
        rc=$?
        { why_status $rc 1; why_line "^raidscope-cli: disks import: cannot write $FULL/disks/seagate-st39102lw-validate\.json: No space left on device$"
          why_names "$FULL/disks"; } | check full-disks-save
    fi
    umount "$FULL"
    trap - EXIT
else
    echo "skip full-*: needs root and a tmpfs mount"
    skipped_full=1
fi

# --- descriptors: written in place, never replaced
printf 'old line\n' > "$WORK/log.txt"
"$CLI" trace export "$IN/small.csv" --fio /dev/stdout --target /dev/sdb >> "$WORK/log.txt" 2> "$WORK/err"
rc=$?
{ why_status $rc 0; why_line "^raidscope-cli: wrote 3 I/Os to /dev/stdout "
  [[ $(cat "$WORK/log.txt") == "old line"$'\n'"$iolog" ]] || echo "log.txt is not the old line then the iolog: $(head -c 300 "$WORK/log.txt")"; } \
    | check stdout-append-fio

printf 'old line\n' > "$WORK/log.txt"
"$CLI" trace summarize "$IN/small.csv" --csv /dev/stdout >> "$WORK/log.txt" 2> "$WORK/err"
rc=$?
{ why_status $rc 0; [[ -s $WORK/err ]] && echo "stderr not empty"
  [[ $(head -n 1 "$WORK/log.txt") == "old line" ]] || echo "the old line is gone"
  grep -q '^records,3$' "$WORK/log.txt" || echo "no CSV (records,3) in log.txt"
  grep -Eq '^requests: +3 \(3 reads, 0 writes\)' "$WORK/log.txt" || echo "no text summary after the CSV in log.txt"; } | check stdout-append-csv

"$CLI" trace summarize "$IN/small.csv" --csv /dev/null > "$WORK/out" 2> "$WORK/err"
rc=$?
{ why_status $rc 0; [[ -c /dev/null ]] || echo "/dev/null is no longer a character device"; } | check devnull-csv

mkfifo "$WORK/pipe"
timeout 20 cat "$WORK/pipe" > "$WORK/fifo.out" & # bounded: a CLI that refuses leaves it waiting
reader=$!
"$CLI" trace export "$IN/small.csv" --fio "$WORK/pipe" --target /dev/sdb > "$WORK/out" 2> "$WORK/err"
rc=$?
wait $reader
{ why_status $rc 0; [[ -p $WORK/pipe ]] || echo "the FIFO was replaced"
  [[ $(cat "$WORK/fifo.out") == "$iolog" ]] || echo "the reader got: $(head -c 300 "$WORK/fifo.out")"; } | check fifo-fio

# /dev/full: every write refused with ENOSPC; the message says so.
"$CLI" trace export "$IN/small.csv" --fio /dev/full > "$WORK/out" 2> "$WORK/err"
rc=$?
{ why_status $rc 1; why_line "^raidscope-cli: cannot write /dev/full: No space left on device$"; } | check devfull-fio

# --- two saves of one preset at once: exactly one saves, the other is told; one whole file.
if [[ -f $cheetah ]]; then
    for round in 1 2 3 4 5 6; do
        rm -rf "$WORK/disks"
        mkdir -p "$WORK/disks"
        RAIDSCOPE_DISK_PATH=$WORK/disks "$CLI" disks import "$cheetah" --save > "$WORK/out.a" 2> "$WORK/err.a" &
        a=$!
        RAIDSCOPE_DISK_PATH=$WORK/disks "$CLI" disks import "$cheetah" --save > "$WORK/out.b" 2> "$WORK/err.b" &
        b=$!
        wait $a; ra=$?
        wait $b; rb=$?
        cat "$WORK/err.a" "$WORK/err.b" > "$WORK/err"
        saved=$WORK/disks/seagate-st39102lw-validate.json
        { [[ "$ra$rb" == 01 || "$ra$rb" == 10 ]] || echo "exits $ra and $rb, expected one 0 and one 1"
          [[ $(grep -c 'saved .*use disk=seagate-st39102lw-validate' "$WORK/err") == 1 ]] || echo "not exactly one 'saved'"
          [[ $(grep -Ec 'exists already' "$WORK/err") == 1 ]] || echo "not exactly one 'exists already'"
          why_names "$WORK/disks" seagate-st39102lw-validate.json
          jq -e '.id == "seagate-st39102lw-validate"' "$saved" > /dev/null 2>&1 || echo "the saved preset is not whole JSON"; } \
            | check concurrent-save-$round
    done
fi

inputs_after=$(cd "$IN" && sha256sum -- *)
[[ $inputs_after == "$inputs_before" ]] || verdict inputs-unchanged "an input changed"

echo
echo "outputs: $pass passed, $failed failed"
for f in "${failures[@]}"; do
    echo "$f"
done
((failed == 0)) || exit 1
[[ -z ${skipped_full:-} ]] || exit 77
exit 0
