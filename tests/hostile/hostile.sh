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
# A disk image nobody may write: --allow-writes must refuse it (root could write it anyway).
head -c 8388608 /dev/zero > "$W/readonly.img" && chmod 0444 "$W/readonly.img"
snapshot() { (cd "$W" && ls -A && sha256sum -- *); }
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
