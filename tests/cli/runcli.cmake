# run_cli(STATUS ARGS...): runs ${CLI} ARGS..., which must exit with STATUS; sets cli_out and cli_err.
function(run_cli expect_status)
    execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT status EQUAL expect_status)
        message(FATAL_ERROR "raidscope-cli ${ARGN}: exit ${status}, expected ${expect_status}\n${out}\n${err}")
    endif()
    set(cli_out "${out}" PARENT_SCOPE)
    set(cli_err "${err}" PARENT_SCOPE)
endfunction()
