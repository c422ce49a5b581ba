// The batch Matmul's host side (CANN's matmul_tiling_base.h and bmm_tiling.h): the layouts'
// axes, BatchNum, and the L1 rule CANN's CheckFinalParams applies to every tiling with a BatchNum
// (docs/CUBE.md, "Batch Matmul tiling, as CANN's (session 39)").
#include <algorithm>
#include <string>

#include "lib/matmul/matmul_tiling.h"
#include "matmul_tiling_util.h"

namespace matmul_tiling {
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

// CANN's: the cores and the M and N pieces of the last tiling; one batch piece each way (its
// batchM, batchN, singleBatchM and singleBatchN are 1 in every tiling).
int32_t BatchMatmulTiling::GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim,
                                      int32_t& batchCoreM, int32_t& batchCoreN) {
  dim = last_.usedCoreNum;
  if (last_.singleCoreM <= 0) return -1;  // no tiling yet
  mDim = static_cast<int32_t>(detail::CeilDiv(last_.M, last_.singleCoreM));
  nDim = static_cast<int32_t>(detail::CeilDiv(last_.N, last_.singleCoreN));
  batchCoreM = batchCoreN = 1;
  return 0;
}

// CANN's CheckFinalParams: with a BatchNum and layouts other than NORMAL's (SetBatchInfoForNormal),
// BatchNum blocks of the core's A and B (counted at A's element size, not fractal-aligned) and
// their bias rows must fit L1; IterateBatch keeps them there at once.
bool MatmulApiTiling::CheckBatchL1(const AscendC::tiling::TCubeTiling& t, int64_t l1) {
  if (normalBatch_ || batchNum_ <= 0) return true;
  const int64_t bits = detail::ElemBits(a_.dataType);
  const int64_t bias = isBias_ ? int64_t{t.singleCoreN} * batchNum_ * bits / 8 : 0;
  const int64_t bytes =
      (int64_t{t.singleCoreM} * t.singleCoreK + int64_t{t.singleCoreN} * t.singleCoreK) *
          batchNum_ * bits / 8 +
      bias;
  if (bytes <= l1) return true;
  return Fail("BatchNum " + std::to_string(batchNum_) + " batches of A (" +
              std::to_string(t.singleCoreM) + " x " + std::to_string(t.singleCoreK) + ") and B (" +
              std::to_string(t.singleCoreK) + " x " + std::to_string(t.singleCoreN) + ")" +
              (isBias_ ? " with their bias rows" : "") + " take " + std::to_string(bytes) +
              " B: more than L1's " + std::to_string(l1) +
              " B (CANN's tiling refuses it too; IterateBatch holds them at once)");
}

}  // namespace matmul_tiling
