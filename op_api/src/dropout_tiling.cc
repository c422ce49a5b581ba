// The host helpers of the high-level DropOut (lib/filter/dropout_tiling.h): CANN's figures. The
// kernel side (simulator/src/runtime/hl_dropout.cc) faults below the same minimum.
#include <algorithm>
#include <cstdio>
#include <string>

#include "tiling/tiling_api.h"

namespace AscendC {

namespace {
constexpr uint32_t kDropOutMinTmp = 2 * 256;

void CheckDropOutArgs(const ge::Shape& srcShape, uint32_t typeSize, bool isReuseSource,
                      const char* fn) {
  if (typeSize != 2 && typeSize != 4) {
    std::fprintf(stderr, "[ERROR] %s: typeSize %u is not 2 (half) or 4 (float)\n", fn, typeSize);
  }
  if (srcShape.GetDimNum() == 0) {
    std::fprintf(stderr, "[ERROR] %s: srcShape has no dims; it must have at least 1\n", fn);
  }
  if (isReuseSource) {
    std::fprintf(stderr, "[WARNING] %s: isReuseSource is reserved and has no effect\n", fn);
  }
}
}  // namespace

uint32_t GetDropOutMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                              const bool isReuseSource) {
  CheckDropOutArgs(srcShape, typeSize, isReuseSource, "GetDropOutMinTmpSize");
  return kDropOutMinTmp;
}

uint32_t GetDropOutMaxTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                              const bool isReuseSource) {
  CheckDropOutArgs(srcShape, typeSize, isReuseSource, "GetDropOutMaxTmpSize");
  uint64_t n = 1;
  for (size_t i = 0; i < srcShape.GetDimNum(); ++i) n *= static_cast<uint64_t>(srcShape.GetDim(i));
  return static_cast<uint32_t>(std::max<uint64_t>(kDropOutMinTmp, 2 * n * sizeof(float)));
}

void GetDropOutMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                             const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  maxValue = GetDropOutMaxTmpSize(srcShape, typeSize, isReuseSource);
  minValue = GetDropOutMinTmpSize(srcShape, typeSize, isReuseSource);
}

}  // namespace AscendC
