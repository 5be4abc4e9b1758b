# Files the CLI writes: never over an input (same path, symlink or hard link), nothing half-written
# after an error; the input byte for byte as it was.
#
#   cmake -DCLI=<raidscope-cli> -DWORK=<dir> -P outputs.cmake
foreach(var CLI WORK)
    if(NOT ${var})
        message(FATAL_ERROR "outputs.cmake: -D${var}=... is required")
    endif()
endforeach()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

include(${CMAKE_CURRENT_LIST_DIR}/runcli.cmake)

# expect_same(PATH SHA256 SIZE): PATH still holds the bytes it was written with.
function(expect_same path sha size)
    file(SHA256 "${path}" now)
    file(SIZE "${path}" now_size)
    if(NOT now STREQUAL sha OR NOT now_size EQUAL size)
        message(FATAL_ERROR "${path} changed: ${now_size} bytes (was ${size})")
    endif()
endfunction()

# expect_err(REGEX WHAT): stderr is one line that matches.
function(expect_err regex what)
    string(STRIP "${cli_err}" line)
    if(NOT line MATCHES "${regex}" OR line MATCHES "\n")
        message(FATAL_ERROR "${what}: stderr is not one line matching '${regex}':\n${cli_err}")
    endif()
endfunction()

# MSR Cambridge CSV, times in 100 ns ticks: 200 requests 1 ms apart, alternating reads and writes.
set(trace "${WORK}/hm_0.csv")
set(content "")
foreach(i RANGE 199)
    math(EXPR ticks "128166372000000000 + ${i} * 10000")
    math(EXPR offset "${i} * 8192")
    math(EXPR odd "${i} % 2")
    if(odd)
        set(op Write)
    else()
        set(op Read)
    endif()
    string(APPEND content "${ticks},hm,0,${op},${offset},4096,250\n")
endforeach()
file(WRITE "${trace}" "${content}")
file(SHA256 "${trace}" trace_sha)
file(SIZE "${trace}" trace_size)
file(CREATE_LINK "hm_0.csv" "${WORK}/symlink.csv" SYMBOLIC)
file(CREATE_LINK "${trace}" "${WORK}/hardlink.csv")

# Harm 1: trace export X --fio X truncated the trace before reading it ("wrote 0 I/Os", exit 0).
foreach(out "${trace}" "${WORK}/symlink.csv" "${WORK}/hardlink.csv" "${WORK}/./sub/../hm_0.csv")
    run_cli(1 trace export "${trace}" --fio "${out}")
    expect_err("^raidscope-cli: .*: is the input .*hm_0\\.csv \\(the same file\\); refusing to write over an input$"
        "export --fio ${out}")
    expect_same("${trace}" ${trace_sha} ${trace_size})
endforeach()
# The input named through the link, the output by its own name.
run_cli(1 trace export "${WORK}/symlink.csv" --fio "${trace}")
expect_same("${trace}" ${trace_sha} ${trace_size})

# Harm 2: trace summarize X --csv X printed the summary, then wrote it over the trace.
foreach(out "${trace}" "${WORK}/symlink.csv" "${WORK}/hardlink.csv")
    run_cli(1 trace summarize "${trace}" --csv "${out}")
    expect_err("^raidscope-cli: --csv .*: is the input .*hm_0\\.csv \\(the same file\\); refusing to write over an input$"
        "summarize --csv ${out}")
    if(NOT cli_out STREQUAL "")
        message(FATAL_ERROR "summarize --csv over its input printed a summary before refusing:\n${cli_out}")
    endif()
    expect_same("${trace}" ${trace_sha} ${trace_size})
endforeach()
run_cli(1 trace summarize "${trace}" --csv "${WORK}")
expect_err("^raidscope-cli: --csv .*: is a directory; an output must be a regular file$" "summarize --csv DIR")

# An export that fails at line 6 leaves no file (it left 191 bytes) and no temporary file beside it.
set(bad "${WORK}/bad/bad.csv")
file(WRITE "${bad}" "128166372000000000,hm,0,Write,0,4096,100\n"
    "128166372000010000,hm,0,Read,4096,4096,100\n"
    "128166372000020000,hm,0,Read,8192,4096,100\n"
    "128166372000030000,hm,0,Write,12288,4096,100\n"
    "128166372000040000,hm,0,Read,16384,4096,100\n"
    "128166372000050000,hm,0,Read,abc,4096,100\n"
    "128166372000060000,hm,0,Read,20480,4096,100\n")
file(SHA256 "${bad}" bad_sha)
file(SIZE "${bad}" bad_size)
run_cli(1 trace export "${bad}" --fio "${WORK}/bad/bad.iolog")
expect_err("^raidscope-cli: bad\\.csv:6: " "export of a trace malformed at line 6")
file(GLOB left RELATIVE "${WORK}/bad" "${WORK}/bad/*")
if(NOT left STREQUAL "bad.csv")
    message(FATAL_ERROR "a failed export left files behind: ${left}")
endif()
expect_same("${bad}" ${bad_sha} ${bad_size})
# Over an existing file: that file stays as it was.
file(WRITE "${WORK}/bad/old.iolog" "old\n")
run_cli(1 trace export "${bad}" --fio "${WORK}/bad/old.iolog")
file(READ "${WORK}/bad/old.iolog" old)
if(NOT old STREQUAL "old\n")
    message(FATAL_ERROR "a failed export changed the file it would have replaced: ${old}")
endif()
# The same with --csv: the summary stops at line 6, no CSV is written.
run_cli(1 trace summarize "${bad}" --csv "${WORK}/bad/summary.csv")
if(EXISTS "${WORK}/bad/summary.csv")
    message(FATAL_ERROR "a failed summarize wrote its --csv")
endif()

# What is allowed still works: 200 requests 1 ms (1000 us) apart; the last at 199000 us.
run_cli(0 trace export "${trace}" --fio "${WORK}/hm_0.iolog" --target /dev/sdb)
expect_err("^raidscope-cli: wrote 200 I/Os to .*hm_0\\.iolog \\(fio iolog v3, microseconds\\)$" "export")
file(STRINGS "${WORK}/hm_0.iolog" lines)
list(LENGTH lines n)
list(GET lines 3 first)
list(GET lines 202 last)
list(GET lines 203 close)
if(NOT n EQUAL 204 OR NOT first STREQUAL "0 /dev/sdb read 0 4096" OR NOT last STREQUAL "199000 /dev/sdb write 1630208 4096"
   OR NOT close STREQUAL "199000 /dev/sdb close")
    message(FATAL_ERROR "export: ${n} lines, first '${first}', last '${last}', then '${close}'")
endif()
run_cli(0 trace summarize "${trace}" --csv "${WORK}/summary.csv")
file(READ "${WORK}/summary.csv" csv)
if(NOT csv MATCHES "records,200" OR NOT csv MATCHES "4096,200,100\\.000")
    message(FATAL_ERROR "summary CSV lacks the 200 requests of 4096 bytes:\n${csv}")
endif()
expect_same("${trace}" ${trace_sha} ${trace_size})
