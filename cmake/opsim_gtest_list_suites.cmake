# Run after a GoogleTest binary links (opsim_gtest_suites.cmake): list its tests and write one
# add_test per suite, or per SUITES_PER_TEST consecutive suites (named by their suites joined with
# '+', so that `ctest -R <Suite>` still finds each). Inputs: EXECUTABLE, CTEST_FILE,
# WORKING_DIRECTORY, TIMEOUT, ENVIRONMENT, SUITES_PER_TEST.
# A suite line reads "Suite." or "Prefix/Suite/0.  # TypeParam = ..."; its tests follow indented
# ("  Name" or "  Name/0  # GetParam() = ..."). DISABLED_ suites and tests are GoogleTest's to
# skip; a suite with no enabled test gets no ctest. A suite's COST is its number of tests: a fresh
# build has no measured costs, and ctest then starts the biggest suites first instead of leaving
# one to run alone on one core at the end.
cmake_policy(VERSION 3.25)
execute_process(COMMAND ${EXECUTABLE} --gtest_list_tests
                WORKING_DIRECTORY ${WORKING_DIRECTORY} TIMEOUT 120
                RESULT_VARIABLE result OUTPUT_VARIABLE listing ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${EXECUTABLE} --gtest_list_tests failed (${result}):\n${listing}${errors}")
endif()

string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(suites "")
set(suite "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE "#.*$" "" line "${line}")
  string(STRIP "${line}" name)
  if(name STREQUAL "")
    continue()
  endif()
  if(line MATCHES "^ ")
    if(NOT suite STREQUAL "" AND NOT name MATCHES "^DISABLED_")
      if(NOT suite IN_LIST suites)
        list(APPEND suites "${suite}")
        set("tests_in_suite_${suite}" 0)
      endif()
      math(EXPR "tests_in_suite_${suite}" "${tests_in_suite_${suite}} + 1")
    endif()
  elseif(name MATCHES "^(.*)\\.$")
    set(suite "${CMAKE_MATCH_1}")
    if(suite MATCHES "(^|/)DISABLED_")
      set(suite "")
    endif()
  endif()
endforeach()
if(NOT suites)
  message(FATAL_ERROR "${EXECUTABLE} lists no enabled test:\n${listing}")
endif()

if(NOT SUITES_PER_TEST)
  set(SUITES_PER_TEST 1)
endif()
set(script "")
set(pack "")
list(LENGTH suites remaining)
foreach(suite IN LISTS suites)
  list(APPEND pack "${suite}")
  math(EXPR remaining "${remaining} - 1")
  list(LENGTH pack size)
  if(size LESS SUITES_PER_TEST AND remaining GREATER 0)
    continue()
  endif()
  set(filter "")
  set(cost 0)
  foreach(member IN LISTS pack)
    string(APPEND filter ":${member}.*")
    math(EXPR cost "${cost} + ${tests_in_suite_${member}}")
  endforeach()
  string(SUBSTRING "${filter}" 1 -1 filter)
  string(REPLACE ";" "+" name "${pack}")
  string(APPEND script
         "add_test([=[${name}]=] ${EXECUTABLE} [=[--gtest_filter=${filter}]=])\n"
         "set_tests_properties([=[${name}]=] PROPERTIES WORKING_DIRECTORY ${WORKING_DIRECTORY}"
         " TIMEOUT ${TIMEOUT} COST ${cost} ENVIRONMENT [=[${ENVIRONMENT}]=])\n")
  set(pack "")
endforeach()
file(WRITE ${CTEST_FILE} "${script}")
