// The host helpers of Ascend C's high-level math APIs (lib/math/*_tiling.h): the temporary
// buffer each kernel-side API needs, with the figures CANN's helpers give for the 910B
// (DAV_2201). The kernel side faults below the minimum (simulator/src/runtime/hl_math_model.cc
// holds the same minimums; tests/op_api/math_tiling_kernel_test.cc holds the two in step).
#include <algorithm>

#include "hl_tiling_common.h"
#include "tiling/tiling_api.h"

namespace AscendC {
using namespace hl_tiling;

#define OPSIM_MATH_TILING(Api, Half, Float, FloatReuse)                                            \
  void Get##Api##MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,                 \
                               const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) { \
    Standard(#Api, Factors{Half, Float, FloatReuse}, srcShape, typeSize, isReuseSource, maxValue,  \
             minValue);                                                                            \
  }                                                                                                \
  void Get##Api##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,          \
                                     uint32_t& extraBuf) {                                         \
    LiveNodes(Factors{Half, Float, FloatReuse}, typeSize, maxLiveNodeCount, extraBuf);             \
  }
OPSIM_MATH_TILING(Tanh, 4, 1, 1)
OPSIM_MATH_TILING(Tan, 10, 4, 4)
OPSIM_MATH_TILING(Asin, 6, 2, 2)
OPSIM_MATH_TILING(Acos, 6, 2, 2)
OPSIM_MATH_TILING(Atan, 12, 5, 5)
OPSIM_MATH_TILING(Sinh, 4, 1, 1)
OPSIM_MATH_TILING(Cosh, 6, 2, 2)
OPSIM_MATH_TILING(Asinh, 3, 3, 3)
OPSIM_MATH_TILING(Atanh, 4, 1, 1)
OPSIM_MATH_TILING(Erf, 8, 3, 3)
OPSIM_MATH_TILING(Erfc, 16, 7, 7)
OPSIM_MATH_TILING(Floor, 2, 0, 0)
OPSIM_MATH_TILING(Ceil, 2, 1, 1)
OPSIM_MATH_TILING(Trunc, 2, 1, 1)
OPSIM_MATH_TILING(Frac, 4, 0, 0)
OPSIM_MATH_TILING(Sign, 3, 3, 3)
OPSIM_MATH_TILING(Xor, 1, 1, 1)
OPSIM_MATH_TILING(Log, 0, 0, 0)
OPSIM_MATH_TILING(Log10, 0, 0, 0)
OPSIM_MATH_TILING(Digamma, 16, 7, 6)
// Fmod runs Trunc (2 tiles for half, 1 for float) plus, for half, 6 float tiles of its own.
OPSIM_MATH_TILING(Fmod, 8, 1, 1)
#undef OPSIM_MATH_TILING

// Sin and Cos have no isReuseSource form for half.
#define OPSIM_SINCOS_TILING(Api)                                                                   \
  void Get##Api##MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,                 \
                               const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) { \
    if (typeSize == 2 && isReuseSource) {                                                          \
      Fail(#Api, "isReuseSource is not supported for half", maxValue, minValue);                   \
      return;                                                                                      \
    }                                                                                              \
    Standard(#Api, Factors{8, 3, 2}, srcShape, typeSize, isReuseSource, maxValue, minValue);       \
  }                                                                                                \
  void Get##Api##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,          \
                                     uint32_t& extraBuf) {                                         \
    LiveNodes(Factors{8, 3, 3}, typeSize, maxLiveNodeCount, extraBuf);                             \
  }
OPSIM_SINCOS_TILING(Sin)
OPSIM_SINCOS_TILING(Cos)
#undef OPSIM_SINCOS_TILING

// Acosh's largest buffer is max(k * n, 256) elements.
void GetAcoshMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool,
                           uint32_t& maxValue, uint32_t& minValue) {
  if (!TypeSizeOk("Acosh", typeSize, maxValue, minValue)) return;
  const uint32_t n = CountOf("Acosh", srcShape, maxValue, minValue);
  if (n == 0) return;
  const uint32_t k = typeSize == 4 ? 1 : 2;
  minValue = k * kRep;
  maxValue = std::max(k * n, kRep) * typeSize;
}
void GetAcoshTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                 uint32_t& extraBuf) {
  LiveNodes(Factors{2, 1, 1}, typeSize, maxLiveNodeCount, extraBuf);
}

// Exp keeps float tiles whatever the input type: 4 for half, 3 for float (2 reusing the source).
bool GetExpMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                         const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  if (!TypeSizeOk("Exp", typeSize, maxValue, minValue)) return false;
  const uint32_t n = CountOf("Exp", srcShape, maxValue, minValue);
  if (n == 0) return false;
  const uint32_t tiles = typeSize == 2 ? 4 : (isReuseSource ? 2 : 3);
  minValue = tiles * kRep;
  maxValue = tiles * std::max(n * 4, kRep);
  return true;
}
void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                               uint32_t& extraBuf) {
  LiveNodes(Factors{8, 3, 3}, typeSize, maxLiveNodeCount, extraBuf);
}

// Log2 of half keeps one float tile; float needs none.
void GetLog2MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool,
                          uint32_t& maxValue, uint32_t& minValue) {
  if (!TypeSizeOk("Log2", typeSize, maxValue, minValue)) return;
  const uint32_t n = CountOf("Log2", srcShape, maxValue, minValue);
  if (n == 0) return;
  minValue = typeSize == 2 ? kRep : 0;
  maxValue = typeSize == 2 ? std::max(n * 4, kRep) : 0;
}
void GetLog2TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                uint32_t& extraBuf) {
  LiveNodes(Factors{2, 0, 0}, typeSize, maxLiveNodeCount, extraBuf);
}

// Round on the 910B: half keeps one tile, float none.
void GetRoundMaxMinTmpSize(const platform_ascendc::PlatformAscendC&, const ge::Shape& srcShape,
                           const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                           uint32_t& minValue) {
  Standard("Round", Factors{1, 0, 0}, srcShape, typeSize, isReuseSource, maxValue, minValue);
}
void GetRoundTmpBufferFactorSize(const platform_ascendc::PlatformAscendC&, const uint32_t typeSize,
                                 uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  LiveNodes(Factors{1, 0, 0}, typeSize, maxLiveNodeCount, extraBuf);
}

// Lgamma of half keeps 13 float tiles (26 of the half size).
void GetLgammaMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                            const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  Standard("Lgamma", Factors{26, 8, 7}, srcShape, typeSize, isReuseSource, maxValue, minValue);
}
void GetLgammaTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                  uint32_t& extraBuf) {
  LiveNodes(Factors{13, 8, 8}, typeSize, maxLiveNodeCount, extraBuf);
}

// Axpy of float needs no buffer; half keeps 4 tiles.
void GetAxpyMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                          const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  Standard("Axpy", Factors{4, 0, 0}, srcShape, typeSize, isReuseSource, maxValue, minValue);
}
void GetAxpyTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                uint32_t& extraBuf) {
  LiveNodes(Factors{4, 1, 1}, typeSize, maxLiveNodeCount, extraBuf);
}

// ClampMax/ClampMin: one byte of select mask per element, at least one repeat's worth.
void GetClampMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, const bool,
                           uint32_t& maxValue, uint32_t& minValue) {
  if (!TypeSizeOk("Clamp", typeSize, maxValue, minValue)) return;
  const uint32_t n = CountOf("Clamp", srcShape, maxValue, minValue);
  if (n == 0) return;
  minValue = typeSize == 4 ? 64 : 128;
  maxValue = std::max(n, minValue);
}
void GetClampTmpBufferFactorSize(const uint32_t, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  maxLiveNodeCount = 1;
  extraBuf = 0;
}

// Power on the 910B: live tiles per form (tensor-tensor, tensor-scalar) and type; a shape of one
// element ([1]) is a scalar operand.
namespace {
struct PowerTiles {
  uint32_t tt, ts;
};
constexpr PowerTiles kPowHalf{14, 14}, kPowInt{6, 7}, kPowFloat{4, 5};
bool IsTensorShape(const ge::Shape& s) { return !(s.GetDimNum() == 1 && s.GetDim(0) == 1); }
}  // namespace

void GetPowerMaxMinTmpSize(const ge::Shape& srcShape1, const ge::Shape& srcShape2,
                           const bool typeIsInt, const uint32_t typeSize, const bool,
                           uint32_t& maxValue, uint32_t& minValue) {
  if (!TypeSizeOk("Power", typeSize, maxValue, minValue)) return;
  const bool base_tensor = IsTensorShape(srcShape1);
  const bool tt = base_tensor && IsTensorShape(srcShape2);
  const uint32_t n = CountOf("Power", base_tensor ? srcShape1 : srcShape2, maxValue, minValue);
  if (n == 0) return;
  const PowerTiles& t = typeIsInt ? kPowInt : (typeSize == 4 ? kPowFloat : kPowHalf);
  const uint32_t tiles = tt ? t.tt : t.ts;
  // Half counts its tiles in half-size units.
  const uint32_t tile = typeSize == 4 ? std::max(n * 4, kRep) : std::max(n * 2, kRep / 2);
  if (typeIsInt) {
    minValue = kRep * tiles;
    maxValue = tile * tiles;
  } else if (typeSize == 4) {
    minValue = kRep * tiles + kRep;
    maxValue = tile * tiles + kRep;
  } else {
    minValue = kRep * tiles / 2 + kRep;
    maxValue = tile * tiles + kRep;
  }
}
void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor,
                                 const bool typeIsInt, const uint32_t typeSize,
                                 uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  const bool tt = baseIsTensor && expIsTensor;
  const PowerTiles& t = typeIsInt ? kPowInt : (typeSize == 4 ? kPowFloat : kPowHalf);
  maxLiveNodeCount = tt ? t.tt : t.ts;
  extraBuffer = typeIsInt ? 0 : kRep;
}

}  // namespace AscendC
