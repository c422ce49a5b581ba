# The compiler and linker of opsim's own targets run with huge pages for their heaps
# (cmake/huge_page_heap.c says why; docs/PERFORMANCE.md, "Session 22", what it saves). Only the
# launcher of this build changes: flags, outputs and the installed package are the same, and a
# user's project built against the package does not get it. OFF, or no transparent huge pages in
# the kernel, or no shim that builds, leaves the build as it was.
# OFF by default since session 40: on this kind of machine (a PVM guest) after hours of uptime a
# 2 MiB page fault costs far more than 512 small ones did in session 22, and the shim made each
# compile 25-65 % slower (opsim_simulator's unity_16 under the sanitizers 8.8 -> 11.1 s wall, its
# system time 0.4 -> 2.7 s; docs/PERFORMANCE.md, "Session 40: a CI cut").
option(OPSIM_COMPILE_WITH_HUGE_PAGES "Run this build's compiler and linker with huge-page heaps" OFF)
set(opsim_thp_setting /sys/kernel/mm/transparent_hugepage/enabled)
if(OPSIM_COMPILE_WITH_HUGE_PAGES AND CMAKE_HOST_SYSTEM_NAME STREQUAL "Linux"
   AND EXISTS ${opsim_thp_setting})
  set(opsim_thp_source ${CMAKE_CURRENT_LIST_DIR}/huge_page_heap.c)
  set(opsim_thp_library ${CMAKE_BINARY_DIR}/build_tools/libopsim_huge_page_heap.so)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${opsim_thp_source})
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/build_tools)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -x c -O2 -shared -fPIC -Wall -Werror
                          -o ${opsim_thp_library} ${opsim_thp_source} -ldl
                  RESULT_VARIABLE opsim_thp_result OUTPUT_QUIET ERROR_VARIABLE opsim_thp_error)
  # LD_PRELOAD splits its value at spaces and colons.
  if(opsim_thp_result EQUAL 0 AND NOT opsim_thp_library MATCHES "[ :]")
    set(opsim_thp_launcher env LD_PRELOAD=${opsim_thp_library} GLIBC_TUNABLES=glibc.malloc.hugetlb=1)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${opsim_thp_launcher} ${CMAKE_CXX_COMPILER_LAUNCHER})
    set(CMAKE_CXX_LINKER_LAUNCHER ${opsim_thp_launcher} ${CMAKE_CXX_LINKER_LAUNCHER})
  else()
    message(STATUS "opsim: compiling without huge-page heaps (${opsim_thp_library}: ${opsim_thp_error})")
  endif()
endif()
