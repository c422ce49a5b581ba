// The host helpers of the high-level AscendAntiQuant (lib/quantization/ascend_antiquant_tiling.h):
// the 910B's figures. The kernel side (simulator/src/runtime/hl_antiquant.cc) faults below the
// same minimum.
#include <cstdio>
#include <string>

#include "tiling/tiling_api.h"

namespace AscendC {

namespace {
constexpr uint32_t kMinScalarTmp = 1024;
constexpr uint32_t kRepeatFloats = 64;
constexpr uint32_t kTransposeFloats = 80;  // 8 + 8 broadcast factors and a 64-float repeat

void AntiQuantError(const char* fn, const std::string& why) {
  std::fprintf(stderr, "[ERROR] %s: %s\n", fn, why.c_str());
}

uint64_t Elements(const ge::Shape& s) {
  uint64_t n = 1;
  for (size_t i = 0; i < s.GetDimNum(); ++i) n *= static_cast<uint64_t>(s.GetDim(i));
  return n;
}

// The arguments CANN's helpers reject (with an error; they compute on): false when the figures
// would mean nothing (no elements, a type outside the 910B's set).
bool AntiQuantArgsOk(const char* fn, const ge::Shape& src, bool transpose, ge::DataType in,
                     ge::DataType out) {
  if (src.GetShapeSize() <= 0) {
    AntiQuantError(fn, "srcShape holds " + std::to_string(src.GetShapeSize()) +
                           " elements; it must hold at least 1");
    return false;
  }
  if (in != ge::DT_INT8 && in != ge::DT_INT4) {
    AntiQuantError(fn, "inputDataType " + std::to_string(static_cast<int>(in)) +
                           " is not DT_INT8 or DT_INT4 (the 910B's)");
    return false;
  }
  if (out != ge::DT_FLOAT16 && out != ge::DT_BF16) {
    AntiQuantError(fn, "outputDataType " + std::to_string(static_cast<int>(out)) +
                           " is not DT_FLOAT16 or DT_BF16 (the 910B's)");
    return false;
  }
  if (transpose) {
    const uint64_t k = src.GetDimNum() >= 2 ? src.GetDim(1) : src.GetDim(0);
    const uint64_t bytes = in == ge::DT_INT4 ? k / 2 : k;
    if (bytes % 32 != 0 || (in == ge::DT_INT4 && k % 2 != 0)) {
      AntiQuantError(fn, "with isTranspose srcShape is [N, K]; K " + std::to_string(k) +
                             " must be whole 32-byte blocks");
    }
  }
  return true;
}

uint32_t TmpSize(const ge::Shape& src, const ge::Shape& scale, bool transpose, bool is_max) {
  const uint64_t s = Elements(scale);
  if (s == 1) return is_max ? static_cast<uint32_t>(Elements(src) * 4) : kMinScalarTmp;
  if (transpose) return static_cast<uint32_t>(kTransposeFloats * s * 4);
  const uint64_t k = src.GetDim(0);
  return static_cast<uint32_t>(s * 2 * 4 + kRepeatFloats * k * 4);
}
}  // namespace

uint32_t GetAscendAntiQuantMaxTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                      bool isTranspose, ge::DataType inputDataType,
                                      ge::DataType outputDataType) {
  if (!AntiQuantArgsOk("GetAscendAntiQuantMaxTmpSize", srcShape, isTranspose, inputDataType,
                       outputDataType) ||
      outputDataType == ge::DT_FLOAT16) {
    return 0;
  }
  return TmpSize(srcShape, scaleShape, isTranspose, true);
}

uint32_t GetAscendAntiQuantMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                      bool isTranspose, ge::DataType inputDataType,
                                      ge::DataType outputDataType) {
  if (!AntiQuantArgsOk("GetAscendAntiQuantMinTmpSize", srcShape, isTranspose, inputDataType,
                       outputDataType) ||
      outputDataType == ge::DT_FLOAT16) {
    return 0;
  }
  return TmpSize(srcShape, scaleShape, isTranspose, false);
}

void GetAscendAntiQuantMaxMinTmpSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                     bool isTranspose, ge::DataType inputDataType,
                                     ge::DataType outputDataType, uint32_t& maxValue,
                                     uint32_t& minValue) {
  maxValue = GetAscendAntiQuantMaxTmpSize(srcShape, scaleShape, isTranspose, inputDataType,
                                          outputDataType);
  minValue = GetAscendAntiQuantMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType,
                                          outputDataType);
}

void GetAscendAntiQuantTmpBufferFactorSize(const ge::Shape& srcShape, const ge::Shape& scaleShape,
                                           bool isTranspose, ge::DataType inputDataType,
                                           ge::DataType outputDataType, uint32_t& maxLiveNodeCount,
                                           uint32_t& extraBuf) {
  (void)inputDataType;
  maxLiveNodeCount = 0;
  extraBuf = 0;
  if (outputDataType == ge::DT_FLOAT16) return;
  const uint64_t s = Elements(scaleShape);
  if (s == 1) {
    maxLiveNodeCount = 1;
  } else if (isTranspose) {
    extraBuf = static_cast<uint32_t>(kTransposeFloats * s * 4);
  } else {
    extraBuf = static_cast<uint32_t>(s * 2 * 4 + kRepeatFloats * srcShape.GetDim(0) * 4);
  }
}

}  // namespace AscendC
