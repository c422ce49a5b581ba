// The data formats and types of CANN's convolution APIs (ConvCommonApi::ConvFormat, ConvDtype),
// in CANN's enumerator order: one declaration for the host tiling (lib/conv/conv3d/
// conv3d_tiling.h) and the kernel side (lib/conv/conv3d/conv3d_api.h), so that a unit may
// include both. TPosition is each side's own (the host's enum, the kernel's AscendC::TPosition).
#pragma once

#include <cstdint>

namespace ConvCommonApi {

enum class ConvDtype : uint8_t {
  FLOAT16 = 0,
  FLOAT32,
  BF16,
  INT4,
  INT8,
  UINT8,
  INT32,
  INT64,
  UINT64,
  CONVDTYPEMAX,
  FLOAT = FLOAT32,  // the SetBiasType page's spelling
};

enum class ConvFormat : uint8_t {
  ND = 0,
  NCHW,
  NHWC,
  HWCN,
  DHWNC,
  DHWCN,
  NDHWC,
  NCDHW,
  NC1HWC0,
  NDC1HWC0,
  FRACTAL_Z_3D,
};

}  // namespace ConvCommonApi
