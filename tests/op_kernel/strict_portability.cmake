# ctest op_kernel_strict_portability (issue 29): every op_kernel/ source compiles in strict
# portability mode, in which kernel_operator.h leaves a kernel only the documented Ascend C API
# (OPSIM_STRICT_ASCENDC: opsim::, std:: and the heap poisoned, see
# simulator/include/opsim/sim/ascendc/strict_portability.h), as C++17 with -fno-exceptions
# -fno-rtti -Wall -Werror. Syntax only: nothing is built or linked.
#   cmake -DCXX=<compiler> -DSOURCE_DIR=<repository> -DWORK=<scratch folder>
#         "-DINCLUDES=<include dirs>" "-DPENDING=<op_kernel-relative sources>"
#         -P strict_portability.cmake
# PENDING lists the sources still written against the simulator (the Reduce kernels, until
# issue 29 rewrites them): each must still fail, so that the list shrinks as they are rewritten
# and cannot go stale. It may also name headers only those sources include, which are left out
# of the check of docs/ASCENDC.md below. The fixtures in strict_fixtures/ must fail in the strict
# mode with the poisoned name in the message: a kernel that names opsim:: (which compiles in the
# ordinary mode) and one that calls the ext:: instruction the simulator no longer has (which fails
# in the ordinary mode too, on that name): the check is shown to refuse what it exists to refuse.
# A third, selects_int32.cc, selects int32_t lanes: the strict mode refuses the element types
# the 910B's Compare and Select do not take (vector_cmpsel.h's static_asserts).
cmake_minimum_required(VERSION 3.25)
foreach(var CXX SOURCE_DIR WORK INCLUDES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "strict_portability.cmake: -D${var}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

set(flags -std=c++17 -fno-exceptions -fno-rtti -Wall -Werror)
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags -I${dir})
endforeach()
list(APPEND flags -I${SOURCE_DIR}/op_kernel)

# Runs the compiler; `out_rc` and `out_log` get its exit code and diagnostics.
function(strict_compile out_rc out_log)
  execute_process(COMMAND ${CXX} ${flags} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(${out_log} "${out}${err}" PARENT_SCOPE)
endfunction()

# kernel_operator.h in strict mode, precompiled once: each source then costs only its own text.
set(prelude ${WORK}/strict_kernel_operator.h)
file(WRITE ${prelude} "#define OPSIM_STRICT_ASCENDC 1\n#include \"kernel_operator.h\"\n")
strict_compile(rc log -x c++-header ${prelude} -o ${prelude}.gch)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kernel_operator.h does not compile in strict mode:\n${log}")
endif()
set(strict -fsyntax-only -Winvalid-pch -include ${prelude})

# The kernel sources one by one; the entries (one small extern "C" function each) in one unit,
# each under a name of its own: `abs`, `exp`, `div` are also the C library's.
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}/op_kernel
     ${SOURCE_DIR}/op_kernel/*.cc ${SOURCE_DIR}/op_kernel/*.cpp)
list(SORT sources)
set(entries_unit "")
set(failed "")
set(passed 0)
foreach(source IN LISTS sources)
  if(source MATCHES "/entries/")
    get_filename_component(stem ${source} NAME_WE)
    string(APPEND entries_unit "#define ${stem} strict_entry_${stem}\n"
                               "#include \"${SOURCE_DIR}/op_kernel/${source}\"\n#undef ${stem}\n")
    continue()
  endif()
  strict_compile(rc log ${strict} ${SOURCE_DIR}/op_kernel/${source})
  if(source IN_LIST PENDING)
    if(rc EQUAL 0)
      list(APPEND failed "${source} now compiles in strict mode: take it off PENDING "
                         "(tests/CMakeLists.txt)")
    endif()
  elseif(NOT rc EQUAL 0)
    list(APPEND failed "${source}:\n${log}")
  else()
    math(EXPR passed "${passed} + 1")
  endif()
endforeach()
file(WRITE ${WORK}/entries.cc "${entries_unit}")
strict_compile(rc log ${strict} ${WORK}/entries.cc)
if(NOT rc EQUAL 0)
  list(APPEND failed "the kernel entries (*/entries/*.cc):\n${log}")
endif()
foreach(source IN LISTS PENDING)
  if(NOT source IN_LIST sources AND NOT EXISTS ${SOURCE_DIR}/op_kernel/${source})
    list(APPEND failed "PENDING names ${source}, which is not an op_kernel file")
  endif()
endforeach()

# docs/ASCENDC.md marks every AscendC:: name a portable source uses `supported` (a row of one of
# its tables); all-capital constants and modes (PIPE_V, CMPMODE) are the rows' arguments.
file(READ ${SOURCE_DIR}/docs/ASCENDC.md doc)
set(undocumented "")
file(GLOB_RECURSE headers RELATIVE ${SOURCE_DIR}/op_kernel ${SOURCE_DIR}/op_kernel/*.h)
foreach(source IN LISTS sources headers)
  if(source IN_LIST PENDING)
    continue()
  endif()
  file(STRINGS ${SOURCE_DIR}/op_kernel/${source} lines REGEX "AscendC::[A-Za-z]")
  string(REGEX MATCHALL "AscendC::[A-Za-z_][A-Za-z0-9_]*" names "${lines}")
  foreach(name IN LISTS names)
    string(REPLACE "AscendC::" "" name ${name})
    if(name MATCHES "^[A-Z0-9_]+$" OR name IN_LIST undocumented)
      continue()
    endif()
    if(NOT doc MATCHES "\n\\| `${name}` \\| supported \\|")
      list(APPEND undocumented ${name})
    endif()
  endforeach()
endforeach()
if(undocumented)
  list(APPEND failed "op_kernel/ uses AscendC names docs/ASCENDC.md does not mark supported: "
                     "${undocumented}")
endif()

# The fixtures: fine for the simulator, refused in strict mode for the name they use.
set(fixtures ${CMAKE_CURRENT_LIST_DIR}/strict_fixtures)
strict_compile(rc log -fsyntax-only ${fixtures}/names_opsim.cc)
if(NOT rc EQUAL 0)
  list(APPEND failed "names_opsim.cc does not compile in the ordinary mode:\n${log}")
endif()
strict_compile(rc log -fsyntax-only ${fixtures}/calls_ext.cc)
if(rc EQUAL 0 OR NOT log MATCHES "opsim::ext[^ ]* has not been declared")
  list(APPEND failed "calls_ext.cc: the simulator still declares opsim::ext (exit ${rc}):\n${log}")
else()
  message(STATUS "no opsim::ext in the ordinary mode either, as it should be")
endif()
foreach(fixture names_opsim calls_ext)
  strict_compile(rc log ${strict} ${fixtures}/${fixture}.cc)
  if(rc EQUAL 0 OR NOT log MATCHES "attempt to use poisoned \"opsim\"")
    list(APPEND failed "strict mode let ${fixture}.cc through (exit ${rc}):\n${log}")
  else()
    string(REGEX MATCH "[^\n]*poisoned[^\n]*" first "${log}")
    message(STATUS "refused as it should be: ${first}")
  endif()
endforeach()

# The 910B's dtype lists (a2_dtypes.h, docs/OPERATORS.md): each fixture compiles in the
# simulator's ordinary mode and is refused, with its message, in the strict one.
foreach(case IN ITEMS "selects_int32.cc|selects half and float only"
                      "adds_int8.cc|the 910B \\(dav_c220\\) has no Adds for this element type")
  string(REPLACE "|" ";" case "${case}")
  list(GET case 0 fixture)
  list(GET case 1 message)
  strict_compile(rc log -fsyntax-only ${fixtures}/${fixture})
  if(NOT rc EQUAL 0)
    list(APPEND failed "${fixture} does not compile in the ordinary mode:\n${log}")
  endif()
  strict_compile(rc log ${strict} ${fixtures}/${fixture})
  if(rc EQUAL 0 OR NOT log MATCHES "${message}")
    list(APPEND failed "strict mode let ${fixture} through (exit ${rc}):\n${log}")
  else()
    string(REGEX MATCH "[^\n]*strict portability: [^\n]*" first "${log}")
    message(STATUS "refused as it should be: ${first}")
  endif()
endforeach()

list(LENGTH PENDING pending)
if(failed)
  list(JOIN failed "\n" failed)
  message(FATAL_ERROR "strict portability:\n${failed}")
endif()
file(REMOVE_RECURSE ${WORK})
message(STATUS "strict portability: ${passed} kernel sources and the entries compile; "
               "${pending} pending sources still refused")
