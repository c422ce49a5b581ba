// CANN's transdata_tiling.h (adv_api/transpose): the host helper of the high-level TransData, with
// CANN's figures (opsim/core/transdata_shape.h, the kernel's check too).
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "graph/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

// CANN's adv_api/utils/types.h spellings of a shape and a data type.
using TensorShape = ge::Shape;
using TensorDataType = ge::DataType;

// CANN's transdata_tiling.h and kernel_struct_data_copy.h, under their guards.
#ifndef ASCC_ENUM_DATAFORMAT
#define ASCC_ENUM_DATAFORMAT
enum class DataFormat : uint8_t {
  ND = 0,
  NZ,
  NCHW,
  NC1HWC0,
  NHWC,
  NCDHW,
  NDC1HWC0,
  FRACTAL_Z_3D,
};
#endif  // ASCC_ENUM_DATAFORMAT

#ifndef ASCC_PARAM_TRANSDATACONFIG
#define ASCC_PARAM_TRANSDATACONFIG
struct TransDataConfig {
  DataFormat srcFormat;
  DataFormat dstFormat;
};
#endif  // ASCC_PARAM_TRANSDATACONFIG

// The temporary bytes TransData needs (min = max), for DT_FLOAT16, DT_BF16, DT_UINT16 or DT_INT16
// data on NpuArch 2201 (3510 and 5102 too, as CANN's). False, with an error on stderr naming the
// rule and the values left, for another type, arch, pair of formats, or shapes that disagree.
bool GetTransDataMaxMinTmpSize(const platform_ascendc::PlatformAscendC& platform,
                               const AscendC::TensorShape& srcShape,
                               const AscendC::TensorShape& dstShape,
                               const AscendC::TensorDataType dataType,
                               const TransDataConfig& config, uint32_t& maxValue,
                               uint32_t& minValue);

}  // namespace AscendC
