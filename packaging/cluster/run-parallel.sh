#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# run-parallel.sh [-j JOBS] [-o DIR] [-S SSHLOGINS] N -- raidscope-cli COMMAND ARGS...
#
# Runs shards 1..N of a sharded raidscope-cli command (simulate --sweep, trace replay, probe-eval)
# with GNU parallel, each writing its partial JSON to DIR/part-I.json (through a temporary file and
# a rename), then `raidscope-cli merge`s them: prints exactly what COMMAND ARGS prints unsharded.
#   -j JOBS        shards at once (default: GNU parallel's, one per core)
#   -o DIR         keep the partials in DIR (default: a temporary folder, removed afterwards)
#   -S SSHLOGINS   run the shards on other machines (GNU parallel's --sshlogin; the command, its
#                  plugins and any trace files must be at the same paths there, DIR shared)
# Each shard runs its own tasks one per core (--jobs); give shards the machines' cores, not more.
set -euo pipefail

if [[ ${1:-} == --one ]]; then # one shard: --one I N DIR COMMAND...
    i=$2 n=$3 dir=$4
    shift 4
    "$@" --shard "$i/$n" >"$dir/part-$i.json.tmp"
    mv "$dir/part-$i.json.tmp" "$dir/part-$i.json"
    exit 0
fi

usage() { sed -n '3,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
jobs='' dir='' logins=''
while getopts "j:o:S:h" opt; do
    case $opt in
    j) jobs=$OPTARG ;;
    o) dir=$OPTARG ;;
    S) logins=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
n=${1:-}
[[ $n =~ ^[1-9][0-9]*$ ]] || usage
shift
[[ ${1:-} == -- ]] && shift
(($#)) || usage
command -v parallel >/dev/null || { echo "run-parallel: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

keep=1
if [[ -z $dir ]]; then
    dir=$(mktemp -d)
    keep=0
    trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"
self=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
opts=(--halt now,fail=1)
[[ -n $jobs ]] && opts+=(-j "$jobs")
[[ -n $logins ]] && opts+=(-S "$logins")
# -q: the command's arguments (array specs with spaces) reach each shard as they are.
seq 1 "$n" | parallel "${opts[@]}" -q "$self" --one {} "$n" "$dir" "$@"
"$1" merge "$dir"/part-*.json
((keep)) && echo "run-parallel: partials kept in $dir" >&2
exit 0
