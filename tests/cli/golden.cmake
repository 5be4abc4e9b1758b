# Golden outputs: layout, simulate, probe --sim, trace summarize and trace replay must keep every number
# and verdict they gave when the files in tests/data/golden were recorded (new keys may be added).
#
#   cmake -DCLI=<raidscope-cli> -DJQ=<jq> -DGOLDEN=<tests/data/golden> -DDATA=<tests/data> -DWORK=<dir> -P golden.cmake
#
# With -DUPDATE=ON the outputs are written over the golden files instead: only for a change of results
# that is meant, and said so in its commit.
foreach(var CLI GOLDEN DATA WORK)
    if(NOT ${var})
        message(FATAL_ERROR "golden.cmake: -D${var}=... is required")
    endif()
endforeach()
if(NOT UPDATE AND (NOT JQ OR JQ MATCHES "NOTFOUND$"))
    message(FATAL_ERROR "golden.cmake: jq is needed to compare the outputs (scripts/setup.sh installs it)")
endif()
get_filename_component(comparator "${CMAKE_CURRENT_LIST_DIR}/jsoncontains.jq" ABSOLUTE)
file(MAKE_DIRECTORY "${WORK}")

# Wall-clock figures differ from run to run; none is in today's outputs, these keep future ones out.
set(ignored_keys [=[["wallSeconds","wallMs","elapsedSeconds","elapsedMs"]]=])

set(failures "")
# golden(NAME STATUS ARGS...): runs raidscope-cli ARGS..., which must exit with STATUS, and compares
# its stdout with GOLDEN/NAME.json.
function(golden name expect_status)
    execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE status OUTPUT_FILE "${WORK}/${name}.json"
        ERROR_VARIABLE err)
    if(NOT status EQUAL expect_status)
        set(failures "${failures}\n${name}: raidscope-cli ${ARGN}: exit ${status}, expected ${expect_status}\n${err}"
            PARENT_SCOPE)
        return()
    endif()
    if(UPDATE)
        file(COPY_FILE "${WORK}/${name}.json" "${GOLDEN}/${name}.json")
        message(STATUS "golden: wrote ${name}.json")
        return()
    endif()
    if(NOT EXISTS "${GOLDEN}/${name}.json")
        set(failures "${failures}\n${name}: no golden file ${name}.json" PARENT_SCOPE)
        return()
    endif()
    execute_process(COMMAND ${JQ} -n -r --slurpfile golden "${GOLDEN}/${name}.json"
        --slurpfile actual "${WORK}/${name}.json" --argjson ignore "${ignored_keys}" -f "${comparator}"
        RESULT_VARIABLE jq_status OUTPUT_VARIABLE differences ERROR_VARIABLE jq_err)
    if(NOT jq_status EQUAL 0)
        set(failures "${failures}\n${name}: jq failed (${jq_status}): ${jq_err}" PARENT_SCOPE)
    elseif(NOT differences STREQUAL "")
        set(failures "${failures}\n${name}: raidscope-cli ${ARGN}\n${differences}" PARENT_SCOPE)
    endif()
endfunction()

# layout: parity rotation (raid5 left-asymmetric), mirror copies (raid10 far), P and Q (raid6).
golden(layout-raid5-la 0 layout --array "raid5 layout=la disks=5 chunk=8KiB" --blocks 0:40 --json)
golden(layout-raid10-far 0 layout --array "raid10 layout=far disks=4 chunk=16KiB" --blocks 0:48 --json)
golden(layout-raid6 0 layout --array "raid6 disks=6 chunk=8KiB" --json)

# simulate: a mixed random workload, a degraded array with a write-back cache, an outstanding sweep.
golden(simulate-raid5 0 simulate --array "raid5 disks=4 chunk=16KiB"
    --workload "random read=0.7 size=4KiB:60,64KiB:40 outstanding=8 count=2000 seed=7" --json)
golden(simulate-raid5-degraded 0 simulate --array "raid5 disks=5 chunk=32KiB failed=2 cache=4MiB"
    --workload "random read=0.5 size=8KiB outstanding=4 count=1000 seed=3" --json)
golden(simulate-raid10-sweep 0 simulate --array "raid10 disks=4 chunk=64KiB"
    --workload "sequential read=1 size=64KiB count=300 seed=5" --sweep outstanding=1,4,16 --json)

# probe --sim: identified (exit 0) and a misconfiguration that matches no layout (exit 3).
golden(probe-raid0 0 probe --sim "raid0 disks=3 chunk=8KiB" --seed 2 --json)
golden(probe-raid5-la 0 probe --sim "raid5 layout=la disks=4 chunk=16KiB" --seed 3 --json)
golden(probe-raid0-shared 3 probe --sim "raid0 disks=4 chunk=16KiB shared=1:2" --json)

# trace summarize: blkparse issue/completion pairs, MSR edge cases, and a 600-request MSR trace.
golden(summarize-blkparse 0 trace summarize "${DATA}/traces/blkparse_small.txt" --json)
golden(summarize-msr-edge 0 trace summarize "${DATA}/traces/msr_edge_crlf.csv" --json)
golden(summarize-replay-msr 0 trace summarize "${GOLDEN}/replay_msr.csv" --slow-ms 15 --json)

# trace replay: the 600-request trace through two arrays, and the blkparse excerpt at half time.
golden(replay-msr 0 trace replay "${GOLDEN}/replay_msr.csv" --array "raid5 disks=4 chunk=16KiB"
    --array "raid10 disks=4 chunk=64KiB" --slow-ms 20 --json)
golden(replay-blkparse 0 trace replay "${DATA}/traces/blkparse_small.txt" --array "raid0 disks=2 chunk=64KiB"
    --scale 0.5 --window 0.5 --json)

if(failures)
    message(FATAL_ERROR "outputs differ from tests/data/golden:${failures}")
endif()
