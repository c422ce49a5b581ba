// The host helpers of the high-level TopK (lib/sort/topk_tiling.h): CANN's figures and the 910B's
// tiling fields. The kernel side (simulator/src/runtime/hl_topk.cc) faults below the same minimum
// temporary buffer (opsim::topk::MinTmpBytes910B).
#include <cstdio>

#include "tiling/tiling_api.h"

namespace AscendC {

namespace {

bool TopKArgsOk(const char* fn, const platform_ascendc::PlatformAscendC& platform, int32_t inner,
                int32_t outter, bool init_index, TopKMode mode, uint32_t type_size) {
  bool ok = true;
  auto err = [&](const char* rule, long long value) {
    std::fprintf(stderr, "[ERROR] [TopK][%s] %s (got %lld)\n", fn, rule, value);
    ok = false;
  };
  if (inner <= 0) err("the length of the inner axis must be greater than 0", inner);
  if (inner % 32 != 0) err("the length of the inner axis must be a multiple of 32", inner);
  if (mode == TopKMode::TOPK_NSMALL && inner != 32) {
    err("in Small mode, the length of the inner axis must be 32", inner);
  }
  if (platform.GetCurNpuArch() == NpuArch::DAV_2002 && !init_index && inner > 2048) {
    err("on NpuArch 2002 without isInitIndex, the inner axis must be at most 2048", inner);
  }
  if (outter <= 0) err("the length of the outter axis must be greater than 0", outter);
  if (type_size != 2 && type_size != 4)
    err("dataTypeSize must be 2 (half) or 4 (float)", type_size);
  uint64_t ub = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  const long long src = static_cast<long long>(inner) * outter * type_size;
  if (inner > 0 && outter > 0 && static_cast<uint64_t>(src) > ub) {
    err("inner * outter * dataTypeSize bytes must fit in the UB", src);
  }
  return ok;
}

bool Arch3510Family(NpuArch a) {
  return a == NpuArch::DAV_3510 || a == NpuArch::DAV_5102 || a == NpuArch::DAV_3003;
}

// A bit pattern of `count` copies of `unit` (`width` bits wide), the lowest copy first.
uint32_t Repeated(uint32_t unit, uint32_t width, int32_t count) {
  uint32_t m = 0;
  for (int32_t i = 0; i < count; ++i) m = (m << width) | unit;
  return m;
}

// Small mode's GatherMask patterns: which 32-bit words of the 8-byte proposals are the k indices
// (the odd words), the k float values (the even words), or the k half values (every fourth
// 16-bit word, four to a uint16_t mask).
void SetSmallMasks(int32_t k, uint32_t type_size, optiling::TopkTiling& t) {
  if (k <= 16) {
    t.set_vreduceIdxMask0(Repeated(0b10, 2, k));
  } else if (k <= 32) {
    t.set_vreduceIdxMask0(Repeated(0b10, 2, 16));
    t.set_vreduceIdxMask1(Repeated(0b10, 2, k - 16));
  }
  if (type_size == 4) {
    if (k <= 32) t.set_vreduceValMask0(Repeated(0b01, 2, k <= 16 ? k : 16));
    if (k > 16 && k <= 32) t.set_vreduceValMask1(Repeated(0b01, 2, k - 16));
    return;
  }
  uint16_t half_masks[8];
  for (int32_t m = 0; m < 8; ++m) {
    const int32_t left = k - 4 * m;
    const int32_t n = left >= 4 ? 4 : (left > 0 ? left : 0);
    half_masks[m] = static_cast<uint16_t>(Repeated(0b0001, 4, n));
  }
  t.set_vreducehalfValMask0(half_masks[0]);
  t.set_vreducehalfValMask1(half_masks[1]);
  t.set_vreducehalfValMask2(half_masks[2]);
  t.set_vreducehalfValMask3(half_masks[3]);
  t.set_vreducehalfValMask4(half_masks[4]);
  t.set_vreducehalfValMask5(half_masks[5]);
  t.set_vreducehalfValMask6(half_masks[6]);
  t.set_vreducehalfValMask7(half_masks[7]);
}

// The 910B's Normal mode: one row's proposals (inner * 8 bytes) and their copy, in elements of T.
void SetNormal(int32_t inner, int32_t outter, int32_t k, uint32_t type_size, bool init_index,
               optiling::TopkTiling& t) {
  const bool half = type_size == 2;
  const int32_t per_proposal = half ? 4 : 2;  // elements of T in 8 bytes
  const int32_t k8 = (k + 7) / 8 * 8, k16 = (k + 15) / 16 * 16;
  t.set_kAlignFourBytes(k8);
  t.set_kAlignTwoBytes(k16);
  t.set_innerDataSize(inner * per_proposal);
  t.set_tmpLocalSize(2 * inner * per_proposal);
  t.set_copyUbToUbBlockCount(static_cast<uint32_t>(inner * 8 / 32));
  t.set_sortRepeat(static_cast<uint32_t>(inner / 32));
  t.set_mrgSortRepeat(inner / 4);
  t.set_maskOffset(outter * (half ? k16 : k8));
  t.set_maskVreducev2FourBytes(2 * k);
  t.set_maskVreducev2TwoBytes(4 * k);
  t.set_mrgSortSrc1offset(per_proposal);
  t.set_mrgSortSrc2offset(2 * per_proposal);
  t.set_mrgSortSrc3offset(3 * per_proposal);
  t.set_mrgSortTwoQueueSrc1Offset(per_proposal);
  t.set_mrgFourQueueTailPara1(inner * 2);
  t.set_mrgFourQueueTailPara2(static_cast<int32_t>(4 / type_size));
  if (!init_index) {  // the generated indices after the proposals, inner int32_t
    t.set_srcIndexOffset(2 * inner * per_proposal);
    t.set_tmpLocalSize(2 * inner * per_proposal + inner * (half ? 2 : 1));
  }
}

// The 910B's Small mode: all rows' proposals, the negated source, GatherMask's 64 bytes, then
// the generated indices, in elements of T.
void SetSmall(int32_t inner, int32_t outter, int32_t k, uint32_t type_size, bool init_index,
              bool largest, optiling::TopkTiling& t) {
  const int32_t data = inner * outter * static_cast<int32_t>(8 / type_size);
  t.set_kAlignFourBytes((k + 7) / 8 * 8);
  t.set_innerDataSize(data);
  t.set_maskOffset(outter * k);
  const int32_t mask_at = data + (largest ? 0 : inner * outter);
  const int32_t mask_elems = 64 / static_cast<int32_t>(type_size);
  t.set_topkMrgSrc1MaskSizeOffset(mask_at);
  t.set_tmpLocalSize(mask_at + mask_elems);
  if (!init_index) {
    t.set_topkNSmallSrcIndexOffset(mask_at + mask_elems);
    t.set_tmpLocalSize(mask_at + mask_elems + inner * outter * 4 / static_cast<int32_t>(type_size));
  }
  SetSmallMasks(k, type_size, t);
}

// NpuArch 2002 (RpSort16 and MrgSort4 on 16-byte proposals of 8 elements), Normal mode: one row's
// proposals, MrgSort4's second list, then the generated indices.
void SetNormal2002(int32_t inner, int32_t outter, int32_t k, uint32_t type_size,
                   optiling::TopkTiling& t) {
  const int32_t proposals = inner * 8, lists = proposals * 2;
  const int32_t k8 = (k + 7) / 8 * 8, k16 = (k + 15) / 16 * 16;
  t.set_tmpLocalSize(lists + inner * 4 / static_cast<int32_t>(type_size));
  t.set_srcIndexOffset(lists);
  t.set_innerDataSize(proposals);
  t.set_sortRepeat(static_cast<uint32_t>(inner / 16));
  t.set_copyUbToUbBlockCount(static_cast<uint32_t>(proposals) * type_size / 32);
  t.set_mrgSortSrc1offset(8);
  t.set_mrgSortSrc2offset(16);
  t.set_mrgSortSrc3offset(24);
  t.set_mrgSortRepeat(inner / 4);
  t.set_maskOffset(outter * (type_size == 2 ? k16 : k8));
  t.set_kAlignTwoBytes(k16);
  t.set_kAlignFourBytes(k8);
}

// NpuArch 2002, Small mode: all rows' proposals and MrgSort4's second list; the gather patterns
// take k ones (16 to a half word).
void SetSmall2002(int32_t inner, int32_t outter, int32_t k, uint32_t type_size,
                  optiling::TopkTiling& t) {
  const int32_t all = inner * outter, proposals = all * 8;
  const int32_t index_at = proposals + all;
  t.set_tmpLocalSize(proposals * 2);
  t.set_topkNSmallSrcIndexOffset(index_at);
  t.set_innerDataSize(proposals);
  t.set_maskOffset(outter * k);
  t.set_allDataSize(all);
  t.set_sortRepeat(static_cast<uint32_t>(all / 16));
  t.set_copyUbToUbBlockCount(static_cast<uint32_t>(proposals) * type_size / 32);
  t.set_mrgSortTwoQueueSrc1Offset(16 * 8);
  t.set_mrgSortSrc1offset(inner * 8);
  t.set_vreduceIdxMask0(Repeated(1, 1, k));
  if (type_size == 4) {
    t.set_srcIndexOffset(index_at);
    t.set_vreduceValMask0(Repeated(1, 1, k));
    return;
  }
  t.set_srcIndexOffset(index_at + all);  // half is cast to float first, beside the indices
  if (k <= 16) {
    t.set_vreduceValMask0(Repeated(1, 1, k));
  } else if (k <= 32) {
    t.set_vreduceValMask0(0xFFFF);
    t.set_vreduceValMask1(Repeated(1, 1, k - 16));
  }
}

// The 3510 family: one proposal list (all rows' in Small mode), then the generated indices.
void Set3510(int32_t inner, int32_t outter, int32_t k, uint32_t type_size, bool init_index,
             bool small, optiling::TopkTiling& t) {
  const int32_t per = static_cast<int32_t>(8 / type_size), ts = static_cast<int32_t>(type_size);
  if (small) {
    const int32_t data = inner * outter * per;
    t.set_innerDataSize(data);
    t.set_maskOffset(outter * k);
    t.set_tmpLocalSize(data + (init_index ? 0 : inner * outter * 4 / ts));
    return;
  }
  const int32_t k8 = (k + 7) / 8 * 8, k16 = (k + 15) / 16 * 16;
  t.set_kAlignFourBytes(k8);
  t.set_kAlignTwoBytes(k16);
  t.set_sortRepeat(static_cast<uint32_t>(inner / 32));
  t.set_innerDataSize(inner * per);
  t.set_maskOffset(outter * (type_size == 2 ? k16 : k8));
  t.set_maskVreducev2FourBytes(2 * k);
  t.set_maskVreducev2TwoBytes(4 * k);
  t.set_tmpLocalSize(inner * 16 / ts);
  if (!init_index) {
    t.set_srcIndexOffset(inner * 16 / ts);
    t.set_tmpLocalSize(inner * 20 / ts);
  }
}

}  // namespace

bool GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                          const int32_t inner, const int32_t outter, const bool isReuseSource,
                          const bool isInitIndex, enum TopKMode mode, const bool isLargest,
                          const uint32_t dataTypeSize, uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  TopKArgsOk("GetTopKMaxMinTmpSize", ascendcPlatform, inner, outter, isInitIndex, mode,
             dataTypeSize);
  const uint32_t in = static_cast<uint32_t>(inner), out = static_cast<uint32_t>(outter);
  const NpuArch arch = ascendcPlatform.GetCurNpuArch();
  const bool normal = mode == TopKMode::TOPK_NORMAL;
  if (arch == NpuArch::DAV_2002) {  // proposals of 8 elements, and MrgSort4's two lists of them
    const uint32_t rows = normal ? 1 : out;
    minValue = in * rows * 8 * dataTypeSize * 2 + (normal ? in * 4 : 0);
  } else if (Arch3510Family(arch)) {
    const uint32_t rows = normal ? 1 : out;
    minValue = (normal ? 16 * in : in * out * 8) + (isInitIndex ? 0 : in * rows * 4);
  } else {
    minValue = opsim::topk::MinTmpBytes910B(inner, outter, isInitIndex, mode, isLargest);
  }
  maxValue = minValue;
  return true;
}

bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                    const int32_t outter, const int32_t k, const uint32_t dataTypeSize,
                    const bool isInitIndex, enum TopKMode mode, const bool isLargest,
                    optiling::TopkTiling& topKTiling) {
  TopKArgsOk("TopKTilingFunc", ascendcPlatform, inner, outter, isInitIndex, mode, dataTypeSize);
  if (k < 1 || k > inner) {
    std::fprintf(stderr, "[ERROR] [TopK][TopKTilingFunc] k %d is outside [1, inner %d]\n", k,
                 inner);
  }
  if (dataTypeSize == 0) return false;
  const NpuArch arch = ascendcPlatform.GetCurNpuArch();
  const bool small = mode == TopKMode::TOPK_NSMALL;
  if (arch == NpuArch::DAV_2002) {
    if (small) {
      SetSmall2002(inner, outter, k, dataTypeSize, topKTiling);
    } else {
      SetNormal2002(inner, outter, k, dataTypeSize, topKTiling);
    }
    return true;
  }
  topKTiling.set_allDataSize(inner * outter);
  if (Arch3510Family(arch)) {
    Set3510(inner, outter, k, dataTypeSize, isInitIndex, small, topKTiling);
    return true;
  }
  if (mode == TopKMode::TOPK_NORMAL) {
    SetNormal(inner, outter, k, dataTypeSize, isInitIndex, topKTiling);
  } else {
    SetSmall(inner, outter, k, dataTypeSize, isInitIndex, isLargest, topKTiling);
  }
  return true;
}

bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                    const int32_t outter, const int32_t k, const uint32_t dataTypeSize,
                    const bool isInitIndex, enum TopKMode mode, const bool isLargest,
                    AscendC::tiling::TopkTiling& topKTiling) {
  optiling::TopkTiling t;
  const bool ok = TopKTilingFunc(ascendcPlatform, inner, outter, k, dataTypeSize, isInitIndex, mode,
                                 isLargest, t);
  t.SaveToBuffer(&topKTiling, sizeof(topKTiling));
  return ok;
}

}  // namespace AscendC
