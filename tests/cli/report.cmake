# raidscope-cli report: errors are one line naming the file, the output never lands on an input
# (same path, symlink, hard link), and a report is written without a display.
#
#   cmake -DCLI=<raidscope-cli> -DDATA=<tests/data> -DWORK=<dir> -P report.cmake
foreach(var CLI DATA WORK)
    if(NOT ${var})
        message(FATAL_ERROR "report.cmake: -D${var}=... is required")
    endif()
endforeach()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

include(${CMAKE_CURRENT_LIST_DIR}/runcli.cmake)

function(expect_err regex what)
    string(STRIP "${cli_err}" line)
    if(NOT line MATCHES "${regex}" OR line MATCHES "\n")
        message(FATAL_ERROR "${what}: stderr is not one line matching '${regex}':\n${cli_err}")
    endif()
endfunction()

# A copy of the sample, so that a failed refusal cannot hurt the repository's file.
set(ws "${WORK}/sample.raidscope")
file(COPY_FILE "${DATA}/workspace/sample-v1.raidscope" "${ws}")
file(SHA256 "${ws}" ws_sha)
file(CREATE_LINK "sample.raidscope" "${WORK}/link.raidscope" SYMBOLIC)
file(CREATE_LINK "${ws}" "${WORK}/hard.raidscope")

# Usage errors: exit 2, one line.
run_cli(2 report)
expect_err("^raidscope-cli: report: a WORKSPACE file is required" "report without a workspace")
run_cli(2 report "${ws}")
expect_err("^raidscope-cli: report: give one of --pdf OUT and --html OUT$" "report without an output")
run_cli(2 report "${ws}" --pdf "${WORK}/a.pdf" --html "${WORK}/a.html")
expect_err("^raidscope-cli: report: give one of --pdf OUT and --html OUT$" "report with two outputs")

# A missing workspace and a file that is no workspace: exit 1, the file named, nothing written.
run_cli(1 report "${WORK}/missing.raidscope" --pdf "${WORK}/missing.pdf")
expect_err("^raidscope-cli: .*missing\\.raidscope" "report of a missing file")
file(WRITE "${WORK}/notes.raidscope" "not json\n")
run_cli(1 report "${WORK}/notes.raidscope" --html "${WORK}/notes.html")
expect_err("^raidscope-cli: .*notes\\.raidscope" "report of a file that is no workspace")
foreach(out missing.pdf notes.html)
    if(EXISTS "${WORK}/${out}")
        message(FATAL_ERROR "report wrote ${out} after an error")
    endif()
endforeach()

# OUT == WORKSPACE, through a symlink, a hard link, or a path that walks around: refused, unchanged.
foreach(out "${ws}" "${WORK}/link.raidscope" "${WORK}/hard.raidscope" "${WORK}/./sub/../sample.raidscope")
    foreach(kind pdf html)
        run_cli(1 report "${ws}" --${kind} "${out}")
        expect_err("^raidscope-cli: --${kind} .*: is the input .*sample\\.raidscope \\(the same file\\); refusing to write over an input$"
            "report --${kind} ${out}")
        file(SHA256 "${ws}" now)
        if(NOT now STREQUAL ws_sha)
            message(FATAL_ERROR "report --${kind} ${out} changed the workspace")
        endif()
    endforeach()
endforeach()
run_cli(1 report "${WORK}/link.raidscope" --pdf "${ws}")
run_cli(1 report "${ws}" --pdf "${WORK}")
expect_err("^raidscope-cli: --pdf .*: is a directory; an output must be a regular file$" "report --pdf DIR")

# Without a display, whatever QT_QPA_PLATFORM says: a PDF and a self-contained HTML file.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY QT_QPA_PLATFORM=xcb
    ${CLI} report "${ws}" --pdf "${WORK}/report.pdf" --title "Array review" --json
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "report --pdf without a display: exit ${status}\n${out}\n${err}")
endif()
if(NOT out MATCHES "\"format\":\"pdf\"" OR NOT out MATCHES "\"pages\":[4-9]")
    message(FATAL_ERROR "report --pdf --json: unexpected output:\n${out}")
endif()
file(READ "${WORK}/report.pdf" head LIMIT 5 HEX)
if(NOT head STREQUAL "255044462d") # %PDF-
    message(FATAL_ERROR "report.pdf does not start with %PDF-")
endif()
run_cli(0 report "${ws}" --html "${WORK}/report.html")
file(READ "${WORK}/report.html" html)
string(REGEX MATCHALL "src=\"data:image/png" images "${html}") # no ";": it would split the list
list(LENGTH images n)
if(NOT n EQUAL 7 OR NOT html MATCHES "RAID 5 left-asymmetric, 4 disks, 16 KiB chunks")
    message(FATAL_ERROR "report.html: ${n} inline images (expected 7) or no verdict")
endif()
# Only what the workspace holds (#54 item 6): the sample has the Advisor's inputs but no advice, so
# no advisor sentence nor section, no "not run"; the workspace's own folder is never printed.
foreach(absent "advisor recommends" "Stripe-size advice" "Not run" "not run" "${WORK}")
    string(FIND "${html}" "${absent}" at)
    if(NOT at EQUAL -1)
        message(FATAL_ERROR "report.html holds '${absent}'")
    endif()
endforeach()
run_cli(0 report "${ws}" --html "${WORK}/customer.html" --title "Array review" --customer "ACME Storage Ltd")
file(READ "${WORK}/customer.html" html)
if(NOT html MATCHES "Prepared for.*ACME Storage Ltd" OR NOT html MATCHES "<h1>Array review</h1>")
    message(FATAL_ERROR "report --customer/--title: not on the first page")
endif()
run_cli(2 report "${ws}" --html "${WORK}/bad.html" --customer "a\nb")
file(GLOB left "${WORK}/*.tmp" "${WORK}/.*")
if(left)
    message(FATAL_ERROR "temporary files left: ${left}")
endif()
