// The host helpers of the SoftMax family (lib/activation/softmax_tiling.h, logsoftmax_tiling.h,
// softmaxgrad_tiling.h), with the 910B (DAV_2201) figures: the work buffer per row is
// opsim::softmax's (shared with the kernel side's check), the tiling cuts srcM into splitM-row
// pieces that fit the given work space.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "lib/activation/logsoftmax_tiling.h"
#include "lib/activation/softmaxgrad_tiling.h"
#include "tiling/tiling_api.h"

namespace AscendC {
namespace {

constexpr uint32_t kBlock = 32;
constexpr uint32_t kFloat = 4;
constexpr uint32_t kRowGroup = 8;  // splitM below srcM is cut to whole groups of 8 rows

void Error(const char* helper, const std::string& why) {
  std::fprintf(stderr, "[ERROR] %s: %s\n", helper, why.c_str());
}

struct Rows {
  uint32_t m = 0, k = 0;
  bool ok = false;
};

// srcShape as [srcM, srcK]: the last dim and the product of the others, checked as CANN's
// helpers check them (non-empty, element sizes 2 or 4, srcK whole 32-byte blocks).
Rows RowsOf(const char* helper, const ge::Shape& shape, uint32_t dataBytes, uint32_t statBytes) {
  Rows r;
  const std::vector<int64_t> dims = shape.GetDims();
  const int64_t n = shape.GetShapeSize();
  if (dims.empty() || n <= 0) {
    Error(helper, "srcShape has " + std::to_string(dims.size()) + " dims and " + std::to_string(n) +
                      " elements; it needs a last axis and 1 element at least");
    return r;
  }
  for (uint32_t size : {dataBytes, statBytes}) {
    if (size != 2 && size != 4) {
      Error(helper, "dataTypeSize " + std::to_string(size) + " is not 2 (half) or 4 (float)");
      return r;
    }
  }
  r.k = static_cast<uint32_t>(dims.back());
  r.m = static_cast<uint32_t>(n / dims.back());
  if (r.k * dataBytes % kBlock != 0) {
    Error(helper, "the last axis (" + std::to_string(r.k) + " elements of " +
                      std::to_string(dataBytes) +
                      " bytes) is not a whole number of 32-byte blocks");
    return r;
  }
  r.ok = true;
  return r;
}

// A basic-block shape (srcM whole 8-row groups, srcK whole 64-element units) is cut into pieces
// of whole groups that divide srcM, each under 255 repeats of 64 floats.
void AdjustToBasicBlock(uint32_t& rows, uint32_t m, uint32_t k) {
  if (rows <= kRowGroup || m % kRowGroup != 0 || k % 64 != 0) return;
  rows = rows / kRowGroup * kRowGroup;
  while (m % rows != 0) rows -= kRowGroup;
  while (rows > 1 && rows * k >= 64 * 256) rows /= 2;
}

// Rows per piece: as many as the work space holds, up to srcM; below srcM a whole number of
// 8-row groups where more than 8 fit.
uint32_t SplitRows(uint32_t workBytes, uint32_t rowFloats, uint32_t m, uint32_t k) {
  uint32_t rows = std::min(workBytes / kFloat / rowFloats, m);
  if (rows < m && rows > kRowGroup) rows = rows / kRowGroup * kRowGroup;
  AdjustToBasicBlock(rows, m, k);
  return rows;
}

// LogSoftMaxTiling has SoftMaxTiling's fields; blk is one block of the statistics' type.
template <typename Tiling>
void Fill(Tiling& t, const Rows& r, uint32_t statBytes, uint32_t split) {
  const uint32_t blk = kBlock / statBytes;
  t.set_srcM(r.m);
  t.set_srcK(r.k);
  t.set_srcSize(r.m * r.k);
  t.set_outMaxM(r.m);
  t.set_outMaxK(blk);
  t.set_outMaxSize(r.m * blk);
  t.set_splitM(split);
  t.set_splitK(r.k);
  t.set_splitSize(split * r.k);
  t.set_reduceM(split);
  t.set_reduceK(blk);
  t.set_reduceSize(split * blk);
  const uint32_t tail = split != 0 ? r.m % split : 0;
  t.set_rangeM(split != 0 ? r.m / split : 0);
  t.set_tailM(tail);
  t.set_tailSplitSize(tail * r.k);
  t.set_tailReduceSize(tail * blk);
}

void Copy(const optiling::SoftMaxTiling& from, AscendC::tiling::SoftMaxTiling& to) {
  from.SaveToBuffer(&to, sizeof(to));
}

void WarnBelowMinimum(const char* helper, uint32_t given, uint32_t min) {
  if (given < min) {
    Error(helper, "localWorkSpaceSize " + std::to_string(given) + " is below the minimum " +
                      std::to_string(min) +
                      " bytes (one row): splitM is 0 and the kernel's call "
                      "will fault");
  }
}

}  // namespace

uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                              const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetSoftMaxMaxTmpSize", srcShape, dataTypeSize, dataTypeSize);
  return r.ok ? r.m * opsim::softmax::SoftMaxRowFloats(r.k, dataTypeSize) * kFloat : 0;
}

uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                              const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetSoftMaxMinTmpSize", srcShape, dataTypeSize, dataTypeSize);
  return r.ok ? opsim::softmax::SoftMaxRowFloats(r.k, dataTypeSize) * kFloat : 0;
}

void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                       const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxTiling) {
  const Rows r = RowsOf("SoftMaxTilingFunc", srcShape, dataTypeSize, dataTypeSize);
  if (!r.ok) return;
  const uint32_t row = opsim::softmax::SoftMaxRowFloats(r.k, dataTypeSize);
  WarnBelowMinimum("SoftMaxTilingFunc", localWorkSpaceSize, row * kFloat);
  Fill(softmaxTiling, r, dataTypeSize, SplitRows(localWorkSpaceSize, row, r.m, r.k));
}

void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                       const uint32_t localWorkSpaceSize,
                       AscendC::tiling::SoftMaxTiling& softmaxTiling) {
  optiling::SoftMaxTiling t;
  SoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, t);
  if (t.get_srcM() != 0) Copy(t, softmaxTiling);
}

bool IsBasicBlockInSoftMax(optiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize) {
  if (dataTypeSize != 2 && dataTypeSize != 4) return false;
  const uint32_t k = tiling.get_srcK(), split = tiling.get_splitM();
  return k % 64 == 0 && k < 2048 && k >= 256 / dataTypeSize && split != 0 && split % kRowGroup == 0;
}

bool IsBasicBlockInSoftMax(AscendC::tiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize) {
  if (dataTypeSize != 2 && dataTypeSize != 4) return false;
  return tiling.srcK % 64 == 0 && tiling.srcK < 2048 && tiling.srcK >= 256 / dataTypeSize &&
         tiling.splitM != 0 && tiling.splitM % kRowGroup == 0;
}

uint32_t GetSoftMaxFlashMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                   const bool isUpdate, const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetSoftMaxFlashMaxTmpSize", srcShape, dataTypeSize, dataTypeSize);
  return r.ok ? r.m * opsim::softmax::FlashRowFloats(r.k, dataTypeSize, isUpdate) * kFloat : 0;
}

uint32_t GetSoftMaxFlashMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                   const bool isUpdate, const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetSoftMaxFlashMinTmpSize", srcShape, dataTypeSize, dataTypeSize);
  return r.ok ? opsim::softmax::FlashRowFloats(r.k, dataTypeSize, isUpdate) * kFloat : 0;
}

void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                            const uint32_t localWorkSpaceSize,
                            optiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate) {
  const Rows r = RowsOf("SoftMaxFlashTilingFunc", srcShape, dataTypeSize, dataTypeSize);
  if (!r.ok) return;
  const uint32_t row = opsim::softmax::FlashRowFloats(r.k, dataTypeSize, isUpdate);
  WarnBelowMinimum("SoftMaxFlashTilingFunc", localWorkSpaceSize, row * kFloat);
  Fill(softmaxFlashTiling, r, dataTypeSize, SplitRows(localWorkSpaceSize, row, r.m, r.k));
}

void SoftMaxFlashTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                            const uint32_t localWorkSpaceSize,
                            AscendC::tiling::SoftMaxTiling& softmaxFlashTiling,
                            const bool isUpdate) {
  optiling::SoftMaxTiling t;
  SoftMaxFlashTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, t, isUpdate);
  if (t.get_srcM() != 0) Copy(t, softmaxFlashTiling);
}

namespace {

// FlashV2's basic-block path works in groups of 8 rows; isFlashOutputBrc needs as many rows
// as one block of the data type holds (or srcM).
uint32_t FlashV2MinRows(const Rows& r, uint32_t dataBytes, bool basic, bool outputBrc) {
  if (outputBrc) return std::min(kBlock / dataBytes, r.m);
  return basic && r.k % 64 == 0 ? kRowGroup : 1;
}

}  // namespace

uint32_t GetSoftMaxFlashV2MinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const bool /*isUpdate*/,
                                     const bool isBasicBlock, const bool isFlashOutputBrc) {
  const Rows r = RowsOf("GetSoftMaxFlashV2MinTmpSize", srcShape, dataTypeSize1, dataTypeSize2);
  if (!r.ok) return 0;
  const uint32_t row =
      opsim::softmax::FlashV2RowFloats(r.k, dataTypeSize1, dataTypeSize2, isBasicBlock);
  return FlashV2MinRows(r, dataTypeSize1, isBasicBlock, isFlashOutputBrc) * row * kFloat;
}

uint32_t GetSoftMaxFlashV2MaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const bool /*isUpdate*/,
                                     const bool isBasicBlock, const bool /*isFlashOutputBrc*/) {
  const Rows r = RowsOf("GetSoftMaxFlashV2MaxTmpSize", srcShape, dataTypeSize1, dataTypeSize2);
  if (!r.ok) return 0;
  uint32_t m = r.m;
  // The basic-block path keeps a piece below 255 repeats of 64 floats.
  if (isBasicBlock && r.k % 64 == 0 && m % kRowGroup == 0) {
    while (m * r.k >= 64 * 256) m /= 2;
  }
  return m * opsim::softmax::FlashV2RowFloats(r.k, dataTypeSize1, dataTypeSize2, isBasicBlock) *
         kFloat;
}

void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                              const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                              optiling::SoftMaxTiling& softmaxFlashTiling, const bool /*isUpdate*/,
                              const bool isBasicBlock, const bool isFlashOutputBrc) {
  const Rows r = RowsOf("SoftMaxFlashV2TilingFunc", srcShape, dataTypeSize1, dataTypeSize2);
  if (!r.ok) return;
  const uint32_t row =
      opsim::softmax::FlashV2RowFloats(r.k, dataTypeSize1, dataTypeSize2, isBasicBlock);
  WarnBelowMinimum("SoftMaxFlashV2TilingFunc", localWorkSpaceSize, row * kFloat);
  uint32_t split = std::min(localWorkSpaceSize / kFloat / row, r.m);
  const uint32_t group = isFlashOutputBrc && dataTypeSize1 == 2 ? kBlock / 2 : kRowGroup;
  if (isBasicBlock) AdjustToBasicBlock(split, r.m, r.k);
  if (split < r.m && split > group) split = split / group * group;
  Fill(softmaxFlashTiling, r, dataTypeSize2, split);
}

void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                              const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                              AscendC::tiling::SoftMaxTiling& softmaxFlashTiling,
                              const bool isUpdate, const bool isBasicBlock,
                              const bool isFlashOutputBrc) {
  optiling::SoftMaxTiling t;
  SoftMaxFlashV2TilingFunc(srcShape, dataTypeSize1, dataTypeSize2, localWorkSpaceSize, t, isUpdate,
                           isBasicBlock, isFlashOutputBrc);
  if (t.get_srcM() != 0) Copy(t, softmaxFlashTiling);
}

uint32_t GetLogSoftMaxMaxTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                 const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetLogSoftMaxMaxTmpSize", srcShape, dataTypeSize, dataTypeSize);
  return r.ok ? r.m * opsim::softmax::LogSoftMaxRowFloats(r.k, dataTypeSize) * kFloat : 0;
}

uint32_t GetLogSoftMaxMinTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                 const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetLogSoftMaxMinTmpSize", srcShape, dataTypeSize, dataTypeSize);
  return r.ok ? opsim::softmax::LogSoftMaxRowFloats(r.k, dataTypeSize) * kFloat : 0;
}

void LogSoftMaxTilingFunc(const ge::Shape srcShape, const uint32_t dataTypeSize,
                          const uint32_t localWorkSpaceSize,
                          optiling::LogSoftMaxTiling& softmaxTiling) {
  const char* helper = "LogSoftMaxTilingFunc";
  const Rows r = RowsOf(helper, srcShape, dataTypeSize, dataTypeSize);
  if (!r.ok) return;
  const uint32_t row = opsim::softmax::LogSoftMaxRowFloats(r.k, dataTypeSize);
  WarnBelowMinimum(helper, localWorkSpaceSize, row * kFloat);
  Fill(softmaxTiling, r, dataTypeSize, SplitRows(localWorkSpaceSize, row, r.m, r.k));
}

uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const bool isFront, const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetSoftMaxGradMaxTmpSize", srcShape, dataTypeSize, dataTypeSize);
  return r.ok ? r.m * opsim::softmax::SoftmaxGradRowFloats(r.k, dataTypeSize, isFront) * kFloat : 0;
}

uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const bool isFront, const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetSoftMaxGradMinTmpSize", srcShape, dataTypeSize, dataTypeSize);
  return r.ok ? opsim::softmax::SoftmaxGradRowFloats(r.k, dataTypeSize, isFront) * kFloat : 0;
}

void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                           const uint32_t localWorkSpaceSize,
                           optiling::SoftMaxTiling& softmaxGradTiling, const bool isFront) {
  const char* helper = "SoftMaxGradTilingFunc";
  const Rows r = RowsOf(helper, srcShape, dataTypeSize, dataTypeSize);
  if (!r.ok) return;
  const uint32_t row = opsim::softmax::SoftmaxGradRowFloats(r.k, dataTypeSize, isFront);
  WarnBelowMinimum(helper, localWorkSpaceSize, row * kFloat);
  Fill(softmaxGradTiling, r, dataTypeSize, SplitRows(localWorkSpaceSize, row, r.m, r.k));
}

void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                           const uint32_t localWorkSpaceSize,
                           AscendC::tiling::SoftMaxTiling& softmaxGradTiling, const bool isFront) {
  optiling::SoftMaxTiling t;
  SoftMaxGradTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, t, isFront);
  if (t.get_srcM() != 0) t.SaveToBuffer(&softmaxGradTiling, sizeof(softmaxGradTiling));
}

namespace {
// CANN's SoftmaxFlashV3 helpers take half data and float statistics only.
bool FlashV3TypesOk(const char* helper, uint32_t dataBytes, uint32_t statBytes) {
  if (dataBytes == 2 && statBytes == 4) return true;
  Error(helper, "dataTypeSize1 " + std::to_string(dataBytes) + " and dataTypeSize2 " +
                    std::to_string(statBytes) +
                    ": SoftmaxFlashV3 takes half data (2) and float "
                    "mean/sum/max (4)");
  return false;
}
}  // namespace

void GetSoftMaxFlashV3MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                    const uint32_t dataTypeSize2, uint32_t& maxValue,
                                    uint32_t& minValue, const bool /*isUpdate*/,
                                    const bool /*isBasicBlock*/) {
  const char* helper = "GetSoftMaxFlashV3MaxMinTmpSize";
  if (!FlashV3TypesOk(helper, dataTypeSize1, dataTypeSize2)) return;
  const Rows r = RowsOf(helper, srcShape, dataTypeSize1, dataTypeSize2);
  if (!r.ok) return;
  minValue = opsim::softmax::FlashV3RowFloats(r.k) * kFloat;
  maxValue = r.m * minValue;
}

void SoftMaxFlashV3TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                              const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                              optiling::SoftMaxTiling& softmaxFlashV3Tiling,
                              const bool /*isUpdate*/, const bool /*isBasicBlock*/) {
  const char* helper = "SoftMaxFlashV3TilingFunc";
  if (!FlashV3TypesOk(helper, dataTypeSize1, dataTypeSize2)) return;
  const Rows r = RowsOf(helper, srcShape, dataTypeSize1, dataTypeSize2);
  if (!r.ok) return;
  const uint32_t row = opsim::softmax::FlashV3RowFloats(r.k);
  WarnBelowMinimum(helper, localWorkSpaceSize, row * kFloat);
  // No basic-block cut here: CANN's V3 tiling only rounds splitM below srcM to 8-row groups.
  uint32_t split = std::min(localWorkSpaceSize / kFloat / row, r.m);
  if (split < r.m && split > kRowGroup) split = split / kRowGroup * kRowGroup;
  Fill(softmaxFlashV3Tiling, r, dataTypeSize2, split);
}

void SoftMaxFlashV3TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                              const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                              AscendC::tiling::SoftMaxTiling& softmaxFlashV3Tiling,
                              const bool isUpdate, const bool isBasicBlock) {
  optiling::SoftMaxTiling t;
  SoftMaxFlashV3TilingFunc(srcShape, dataTypeSize1, dataTypeSize2, localWorkSpaceSize, t, isUpdate,
                           isBasicBlock);
  if (t.get_srcM() != 0) Copy(t, softmaxFlashV3Tiling);
}

}  // namespace AscendC
