# ctest run_shards_merge_to_unsharded (issue 31): the default suite as 4 shards in 4 processes
# (the last one sharded by the TEST_* environment, as Bazel or a CI matrix runs it), merged with
# `opsim report merge`, must equal the unsharded run's report (`opsim report compare`: the same
# cases in the same order, verdicts, messages and output digests), and no shard's cost may be
# above 1.3x the mean. Included from tests/CMakeLists.txt.
#
# Release: the whole default suite (14421 cases) as four shards, about the suite's time; the
# unsharded run is the checked run of run_unchecked_matches_checked (a fixture) (docs/
# PERFORMANCE.md, "Sharding", and "Session 42: test CPU"). Sanitizer
# builds run every case many times slower, so there the same test runs a part of the suite (the
# seed pages and special values on the 910B, 292 cases): the sharding, environment and merge
# code still runs under ASan and UBSan, and the cost balance (judged on the whole suite) is not
# checked.
set(opsim_shard_filter "")
if(OPSIM_SANITIZED)
  set(opsim_shard_filter "^(seeds|special_values)/.*/ascend910b$")
endif()
add_test(NAME run_shards_merge_to_unsharded
         COMMAND ${CMAKE_COMMAND} -DOPSIM=$<TARGET_FILE:opsim>
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/run_shards_merge_to_unsharded -DSHARDS=4
                 "-DFILTER=${opsim_shard_filter}" "-DWHOLE=${opsim_checked_report}"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/tools/run_shards_merge.cmake)
set_tests_properties(run_shards_merge_to_unsharded PROPERTIES TIMEOUT 600
                     ENVIRONMENT "OPSIM_CONFIG_DIR=${PROJECT_SOURCE_DIR}/configs")
# Release: the unsharded run is run_unchecked_matches_checked's checked run (tests/CMakeLists.txt),
# the same command on the same suite.
if(opsim_checked_report)
  set_tests_properties(run_shards_merge_to_unsharded PROPERTIES
                       FIXTURES_REQUIRED opsim_default_suite_checked)
endif()
