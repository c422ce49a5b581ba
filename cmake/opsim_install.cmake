# Installation and the CMake package: `cmake --install` puts the libraries, the package headers
# (ATB facade, runtime, op_host, op_kernel, the simulator's kernel_operator.h and everything it
# includes, core) and the device profiles under the prefix; find_package(opsim CONFIG) then
# gives opsim::opsim (and opsim::opsim_onnx, the ONNX importer, for clients that load models;
# opsim::opsim_nnopbase, aclnn's objects, for applications of the single-operator API;
# opsim::opsim_opapi, libopapi, our own operators under CANN's aclnn signatures, aclnnop/*.h).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(OPSIM_PACKAGE_TARGETS
  opsim_core opsim_sim_vector opsim_sim_profile opsim_simulator opsim_kernel opsim_host
  opsim_op_api opsim_ops opsim_framework opsim_onnx opsim_ascendcl opsim_nnopbase opsim_opapi
  opsim_c_sec opsim_aicpu opsim_aicore_builtin opsim_cpu_kernel opsim_op_host_roots)

# The layers publish their source include directories; in the installed package they are all
# <prefix>/include. Rewritten here so the layers' own CMakeLists stay as they are.
foreach(target IN LISTS OPSIM_PACKAGE_TARGETS)
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  if(NOT dirs)
    continue()
  endif()
  set(wrapped "")
  foreach(dir IN LISTS dirs)
    list(APPEND wrapped "$<BUILD_INTERFACE:${dir}>")
  endforeach()
  list(APPEND wrapped "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
  # A root below a layer's include directory (op_api's op-base roots, include/op_common and
  # include/op_common/op_host) stays a root of its own under <prefix>/include.
  foreach(dir IN LISTS dirs)
    if(dir MATCHES "/op_api/include/(.+)$")
      list(APPEND wrapped "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/${CMAKE_MATCH_1}>")
    endif()
    # CANN's AI CPU kernel API: a root of its own, where CANN's package puts it.
    if(dir MATCHES "/aicpu/kernel_api/include$")
      list(APPEND wrapped "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/aicpu_common/context>")
    endif()
  endforeach()
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${wrapped}")
endforeach()

# opsim::opsim: everything a client links. (The name `opsim` belongs to the CLI executable.)
add_library(opsim_package INTERFACE)
set_target_properties(opsim_package PROPERTIES EXPORT_NAME opsim)
# ATB clients call AscendCL around the ATB API (aclrtMalloc, aclrtMemcpy...), as ATB's samples do.
target_link_libraries(opsim_package INTERFACE opsim_framework opsim_ascendcl)
target_compile_features(opsim_package INTERFACE cxx_std_20)
add_library(opsim::opsim ALIAS opsim_package)

# opsim_warnings is a link-only dependency of every static library, so it is exported too;
# its -Werror never reaches a client (LINK_ONLY carries no compile options).
# data_utils.h of kernel unit tests (opsim_add_op_kernel_ut) sits in a root of its own.
target_include_directories(opsim_op_ut PUBLIC
                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/opsim/op_ut>)
install(FILES ${PROJECT_SOURCE_DIR}/cpudebug/ut/include/data_utils.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/opsim/op_ut)
install(TARGETS ${OPSIM_PACKAGE_TARGETS} opsim_package opsim_warnings opsim_op_gen opsim_op_ut
        EXPORT opsimTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(DIRECTORY
          ${PROJECT_SOURCE_DIR}/core/include/
          ${PROJECT_SOURCE_DIR}/simulator/include/
          ${PROJECT_SOURCE_DIR}/op_api/include/
          ${PROJECT_SOURCE_DIR}/framework/runtime/include/
          ${PROJECT_SOURCE_DIR}/framework/atb/include/
          ${PROJECT_SOURCE_DIR}/framework/loaders/include/
          ${PROJECT_SOURCE_DIR}/framework/onnx/include/
          ${PROJECT_SOURCE_DIR}/aclnn/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# CANN's AI CPU kernel API (cpu_kernel.h, log.h, utils/kernel_util.h...): generic names, so in
# a root of their own, as CANN's package has them (include/aicpu_common/context).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/aicpu/kernel_api/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aicpu_common/context)
# libopapi's headers, aclnnop/aclnn_<name>.h, one folder per operator family (aclnn/ops).
foreach(folder elementwise sign reduce argmax)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/aclnn/ops/${folder}/include/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()
foreach(layer op_host op_kernel)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${layer}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.h")
endforeach()
# The CLI is part of the installed package (bin/opsim), with the libraries it needs beyond the
# exported ones, so that `opsim exec --library` runs an operator library built against the package
# in the same process as one copy of the runtime.
install(TARGETS opsim opsim_npy opsim_cases opsim_reference
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# Device profiles; point OPSIM_CONFIG_DIR at <prefix>/share/opsim to use the installed copies.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/configs/devices
        DESTINATION ${CMAKE_INSTALL_DATADIR}/opsim)

set(OPSIM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/opsim)
install(EXPORT opsimTargets NAMESPACE opsim:: DESTINATION ${OPSIM_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/opsimConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/opsimConfig.cmake
                              INSTALL_DESTINATION ${OPSIM_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/opsimConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/opsimConfig.cmake ${PROJECT_BINARY_DIR}/opsimConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/opsim_op_library.cmake
              ${PROJECT_SOURCE_DIR}/cmake/opsim_op_kernel_ut.cmake
        DESTINATION ${OPSIM_CMAKE_DIR})

# The CPU-debug package (docs/CPU_DEBUG.md): libtikicpulib and libascendcl beside the other
# libraries, the CMake package tikicpulib, bin/setenv.bash, and the toolkit paths a
# kernel-launch sample's run.sh and cmake/cpu_lib.cmake use (lib64 and tools/tikicpulib/lib,
# links to the library directory), so that `run.sh -r cpu -v <SoC> -i <prefix>` works.
if(BUILD_SHARED_LIBS)
  include(${PROJECT_SOURCE_DIR}/cmake/tikicpulib_package.cmake)
else()
  message(STATUS "tikicpulib: not packaged (it needs BUILD_SHARED_LIBS: one simulated device per "
                 "process)")
endif()
