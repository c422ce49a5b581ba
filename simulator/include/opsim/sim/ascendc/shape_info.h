// Ascend C's ShapeInfo: the shape a LocalTensor or GlobalTensor carries (SetShapeInfo /
// GetShapeInfo), at most K_MAX_SHAPE_DIM dimensions. CANN lets a kernel define K_MAX_SHAPE_DIM
// before including kernel_operator.h (its stack-space advice: 0 when unused); 8 by default.
#pragma once

#include <cstdint>

#ifndef K_MAX_SHAPE_DIM
#define K_MAX_SHAPE_DIM 8
#endif

#define OPSIM_SHAPE_DIM_TEXT2(x) #x
#define OPSIM_SHAPE_DIM_TEXT(x) OPSIM_SHAPE_DIM_TEXT2(x)

namespace opsim::sim::detail {
[[noreturn]] void RaiseBadCount(const char* instr, int64_t count, const char* rule);
}  // namespace opsim::sim::detail

namespace AscendC {

// CANN's kernel_struct_data_copy.h, under its guard (the host's transdata_tiling.h has one too).
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

struct ShapeInfo {
 public:
  ShapeInfo() {}
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[],
            const uint8_t inputOriginalShapeDim, const uint32_t inputOriginalShape[],
            const DataFormat inputFormat)
      : shapeDim(inputShapeDim), originalShapeDim(inputOriginalShapeDim), dataFormat(inputFormat) {
    CheckDims(inputShapeDim);
    CheckDims(inputOriginalShapeDim);
    for (int i = 0; i < shapeDim; ++i) shape[i] = inputShape[i];
    for (int i = 0; i < originalShapeDim; ++i) originalShape[i] = inputOriginalShape[i];
  }
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat)
      : shapeDim(inputShapeDim), originalShapeDim(inputShapeDim), dataFormat(inputFormat) {
    CheckDims(inputShapeDim);
    for (int i = 0; i < shapeDim; ++i) shape[i] = originalShape[i] = inputShape[i];
  }
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[])
      : ShapeInfo(inputShapeDim, inputShape, DataFormat::ND) {}

  // Zero where CANN leaves them uninitialised: a default ShapeInfo reads as 0 dimensions.
  uint8_t shapeDim = 0;
  uint8_t originalShapeDim = 0;
  uint32_t shape[K_MAX_SHAPE_DIM] = {};
  uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
  DataFormat dataFormat = DataFormat::ND;

 private:
  // CANN's ASCENDC_ASSERT: more dimensions than the arrays hold would write past them.
  static void CheckDims(uint8_t dims) {
    if (dims > K_MAX_SHAPE_DIM) {
      opsim::sim::detail::RaiseBadCount(
          "ShapeInfo", dims,
          "a shape has at most K_MAX_SHAPE_DIM = " OPSIM_SHAPE_DIM_TEXT(
              K_MAX_SHAPE_DIM) " dimensions");
    }
  }
};

#undef OPSIM_SHAPE_DIM_TEXT
#undef OPSIM_SHAPE_DIM_TEXT2

// The product of the shape's dimensions (1 for none).
inline uint64_t GetShapeSize(const ShapeInfo& shapeInfo) {
  uint64_t size = 1;
  for (int i = 0; i < shapeInfo.shapeDim; ++i) size *= shapeInfo.shape[i];
  return size;
}

}  // namespace AscendC
