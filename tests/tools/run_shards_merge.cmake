# ctest run_shards_merge_to_unsharded (tests/tools/shard_test.cmake): the suite run whole and as
# SHARDS shards, one process each, one after the other (so each shard's wall time is its own);
# the merged shards must equal the whole run, and the shards' costs must be balanced.
#   cmake -DOPSIM=<opsim> -DWORK=<scratch folder> -DSHARDS=4 [-DFILTER=<regex>]
#         [-DWHOLE=<report>] -P run_shards_merge.cmake
# WHOLE: the report of an unsharded run of the same selection made by another test (in release,
# the checked run of run_unchecked_matches_checked, a ctest fixture), used instead of running
# the suite whole once more; it is removed at the end.
set(opsim_required OPSIM WORK SHARDS)
include(${CMAKE_CURRENT_LIST_DIR}/run_script_setup.cmake)

# opsim_run(REPORT [ENV var=value...] [ARGS run arguments...]): `opsim run` writing REPORT. A
# failing case is not this test's matter (the whole run fails it too, and compare sees it); a
# missing report or a usage error is.
function(opsim_run report)
  cmake_parse_arguments(PARSE_ARGV 1 RUN "" "" "ENV;ARGS")
  set(prefix)
  if(RUN_ENV)
    set(prefix ${CMAKE_COMMAND} -E env ${RUN_ENV})
  endif()
  execute_process(COMMAND ${prefix} ${OPSIM} run ${select} ${RUN_ARGS} --report ${report}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT EXISTS ${report} OR NOT rc MATCHES "^[01]$")
    message(FATAL_ERROR "opsim run ${RUN_ENV} ${RUN_ARGS} wrote no report (exit ${rc}):\n${err}")
  endif()
  string(REGEX MATCH "[0-9]+ passed, [0-9]+ failed[^\n]*\n?$" summary "${out}")
  string(STRIP "${summary}" summary)
  message(STATUS "opsim run ${RUN_ENV} ${RUN_ARGS}: ${summary}")
endfunction()

if(WHOLE)
  if(NOT EXISTS ${WHOLE})
    message(FATAL_ERROR "no unsharded report at ${WHOLE} (its fixture test failed or did not run)")
  endif()
  file(RENAME ${WHOLE} ${WORK}/whole.json)
  message(STATUS "unsharded run: ${WHOLE}")
else()
  opsim_run(${WORK}/whole.json)
endif()
math(EXPR last "${SHARDS} - 1")
set(reports)
foreach(i RANGE ${last})
  if(i EQUAL last)
    # The last shard by the environment protocol, which must touch the status file.
    opsim_run(${WORK}/shard${i}.json ENV TEST_TOTAL_SHARDS=${SHARDS} TEST_SHARD_INDEX=${i}
              TEST_SHARD_STATUS_FILE=${WORK}/status)
    if(NOT EXISTS ${WORK}/status)
      message(FATAL_ERROR "the run sharded by TEST_TOTAL_SHARDS did not touch "
                          "TEST_SHARD_STATUS_FILE")
    endif()
  else()
    opsim_run(${WORK}/shard${i}.json ARGS --shard ${i}/${SHARDS})
  endif()
  list(APPEND reports ${WORK}/shard${i}.json)
endforeach()

execute_process(COMMAND ${OPSIM} report merge ${WORK}/merged.json ${reports}
                        --junit ${WORK}/merged.xml
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "opsim report merge refused the shards (exit ${rc}):\n${err}")
endif()
message(STATUS "opsim report merge:\n${out}")
execute_process(COMMAND ${OPSIM} report compare ${WORK}/whole.json ${WORK}/merged.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the merged shards differ from the unsharded run (exit ${rc}):\n${out}${err}")
endif()
message(STATUS "${out}")

# The balance by cost (deterministic; the wall times above are printed, not judged: CI machines
# are noisy): the costliest shard at most 1.3x the mean, on the whole suite.
if(NOT FILTER)
  file(READ ${WORK}/merged.json merged)
  set(sum 0)
  set(max 0)
  foreach(i RANGE ${last})
    string(JSON cost GET "${merged}" merged_from ${i} cost)
    math(EXPR sum "${sum} + ${cost}")
    if(cost GREATER max)
      set(max ${cost})
    endif()
  endforeach()
  math(EXPR lhs "${max} * ${SHARDS} * 10")
  math(EXPR rhs "${sum} * 13")
  if(lhs GREATER rhs)
    message(FATAL_ERROR "the costliest shard (${max}) is above 1.3x the mean (${sum} / ${SHARDS})")
  endif()
endif()
file(REMOVE_RECURSE ${WORK})
