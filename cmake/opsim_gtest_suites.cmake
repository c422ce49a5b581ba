# One ctest per GoogleTest suite rather than per test (GoogleTest's gtest_discover_tests): a
# test process pays the dynamic loader, the operator registries' static set-up and, under the
# sanitizers, ASan's start and LeakSanitizer's exit scan, about 0.1 s in the debug-asan preset;
# the 1,650 tests of 270 suites paid it 1,650 times (docs/PERFORMANCE.md, "Build and test
# time"). A suite's tests run in one process in their declared order, as a plain run of the
# binary runs them; `ctest -R <Suite>` selects a suite and `<binary> --gtest_filter=<Suite>.<Test>`
# one test. After each link the binary lists its tests (opsim_gtest_list_suites.cmake) and
# writes the ctest file that the include file below reads at ctest time. SUITES_PER_TEST packs
# that many consecutive suites into one process, for binaries of many short suites: under the
# sanitizers a process's start and exit cost 0.1-0.3 s, more than most of their suites' tests.
set(OPSIM_GTEST_LIST_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/opsim_gtest_list_suites.cmake)

function(opsim_add_test_suites target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "TIMEOUT;SUITES_PER_TEST" "ENVIRONMENT")
  if(NOT arg_TIMEOUT)
    set(arg_TIMEOUT 600)
  endif()
  if(NOT arg_SUITES_PER_TEST)
    set(arg_SUITES_PER_TEST 1)
  endif()
  set(ctest_file ${CMAKE_CURRENT_BINARY_DIR}/${target}_suites.cmake)
  set(include_file ${CMAKE_CURRENT_BINARY_DIR}/${target}_suites_include.cmake)
  string(REPLACE ";" "\\;" environment "${arg_ENVIRONMENT}")
  add_custom_command(
    TARGET ${target} POST_BUILD BYPRODUCTS ${ctest_file}
    COMMAND ${CMAKE_COMMAND} -DEXECUTABLE=$<TARGET_FILE:${target}> -DCTEST_FILE=${ctest_file}
            -DWORKING_DIRECTORY=${CMAKE_CURRENT_BINARY_DIR} -DTIMEOUT=${arg_TIMEOUT}
            "-DENVIRONMENT=${environment}" -DSUITES_PER_TEST=${arg_SUITES_PER_TEST}
            -P ${OPSIM_GTEST_LIST_SCRIPT}
    VERBATIM)
  file(WRITE ${include_file}
       "if(EXISTS \"${ctest_file}\")\n"
       "  include(\"${ctest_file}\")\n"
       "else()\n"
       "  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)\n"
       "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${include_file})
endfunction()
