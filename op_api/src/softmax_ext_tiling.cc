// The host helpers of LogSoftMax (lib/activation/logsoftmax_tiling.h) and SoftmaxGrad
// (lib/activation/softmaxgrad_tiling.h), with the 910B (DAV_2201) figures: the work buffer per
// row is opsim::softmax's (shared with the kernel side's check); the tiling cuts srcM into
// splitM-row pieces that fit the given work space, as the SoftMax tiling does.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "lib/activation/logsoftmax_tiling.h"
#include "lib/activation/softmaxgrad_tiling.h"

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

// srcShape as [srcM, srcK], checked as CANN's helpers check it (a last axis, element size 2 or
// 4, srcK whole 32-byte blocks).
Rows RowsOf(const char* helper, const ge::Shape& shape, uint32_t bytes) {
  Rows r;
  const std::vector<int64_t> dims = shape.GetDims();
  const int64_t n = shape.GetShapeSize();
  if (dims.empty() || n <= 0) {
    Error(helper, "srcShape has " + std::to_string(dims.size()) + " dims and " + std::to_string(n) +
                      " elements; it needs a last axis and 1 element at least");
    return r;
  }
  if (bytes != 2 && bytes != 4) {
    Error(helper, "dataTypeSize " + std::to_string(bytes) + " is not 2 (half) or 4 (float)");
    return r;
  }
  r.k = static_cast<uint32_t>(dims.back());
  r.m = static_cast<uint32_t>(n / dims.back());
  if (r.k * bytes % kBlock != 0) {
    Error(helper, "the last axis (" + std::to_string(r.k) + " elements of " +
                      std::to_string(bytes) + " bytes) is not a whole number of 32-byte blocks");
    return r;
  }
  r.ok = true;
  return r;
}

// Rows per piece: as many as the work space holds, up to srcM; below srcM whole 8-row groups
// where more than 8 fit; a basic-block shape (srcM whole groups, srcK whole 64-element units)
// in pieces of whole groups dividing srcM, each under 255 repeats of 64 floats.
uint32_t SplitRows(const char* helper, uint32_t work_bytes, uint32_t row_floats, const Rows& r) {
  if (work_bytes < row_floats * kFloat) {
    Error(helper, "localWorkSpaceSize " + std::to_string(work_bytes) + " is below the minimum " +
                      std::to_string(row_floats * kFloat) +
                      " bytes (one row): splitM is 0 and the kernel's call will fault");
  }
  uint32_t rows = std::min(work_bytes / kFloat / row_floats, r.m);
  if (rows < r.m && rows > kRowGroup) rows = rows / kRowGroup * kRowGroup;
  if (rows > kRowGroup && r.m % kRowGroup == 0 && r.k % 64 == 0) {
    rows = rows / kRowGroup * kRowGroup;
    while (r.m % rows != 0) rows -= kRowGroup;
    while (rows > 1 && rows * r.k >= 64 * 256) rows /= 2;
  }
  return rows;
}

// Both tiling classes have SoftMaxTiling's fields; blk is one block of the data type.
template <typename Tiling>
void Fill(Tiling& t, const Rows& r, uint32_t bytes, uint32_t split) {
  const uint32_t blk = kBlock / bytes;
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

}  // namespace

uint32_t GetLogSoftMaxMaxTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                 const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetLogSoftMaxMaxTmpSize", srcShape, dataTypeSize);
  return r.ok ? r.m * opsim::softmax::LogSoftMaxRowFloats(r.k, dataTypeSize) * kFloat : 0;
}

uint32_t GetLogSoftMaxMinTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize,
                                 const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetLogSoftMaxMinTmpSize", srcShape, dataTypeSize);
  return r.ok ? opsim::softmax::LogSoftMaxRowFloats(r.k, dataTypeSize) * kFloat : 0;
}

void LogSoftMaxTilingFunc(const ge::Shape srcShape, const uint32_t dataTypeSize,
                          const uint32_t localWorkSpaceSize,
                          optiling::LogSoftMaxTiling& softmaxTiling) {
  const char* helper = "LogSoftMaxTilingFunc";
  const Rows r = RowsOf(helper, srcShape, dataTypeSize);
  if (!r.ok) return;
  const uint32_t row = opsim::softmax::LogSoftMaxRowFloats(r.k, dataTypeSize);
  Fill(softmaxTiling, r, dataTypeSize, SplitRows(helper, localWorkSpaceSize, row, r));
}

uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const bool isFront, const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetSoftMaxGradMaxTmpSize", srcShape, dataTypeSize);
  return r.ok ? r.m * opsim::softmax::SoftmaxGradRowFloats(r.k, dataTypeSize, isFront) * kFloat : 0;
}

uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const bool isFront, const bool /*isReuseSource*/) {
  const Rows r = RowsOf("GetSoftMaxGradMinTmpSize", srcShape, dataTypeSize);
  return r.ok ? opsim::softmax::SoftmaxGradRowFloats(r.k, dataTypeSize, isFront) * kFloat : 0;
}

void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                           const uint32_t localWorkSpaceSize,
                           optiling::SoftMaxTiling& softmaxGradTiling, const bool isFront) {
  const char* helper = "SoftMaxGradTilingFunc";
  const Rows r = RowsOf(helper, srcShape, dataTypeSize);
  if (!r.ok) return;
  const uint32_t row = opsim::softmax::SoftmaxGradRowFloats(r.k, dataTypeSize, isFront);
  Fill(softmaxGradTiling, r, dataTypeSize, SplitRows(helper, localWorkSpaceSize, row, r));
}

void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                           const uint32_t localWorkSpaceSize,
                           AscendC::tiling::SoftMaxTiling& softmaxGradTiling, const bool isFront) {
  optiling::SoftMaxTiling t;
  SoftMaxGradTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, t, isFront);
  if (t.get_srcM() != 0) t.SaveToBuffer(&softmaxGradTiling, sizeof(softmaxGradTiling));
}

}  // namespace AscendC
