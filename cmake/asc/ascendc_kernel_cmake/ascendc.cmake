# CANN's kernel-launch framework for opsim: the toolkit's
# compiler/tikcpp/ascendc_kernel_cmake/ascendc.cmake, which a kernel-launch project's
# cmake/npu_lib.cmake includes (ASCENDC_CMAKE_DIR under ASCEND_CANN_PACKAGE_PATH) to build its
# kernels with ascendc_library in the npu and sim run modes (docs/CPU_DEBUG.md, "`.asc` projects").
# Here the kernel sources are compiled as the ASC language by opsim-asc, for the SoC the project
# names in SOC_VERSION, without ASCENDC_CPU_DEBUG (the sources' NPU branches, where their
# `<<<>>>` launches are), and run on opsim's simulated device in the host process;
# host_intf_pub gives host programs the headers and runtime.
get_filename_component(_opsim_kl_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
find_package(ASC REQUIRED NO_DEFAULT_PATH PATHS "${_opsim_kl_prefix}")
if(NOT CMAKE_ASC_COMPILER_LOADED)
  enable_language(ASC)
endif()

if(NOT TARGET host_intf_pub)
  # CANN's host programs are built with the old string ABI and C++17, as here; opsim's ACL and
  # CPU-debug headers pass only C types across it.
  add_library(host_intf_pub INTERFACE)
  target_compile_options(host_intf_pub INTERFACE -fPIC $<$<COMPILE_LANGUAGE:CXX>:-std=c++17>)
  target_compile_definitions(host_intf_pub INTERFACE _GLIBCXX_USE_CXX11_ABI=0)
  target_include_directories(host_intf_pub INTERFACE ${OPSIM_ASC_INCLUDE_DIRS})
  target_link_libraries(host_intf_pub INTERFACE ${OPSIM_ASC_RUNTIME_LIBS})
endif()

# ascendc_library(<target> SHARED|STATIC|OBJECT <kernel sources>): the framework's form, installed
# as it installs it (the samples' run.sh finds the library in out/lib). RUN_MODE cpu keeps
# ASCENDC_CPU_DEBUG, as the framework's cpu mode.
function(ascendc_library target_name target_type)
  string(TOUPPER "${target_type}" type)
  if(NOT type MATCHES "^(SHARED|STATIC|OBJECT)$")
    message(FATAL_ERROR "ascendc_library(${target_name} ${target_type} ...): the library type is "
                        "SHARED, STATIC or OBJECT, not '${target_type}'")
  endif()
  if(NOT SOC_VERSION)
    message(FATAL_ERROR "ascendc_library(${target_name} ...): SOC_VERSION names no SoC (the "
                        "kernel-launch project sets it, e.g. -DSOC_VERSION=Ascend910B1)")
  endif()
  set_source_files_properties(${ARGN} PROPERTIES LANGUAGE ASC)
  add_library(${target_name} ${type} ${ARGN})
  set_target_properties(${target_name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_compile_options(${target_name} PRIVATE
    --npu-soc=${SOC_VERSION} $<$<NOT:$<STREQUAL:${RUN_MODE},cpu>>:-UASCENDC_CPU_DEBUG>)
  target_include_directories(${target_name} INTERFACE ${OPSIM_ASC_INCLUDE_DIRS})
  target_link_libraries(${target_name} INTERFACE ${OPSIM_ASC_RUNTIME_LIBS})
  if(NOT type STREQUAL "OBJECT")
    include(GNUInstallDirs)
    install(TARGETS ${target_name}
            LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
            ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
            RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endfunction()

# The kernel options go to the kernels' compile (the driver's -Xaicore-start group), the host
# options after -forward-options-to-host-compiler to the host programs (host_intf_pub), as the
# framework does.
function(ascendc_compile_options target_name target_scope)
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
  if(kernel)
    string(JOIN " " kernel ${kernel})
    target_compile_options(${target_name} ${target_scope}
                           "$<$<COMPILE_LANGUAGE:ASC>:SHELL:-Xaicore-start ${kernel} -Xaicore-end>")
  endif()
  if(host)
    target_compile_options(host_intf_pub INTERFACE ${host})
  endif()
endfunction()
