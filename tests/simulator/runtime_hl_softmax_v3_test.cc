// SoftmaxFlashV3 (lib/activation/softmaxflashv3.h): both forms, with and without update, against a
// double model of CANN's documented PASA step (its page's pseudocode and its sample's numpy
// golden: local means over CANN's lane grouping, one shift per baseK-column piece); rows cut into
// pieces with a tail; aliased in/out statistics; the checks CANN's kernel asserts and the
// work-buffer minimum (faults naming the value and the rule).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_softmax_v3_test {

using namespace AscendC;
using testing::RunOne;

struct V3Case {
  uint32_t m = 8, k = 512;
  bool update = false;
  bool with_tmp = true;
  uint32_t loop_cnt = 3;
  float alpha = 0.9375f;
  uint32_t split_m = 0;    // the tiling's splitM; 0: what SoftMaxFlashV3TilingFunc gives
  uint32_t tmp_bytes = 0;  // 0: GetSoftMaxFlashV3MaxMinTmpSize's maximum
  bool aliased = false;    // outputs written over the inputs' tensors
  uint32_t ub_left = 0;    // > 0: a filler leaves this many UB bytes to PopStackBuffer
  SoftMaxParams params{};  // srcM 0: {m, k, m, k, loop_cnt, 8, alpha}
};

struct V3Io {
  std::vector<double> src, dst, mean, sum, max, exp_max, in_mean, in_sum, in_max;
};

// Rows with a trend and ripples, so the eight pieces' local means differ.
double V3Input(uint32_t r, uint32_t j) {
  return 2.0 * std::sin(0.011 * j * (r + 1)) + 0.003 * j - 0.4 * r;
}

// What SoftMaxFlashV3TilingFunc gives (its figures are tested in opbase_hl6_tiling_test.cc; the
// simulator's tests do not link the host library): splitM rows of FlashV3RowFloats each.
SoftMaxTiling V3Tiling(uint32_t m, uint32_t k, uint32_t work_bytes, uint32_t split_m) {
  uint32_t split = std::min(work_bytes / 4 / opsim::softmax::FlashV3RowFloats(k), m);
  if (split < m && split > 8) split = split / 8 * 8;
  if (split_m != 0) split = split_m;
  SoftMaxTiling t;
  t.srcM = m;
  t.srcK = k;
  t.srcSize = m * k;
  t.outMaxM = m;
  t.outMaxK = 8;
  t.outMaxSize = m * 8;
  t.splitM = t.reduceM = split;
  t.splitK = k;
  t.splitSize = split * k;
  t.reduceK = 8;
  t.reduceSize = split * 8;
  t.rangeM = split != 0 ? m / split : 0;
  t.tailM = split != 0 ? m % split : 0;
  t.tailSplitSize = t.tailM * k;
  t.tailReduceSize = t.tailM * 8;
  return t;
}

V3Io RunV3(const V3Case& c, LaunchResult* result = nullptr) {
  V3Io io;
  for (uint32_t r = 0; r < c.m; ++r) {
    for (uint32_t j = 0; j < c.k; ++j)
      io.src.push_back(static_cast<float>(static_cast<half>(V3Input(r, j))));
    io.in_mean.push_back(0.25f * r - 0.5f);
    io.in_sum.push_back(1.5f + r);
    io.in_max.push_back(r % 2 == 0 ? 3.0f + r : -1.0f);
  }
  const uint32_t max_tmp = c.m * opsim::softmax::FlashV3RowFloats(c.k) * 4;
  const uint32_t tmp_bytes = c.tmp_bytes != 0 ? c.tmp_bytes : max_tmp;
  const SoftMaxTiling tiling = V3Tiling(c.m, c.k, tmp_bytes, c.split_m);
  const SoftMaxParams params =
      c.params.srcM != 0 ? c.params : SoftMaxParams{c.m, c.k, c.m, c.k, c.loop_cnt, 8, c.alpha};
  const LaunchResult lr = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bst, bexp, btmp;
    pipe.InitBuffer(bs, c.m * c.k * 2);
    pipe.InitBuffer(bd, c.m * c.k * 2);
    pipe.InitBuffer(bst, 6 * c.m * 32);
    pipe.InitBuffer(bexp, c.m * 32);
    pipe.InitBuffer(btmp, std::max(tmp_bytes, 32u));
    LocalTensor<half> src = bs.Get<half>(), dst = bd.Get<half>(), exp_max = bexp.Get<half>();
    LocalTensor<float> st = bst.Get<float>();
    const uint32_t n = c.m * 8;
    LocalTensor<float> in_mean = st, in_sum = st[n], in_max = st[2 * n];
    LocalTensor<float> mean = c.aliased ? in_mean : st[3 * n];
    LocalTensor<float> sum = c.aliased ? in_sum : st[4 * n];
    LocalTensor<float> max = c.aliased ? in_max : st[5 * n];
    LocalTensor<uint8_t> tmp = btmp.Get<uint8_t>();
    TBuf<TPosition::VECCALC> filler;
    if (c.ub_left != 0)
      pipe.InitBuffer(filler, 192 * 1024 - opsim::sim::detail::UbUsed() - c.ub_left);
    for (size_t i = 0; i < io.src.size(); ++i) src.SetValue(i, static_cast<half>(io.src[i]));
    for (uint32_t i = 0; i < n; ++i) {
      in_mean.SetValue(i, static_cast<float>(io.in_mean[i / 8]));
      in_sum.SetValue(i, static_cast<float>(io.in_sum[i / 8]));
      in_max.SetValue(i, static_cast<float>(io.in_max[i / 8]));
    }
    if (c.update && c.with_tmp) {
      SoftmaxFlashV3<half, float, true>(dst, mean, sum, max, src, exp_max, in_mean, in_sum, in_max,
                                        tmp, tiling, params);
    } else if (c.update) {
      SoftmaxFlashV3<half, float, true>(dst, mean, sum, max, src, exp_max, in_mean, in_sum, in_max,
                                        tiling, params);
    } else if (c.with_tmp) {
      SoftmaxFlashV3<half, float>(dst, mean, sum, max, src, exp_max, in_mean, in_sum, in_max, tmp,
                                  tiling, params);
    } else {
      SoftmaxFlashV3<half, float>(dst, mean, sum, max, src, exp_max, in_mean, in_sum, in_max,
                                  tiling, params);
    }
    for (size_t i = 0; i < io.src.size(); ++i)
      io.dst.push_back(static_cast<float>(dst.GetValue(i)));
    for (uint32_t r = 0; r < c.m; ++r) {
      io.mean.push_back(mean.GetValue(r * 8));
      io.sum.push_back(sum.GetValue(r * 8));
      io.max.push_back(max.GetValue(r * 8));
      for (uint32_t e = 1; e < 8; ++e) EXPECT_EQ(sum.GetValue(r * 8 + e), io.sum.back());
      if (c.update) io.exp_max.push_back(static_cast<float>(exp_max.GetValue(r * 16 + 15)));
    }
  });
  if (result != nullptr) *result = lr;
  return io;
}

struct V3Want {
  std::vector<double> dst, mean, sum, max, exp_max;
};

// CANN's formula in double. Lane l of a row sums x[8l, 8l + 8) and x[512 + 64r + l]; piece b's
// local mean is lanes [8b, 8b + 8) over baseK = k / 8; piece b (columns [b baseK, (b+1) baseK))
// moves by (mean - local b) * alpha / (1 - alpha).
V3Want ModelV3(const V3Case& c, const V3Io& io) {
  V3Want w;
  const double scalar = double{c.alpha} / (1.0 - double{c.alpha});
  const uint32_t base_k = c.k / 8;
  for (uint32_t r = 0; r < c.m; ++r) {
    std::vector<double> x(io.src.begin() + size_t{r} * c.k, io.src.begin() + size_t{r + 1} * c.k);
    double lanes[64] = {}, local[8] = {}, mean = 0;
    for (uint32_t j = 0; j < 512; ++j) lanes[j / 8] += x[j];
    for (uint32_t j = 512; j < c.k; ++j) lanes[j % 64] += x[j];
    for (uint32_t l = 0; l < 64; ++l) local[l / 8] += lanes[l] / base_k;
    for (double v : local) mean += v / 8;
    for (uint32_t j = 0; j < c.k; ++j) x[j] -= (mean - local[j / base_k]) * scalar;
    const double mx = *std::max_element(x.begin(), x.end());
    double out_mean = mean, out_max = mx, em = 0, s = 0, shift_curr = 0;
    if (c.update) {
      out_mean = (io.in_mean[r] * (c.loop_cnt - 1) + mean) / c.loop_cnt;
      shift_curr = (mean - out_mean) * scalar;
      const double shift_prev = (io.in_mean[r] - out_mean) * scalar;
      out_max = std::max(mx + shift_curr, io.in_max[r] + shift_prev);
      em = std::exp(io.in_max[r] - out_max + shift_prev);
      s = em * io.in_sum[r];
    }
    for (uint32_t j = 0; j < c.k; ++j) {
      w.dst.push_back(std::exp(x[j] - (out_max - shift_curr)));
      s += w.dst.back();
    }
    w.mean.push_back(out_mean);
    w.max.push_back(out_max);
    w.sum.push_back(s);
    w.exp_max.push_back(em);
  }
  return w;
}

bool NearV3(double got, double want, double rel) {
  return std::abs(got - want) <= rel * std::max(1.0, std::abs(want));
}

void ExpectV3(const V3Case& c, const std::string& what) {
  const V3Io io = RunV3(c);
  const V3Want w = ModelV3(c, io);
  ASSERT_EQ(io.dst.size(), w.dst.size()) << what;
  for (size_t i = 0; i < w.dst.size(); ++i) {
    ASSERT_TRUE(NearV3(io.dst[i], w.dst[i], 2e-3))
        << what << " dst[" << i << "] got " << io.dst[i] << " want " << w.dst[i];
  }
  for (uint32_t r = 0; r < c.m; ++r) {
    EXPECT_TRUE(NearV3(io.mean[r], w.mean[r], 1e-5)) << what << " mean row " << r;
    EXPECT_TRUE(NearV3(io.max[r], w.max[r], 1e-5)) << what << " max row " << r;
    EXPECT_TRUE(NearV3(io.sum[r], w.sum[r], 1e-4))
        << what << " sum row " << r << " got " << io.sum[r] << " want " << w.sum[r];
    if (c.update) {
      EXPECT_TRUE(NearV3(io.exp_max[r], w.exp_max[r], 2e-3)) << what << " expMax row " << r;
    }
  }
}

TEST(HlSoftmaxV3, BothFormsMatchTheModel) {
  for (bool update : {false, true}) {
    for (bool with_tmp : {true, false}) {
      V3Case c;
      c.update = update;
      c.with_tmp = with_tmp;
      const std::string what =
          std::string(update ? "update" : "no update") + (with_tmp ? " tmp" : " stack");
      ExpectV3(c, what);
      c.k = 1024;  // two further repeats per lane
      c.alpha = 0.984497f;
      ExpectV3(c, what + " k 1024");
    }
  }
}

TEST(HlSoftmaxV3, PiecesWithATailMatchTheModel) {
  V3Case c;
  c.m = 5;
  c.update = true;
  c.split_m = 2;  // two pieces of 2 rows and a tail of 1
  ExpectV3(c, "pieces");
}

// With every output over its input (CANN's page allows it), the 910B code reads inMean and inMax
// after writing the new mean and max: shiftPrev is 0, the previous max is the new one, expMax is
// exp(0) = 1 and expSum = inExpSum + the row sum. opsim follows that order.
TEST(HlSoftmaxV3, AliasedStatisticsFollowTheChipsOrder) {
  V3Case c;
  c.update = true;
  c.aliased = true;
  const V3Io io = RunV3(c);
  V3Case plain = c;
  plain.aliased = false;
  const V3Io ref = RunV3(plain);
  for (uint32_t r = 0; r < c.m; ++r) {
    EXPECT_NEAR(io.mean[r], ref.mean[r], 1e-6) << r;
    EXPECT_EQ(io.exp_max[r], 1.0) << r;
    double row_sum = 0;
    for (uint32_t j = 0; j < c.k; ++j) row_sum += io.dst[size_t{r} * c.k + j];
    EXPECT_TRUE(NearV3(io.sum[r], io.in_sum[r] + row_sum, 2e-3)) << r;
  }
}

LaunchResult RunV3Fault(const V3Case& c) {
  LaunchResult r;
  RunV3(c, &r);
  return r;
}

void ExpectV3Fault(const V3Case& c, const std::string& needle) {
  const LaunchResult r = RunV3Fault(c);
  ASSERT_FALSE(r.status.ok()) << needle;
  ASSERT_TRUE(r.fault.has_value()) << needle;
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument) << needle;
  EXPECT_NE(r.status.message().find("SoftmaxFlashV3"), std::string::npos) << r.status.message();
  EXPECT_NE(r.status.message().find(needle), std::string::npos) << r.status.message();
}

TEST(HlSoftmaxV3, CannsKernelChecksFault) {
  V3Case c;
  c.params = {8, 512, 8, 512, 1, 4, 0.9375f};
  ExpectV3Fault(c, "splitMeanCnt is 4");
  c.params = {8, 512, 4, 512, 1, 8, 0.9375f};
  ExpectV3Fault(c, "should be equal");
  c.update = true;
  c.params = {8, 512, 8, 512, 0, 8, 0.9375f};
  ExpectV3Fault(c, "loopCnt is 0");
  V3Case narrow;
  narrow.k = 448;  // below 512
  ExpectV3Fault(narrow, "srcK is 448");
  V3Case odd;
  odd.k = 544;  // 32-byte blocks, not a multiple of 64
  ExpectV3Fault(odd, "srcK is 544");
}

TEST(HlSoftmaxV3, TmpBufferBelowWhatTheTilingUsesFaults) {
  // Rows of 512: the helper's 40 + 2 x 512 + 64 = 1128 floats (4512 B) a row; a tiling of 8 rows
  // in a buffer of one.
  const uint32_t min_tmp = opsim::softmax::FlashV3RowFloats(512) * 4;
  EXPECT_EQ(min_tmp, 4512u);
  V3Case c;
  c.split_m = 8;
  c.tmp_bytes = min_tmp;
  ExpectV3Fault(c, "sharedTmpBuffer holds 4512 bytes");
  c.split_m = 1;  // one row at a time fits the minimum
  EXPECT_TRUE(RunV3Fault(c).status.ok());
  c.split_m = 0;
  c.tmp_bytes = min_tmp - 4;  // the tiling function gives splitM 0
  ExpectV3Fault(c, "splitM is 0");
  // The form without a buffer works in what PopStackBuffer gives: the UB left.
  V3Case stack;
  stack.with_tmp = false;
  stack.ub_left = 8 * 1024;  // the tiling's 8 rows need 8 x 512 x 4 + ... > 16 KiB
  ExpectV3Fault(stack, "the UB left after the TPipe's buffers (PopStackBuffer) holds 8192 bytes");
  stack.ub_left = 32 * 1024;
  EXPECT_TRUE(RunV3Fault(stack).status.ok());
}

}  // namespace opsim::sim::hl_softmax_v3_test
