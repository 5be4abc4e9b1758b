#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# summarize-parallel.sh [-j JOBS] [-o DIR] [-S SSHLOGINS] [-c RAIDSCOPE_CLI] PARTS FILE [-- SUMMARIZE OPTIONS...]
#
# Summarizes one large MSR, SPC or CSV trace in PARTS byte ranges with GNU parallel
# (`trace summarize FILE --partial --range A:B`, each line counted in the range it starts in), then
# merges the partials: prints exactly what `raidscope-cli trace summarize FILE OPTIONS` prints.
#   -c CLI         the raidscope-cli to run (default: raidscope-cli on the PATH)
#   -j, -o, -S     as run-parallel.sh: shards at once, where partials are kept, other machines
set -euo pipefail

if [[ ${1:-} == --one ]]; then # one range: --one I A B DIR CLI FILE OPTIONS...
    i=$2 a=$3 b=$4 dir=$5 cli=$6 file=$7
    shift 7
    "$cli" trace summarize "$file" --partial --range "$a:$b" "$@" >"$dir/part-$i.json.tmp"
    mv "$dir/part-$i.json.tmp" "$dir/part-$i.json"
    exit 0
fi

usage() { sed -n '3,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
jobs='' dir='' logins='' cli=raidscope-cli
while getopts "j:o:S:c:h" opt; do
    case $opt in
    j) jobs=$OPTARG ;;
    o) dir=$OPTARG ;;
    S) logins=$OPTARG ;;
    c) cli=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
parts=${1:-} file=${2:-}
[[ $parts =~ ^[1-9][0-9]*$ && -f $file ]] || usage
shift 2
[[ ${1:-} == -- ]] && shift
command -v parallel >/dev/null || { echo "summarize-parallel: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

keep=1
if [[ -z $dir ]]; then
    dir=$(mktemp -d)
    keep=0
    trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"
self=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
size=$(stat -c %s "$file")
opts=(--halt now,fail=1 --colsep ' ')
[[ -n $jobs ]] && opts+=(-j "$jobs")
[[ -n $logins ]] && opts+=(-S "$logins")
for ((i = 0; i < parts; i++)); do
    echo "$((i + 1)) $((size * i / parts)) $((size * (i + 1) / parts))"
done | parallel "${opts[@]}" -q "$self" --one {1} {2} {3} "$dir" "$cli" "$file" "$@"
"$cli" merge "$dir"/part-*.json
((keep)) && echo "summarize-parallel: partials kept in $dir" >&2
exit 0
