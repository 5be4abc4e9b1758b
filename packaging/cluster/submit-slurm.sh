#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# submit-slurm.sh N DIR raidscope-cli COMMAND ARGS...
# Submits shards 1..N as a Slurm job array (slurm-shards.sbatch) and a merge job that runs when every
# shard succeeded (--dependency=afterok): DIR/merged.out then holds exactly what COMMAND ARGS prints
# unsharded. DIR must be on a file system the compute nodes share. Prints the two job ids.
set -euo pipefail
n=${1:?usage: submit-slurm.sh N DIR raidscope-cli COMMAND ARGS...}
dir=${2:?usage: submit-slurm.sh N DIR raidscope-cli COMMAND ARGS...}
shift 2
cli=${1:?the raidscope-cli to run}
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "submit-slurm: N must be a positive whole number" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$dir"
shards=$(sbatch --parsable --array="1-$n" "$here/slurm-shards.sbatch" "$dir" "$@")
merge=$(sbatch --parsable --dependency="afterok:$shards" --job-name=raidscope-merge --output="$dir/merge.log" \
    --wrap="$(printf '%q ' "$cli" merge)$(printf '%q' "$dir")/part-*.json > $(printf '%q' "$dir/merged.out.tmp") && mv $(printf '%q %q' "$dir/merged.out.tmp" "$dir/merged.out")")
echo "shards: job $shards (array 1-$n); merge: job $merge -> $dir/merged.out"
