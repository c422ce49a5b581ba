# The rules of the CCE language: compile with -xcce and the architecture flag, link objects
# into a program or shared library with --cce-fatobj-link, archive with --cce-build-static-lib.
include(CMakeCommonLanguageInclude)
set(CMAKE_INCLUDE_FLAG_CCE "-I")
set(CMAKE_CCE_OUTPUT_EXTENSION .o)
set(CMAKE_SHARED_LIBRARY_CCE_FLAGS -fPIC)
set(CMAKE_SHARED_LIBRARY_CREATE_CCE_FLAGS -shared)
set(_cce_link_flag "--cce-fatobj-link")
set(CMAKE_CCE_COMPILE_OBJECT
    "<CMAKE_CCE_COMPILER> -xcce <DEFINES> <INCLUDES>${__IMPLICIT_INCLUDES} <FLAGS> ${_CMAKE_COMPILE_AS_CCE_FLAG} ${_CMAKE_CCE_COMPILE_OPTIONS} ${_CMAKE_CCE_COMMON_COMPILE_OPTIONS} <CMAKE_SHARED_LIBRARY_CCE_FLAGS> -pthread -o <OBJECT> -c <SOURCE>")
set(CMAKE_CCE_CREATE_SHARED_LIBRARY
    "<CMAKE_CCE_COMPILER> ${_cce_link_flag} <CMAKE_SHARED_LIBRARY_CCE_FLAGS> <LINK_FLAGS> <CMAKE_SHARED_LIBRARY_CREATE_CCE_FLAGS> -o <TARGET> <OBJECTS> <LINK_LIBRARIES>")
set(CMAKE_CCE_CREATE_STATIC_LIBRARY
    "<CMAKE_CCE_COMPILER> ${_cce_link_flag} <CMAKE_SHARED_LIBRARY_CCE_FLAGS> --cce-build-static-lib -o <TARGET> <OBJECTS>")
set(CMAKE_CCE_LINK_EXECUTABLE
    "<CMAKE_CCE_COMPILER> ${_cce_link_flag} <FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>${__IMPLICIT_LINKS}")
set(CMAKE_CCE_INFORMATION_LOADED 1)
