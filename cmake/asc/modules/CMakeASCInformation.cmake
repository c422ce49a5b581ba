# The ASC language's rules: compile with opsim-asc (bisheng's command line), link with it (it adds
# opsim's CPU-debug runtime). CMAKE_ASC_ARCHITECTURES (dav-2201, dav-2002, dav-3002, dav-1001)
# becomes --npu-arch; an architecture without a simulated device is refused here when it is
# known, else by the driver. CMAKE_ASC_RUN_MODE (npu, cpu, sim) is accepted: every mode runs on
# opsim's simulated device.
include(CMakeCommonLanguageInclude)
set(CMAKE_ASC_OUTPUT_EXTENSION .o)
set(CMAKE_INCLUDE_FLAG_ASC "-I")
set(CMAKE_INCLUDE_SYSTEM_FLAG_ASC "-isystem ")
set(CMAKE_ASC_COMPILE_OPTIONS_PIC "-fPIC")
set(CMAKE_ASC_COMPILE_OPTIONS_PIE "-fPIE")
set(CMAKE_SHARED_LIBRARY_ASC_FLAGS "-fPIC")
set(CMAKE_SHARED_LIBRARY_CREATE_ASC_FLAGS "-shared")
set(CMAKE_SHARED_LIBRARY_SONAME_ASC_FLAG "-Wl,-soname,")
set(CMAKE_SHARED_LIBRARY_RUNTIME_ASC_FLAG "-Wl,-rpath,")
set(CMAKE_SHARED_LIBRARY_RUNTIME_ASC_FLAG_SEP ":")
set(CMAKE_EXECUTABLE_RUNTIME_ASC_FLAG "-Wl,-rpath,")
set(CMAKE_EXECUTABLE_RUNTIME_ASC_FLAG_SEP ":")
set(CMAKE_LINK_LIBRARY_FLAG_ASC "-l")
set(CMAKE_DEPFILE_FLAGS_ASC "-MD -MT <DEP_TARGET> -MF <DEP_FILE>")
set(CMAKE_ASC_DEPFILE_FORMAT gcc)
if(CMAKE_GENERATOR MATCHES "Makefiles")
  set(CMAKE_ASC_DEPENDS_USE_COMPILER TRUE)
endif()

set(CMAKE_ASC_FLAGS_DEBUG_INIT "-O0 -g")
set(CMAKE_ASC_FLAGS_RELEASE_INIT "-O2 -DNDEBUG")
set(CMAKE_ASC_FLAGS_MINSIZEREL_INIT "-Os -DNDEBUG")
set(CMAKE_ASC_FLAGS_RELWITHDEBINFO_INIT "-O2 -g -DNDEBUG")
set(CMAKE_ASC_FLAGS_INIT "$ENV{ASCFLAGS} ${CMAKE_ASC_FLAGS_INIT}")
cmake_initialize_per_config_variable(CMAKE_ASC_FLAGS "Flags used by the ASC compiler")

set(_opsim_asc_arches dav-2201 dav-2002 dav-3002 dav-1001)
if(CMAKE_ASC_ARCHITECTURES)
  if(NOT CMAKE_ASC_ARCHITECTURES IN_LIST _opsim_asc_arches)
    message(FATAL_ERROR "ASC: CMAKE_ASC_ARCHITECTURES='${CMAKE_ASC_ARCHITECTURES}' has no simulated "
                        "device in opsim (expected dav-2201 for Atlas A2/A3, dav-2002, dav-3002 or "
                        "dav-1001; dav-3510, the Ascend 950, is not modelled)")
  endif()
  string(APPEND CMAKE_ASC_FLAGS " --npu-arch=${CMAKE_ASC_ARCHITECTURES}")
endif()
if(CMAKE_ASC_RUN_MODE AND NOT CMAKE_ASC_RUN_MODE MATCHES "^(npu|cpu|sim)$")
  message(FATAL_ERROR "ASC: CMAKE_ASC_RUN_MODE='${CMAKE_ASC_RUN_MODE}' is not a run mode "
                      "(expected npu, cpu or sim; on opsim each runs on the simulated device)")
endif()

# CMAKE_ASC_STANDARD (default 17) becomes -std=c++NN; every source of the language is Ascend C
# (--asc-aicore-lang), whatever its extension (a `.cpp` of ascendc_library or LANGUAGE ASC).
if(NOT CMAKE_ASC_STANDARD)
  set(CMAKE_ASC_STANDARD 17)
endif()
if(NOT CMAKE_ASC_STANDARD MATCHES "^[0-9]+$")
  message(FATAL_ERROR "ASC: CMAKE_ASC_STANDARD='${CMAKE_ASC_STANDARD}' is not a C++ standard "
                      "number (17, 20, ...)")
endif()
set(CMAKE_ASC_COMPILE_OBJECT
    "<CMAKE_ASC_COMPILER> <DEFINES> <INCLUDES> -std=c++${CMAKE_ASC_STANDARD} <FLAGS> -o <OBJECT> -c --asc-aicore-lang <SOURCE>")
set(CMAKE_ASC_LINK_EXECUTABLE
    "<CMAKE_ASC_COMPILER> <FLAGS> <CMAKE_ASC_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
set(CMAKE_ASC_CREATE_SHARED_LIBRARY
    "<CMAKE_ASC_COMPILER> <CMAKE_SHARED_LIBRARY_ASC_FLAGS> <LANGUAGE_COMPILE_FLAGS> <LINK_FLAGS> <CMAKE_SHARED_LIBRARY_CREATE_ASC_FLAGS> <SONAME_FLAG><TARGET_SONAME> -o <TARGET> <OBJECTS> <LINK_LIBRARIES>")
set(CMAKE_ASC_ARCHIVE_CREATE "<CMAKE_AR> qc <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_ASC_ARCHIVE_APPEND "<CMAKE_AR> q <TARGET> <LINK_FLAGS> <OBJECTS>")
set(CMAKE_ASC_ARCHIVE_FINISH "<CMAKE_RANLIB> <TARGET>")
set(CMAKE_ASC_INFORMATION_LOADED 1)
