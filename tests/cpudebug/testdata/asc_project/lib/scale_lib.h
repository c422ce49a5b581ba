// The host entry of the kernel library (ascendc_library in CMakeLists.txt): launches its kernel.
#pragma once
#include <cstdint>

void LaunchScale(int32_t* out, void* stream);
