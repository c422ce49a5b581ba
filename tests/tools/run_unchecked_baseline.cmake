# ctest run_unchecked_matches_checked: the whole default suite (configs/cases) in the fast path
# must give the bits of a checked run, case for case (issue 15: copy elision, and any later
# optimisation of the unchecked path, may change no result).
#   cmake -DOPSIM=<opsim binary> -DWORK=<scratch folder> [-DFILTER=<regex>]
#         [-DCHECKED_REPORT=<file>] -P run_unchecked_baseline.cmake
# CHECKED_REPORT: where the checked run's report is written and left, for a test that needs the
# same run (in release, run_shards_merge_to_unsharded takes it as its unsharded run, instead of
# running the suite once more). It is written only when every case passed checked.
set(opsim_required OPSIM WORK)
include(${CMAKE_CURRENT_LIST_DIR}/run_script_setup.cmake)
if(CHECKED_REPORT)
  file(REMOVE ${CHECKED_REPORT})
endif()

# The last line of a run: "N passed, M failed[, K skipped]".
function(opsim_run_summary out_var text)
  string(REGEX MATCH "[0-9]+ passed, [0-9]+ failed[^\n]*\n?$" summary "${text}")
  string(STRIP "${summary}" summary)
  set(${out_var} "${summary}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND ${OPSIM} run ${select} --report ${WORK}/checked.json
                RESULT_VARIABLE checked_rc OUTPUT_VARIABLE checked_out ERROR_VARIABLE checked_err)
if(NOT EXISTS ${WORK}/checked.json)
  message(FATAL_ERROR "the checked run wrote no report (exit ${checked_rc}):\n${checked_err}")
endif()
opsim_run_summary(checked_summary "${checked_out}")
# Every case passes checked: under the sanitizers this run is the only checked run of its cases
# (ReduceCaseTest leaves them to it).
if(NOT checked_summary MATCHES "^[0-9]+ passed, 0 failed")
  string(REGEX MATCHALL "[^\n]* FAIL [^\n]*\n[^\n]*" failures "${checked_out}")
  list(JOIN failures "\n" failures)
  message(FATAL_ERROR "the checked run failed cases (${checked_summary}):\n${failures}")
endif()

execute_process(COMMAND ${OPSIM} run ${select} --unchecked --baseline ${WORK}/checked.json
                RESULT_VARIABLE fast_rc OUTPUT_VARIABLE fast_out ERROR_VARIABLE fast_err)
opsim_run_summary(fast_summary "${fast_out}")
string(REGEX MATCH "baseline [^\n]*: ([0-9]+) compared, ([0-9]+) differing, ([0-9]+) not in the baseline"
       counts "${fast_out}")
if(NOT counts)
  message(FATAL_ERROR "the unchecked run printed no baseline counts (exit ${fast_rc}):\n"
                      "${fast_err}")
endif()
set(compared ${CMAKE_MATCH_1})
set(differing ${CMAKE_MATCH_2})
set(missing ${CMAKE_MATCH_3})
message(STATUS "checked:   ${checked_summary}")
message(STATUS "unchecked: ${fast_summary}")
message(STATUS "${counts}")

# The cases that differ, to say which in the failure.
string(REGEX MATCHALL "[^\n]*differs from the baseline[^\n]*" differences "${fast_out}")
list(JOIN differences "\n" differences)
if(NOT differing EQUAL 0 OR NOT missing EQUAL 0 OR compared EQUAL 0)
  message(FATAL_ERROR "unchecked and checked runs differ: ${counts}\n${differences}")
endif()
# The same verdicts: a case the fast path fails (a fault only it raises) fails this test too.
if(NOT fast_summary STREQUAL checked_summary)
  message(FATAL_ERROR "the unchecked run gave '${fast_summary}', the checked run "
                      "'${checked_summary}'")
endif()
if(CHECKED_REPORT)
  file(RENAME ${WORK}/checked.json ${CHECKED_REPORT})
endif()
file(REMOVE_RECURSE ${WORK})
