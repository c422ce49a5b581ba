// The host helpers of the high-level AscendQuant (lib/quantization/ascend_quant_tiling.h): the
// 910B's figures. The kernel side (simulator/src/runtime/hl_quant.cc) faults below the same
// minimum.
#include <algorithm>
#include <cstdio>
#include <string>

#include "tiling/tiling_api.h"

namespace AscendC {

namespace {
constexpr uint32_t kQuantMinTmpBytes = 2 * 256;  // two repeats of half
}  // namespace

void GetAscendQuantMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                 uint32_t& maxValue, uint32_t& minValue) {
  auto error = [](const std::string& why) {
    std::fprintf(stderr, "[ERROR] GetAscendQuantMaxMinTmpSize: %s\n", why.c_str());
  };
  if (typeSize != 2 && typeSize != 4) {
    error("typeSize " + std::to_string(typeSize) + " is not 2 (half) or 4 (float)");
    return;
  }
  const int64_t size = srcShape.GetShapeSize();
  if (size <= 0 || size * typeSize % 32 != 0) {
    error("srcShape has " + std::to_string(size) +
          " elements: they must be above 0 and a whole number of 32-byte blocks");
    return;
  }
  const uint64_t max = std::max<uint64_t>(uint64_t(size) * 2, kQuantMinTmpBytes);
  maxValue = static_cast<uint32_t>((max + 31) / 32 * 32);
  minValue = kQuantMinTmpBytes;
}

void GetAscendQuantTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  maxLiveNodeCount = 2;
  extraBuf = 0;
}

}  // namespace AscendC
