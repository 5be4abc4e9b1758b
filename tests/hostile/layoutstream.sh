#!/usr/bin/env bash
# `layout --blocks 0:1048576 --json` on a 16-disk RAID 6 writes about 480 MB of JSON. Built as one
# QJsonDocument it peaked at 3.3 GB; streamed, it must run within HOSTILE_VMEM_KB (default 1 GB of
# address space, Qt's own mappings included) and still be valid JSON with every block.
#   layoutstream.sh CLI
set -euo pipefail
CLI=$1
VMEM_KB=${HOSTILE_VMEM_KB:-1000000}
[[ $VMEM_KB == unlimited ]] || ulimit -v "$VMEM_KB"
# The last block and the count of "lba" keys, without holding the output anywhere.
summary=$("$CLI" layout --array 'raid6 disks=16 chunk=64KiB' --blocks 0:1048576 --json \
    | awk '/"lba": / { n++; last = $2 } END { print n, last }')
echo "blocks listed, last lba: $summary"
[[ $summary == "1048576 1048575," ]]
