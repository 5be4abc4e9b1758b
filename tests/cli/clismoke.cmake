# Runs raidscope-cli as a user would and checks exit codes and output shape.
include(${CMAKE_CURRENT_LIST_DIR}/runcli.cmake)

run_cli(0 schemes)
if(NOT cli_out MATCHES "raid0")
    message(FATAL_ERROR "schemes does not list raid0:\n${cli_out}")
endif()
run_cli(0 layout --array "raid0 disks=4 chunk=16KiB" --json)
string(JSON pattern GET "${cli_out}" patternBlocks)
if(NOT pattern EQUAL 16)
    message(FATAL_ERROR "raid0 4 disks 16KiB chunks: patternBlocks ${pattern}, expected 16")
endif()
run_cli(1 layout --array "raid9 disks=4")
if(NOT cli_err MATCHES "unknown scheme 'raid9' \\(known: .*raid0")
    message(FATAL_ERROR "unknown scheme error does not list the known ones: ${cli_err}")
endif()
run_cli(2 layout --array "raid0 disks=4" --bogus)
run_cli(2 frobnicate)

# Text listing: raid6 left-symmetric on 6 disks, stripe 0 has P on disk 5 and Q on disk 0 (md),
# and block 0 on disk 1 (dd = (pd + 2 + 0) % 6).
run_cli(0 layout --array "raid6 disks=6 chunk=8KiB" --blocks 0:1)
if(NOT cli_out MATCHES "0     1            0  P 5:0, Q 0:0")
    message(FATAL_ERROR "raid6 block 0 listing is wrong:\n${cli_out}")
endif()

# simulate: JSON keys of DESIGN.md, one entry per disk.
run_cli(0 simulate --array "raid5 disks=4 chunk=16KiB" --workload "random count=500" --json)
string(JSON requests GET "${cli_out}" requests)
string(JSON ndisks LENGTH "${cli_out}" disks)
string(JSON p99 GET "${cli_out}" percentilesMs 99)
if(NOT requests EQUAL 500 OR NOT ndisks EQUAL 4 OR p99 STREQUAL "")
    message(FATAL_ERROR "simulate --json: requests ${requests}, disks ${ndisks}, p99 ${p99}")
endif()
run_cli(1 simulate --array "raid5 disks=4" --workload "random depth=4")
if(NOT cli_err MATCHES "unknown workload key 'depth'")
    message(FATAL_ERROR "bad workload error: ${cli_err}")
endif()

# probe: exit 0 and the verdict when identified, 3 when the array matches no known layout.
run_cli(0 probe --sim "raid0 disks=4 chunk=16KiB" --json)
string(JSON scheme GET "${cli_out}" verdict scheme)
string(JSON chunk GET "${cli_out}" verdict chunkBytes)
string(JSON total GET "${cli_out}" ios total)
if(NOT scheme STREQUAL "raid0" OR NOT chunk EQUAL 16384 OR total LESS 1)
    message(FATAL_ERROR "probe raid0: ${scheme} ${chunk} ${total}")
endif()
run_cli(3 probe --sim "raid0 disks=4 chunk=16KiB shared=1:2")
run_cli(1 probe /nonexistent/device)
run_cli(2 probe)

# simulate with a throttle: 64 reads at once on one 300 IOPS drive, bucket 30: (64 - 31) / 300 s.
run_cli(0 simulate --array "raid0 disks=1 chunk=16KiB iops=300" --workload "random outstanding=64 count=64" --json)
string(JSON p99 GET "${cli_out}" percentilesMs 99)
if(p99 LESS 105 OR p99 GREATER 111)
    message(FATAL_ERROR "simulate iops=300: p99 ${p99} ms, expected about 110 ms")
endif()

# probe-eval --realism --slow: each run records the spec simulated and the slow disk (or null).
run_cli(0 probe-eval --count 2 --seed 5 --realism --slow --json)
string(JSON sim GET "${cli_out}" runs 0 sim)
string(JSON slowType TYPE "${cli_out}" runs 0 slowDisk)
if(NOT sim MATCHES " iops=[0-9]+ hostoverhead=[0-9]+us:[0-9]+us" OR NOT slowType MATCHES "NUMBER|NULL")
    message(FATAL_ERROR "probe-eval --realism --slow: sim '${sim}', slowDisk ${slowType}")
endif()

# --help: every command prints its own options on stdout and exits 0 (issue 10).
foreach(command schemes plugins disks layout simulate probe probe-eval trace)
    run_cli(0 ${command} --help)
    if(NOT cli_out MATCHES "Usage: raidscope-cli ${command} \\[options\\]" OR NOT cli_out MATCHES "--json")
        message(FATAL_ERROR "${command} --help:\n${cli_out}")
    endif()
endforeach()
run_cli(0 probe --help)
if(NOT cli_out MATCHES "--allow-writes" OR NOT cli_out MATCHES "--sim <SPEC>")
    message(FATAL_ERROR "probe --help does not list --allow-writes and --sim:\n${cli_out}")
endif()
run_cli(0 trace replay --help)
if(NOT cli_out MATCHES "--array <SPEC>" OR cli_out MATCHES "--fio <OUT>")
    message(FATAL_ERROR "trace replay --help lists the wrong options:\n${cli_out}")
endif()
run_cli(0 --help)
if(NOT cli_out MATCHES "probe-eval")
    message(FATAL_ERROR "--help does not list the commands:\n${cli_out}")
endif()
# A bad value names the option and what it takes; a missing value names the option.
run_cli(2 probe --sim "raid0 disks=2" --reads lots)
if(NOT cli_err MATCHES "--reads lots: expected a whole number from 4 to 4096")
    message(FATAL_ERROR "probe --reads lots: ${cli_err}")
endif()
run_cli(2 simulate --array)
if(NOT cli_err MATCHES "--array")
    message(FATAL_ERROR "simulate --array without a value: ${cli_err}")
endif()
run_cli(2 probe-eval --seed x)
run_cli(2 trace summarize)

# model throughput (Minerva): a list in, a list out, in order. By hand from HPL-2001-118 section 2.5:
# 100 small writes/s of 8 KiB on RAID 5 of 5 (64 KiB units) put 25 reads and 25 writes of 13107.2 B
# on each disk, 0.465536 of its time at 8 ms + 10 MB/s; 50 reads/s in runs of 4 x 32 KiB put 7.5
# reads of 43690.67 B on each, 0.092768: 0.558304 in all. The RAID 1/0 case: 37.5 x 8.8192 ms.
run_cli(0 model throughput ${DATA}/models/minerva_raid5.json --json)
string(JSON n LENGTH "${cli_out}")
string(JSON u0 GET "${cli_out}" 0 disk_utilization)
string(JSON t0 GET "${cli_out}" 0 controller_throughput_utilization)
string(JSON u1 GET "${cli_out}" 1 disk_utilization)
string(JSON b1 GET "${cli_out}" 1 binding)
# CMake has no decimals: the digits to the sixth place, as doubles print them (0.0749999... is 0.075).
if(NOT n EQUAL 2 OR NOT u0 MATCHES "^0\\.5583(04|039)" OR NOT t0 MATCHES "^0\\.0(75|74999)" OR NOT u1 MATCHES "^0\\.3307(2|199)" OR NOT b1 STREQUAL "disk")
    message(FATAL_ERROR "model throughput: ${n} results, disk ${u0} (0.558304), controller ${t0} (0.075), disk ${u1} (0.33072), ${b1}:\n${cli_out}")
endif()

# model response: Table 1's single-class RAID 5 write of 5 blocks at 0.01 requests/ms, whose model
# mean the paper gives as 47.8 ms (tst_zonedraid checks the rows; here the command line's shape).
run_cli(0 model response ${DATA}/models/zoned_table1_b5.json --json)
string(JSON mean GET "${cli_out}" meanMs)
string(JSON saturated GET "${cli_out}" saturated)
string(JSON points LENGTH "${cli_out}" cdf)
string(JSON p99 GET "${cli_out}" percentilesMs 99)
if(mean LESS 45.9 OR mean GREATER 49.7 OR NOT saturated STREQUAL "OFF" OR points LESS 100 OR NOT p99 GREATER mean)
    message(FATAL_ERROR "model response: mean ${mean} (47.8 +- 4 %), saturated ${saturated}, ${points} cdf points, p99 ${p99}")
endif()
