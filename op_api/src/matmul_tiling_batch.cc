// The batch Matmul's host side (CANN's matmul_tiling_base.h and bmm_tiling.h): the layouts'
// axes, BatchNum, and BatchMatmulTiling's one-core tiling with its L1 rule (docs/CUBE.md,
// "Batch").
#include <algorithm>
#include <string>

#include "lib/matmul/matmul_tiling.h"

namespace matmul_tiling {
namespace {

int64_t Up(int64_t v, int64_t to) { return (v + to - 1) / to * to; }

int64_t TypeBytes(DataType t) {
  switch (t) {
    case DataType::DT_INT8:
    case DataType::DT_UINT8: return 1;
    case DataType::DT_FLOAT:
    case DataType::DT_INT32: return 4;
    default: return 2;
  }
}

}  // namespace

int32_t MatmulApiTiling::SetALayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
  const int32_t v[5] = {b, s, n, g, d};
  for (int i = 0; i < 5; ++i) {
    if (v[i] < 1) {
      Fail("SetALayout: " + std::string("BSNGD").substr(static_cast<size_t>(i), 1) + " = " +
           std::to_string(v[i]) + " (expected >= 1)");
      return -1;
    }
  }
  std::copy(v, v + 5, aLayout_);
  normalBatch_ = false;
  return 0;
}

int32_t MatmulApiTiling::SetBLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
  const int32_t v[5] = {b, s, n, g, d};
  for (int i = 0; i < 5; ++i) {
    if (v[i] < 1) {
      Fail("SetBLayout: " + std::string("BSNGD").substr(static_cast<size_t>(i), 1) + " = " +
           std::to_string(v[i]) + " (expected >= 1)");
      return -1;
    }
  }
  std::copy(v, v + 5, bLayout_);
  normalBatch_ = false;
  return 0;
}

int32_t MatmulApiTiling::SetCLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
  const int32_t v[5] = {b, s, n, g, d};
  const char* names[5] = {"B", "S1", "N", "G", "S2"};
  for (int i = 0; i < 5; ++i) {
    if (v[i] < 1) {
      Fail(std::string("SetCLayout: ") + names[i] + " = " + std::to_string(v[i]) +
           " (expected >= 1)");
      return -1;
    }
  }
  std::copy(v, v + 5, cLayout_);
  return 0;
}

int32_t MatmulApiTiling::SetBatchInfoForNormal(int32_t batchA, int32_t batchB, int32_t m, int32_t n,
                                               int32_t k) {
  const int32_t v[5] = {batchA, batchB, m, n, k};
  const char* names[5] = {"batchA", "batchB", "m", "n", "k"};
  for (int i = 0; i < 5; ++i) {
    if (v[i] < 1) {
      Fail(std::string("SetBatchInfoForNormal: ") + names[i] + " = " + std::to_string(v[i]) +
           " (expected >= 1)");
      return -1;
    }
  }
  // CANN's NORMAL (BMNK) axes: A batchA x M x K, B batchB x N x K, C max(batchA, batchB) x M x N.
  const int32_t a[5] = {batchA, m, 1, 1, k}, b[5] = {batchB, n, 1, 1, k};
  const int32_t c[5] = {batchA > batchB ? batchA : batchB, m, 1, 1, n};
  std::copy(a, a + 5, aLayout_);
  std::copy(b, b + 5, bLayout_);
  std::copy(c, c + 5, cLayout_);
  normalBatch_ = true;
  return 0;
}

int32_t MatmulApiTiling::SetBatchNum(int32_t batch) {
  if (batch < 1) {
    Fail("SetBatchNum: batch = " + std::to_string(batch) + " (expected >= 1)");
    return -1;
  }
  batchNum_ = batch;
  return 0;
}

void MatmulApiTiling::FillBatch(AscendC::tiling::TCubeTiling& t) const {
  t.ALayoutInfoB = aLayout_[0], t.ALayoutInfoS = aLayout_[1], t.ALayoutInfoN = aLayout_[2];
  t.ALayoutInfoG = aLayout_[3], t.ALayoutInfoD = aLayout_[4];
  t.BLayoutInfoB = bLayout_[0], t.BLayoutInfoS = bLayout_[1], t.BLayoutInfoN = bLayout_[2];
  t.BLayoutInfoG = bLayout_[3], t.BLayoutInfoD = bLayout_[4];
  t.CLayoutInfoB = cLayout_[0], t.CLayoutInfoS1 = cLayout_[1], t.CLayoutInfoN = cLayout_[2];
  t.CLayoutInfoG = cLayout_[3], t.CLayoutInfoS2 = cLayout_[4];
  t.BatchNum = batchNum_;
}

int32_t BatchMatmulTiling::GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim,
                                      int32_t& batchCoreM, int32_t& batchCoreN) {
  dim = mDim = nDim = batchCoreM = batchCoreN = 1;
  return 0;
}

// One core's tiling of one batch; the layouts other than NORMAL hold BatchNum batches of A and B
// in L1 at once (the IterateBatch page: "the sum of the fractal-aligned batches must be smaller
// than L1").
bool BatchMatmulTiling::SplitCores(AscendC::tiling::TCubeTiling& t) {
  if (!MatmulApiTiling::SplitCores(t)) return false;
  coreFrac_[0] = 0;  // CANN's batch tiling is not read here: opsim's base block
  if (normalBatch_ || batchNum_ <= 0) return true;
  const int64_t sa = TypeBytes(a_.dataType), sb = TypeBytes(b_.dataType);
  const int64_t bytes =
      int64_t{batchNum_} * (Up(m_, 16) * Up(k_, 32 / sa) * sa + Up(k_, 16) * Up(n_, 16) * sb);
  const int64_t l1 = l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, static_cast<int64_t>(l1_))
                                   : static_cast<int64_t>(l1_);
  if (bytes >= l1) {
    return Fail("BatchNum " + std::to_string(batchNum_) + " batches of A (" + std::to_string(m_) +
                " x " + std::to_string(k_) + ") and B (" + std::to_string(k_) + " x " +
                std::to_string(n_) + "), fractal-aligned, take " + std::to_string(bytes) +
                " B: not less than L1's " + std::to_string(l1) + " B");
  }
  return true;
}

}  // namespace matmul_tiling
