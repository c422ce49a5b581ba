// The host helpers of the high-level GroupNorm, DeepNorm, Normalize and the Welford pair
// (lib/normalization/groupnorm_tiling.h, deepnorm_tiling.h, normalize_tiling.h,
// layernorm_tiling.h's GetWelfordUpdateMaxMinTmpSize, welfordfinalize_tiling.h), with the 910B
// (DAV_2201) figures: the work buffers are what the kernel side checks
// (opsim::norm::LayerNormWorkFloats of the tilings written here; the Welford pair's fixed pieces).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "norm_tmp_layout.h"
#include "tiling/tiling_api.h"

namespace AscendC {
namespace {

constexpr uint32_t kFloat = 4;
constexpr uint32_t kBlock = 32;
constexpr uint32_t kBlockFloats = kBlock / kFloat;
constexpr uint32_t kMaxRepeat = 255;
constexpr uint32_t kDeepNormMaxH = kMaxRepeat * 8;  // an Adds' repeat stride of H / 8 blocks

void Error(const char* helper, const std::string& why) {
  std::fprintf(stderr, "[ERROR] %s: %s\n", helper, why.c_str());
}
uint32_t AlignUp(uint32_t v, uint32_t unit) { return (v + unit - 1) / unit * unit; }
std::string Str(uint64_t v) { return std::to_string(v); }

bool TypeSizeOk(const char* helper, uint32_t typeSize) {
  if (typeSize == 2 || typeSize == 4) return true;
  Error(helper, "typeSize " + Str(typeSize) + " is not 2 (half) or 4 (float)");
  return false;
}

// Two float pieces of the data when float reuses its source, else three.
uint32_t Pieces(uint32_t typeSize, bool reuse) { return reuse && typeSize == kFloat ? 2 : 3; }

struct Nchw {
  uint32_t n = 0, c = 0, hw = 0, g = 0, d = 0;
  uint32_t hw_align = 0;  // elements of one channel, whole 32-byte blocks
  bool ok = false;
};

Nchw NchwOf(const char* helper, const ge::Shape& shape, uint32_t typeSize, uint32_t groupNum) {
  Nchw r;
  const std::vector<int64_t> d = shape.GetDims();
  if (!TypeSizeOk(helper, typeSize)) return r;
  if (d.size() != 4 || shape.GetShapeSize() <= 0) {
    Error(helper, "srcShape has " + Str(d.size()) + " dims and " +
                      std::to_string(shape.GetShapeSize()) +
                      " elements; it must be [N, C, H, W] and not empty");
    return r;
  }
  r.n = static_cast<uint32_t>(d[0]);
  r.c = static_cast<uint32_t>(d[1]);
  r.hw = static_cast<uint32_t>(d[2] * d[3]);
  if (groupNum == 0 || r.c % groupNum != 0) {
    Error(helper, "groupNum " + Str(groupNum) + " must be above 0 and divide C " + Str(r.c));
    return r;
  }
  r.g = groupNum;
  r.d = r.c / groupNum;
  r.hw_align = AlignUp(r.hw * typeSize, kBlock) / typeSize;
  r.ok = true;
  return r;
}

// The 910B's small-shape path reduces a group with two WholeReduceSums when a channel is at most
// 64 floats and the group at most 64 x k (k the largest of 8..1 dividing the group's blocks); its
// first mask (a multiple of 8 up to 64 dividing the group) limits the groups per round.
uint32_t SmallShapeMaxGroups(uint32_t dhw_align) {
  uint32_t mask = dhw_align;
  if (dhw_align > 64) {
    mask = 64;
    while (dhw_align % mask != 0) mask -= 8;
  }
  return kMaxRepeat / (dhw_align / mask) / 8 * 8;
}
bool IsSmallShape(uint32_t hw_align, uint32_t dhw_align) {
  uint32_t k = 8;
  while (dhw_align / kBlockFloats % k != 0) --k;
  return hw_align <= 64 && dhw_align <= 64 * k;
}

}  // namespace

void GetGroupNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                               const bool isReuseSource, const uint32_t groupNum,
                               uint32_t& maxValue, uint32_t& minValue) {
  const Nchw x = NchwOf("GetGroupNormMaxMinTmpSize", srcShape, typeSize, groupNum);
  if (!x.ok) return;
  const uint32_t stats = 2 * AlignUp(x.n * x.g * kFloat, kBlock);
  const uint32_t channel = x.hw_align * kFloat;  // one channel's float copy
  const uint32_t pieces = Pieces(typeSize, isReuseSource);
  maxValue = pieces * x.n * x.c * channel + stats;
  minValue = pieces * x.d * channel + stats;
}

void GetGroupNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              const uint32_t groupNum, optiling::GroupNormTiling& tiling) {
  const char* helper = "GetGroupNormNDTilingInfo";
  const Nchw x = NchwOf(helper, srcShape, typeSize, groupNum);
  if (!x.ok) return;
  const uint32_t dhw_align = x.d * x.hw_align, size = x.n * x.c * x.hw_align, groups = x.n * x.g;
  const uint32_t stat = AlignUp(groups, kBlockFloats);
  const uint32_t stats = typeSize == kFloat ? 0 : 2 * stat;  // half keeps float mean and variance
  const uint32_t pieces = Pieces(typeSize, isReuseSource);
  const uint32_t total = stackBufferSize / kBlock * kBlock / kFloat;
  uint32_t per_round = total > stats ? (total - stats) / pieces / dhw_align : 0;
  const bool small = IsSmallShape(x.hw_align, dhw_align);
  if (small) per_round = std::min(per_round, SmallShapeMaxGroups(dhw_align));
  // CANN's half path casts gamma and beta (C elements) into a piece: it must hold them.
  const bool holds_params = typeSize == kFloat || per_round * dhw_align >= x.c;
  uint32_t one = per_round * dhw_align;
  if (one > size) {
    per_round = groups;
    one = size;
  }
  if (one == 0 || !holds_params) {
    Error(helper, "stackBufferSize " + Str(stackBufferSize) +
                      " does not hold one group's work; the tiling is not written");
    return;
  }
  tiling.set_n(x.n);
  tiling.set_c(x.c);
  tiling.set_hw(x.hw);
  tiling.set_g(x.g);
  tiling.set_d(x.d);
  tiling.set_hwAlignSize(x.hw_align);
  tiling.set_dhwAlignSize(dhw_align);
  norm_tiling::SetTmpLayout(tiling, {size, groups, dhw_align, pieces, stat, stats, total, one});
  tiling.set_bsCurLength(per_round);
  tiling.set_factor(1.0f / static_cast<float>(x.d * x.hw));
  tiling.set_smallShape(small);
}

void GetGroupNormNDTilingInfo(const ge::Shape& srcShape, const uint32_t stackBufferSize,
                              const uint32_t typeSize, const bool isReuseSource,
                              const uint32_t groupNum, AscendC::tiling::GroupNormTiling& tiling) {
  optiling::GroupNormTiling t;
  GetGroupNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, groupNum, t);
  if (t.get_oneTmpSize() != 0) t.SaveToBuffer(&tiling, sizeof(tiling));
}

namespace {

struct Bsh {
  uint32_t b = 0, s = 0, h = 0;
  bool ok = false;
};

Bsh DeepNormShape(const char* helper, const ge::Shape& shape, uint32_t typeSize,
                  bool isBasicBlock) {
  Bsh r;
  const std::vector<int64_t> d = shape.GetDims();
  if (!TypeSizeOk(helper, typeSize)) return r;
  if (d.size() != 3 || shape.GetShapeSize() <= 0) {
    Error(helper, "srcShape has " + Str(d.size()) + " dims and " +
                      std::to_string(shape.GetShapeSize()) +
                      " elements; it must be [B, S, H] and not empty");
    return r;
  }
  r.b = static_cast<uint32_t>(d[0]);
  r.s = static_cast<uint32_t>(d[1]);
  r.h = static_cast<uint32_t>(d[2]);
  if (r.h * typeSize % kBlock != 0 || r.h > kDeepNormMaxH) {
    Error(helper, "H " + Str(r.h) + " must be whole 32-byte blocks and at most 2040");
    return r;
  }
  if (isBasicBlock && (r.h % 64 != 0 || r.b * r.s % 8 != 0)) {
    Error(helper, "isBasicBlock needs H a multiple of 64 and B * S a multiple of 8");
    return r;
  }
  r.ok = true;
  return r;
}

uint32_t DeepNormTmpBytes(const Bsh& x, uint32_t rows_of_h, uint32_t typeSize, bool reuse) {
  return Pieces(typeSize, reuse) * AlignUp(rows_of_h * x.h * kFloat, kBlock) +
         2 * AlignUp(x.b * x.s * kFloat, kBlock);
}

}  // namespace

bool GetDeepNormMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                              const bool isReuseSource, const bool isBasicBlock, uint32_t& maxValue,
                              uint32_t& minValue) {
  const Bsh x = DeepNormShape("GetDeepNormMaxMinTmpSize", srcShape, typeSize, isBasicBlock);
  if (!x.ok) return false;
  maxValue = DeepNormTmpBytes(x, x.b * x.s, typeSize, isReuseSource);
  minValue = DeepNormTmpBytes(x, 1, typeSize, isReuseSource);
  return true;
}

bool GetDeepNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                           const uint32_t stackBufferSize, const uint32_t typeSize,
                           const bool isReuseSource, const bool isBasicBlock,
                           optiling::DeepNormTiling& tiling) {
  const char* helper = "GetDeepNormTilingInfo";
  const Bsh x = DeepNormShape(helper, srcShape, typeSize, isBasicBlock);
  if (!x.ok) return false;
  const std::vector<int64_t> o = originSrcShape.GetDims();
  if (o.size() != 3 || o[0] != x.b || o[1] != x.s || o[2] <= 0 || o[2] > x.h ||
      (isBasicBlock && o[2] != x.h)) {
    Error(helper,
          "originSrcShape must be [B, S, original H] with srcShape's B and S and 0 < original H "
          "<= H (== H with isBasicBlock)");
    return false;
  }
  const uint32_t min = DeepNormTmpBytes(x, 1, typeSize, isReuseSource);
  if (stackBufferSize < min) {
    Error(helper, "stackBufferSize " + Str(stackBufferSize) + " is below the minimum " + Str(min));
    return false;
  }
  const uint32_t rows = x.b * x.s, size = rows * x.h, pieces = Pieces(typeSize, isReuseSource);
  const uint32_t stat = AlignUp(rows, kBlockFloats);
  const uint32_t stats = typeSize == kFloat ? 0 : 2 * stat;
  const uint32_t total = stackBufferSize / kFloat;
  uint32_t one = std::min((total - stats) / pieces / x.h * x.h, size);
  // The basic-block path works 8 rows at a time where the buffer holds them.
  if (isBasicBlock && one / (8 * x.h) > 0) one = one / (8 * x.h) * (8 * x.h);
  if (one == 0) {
    Error(helper, "stackBufferSize " + Str(stackBufferSize) + " does not hold one row's work");
    return false;
  }
  tiling.set_bLength(x.b);
  tiling.set_sLength(x.s);
  tiling.set_hLength(x.h);
  tiling.set_originalHLength(static_cast<uint32_t>(o[2]));
  norm_tiling::SetTmpLayout(tiling, {size, rows, x.h, pieces, stat, stats, total, one});
  tiling.set_bsCurLength(one / x.h);
  tiling.set_lastDimValueBack(1.0f / static_cast<float>(o[2]));
  return true;
}

bool GetDeepNormTilingInfo(const ge::Shape& srcShape, const ge::Shape& originSrcShape,
                           const uint32_t stackBufferSize, const uint32_t typeSize,
                           const bool isReuseSource, const bool isBasicBlock,
                           AscendC::tiling::DeepNormTiling& tiling) {
  optiling::DeepNormTiling t;
  const bool ok = GetDeepNormTilingInfo(srcShape, originSrcShape, stackBufferSize, typeSize,
                                        isReuseSource, isBasicBlock, t);
  if (ok) t.SaveToBuffer(&tiling, sizeof(tiling));
  return ok;
}

void GetWelfordUpdateMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSizeT,
                                   const uint32_t typeSizeU, const bool isReuseSource,
                                   const bool isInplace, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSizeU;
  (void)isInplace;
  const std::vector<int64_t> d = srcShape.GetDims();
  if (d.size() != 2 || srcShape.GetShapeSize() <= 0) {
    Error("GetWelfordUpdateMaxMinTmpSize",
          "srcShape has " + Str(d.size()) + " dims; it must be [rnLength, abLength]");
    return;
  }
  constexpr uint32_t kRepeat = 256, kRepeatFloats = kRepeat / kFloat;
  const uint32_t pieces = typeSizeT == 2 ? 3 : (isReuseSource ? 1 : 2);
  const uint32_t elems = static_cast<uint32_t>(d[0] * d[1]);
  minValue = pieces * kRepeat;
  maxValue = (elems + kRepeatFloats - 1) / kRepeatFloats * minValue;
}

void GetWelfordFinalizeMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                     const bool isReuseSource, uint32_t& maxValue,
                                     uint32_t& minValue) {
  (void)typeSize;
  (void)isReuseSource;
  const std::vector<int64_t> d = srcShape.GetDims();
  if (d.size() != 1 || d[0] <= 0 || d[0] % kBlockFloats != 0) {
    Error("GetWelfordFinalizeMaxMinTmpSize",
          "srcShape must be [abLength] with abLength above 0 and whole 32-byte blocks of float");
    return;
  }
  constexpr uint32_t kUnit = 64;  // floats of one output or work piece
  const uint32_t ab = static_cast<uint32_t>(d[0]);
  minValue = 4 * kUnit * kFloat;
  maxValue = ab <= kUnit ? minValue : (2 * kUnit + 2 * ab) * kFloat;
}

void GetNormalizeMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSizeU,
                               const uint32_t typeSizeT, const bool isReuseSource,
                               const bool isComputeRstd, const bool isOnlyOutput,
                               uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  const char* helper = "GetNormalizeMaxMinTmpSize";
  const std::vector<int64_t> d = srcShape.GetDims();
  if (!isComputeRstd || isOnlyOutput) {
    Error(helper, "isComputeRstd must be true and isOnlyOutput false");
    return;
  }
  if (!TypeSizeOk(helper, typeSizeT) || !TypeSizeOk(helper, typeSizeU)) return;
  if (d.size() != 2 || srcShape.GetShapeSize() <= 0) {
    Error(helper, "srcShape has " + Str(d.size()) + " dims; it must be [A, R] and not empty");
    return;
  }
  const uint32_t a = static_cast<uint32_t>(d[0]);
  const uint32_t r_pad = AlignUp(static_cast<uint32_t>(d[1]), kBlock / typeSizeT);
  const uint32_t row = AlignUp(r_pad * kFloat, kBlock);
  maxValue = 2 * row + 2 * AlignUp(AlignUp(a, 8) * r_pad * kFloat, kBlock);
  minValue = std::max(AlignUp(a * kFloat, kBlock), (typeSizeU == kFloat ? 2 : 4) * row);
}

}  // namespace AscendC
