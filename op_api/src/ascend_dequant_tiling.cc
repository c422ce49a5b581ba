// The host helpers of the high-level AscendDequant (lib/quantization/ascend_dequant_tiling.h):
// the 910B's figures. The kernel side (simulator/src/runtime/hl_dequant.cc) faults below the
// same minimum.
#include <cstdio>
#include <string>

#include "tiling/tiling_api.h"

namespace AscendC {

namespace {
constexpr uint32_t kFloatsPerBlock = 8;
constexpr uint32_t kFloatsPerRepeat = 64;
}  // namespace

void GetAscendDequantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                   uint32_t& maxValue, uint32_t& minValue) {
  auto error = [](const std::string& why) {
    std::fprintf(stderr, "[ERROR] GetAscendDequantMaxMinTmpSize: %s\n", why.c_str());
  };
  const size_t dims = srcShape.GetDimNum();
  if (dims != 1 && dims != 2) {
    error("srcShape has " + std::to_string(dims) + " dims; it must have 1 or 2");
    return;
  }
  if (srcShape.GetShapeSize() <= 0) {
    error("srcShape has " + std::to_string(srcShape.GetShapeSize()) +
          " elements; it must have some");
    return;
  }
  if (typeSize != 4) {
    error("typeSize " + std::to_string(typeSize) + " is not 4 (int32_t)");
    return;
  }
  const uint64_t outer = dims == 2 ? srcShape.GetDim(0) : 1;
  const uint64_t inner = srcShape.GetDim(dims - 1);
  const uint64_t factors = inner + kFloatsPerBlock;
  maxValue = static_cast<uint32_t>((kFloatsPerRepeat + outer * inner + factors) * 4);
  minValue = static_cast<uint32_t>((kFloatsPerRepeat + inner + factors) * 4);
}

void GetAscendDequantTmpBufferFactorSize(const ge::Shape& srcShape, uint32_t& maxLiveNodeCount,
                                         uint32_t& extraBuf) {
  extraBuf = kFloatsPerBlock + kFloatsPerRepeat;
  if (srcShape.GetDimNum() == 2) {
    extraBuf += static_cast<uint32_t>(srcShape.GetDim(1));
    maxLiveNodeCount = 1;
  } else if (srcShape.GetDimNum() == 1) {
    maxLiveNodeCount = 2;
  } else {
    extraBuf = 0;
    maxLiveNodeCount = 0;
  }
}

}  // namespace AscendC
