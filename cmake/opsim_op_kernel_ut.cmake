# Kernel unit tests of operators in today's CANN dialect, built the way operator repositories
# build theirs (hicann/ops-math cmake/ut.cmake AddOpTestCase) but against opsim's CPU-debug
# library: GoogleTest + tikicpulib.h + ICPU_RUN_KF on the simulated device.
#
# AddOpTestCase(<op> "<soc list>" "<compile options>" "<tiling sources>")
#   The repositories' own call, unchanged, in <op folder>/tests/ut/op_kernel/CMakeLists.txt.
#
# opsim_add_op_kernel_ut(<op> [SOC <soc list>] [OPTIONS <opt>...] [TILING_SOURCES <src>...]
#                        [OP_DIR <dir>] [REPO_ROOT <dir>] [TEST_SOURCES <src>...])
#   <op>            the kernel's name (op_kernel/<op>.cpp, test_<op>*.cpp)
#   SOC             the repositories' short SoC names (ascend910b; ';'-separated); each that
#                   opsim simulates gets one test, the others are skipped with a message
#   OPTIONS         extra compile options, e.g. -DDTYPE_X=float (the dtype-column macros)
#   TILING_SOURCES  host sources the tests call (tiling functions); linked with opsim's op API
#   OP_DIR          the op's folder (default: three levels above the current source folder)
#   REPO_ROOT       what the tests' rootPath "../../../../" must reach (default:
#                   OPSIM_KERNEL_UT_REPO_ROOT when set, else the project's source folder, so
#                   AddOpTestCase calls of a repository built from elsewhere find it): each
#                   test runs in <build>/<op>_kernel_ut/<soc>/build/tests/ut/op_kernel, four
#                   levels under a folder of links to REPO_ROOT's entries, so
#                   `cp -rf ../../../../<path>/<op>_data ./` finds the test's scripts
#   TEST_SOURCES    the tests (default: test_<op>*.cpp of the current source folder)
# One executable per SoC (<op>_<Soc>_kernel_ut): op_kernel/<op>.cpp (unless a test includes it,
# as most do, or includes op_kernel/<op>.h) and the tests, with <current folder>/<op>_tiling.h force-included into them (not
# into TILING_SOURCES) when it exists, else a stand-in for the <op>_tiling_data.h ops-math's build
# generates and force-includes (<cstdint>, <cstring>, kernel_tiling/kernel_tiling.h),
# ASCENDC_CPU_DEBUG=1 and UT_SOC_VERSION="<Soc>" (and ASCENDC_TPL_KERNEL and __CCE_KT_TEST__=1,
# as tikicpulib's targets give it, on the tests and the kernel, not on TILING_SOURCES). The tests
# and the kernel are the object library <op>_<Soc>_cases_obj, as ops-math names it: an entry the
# op's CMakeLists adds to it replaces op_kernel/<op>.cpp. The ctest gets OPSIM_KERNEL_UT_ENVIRONMENT (a
# list of NAME=VALUE) when that variable is set. The ctest fails on a non-zero exit and on
# output a compare script prints for a mismatch, since most tests ignore the script's status.

# The short SoC names of the repositories' build and the CPU-debug SoC a test runs as (the one
# their tests' UT_SOC_VERSION names).
set(OPSIM_KERNEL_UT_SOCS "ascend910b=Ascend910B1;ascend910=Ascend910A;ascend310p=Ascend310P1")

function(AddOpTestCase op_name socs options tiling_sources)
  separate_arguments(option_list UNIX_COMMAND "${options}")
  opsim_add_op_kernel_ut(${op_name} SOC "${socs}" OPTIONS ${option_list}
                         TILING_SOURCES ${tiling_sources})
endfunction()

# The CPU-debug runtime and data_utils: this tree's targets, or the installed package's.
function(_opsim_kernel_ut_libraries out_var)
  if(TARGET opsim_tikicpulib AND TARGET opsim_op_ut)
    set(${out_var} opsim_tikicpulib opsim_op_ut opsim_op_api PARENT_SCOPE)
    return()
  endif()
  if(NOT TARGET tikicpulib::runtime)
    find_package(tikicpulib CONFIG REQUIRED HINTS "${opsim_DIR}/../tikicpulib")
  endif()
  set(${out_var} tikicpulib::runtime opsim::opsim_op_ut opsim::opsim_op_api PARENT_SCOPE)
endfunction()

# A folder four levels above which REPO_ROOT's entries are linked: the tests' working folder.
function(_opsim_kernel_ut_workdir root repo_root out_var)
  file(MAKE_DIRECTORY "${root}/build/tests/ut/op_kernel")
  file(GLOB entries RELATIVE "${repo_root}" "${repo_root}/*")
  foreach(entry IN LISTS entries)
    if(NOT entry STREQUAL "build" AND NOT EXISTS "${root}/${entry}")
      file(CREATE_LINK "${repo_root}/${entry}" "${root}/${entry}" SYMBOLIC)
    endif()
  endforeach()
  set(${out_var} "${root}/build/tests/ut/op_kernel" PARENT_SCOPE)
endfunction()

function(opsim_add_op_kernel_ut op)
  cmake_parse_arguments(ARG "" "OP_DIR;REPO_ROOT" "SOC;OPTIONS;TILING_SOURCES;TEST_SOURCES"
                        ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "opsim_add_op_kernel_ut(${op}): unknown arguments "
                        "'${ARG_UNPARSED_ARGUMENTS}' (expected SOC, OPTIONS, TILING_SOURCES, "
                        "OP_DIR, REPO_ROOT, TEST_SOURCES)")
  endif()
  if(NOT ARG_SOC)
    set(ARG_SOC ascend910b)
  endif()
  if(NOT ARG_OP_DIR)
    get_filename_component(ARG_OP_DIR "${CMAKE_CURRENT_SOURCE_DIR}/../../.." ABSOLUTE)
  endif()
  if(NOT ARG_REPO_ROOT AND OPSIM_KERNEL_UT_REPO_ROOT)
    set(ARG_REPO_ROOT "${OPSIM_KERNEL_UT_REPO_ROOT}")
  elseif(NOT ARG_REPO_ROOT)
    set(ARG_REPO_ROOT "${PROJECT_SOURCE_DIR}")
  endif()
  if(NOT ARG_TEST_SOURCES)
    file(GLOB ARG_TEST_SOURCES "${CMAKE_CURRENT_SOURCE_DIR}/test_${op}*.cpp")
  endif()
  if(NOT ARG_TEST_SOURCES)
    message(FATAL_ERROR "opsim_add_op_kernel_ut(${op}): no test_${op}*.cpp in "
                        "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  # Most tests include the kernel file themselves; compiling it again would define it twice. A
  # test that includes the kernel's header (op_kernel/<op>.h) instead writes its own entries over
  # the kernel's classes (ops-math's arange): the kernel file is not its, and it may need column
  # macros the test does not define. (ops-math's ut.cmake compiles <repo>/*/<op>/op_kernel/<op>.cpp,
  # which an experimental op's tests never reach.)
  set(kernel "${ARG_OP_DIR}/op_kernel/${op}.cpp")
  set(sources ${ARG_TEST_SOURCES})
  set(default_kernel "")
  set(included FALSE)
  foreach(test IN LISTS ARG_TEST_SOURCES)
    file(STRINGS "${test}" lines REGEX "#include[ \t]*\"[^\"]*op_kernel/${op}\\.(cpp|h)\"")
    if(lines)
      set(included TRUE)
    endif()
  endforeach()
  if(NOT included AND EXISTS "${kernel}")
    set(default_kernel "${kernel}")
  endif()
  find_package(GTest REQUIRED)
  _opsim_kernel_ut_libraries(libraries)
  # <op>_tiling.h goes into the tests and the kernel only, as ops-math's ut.cmake gives it to
  # their objects and builds the tiling sources apart: a tiling source that includes the key
  # header itself would otherwise read it twice.
  # Without one, ops-math force-includes the <op>_tiling_data.h its build generates from the
  # tiling library (fixed-width integers, kernel_tiling.h and the tiling macros); opsim's
  # kernel_operator.h has the macros, so the stand-in brings the rest.
  if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${op}_tiling.h")
    set(prelude "${CMAKE_CURRENT_SOURCE_DIR}/${op}_tiling.h")
  else()
    set(prelude "${CMAKE_CURRENT_BINARY_DIR}/${op}_kernel_ut/opsim_generated_tiling_data.h")
    file(WRITE "${prelude}.in" "// Generated by opsim_add_op_kernel_ut: what ops-math's generated "
                               "<op>_tiling_data.h gives a kernel unit test first.\n"
                               "#pragma once\n#include <cstdint>\n#include <cstring>\n"
                               "#include \"kernel_tiling/kernel_tiling.h\"\n")
    configure_file("${prelude}.in" "${prelude}" COPYONLY)
  endif()
  # tikicpulib::<SoC>, which ops-math's cases objects link, defines __CCE_KT_TEST__ on the
  # command line: a test tests it before any include (`#ifdef __CCE_KT_TEST__ #include
  # "tikicpulib.h"`) and a kernel picks its kernel-UT entry with it. Some repositories' calls
  # pass it themselves (is_close's "-D__CCE_KT_TEST__"): once is enough.
  set(kt_test __CCE_KT_TEST__=1)
  if(ARG_OPTIONS MATCHES "-D__CCE_KT_TEST__")
    set(kt_test "")
  endif()

  foreach(short IN LISTS ARG_SOC)
    set(soc "")
    foreach(pair IN LISTS OPSIM_KERNEL_UT_SOCS)
      string(REPLACE "=" ";" pair "${pair}")
      list(GET pair 0 name)
      if(name STREQUAL short)
        list(GET pair 1 soc)
      endif()
    endforeach()
    if(NOT soc)
      message(STATUS "opsim_add_op_kernel_ut(${op}): SoC ${short} is not simulated; skipped")
      continue()
    endif()
    # The tests and the kernel: ops-math's <op>_<Soc>_cases_obj, under its name, so that the
    # op's own CMakeLists can add a kernel entry to it (`target_sources(<op>_Ascend910B1_cases_obj
    # PRIVATE .../op_kernel/<op>_arch22.cpp)`, as add_mat_mat_elements_plus does). They compile as
    # CANN compiles kernels (ASCENDC_TPL_KERNEL: template-key declarations expand to nothing);
    # the tiling sources stay host code.
    set(cases ${op}_${soc}_cases_obj)
    add_library(${cases} OBJECT ${sources})
    target_compile_definitions(${cases} PRIVATE ASCENDC_CPU_DEBUG=1 ${kt_test} ASCENDC_TPL_KERNEL
                               UT_SOC_VERSION="${soc}" OPSIM_ICPU_SOC_VERSION="${soc}")
    target_compile_options(${cases} PRIVATE ${ARG_OPTIONS} -include "${prelude}")
    target_include_directories(${cases} PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}"
                               "${ARG_OP_DIR}/op_kernel" "${ARG_OP_DIR}/op_host")
    target_link_libraries(${cases} PRIVATE ${libraries} GTest::gtest)
    set_target_properties(${cases} PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
    if(default_kernel)
      # op_kernel/<op>.cpp unless the op's CMakeLists adds an entry of its own after this call.
      cmake_language(EVAL CODE "cmake_language(DEFER CALL _opsim_kernel_ut_default_kernel \
                                [[${cases}]] [[${default_kernel}]] [[${sources}]])")
    endif()
    set(target ${op}_${soc}_kernel_ut)
    add_executable(${target} $<TARGET_OBJECTS:${cases}> ${ARG_TILING_SOURCES})
    target_compile_definitions(${target} PRIVATE ASCENDC_CPU_DEBUG=1 UT_SOC_VERSION="${soc}"
                                                 OPSIM_ICPU_SOC_VERSION="${soc}")
    target_compile_options(${target} PRIVATE ${ARG_OPTIONS})
    target_include_directories(${target} PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}"
                               "${ARG_OP_DIR}/op_kernel" "${ARG_OP_DIR}/op_host")
    target_link_libraries(${target} PRIVATE ${libraries} GTest::gtest_main)
    set_target_properties(${target} PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)
    _opsim_kernel_ut_workdir("${CMAKE_CURRENT_BINARY_DIR}/${op}_kernel_ut/${soc}"
                             "${ARG_REPO_ROOT}" workdir)
    add_test(NAME ${target} COMMAND ${target} WORKING_DIRECTORY "${workdir}")
    set_tests_properties(${target} PROPERTIES
      FAIL_REGULAR_EXPRESSION "\\[  FAILED  \\];[Cc]ompare [Rr]esult:? *[Ff]alse;FAILED!")
    if(OPSIM_KERNEL_UT_ENVIRONMENT)
      set_tests_properties(${target} PROPERTIES ENVIRONMENT "${OPSIM_KERNEL_UT_ENVIRONMENT}")
    endif()
  endforeach()
endfunction()

# At the end of the folder that declared the test: the default kernel entry joins the cases unless
# the op's CMakeLists gave them one of its own.
function(_opsim_kernel_ut_default_kernel cases kernel tests)
  get_target_property(now ${cases} SOURCES)
  list(REMOVE_ITEM now ${tests})
  if(NOT now)
    target_sources(${cases} PRIVATE "${kernel}")
  endif()
endfunction()
