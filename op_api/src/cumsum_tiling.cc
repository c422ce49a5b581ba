// The host helper of the high-level CumSum (lib/math/cumsum_tiling.h), with the 910B figures of
// opsim/core/cumsum_tiling.h (shared with the kernel side's check).
#include <cstdio>
#include <string>

#include "opsim/core/cumsum_tiling.h"
#include "tiling/tiling_api.h"

namespace AscendC {

void GetCumSumMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                            const bool isLastAxis, const bool /*isReuseSource*/, uint32_t& maxValue,
                            uint32_t& minValue) {
  auto error = [](const std::string& why) {
    std::fprintf(stderr, "[ERROR] GetCumSumMaxMinTmpSize: %s\n", why.c_str());
  };
  if (srcShape.GetDimNum() != 2) {
    error("srcShape has " + std::to_string(srcShape.GetDimNum()) + " dims; it must be 2");
    return;
  }
  if (typeSize != 2 && typeSize != 4) {
    error("typeSize " + std::to_string(typeSize) + " is not 2 (half) or 4 (float)");
    return;
  }
  const int64_t outter = srcShape.GetDim(0), inner = srcShape.GetDim(1);
  if (outter <= 0 || inner <= 0 || inner * typeSize % 32 != 0) {
    error("srcShape [" + std::to_string(outter) + ", " + std::to_string(inner) +
          "]: both dims must be above 0 and inner a whole number of 32-byte blocks");
    return;
  }
  maxValue = static_cast<uint32_t>(opsim::cumsum::MaxTmpBytes(outter, inner, typeSize, isLastAxis));
  minValue = static_cast<uint32_t>(opsim::cumsum::MinTmpBytes(outter, inner, typeSize, isLastAxis));
}

}  // namespace AscendC
