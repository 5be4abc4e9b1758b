# Every core: each command that runs in parallel prints the same output with --jobs 1 and --jobs 3
# (byte for byte), and refuses a --jobs that is not an integer >= 1 with one line naming it.
#
#   cmake -DCLI=<raidscope-cli> -DDATA=<tests/data> -DWORK=<dir> -P parallel.cmake
foreach(var CLI DATA WORK)
    if(NOT ${var})
        message(FATAL_ERROR "parallel.cmake: -D${var}=... is required")
    endif()
endforeach()
file(MAKE_DIRECTORY "${WORK}")
set(failures "")

# same(NAME ARGS...): raidscope-cli ARGS... --jobs 1 and --jobs 3 exit 0 with the same stdout.
function(same name)
    foreach(jobs 1 3)
        execute_process(COMMAND ${CLI} ${ARGN} --jobs ${jobs} RESULT_VARIABLE status
            OUTPUT_FILE "${WORK}/${name}-${jobs}.out" ERROR_VARIABLE err)
        if(NOT status EQUAL 0)
            set(failures "${failures}\n${name} --jobs ${jobs}: exit ${status}: ${err}" PARENT_SCOPE)
            return()
        endif()
    endforeach()
    file(READ "${WORK}/${name}-1.out" serial)
    file(READ "${WORK}/${name}-3.out" parallel)
    if(NOT serial STREQUAL parallel)
        set(failures "${failures}\n${name}: --jobs 3 differs from --jobs 1 (${WORK}/${name}-*.out)" PARENT_SCOPE)
    elseif(serial STREQUAL "")
        set(failures "${failures}\n${name}: no output" PARENT_SCOPE)
    endif()
endfunction()

same(sweep simulate --array "raid5 disks=4 chunk=16KiB"
    --workload "random read=0.7 size=4KiB:60,64KiB:40 count=2000 seed=7" --sweep outstanding=1,2,4,8,16,32,64 --json)
same(sweep-text simulate --array "raid5 disks=4 chunk=16KiB"
    --workload "random read=0.7 size=4KiB count=1000 seed=7" --sweep outstanding=1,4,16)
same(replay trace replay "${DATA}/golden/replay_msr.csv" --array "raid5 disks=4 chunk=16KiB"
    --array "raid10 disks=4 chunk=64KiB" --array "raid0 disks=3 chunk=32KiB" --slow-ms 20 --json)
same(summarize trace summarize "${DATA}/traces/msr_edge_crlf.csv" "${DATA}/golden/replay_msr.csv" --json)
same(summarize-text trace summarize "${DATA}/golden/replay_msr.csv" "${DATA}/traces/msr_edge_crlf.csv")
same(probe-eval probe-eval --count 4 --seed 19 --max-disks 6 --json)
same(probe-eval-text probe-eval --count 4 --seed 23 --max-disks 6 --slow --verbose)

foreach(bad 0 -1 x 2.5)
    execute_process(COMMAND ${CLI} trace summarize "${DATA}/golden/replay_msr.csv" --jobs ${bad}
        RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE err)
    if(status EQUAL 0 OR NOT err MATCHES "--jobs: '${bad}' is not a number of threads")
        set(failures "${failures}\n--jobs ${bad}: exit ${status}, stderr: ${err}")
    endif()
endforeach()

if(NOT failures STREQUAL "")
    message(FATAL_ERROR "parallel runs differ from serial ones:${failures}")
endif()
