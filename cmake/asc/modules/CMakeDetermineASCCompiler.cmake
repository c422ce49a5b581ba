# enable_language(ASC), first configure: the compiler is opsim's driver, which ASCConfig.cmake
# found beside it (an explicit CMAKE_ASC_COMPILER wins).
if(NOT CMAKE_ASC_COMPILER)
  if(NOT OPSIM_ASC_DRIVER)
    message(FATAL_ERROR "ASC: no compiler: call find_package(ASC REQUIRED) before enabling the "
                        "ASC language (it sets opsim's driver, bin/opsim-asc)")
  endif()
  set(CMAKE_ASC_COMPILER "${OPSIM_ASC_DRIVER}" CACHE FILEPATH "ASC compiler (opsim's CPU-debug driver)")
endif()
mark_as_advanced(CMAKE_ASC_COMPILER)
if(NOT CMAKE_ASC_SOURCE_FILE_EXTENSIONS)
  set(CMAKE_ASC_SOURCE_FILE_EXTENSIONS asc)
endif()
set(CMAKE_ASC_COMPILER_ENV_VAR "ASC")
set(CMAKE_ASC_COMPILER_ID "opsim")
configure_file(${CMAKE_CURRENT_LIST_DIR}/CMakeASCCompiler.cmake.in
               ${CMAKE_PLATFORM_INFO_DIR}/CMakeASCCompiler.cmake @ONLY)
