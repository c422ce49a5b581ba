// A `.cpp` kernel built by ascendc_library: the library's sources are the ASC language, so its
// `<<<>>>` launch goes through the driver as in a `.asc`. KERNEL_SCALE comes from
// ascendc_compile_definitions, KERNEL_TERM from the device group of ascendc_compile_options,
// HOST_GROUP from its host group, SECOND_CALL from a second call (the groups survive CMake's
// de-duplication of options), scale_lib.h from ascendc_include_directories.
#include "scale_lib.h"
#if !defined(KERNEL_SCALE) || !defined(KERNEL_TERM) || !defined(HOST_GROUP) || !defined(SECOND_CALL)
#error "an option of ascendc_compile_definitions or ascendc_compile_options did not reach the unit"
#endif

extern "C" __global__ __vector__ void scale_kernel(__gm__ int32_t* out) {
  out[0] = KERNEL_SCALE * KERNEL_TERM;
}

void LaunchScale(int32_t* out, void* stream) { scale_kernel<<<1, nullptr, stream>>>(out); }
