# Installs the tikicpulib package; included by opsim_install.cmake for shared builds.
# (libascendcl and libc_sec are in the opsim package's export set: ATB clients link the one,
# operator libraries the other.)
install(TARGETS opsim_tikicpulib opsim_acl_op_compiler
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(OPSIM_LIBDIR ${CMAKE_INSTALL_LIBDIR})
set(OPSIM_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR})
set(OPSIM_TIKI_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tikicpulib)
file(RELATIVE_PATH OPSIM_TIKI_TO_PREFIX "/p/${OPSIM_TIKI_CMAKE_DIR}" "/p")
# Every SoC name the samples' run.sh accepts; the unsupported ones have no honest profile
# (cpudebug/src/soc_profiles.cc says why) and are refused with that reason.
set(OPSIM_TIKI_SUPPORTED
    "Ascend910A;Ascend910B1;Ascend910B2;Ascend910B3;Ascend910B4;Ascend310P1;Ascend310P3;Ascend310B1;Ascend310B2;Ascend310B3;Ascend310B4")
set(OPSIM_TIKI_UNSUPPORTED "Ascend910B")
string(REGEX MATCHALL "-fsanitize=[^ ]+" OPSIM_SANITIZE_FLAGS "${CMAKE_CXX_FLAGS}")
list(FILTER OPSIM_SANITIZE_FLAGS EXCLUDE REGEX "-fsanitize-recover")
set(OPSIM_TIKI_RUNTIME_FILE "$<TARGET_FILE_NAME:opsim_tikicpulib>")
set(OPSIM_ASCENDCL_FILE "$<TARGET_FILE_NAME:opsim_ascendcl>")
set(OPSIM_C_SEC_FILE "$<TARGET_FILE_NAME:opsim_c_sec>")
set(OPSIM_OP_API_FILE "$<TARGET_FILE_NAME:opsim_op_api>")
# Kernel code calls into these directly (kernel_operator.h is mostly inline).
set(OPSIM_TIKI_KERNEL_LIBS "")
foreach(lib opsim_simulator opsim_sim_vector opsim_sim_profile opsim_core)
  list(APPEND OPSIM_TIKI_KERNEL_LIBS "\${_tiki_lib}/$<TARGET_FILE_NAME:${lib}>")
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/cmake/tikicpulibConfig.cmake.in
               ${PROJECT_BINARY_DIR}/tikicpulibConfig.cmake.gen @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/tikicpulibConfig.cmake
     INPUT ${PROJECT_BINARY_DIR}/tikicpulibConfig.cmake.gen)
install(FILES ${PROJECT_BINARY_DIR}/tikicpulibConfig.cmake DESTINATION ${OPSIM_TIKI_CMAKE_DIR})

configure_file(${PROJECT_SOURCE_DIR}/cpudebug/setenv.bash.in ${PROJECT_BINARY_DIR}/setenv.bash
               @ONLY)
install(PROGRAMS ${PROJECT_BINARY_DIR}/setenv.bash DESTINATION ${CMAKE_INSTALL_BINDIR})

# The toolkit's paths as links to the library and header directories (lib64 and
# tools/tikicpulib/lib for the kernel-launch samples, runtime/include and atc/include for the
# AclNN samples' include path); a path that already exists (a prefix
# shared with other software) is left alone and reported.
install(CODE "
  set(_root \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  foreach(_pair \"lib64|${CMAKE_INSTALL_LIBDIR}\" \"tools/tikicpulib/lib|../../${CMAKE_INSTALL_LIBDIR}\"
                \"runtime/include|../${CMAKE_INSTALL_INCLUDEDIR}\" \"atc/include|../${CMAKE_INSTALL_INCLUDEDIR}\")
    string(REPLACE \"|\" \";\" _pair \"\${_pair}\")
    list(GET _pair 0 _link)
    list(GET _pair 1 _target)
    if(_link STREQUAL _target)
      continue()
    endif()
    if(IS_SYMLINK \"\${_root}/\${_link}\" OR NOT EXISTS \"\${_root}/\${_link}\")
      get_filename_component(_parent \"\${_root}/\${_link}\" DIRECTORY)
      file(MAKE_DIRECTORY \"\${_parent}\")
      file(REMOVE \"\${_root}/\${_link}\")
      file(CREATE_LINK \"\${_target}\" \"\${_root}/\${_link}\" SYMBOLIC)
      message(STATUS \"Installing: \${_root}/\${_link} -> \${_target}\")
    else()
      message(STATUS \"tikicpulib: \${_root}/\${_link} exists and is not a link; left alone \"
                     \"(point LD_LIBRARY_PATH at \${_root}/${CMAKE_INSTALL_LIBDIR})\")
    endif()
  endforeach()
")

# bin/ccec: the CCE compiler stand-in that older kernel-launch projects (project(LANGUAGES CCE))
# find on PATH after sourcing setenv.bash; it compiles CCE sources as CPU-debug C++ and links
# them with this package's runtime (cpudebug/ccec.in).
file(RELATIVE_PATH OPSIM_CCEC_TO_PREFIX "/p/${CMAKE_INSTALL_BINDIR}" "/p")
string(REPLACE ";" " " OPSIM_SANITIZE_FLAGS_SH "${OPSIM_SANITIZE_FLAGS}")
set(OPSIM_CCEC_KERNEL_LIBS "")
foreach(lib opsim_simulator opsim_sim_vector opsim_sim_profile opsim_core)
  string(APPEND OPSIM_CCEC_KERNEL_LIBS " \"\$libdir/$<TARGET_FILE_NAME:${lib}>\"")
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/cpudebug/ccec.in ${PROJECT_BINARY_DIR}/ccec.gen @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/ccec INPUT ${PROJECT_BINARY_DIR}/ccec.gen)
install(PROGRAMS ${PROJECT_BINARY_DIR}/ccec DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/cpudebug/include/opsim/cpudebug/cxx11_abi.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/opsim/cpudebug)

# The ASC language package (docs/CPU_DEBUG.md, "`.asc` projects"): lib/cmake/ASC with the
# language's modules and CANN's kernel-library functions, found by find_package(ASC), and
# bin/opsim-asc, its compiler driver. The build tree has its own ASCConfig.cmake (in
# <build>/lib/cmake/ASC, found with CMAKE_PREFIX_PATH=<build dir>) and, beside its opsim-asc,
# opsim-asc.paths: the headers and runtime where the build put them.
install(TARGETS opsim_asc RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set(OPSIM_ASC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ASC)
file(RELATIVE_PATH OPSIM_ASC_TO_PREFIX "/p/${OPSIM_ASC_CMAKE_DIR}" "/p")
set(OPSIM_BINDIR ${CMAKE_INSTALL_BINDIR})
set(_asc_names "")
set(_asc_files "")
set(_asc_dirs "")
foreach(lib IN LISTS OPSIM_ASC_RUNTIME_TARGETS)
  list(APPEND _asc_names "$<TARGET_FILE_NAME:${lib}>")
  list(APPEND _asc_files "$<TARGET_FILE:${lib}>")
  list(APPEND _asc_dirs "$<TARGET_FILE_DIR:${lib}>")
endforeach()
# The install's headers are one directory; the build tree's are the runtime's include roots.
set(_asc_includes "$<TARGET_PROPERTY:opsim_tikicpulib,INTERFACE_INCLUDE_DIRECTORIES>"
                  "$<TARGET_PROPERTY:opsim_op_api,INTERFACE_INCLUDE_DIRECTORIES>")
set(_asc_includes "$<REMOVE_DUPLICATES:$<FILTER:${_asc_includes},INCLUDE,.>>")
foreach(tree install build)
  set(OPSIM_ASC_BUILD_TREE $<STREQUAL:${tree},build>)
  set(OPSIM_ASC_RUNTIME_NAMES "${_asc_names}")
  set(OPSIM_ASC_DRIVER_FILE "$<TARGET_FILE:opsim_asc>")
  set(OPSIM_ASC_INCLUDE_DIRS "${_asc_includes}")
  set(OPSIM_ASC_RUNTIME_FILES "${_asc_files}")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/asc/ASCConfig.cmake.in
                 ${PROJECT_BINARY_DIR}/ASCConfig.${tree}.gen @ONLY)
endforeach()
# (Earlier builds left the install's config at the build tree's root, where find_package would
# take it first.)
file(REMOVE ${PROJECT_BINARY_DIR}/ASCConfig.cmake)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/install_config/ASCConfig.cmake
     INPUT ${PROJECT_BINARY_DIR}/ASCConfig.install.gen)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/${OPSIM_ASC_CMAKE_DIR}/ASCConfig.cmake
     INPUT ${PROJECT_BINARY_DIR}/ASCConfig.build.gen)
file(GENERATE OUTPUT $<TARGET_FILE_DIR:opsim_asc>/opsim-asc.paths CONTENT
     "include $<JOIN:${_asc_includes},\ninclude >\nlib $<JOIN:${_asc_files},\nlib >\nop_api $<TARGET_FILE:opsim_op_api>\nrpath $<JOIN:$<REMOVE_DUPLICATES:${_asc_dirs}>,:>\n")
install(FILES ${PROJECT_BINARY_DIR}/install_config/ASCConfig.cmake
              ${PROJECT_SOURCE_DIR}/cmake/asc/ascendc_functions.cmake
        DESTINATION ${OPSIM_ASC_CMAKE_DIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/cmake/asc/modules/ DESTINATION ${OPSIM_ASC_CMAKE_DIR}/modules)
# CANN's kernel-launch framework where the samples' npu_lib.cmake looks for it, on the package.
install(FILES ${PROJECT_SOURCE_DIR}/cmake/asc/ascendc_kernel_cmake/ascendc.cmake
        DESTINATION compiler/tikcpp/ascendc_kernel_cmake)
