#!/usr/bin/env bash
# Runs every case of a hostile-input table (cases.txt) and checks each answer: the exit status
# expected, exactly one line on stderr matching the case's regex, nothing on stdout, no file written
# in the scratch folder and no input changed, within a time bound (timeout) and a memory bound
# (ulimit -v). Exit 0 when every case passes, 1 otherwise (each failure listed).
#   hostile.sh CLI GUI CASES DATA WORK [NAME_REGEX]
# GUI may be "-" (not built): its cases are skipped. HOSTILE_TIMEOUT_S (default 30) and
# HOSTILE_VMEM_KB (default 4000000, or "unlimited" for a sanitizer build) set the bounds.
set -u
CLI=$1 GUI=$2 CASES=$3 DATA=$4 WORK=$5 ONLY=${6:-}
TIMEOUT_S=${HOSTILE_TIMEOUT_S:-30}
VMEM_KB=${HOSTILE_VMEM_KB:-4000000}
export QT_QPA_PLATFORM=offscreen

rm -rf "$WORK"
mkdir -p "$WORK/in" "$WORK/xdg"
chmod 700 "$WORK/xdg"
export XDG_RUNTIME_DIR=$WORK/xdg # else Qt says on stderr that it is not set
W=$WORK/in
T=$DATA/traces
# The inputs the cases read, copied so that a case that wrote over one would show.
cp "$T/blkparse_small.txt" "$T/msr_bad.csv" "$W/"
printf '128166372003061629,hm,1,Read,3\0x,4096,100\n' > "$W/nul.csv"
printf '128166372003061629,hm,1,Read,3\033[2Jx,4096,100\n' > "$W/esc.csv"
# Model inputs (model throughput): a good LU with a bad stream or option, each a file.
lu='"lu": {"type": "raid10", "LU_size": 4, "stripe_unit_size": 65536, "mean_position_time": 0.008, "transfer_rate": 1e7}'
stream='{"request_rate": 100, "request_size": 8192, "read_probability": 1, "run_count": 1}'
printf '{%s, "streams": [%s]}' "${lu/raid10/raid6}" "$stream" > "$W/model_type.json"
printf '{%s, "streams": [%s]}' "${lu/\"LU_size\": 4/\"LU_size\": 3}" "$stream" > "$W/model_odd.json"
printf '{%s, "streams": [%s]}' "$lu" "${stream/\"read_probability\": 1/\"read_probability\": -0.5}" > "$W/model_read.json"
printf '{%s, "streams": [%s]}' "$lu" "${stream/100/1e999}" > "$W/model_inf.json"
printf '{%s, "streams": [%s, %s]}' "$lu" "$stream" "${stream%\}}, \"on_time\": 1, \"off_time\": 1, \"p\": [0.5]}" > "$W/model_p.json"
printf '{%s, "streams": [%s], "options": {"raid5_small_write": "prose"}}' "$lu" "$stream" > "$W/model_option.json"
printf '{%s, "streams": [%s], "stream": []}' "$lu" "$stream" > "$W/model_key.json"
printf '[{%s, "streams": [%s]}, 3]' "$lu" "$stream" > "$W/model_list.json"
printf '{%s, "streams": []}' "$lu" > "$W/model_nostream.json"
: > "$W/model_empty.json"
# Response-model inputs (model response), each with one field wrong.
response='"scheme": "raid5", "disks": 4, "blockBytes": 131072, "disk": "st3500630ns", "rate": 10, "blocks": 5, "readFraction": 0'
printf '{%s}' "${response/raid5/raid6}" > "$W/response_scheme.json"
printf '{%s}' "${response/st3500630ns/nope}" > "$W/response_preset.json"
printf '{%s}' "${response/st3500630ns/ssd}" > "$W/response_ssd.json"
printf '{%s}' "${response/\"raid5\", \"disks\": 4/\"raid01\", \"disks\": 3}" > "$W/response_odd.json"
printf '{%s}' "${response/\"rate\": 10/\"rate\": 0}" > "$W/response_rate.json"
printf '{%s, "writeModel": "fancy"}' "$response" > "$W/response_model.json"
printf '[{%s}]' "${response/\"blocks\": 5/\"blocks\": 0}" > "$W/response_list.json"
# A disk image nobody may write: --allow-writes must refuse it (root could write it anyway).
head -c 8388608 /dev/zero > "$W/readonly.img" && chmod 0444 "$W/readonly.img"
# Inputs no checksum should read (3 GiB of holes, a FIFO no one writes), outside $W.
S=$WORK/big
mkdir -p "$S"
truncate -s 3G "$S/sparse.raidscope" "$S/sparse.json"
mkfifo "$S/pipe.raidscope"
# A Minerva stream of 10^308 requests a run; a DiskSim disk spinning at 10^308 rpm (the Cheetah 9LP
# of ../shared with that one value changed; its cases are skipped, DSIM=-, without ../shared).
printf '{%s, "streams": [%s]}' "$lu" "${stream/\"run_count\": 1/\"run_count\": 1e308}" > "$W/model_runcount.json"
SHARED=${HOSTILE_SHARED:-$DATA/../../../shared}/disksim-validation
DSIM=-
if [[ -f $SHARED/cheetah9LP.parv ]]; then
    mkdir -p "$S/rpm"
    cp "$SHARED"/cheetah9LP.{parv,diskspecs,seek} "$S/rpm/"
    sed 's/Rotation speed (in rpms) = 10045/Rotation speed (in rpms) = 1e308/' "$SHARED/cheetah9LP.model" > "$S/rpm/cheetah9LP.model"
    DSIM=$CLI
fi
# A partial that says it holds 10^9 tasks and holds one.
printf '{"raidscopePartial":1,"command":"simulate","shard":1,"shards":1,"tasks":1000000000,"request":{},"items":[{"index":0}]}' \
    > "$W/tasks_huge.json"
# A blkparse event at sector 2^55, the first byte offset past 2^64 (blktrace's binary form is refused the same way).
printf '  8,16   0        1     0.000001000  4162  Q   R 36028797018963968 + 8 [x]\n' > "$W/past.blk"
# The same faults in several trace formats (#52): a negative time, a FILETIME before 1970, a time past
# 2^63 ns in binary blktrace, an offset past 2^64 bytes, a size past 4 GiB.
printf -- '-5,hm,0,Read,0,4096,100\n' > "$W/neg.msr"
printf '1000,hm,0,Read,0,4096,100\n' > "$W/pre1970.msr"
printf '  8,16   0        1    -0.000001000  4162  Q   R 8 + 8 [x]\n' > "$W/neg.blk"
printf 'fio version 3 iolog\n-5 /dev/sda read 0 4096\n' > "$W/neg.fio"
printf '\x07\x74\x61\x65\0\0\0\0\0\0\0\0\0\0\0\x80\x08\0\0\0\0\0\0\0\0\x10\0\0\x01\0\x01\0\x2a\0\0\0\x10\0\x80\0\0\0\0\0\0\0\0\0' \
    > "$W/negtime.bin"
printf '116444736000010000,hm,0,Read,18446744073709551616,4096,100\n' > "$W/off.msr"
printf '1,18446744073709551616,4096,R\n' > "$W/off.csv"
printf '0,8,4294967297,r,0.001\n' > "$W/big.spc"
printf '1.0 0 8 8388609 1\n' > "$W/big.disksim"
printf '  8,16   0        1     0.000001000  4162  Q   R 8 + 8388609 [x]\n' > "$W/big.blk"
# A DiskSim drive with 10^12 cylinders (an int holds 2^31 - 1), outside $W.
mkdir -p "$S/int"
printf 'Seek distances measured: 4\n1, 1.0\n4, 2.0\n50, 3.0\n99, 4.0\n' > "$S/int/m.seek"
printf '%s\n' 'dm_disk M {' '   Number of data surfaces = 2,' '   Number of cylinders = 1000000000000,' \
    '   Block count = 2000,' '   Layout Model = dm_layout_g1 {' '      Zones = [ dm_layout_g1_zone {' \
    '         First cylinder number = 0,' '         Last cylinder number = 99,' '         Blocks per track = 10,' \
    '         Skew for track switch = 1,' '         Skew for cylinder switch = 2' '      } ]' '   },' \
    '   Mechanical Model = dm_mech_g1 {' '      Seek type = extracted,' '      Full seek curve = m.seek,' \
    '      Add. write settling delay = 0,' '      Head switch time = 0.1,' '      Rotation speed (in rpms) = 6000' \
    '   }' '}' > "$S/int/m.model"
# A user's preset folder (RAIDSCOPE_DISK_PATH) with a preset cut short: it must be named, not skipped.
mkdir -p "$W/presets"
printf '{"id": "broken", "capacityBytes": ' > "$W/presets/broken.json"
snapshot() { (cd "$W" && ls -A && sha256sum -- * 2>/dev/null; ls -A presets && sha256sum presets/*); }
before=$(snapshot)

pass=0 failed=0 skipped=0
failures=()
while IFS= read -r line || [[ -n $line ]]; do
    [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
    name=${line%% | *}; rest=${line#* | }
    expect=${rest%% | *}; rest=${rest#* | }
    regex=${rest%% | *}; cmd=${rest#* | }
    name=${name%%[[:space:]]*}; expect=${expect//[[:space:]]/}
    [[ -n $ONLY && ! $name =~ $ONLY ]] && continue
    eval "args=( $cmd )"
    if [[ ${args[0]} == - || ! -x ${args[0]} ]]; then
        skipped=$((skipped + 1))
        continue
    fi
    start=$(date +%s%N)
    (
        ulimit -v "$VMEM_KB"
        exec timeout -k 5 "$TIMEOUT_S" "${args[@]}"
    ) > "$WORK/out" 2> "$WORK/err" < /dev/null
    rc=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    why=()
    if [[ $rc == 124 || $rc == 137 ]]; then
        why+=("no answer within ${TIMEOUT_S} s")
    elif [[ $rc != "$expect" ]]; then
        why+=("exit $rc, expected $expect")
    fi
    lines=$(wc -l < "$WORK/err")
    bytes=$(wc -c < "$WORK/err")
    if [[ $lines != 1 || $(tail -c 1 "$WORK/err" | od -An -c | tr -d ' ') != '\n' ]]; then
        why+=("stderr has $lines line(s), $bytes bytes, expected one line")
    fi
    if ! grep -aEq -- "$regex" "$WORK/err"; then
        why+=("stderr does not match /$regex/")
    fi
    if [[ -s $WORK/out ]]; then
        why+=("stdout not empty ($(wc -c < "$WORK/out") bytes)")
    fi
    after=$(snapshot)
    if [[ $after != "$before" ]]; then
        why+=("the scratch folder changed (a file written or an input changed)")
        rm -rf "$W"/out.* # keep later cases independent
    fi
    if ((${#why[@]})); then
        failed=$((failed + 1))
        failures+=("FAIL $name: $(IFS=';'; echo "${why[*]}")"$'\n'"     stderr: $(head -c 400 "$WORK/err" | tr '\0' '@')")
        echo "FAIL $name (${ms} ms)"
    else
        pass=$((pass + 1))
        echo "ok   $name (${ms} ms)"
    fi
done < "$CASES"

echo
echo "hostile input: $pass passed, $failed failed, $skipped skipped"
for f in "${failures[@]}"; do
    echo "$f"
done
[[ $failed == 0 && $pass -gt 0 ]]
