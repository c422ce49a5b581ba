# The library with a DT_COMPLEX64 column was built (this test runs after it); its unit defines
# DTYPE_OUT as the incomplete type that names the dtype, and DTYPE_REAL as float.
# Usage: cmake -DUNIT=<generated unit> -DLIBRARY=<built library> -P complex_column_test.cmake
if(NOT EXISTS "${LIBRARY}")
  message(FATAL_ERROR "the library ${LIBRARY} was not built")
endif()
file(READ "${UNIT}" text)
foreach(expected "struct opsim_no_kernel_type_for_DT_COMPLEX64;"
                 "#define DTYPE_OUT ::opsim_no_kernel_type_for_DT_COMPLEX64"
                 "#define DTYPE_REAL float")
  string(FIND "${text}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${UNIT} lacks '${expected}':\n${text}")
  endif()
endforeach()
message(STATUS "DTYPE_OUT names the missing kernel type of DT_COMPLEX64")
