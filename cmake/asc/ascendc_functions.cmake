# CANN's kernel-library functions of the ASC package (its FindASC.cmake, documented on asc-devkit's
# "基于样例工程完成Kernel直调" page), for opsim's CPU-debug build (docs/CPU_DEBUG.md, "`.asc`
# projects"). Included by ASCConfig.cmake, which sets OPSIM_ASC_INCLUDE_DIRS and
# OPSIM_ASC_RUNTIME_LIBS.

# ascendc_library(<target> STATIC|SHARED <source>...): the sources (`.asc` or `.cpp` kernels)
# compiled as the ASC language into a library. Its users get the headers and the CPU-debug
# runtime the kernels call (a host program linking it with the C++ linker needs them), as
# CANN's library brings its runtime libraries; installed to the library directory, as CANN's.
function(ascendc_library target_name target_type)
  if(NOT target_type MATCHES "^(STATIC|SHARED)$")
    message(FATAL_ERROR "ascendc_library(${target_name} ${target_type} ...): the library type is "
                        "STATIC or SHARED, not '${target_type}'")
  endif()
  set_source_files_properties(${ARGN} PROPERTIES LANGUAGE ASC)
  add_library(${target_name} ${target_type} ${ARGN})
  set_target_properties(${target_name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target_name} INTERFACE ${OPSIM_ASC_INCLUDE_DIRS})
  target_link_libraries(${target_name} INTERFACE ${OPSIM_ASC_RUNTIME_LIBS})
  include(GNUInstallDirs)
  install(TARGETS ${target_name}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

# A device binary for CANN's kernel-loading runtime calls: opsim runs kernels in the host process
# (their CPU-debug build), so there is no device object to make or load.
function(ascendc_fatbin_library target_name)
  message(FATAL_ERROR "ascendc_fatbin_library(${target_name} ...): opsim makes no device binary "
                      "(<target>.o for the kernel-loading runtime calls): its kernels run in "
                      "the host process; build them with ascendc_library or add_executable and "
                      "launch them with <<<>>>")
endfunction()

function(ascendc_compile_definitions target_name target_scope)
  target_compile_definitions(${target_name} ${target_scope} ${ARGN})
endfunction()

function(ascendc_include_directories target_name target_scope)
  target_include_directories(${target_name} ${target_scope} ${ARGN})
endfunction()

# Splits ascendc_compile_options' arguments at -forward-options-to-host-compiler: the kernel
# compiler's options before it into <kernel_var>, the host compiler's after it into <host_var>.
# Shared with the kernel-launch framework's form (ascendc_kernel_cmake/ascendc.cmake).
function(_opsim_asc_split_options kernel_var host_var)
  set(kernel "")
  set(host "")
  set(to_host OFF)
  foreach(arg IN LISTS ARGN)
    if(to_host)
      list(APPEND host "${arg}")
    elseif(arg STREQUAL "-forward-options-to-host-compiler")
      set(to_host ON)
    else()
      list(APPEND kernel "${arg}")
    endif()
  endforeach()
  set(${kernel_var} "${kernel}" PARENT_SCOPE)
  set(${host_var} "${host}" PARENT_SCOPE)
endfunction()

# ascendc_compile_options(<target> <scope> <kernel options> [-forward-options-to-host-compiler
# <host options>]): the kernel compiler's options, then the host compiler's, as the driver's
# -Xaicore-start/-Xhost-start groups, for the target's ASC sources. Each call's groups are one
# SHELL: option so that CMake's de-duplication of options cannot take a group's markers from a
# second call.
function(ascendc_compile_options target_name target_scope)
  if(NOT ARGN)
    return()
  endif()
  _opsim_asc_split_options(kernel host ${ARGN})
  string(JOIN " " kernel ${kernel})
  string(JOIN " " host ${host})
  set(groups "-Xaicore-start ${kernel} -Xaicore-end -Xhost-start ${host} -Xhost-end")
  target_compile_options(${target_name} ${target_scope} "$<$<COMPILE_LANGUAGE:ASC>:SHELL:${groups}>")
endfunction()
