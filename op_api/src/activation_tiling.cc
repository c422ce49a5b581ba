// The host helpers of Ascend C's high-level activation APIs (lib/activation/*_tiling.h), with
// the figures CANN's helpers give for the 910B; the kernel side faults below the minimum
// (simulator/src/runtime/hl_math_model.cc).
#include "hl_tiling_common.h"
#include "tiling/tiling_api.h"

namespace AscendC {
using namespace hl_tiling;

// Sigmoid: one tile of max(n * typeSize, 256) bytes.
void GetSigmoidMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, bool isReuseSource,
                             uint32_t& maxValue, uint32_t& minValue) {
  Standard("Sigmoid", Factors{1, 1, 1}, srcShape, typeSize, isReuseSource, maxValue, minValue);
}

// Gelu and FasterGelu: three float tiles.
uint32_t GetGeluMinTmpSize(const ge::Shape&, const uint32_t) { return 3 * kRep; }
uint32_t GetGeluMaxTmpSize(const ge::Shape& srcShape, const uint32_t typeSize) {
  uint32_t max = 0, min = 0;
  GetGeluMaxMinTmpSize(srcShape, typeSize, max, min);
  return max;
}
void GetGeluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                          uint32_t& minValue) {
  if (!TypeSizeOk("Gelu", typeSize, maxValue, minValue)) return;
  const uint32_t n = CountOf("Gelu", srcShape, maxValue, minValue);
  if (n == 0) return;
  minValue = 3 * kRep;
  maxValue = std::max(3 * n * 4, minValue);
}

// Silu and Swish compute in place: no buffer.
void GetSiluTmpSize(const ge::Shape&, const uint32_t, const bool, uint32_t& maxValue,
                    uint32_t& minValue) {
  maxValue = 0;
  minValue = 0;
}
void GetSwishTmpSize(const ge::Shape&, const uint32_t, const bool, uint32_t& maxValue,
                     uint32_t& minValue) {
  maxValue = 0;
  minValue = 0;
}

// SwiGLU and GeGLU of half keep 6 and 4 tiles (float casts); float needs none.
void GetSwiGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                            uint32_t& minValue, const bool isReuseSource) {
  Standard("SwiGLU", Factors{6, 0, 0}, srcShape, typeSize, isReuseSource, maxValue, minValue);
}
void GetSwiGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                  uint32_t& extraBuffer) {
  LiveNodes(Factors{6, 0, 0}, typeSize, maxLiveNodeCount, extraBuffer);
}
void GetGeGLUMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                           const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  Standard("GeGLU", Factors{4, 0, 0}, srcShape, typeSize, isReuseSource, maxValue, minValue);
}
void GetGeGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                 uint32_t& extraBuf) {
  LiveNodes(Factors{4, 0, 0}, typeSize, maxLiveNodeCount, extraBuf);
}

// ReGlu: one repeat for float; half keeps 6 tiles of n * typeSize.
void GetReGluMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                           const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  if (isReuseSource) {
    Fail("ReGlu", "isReuseSource is not supported", maxValue, minValue);
    return;
  }
  if (!TypeSizeOk("ReGlu", typeSize, maxValue, minValue)) return;
  const uint32_t n = CountOf("ReGlu", srcShape, maxValue, minValue);
  if (n == 0) return;
  minValue = typeSize == 4 ? kRep : 6 * kRep;
  maxValue = std::max(typeSize == 4 ? kRep : n * 6 * typeSize, minValue);
}

}  // namespace AscendC
