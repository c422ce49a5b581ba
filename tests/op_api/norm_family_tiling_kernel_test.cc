// The GroupNorm, DeepNorm and Welford host helpers (lib/normalization/{groupnorm,deepnorm,
// layernorm,welfordfinalize}_tiling.h through tiling/tiling_api.h): CANN's 910B figures, the errors
// on broken arguments, and kernels written as a public operator writes them (queues, GM copies, the
// helper's tiling) against a double model.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace group_deep_norm_tiling_test {

using namespace AscendC;

TEST(GroupNormTiling, Figures) {
  uint32_t mx = 0, mn = 0;
  // Per channel 15 elements padded to 64 bytes of float; 2 x 32 bytes of float mean and variance.
  GetGroupNormMaxMinTmpSize(ge::Shape({2, 4, 3, 5}), 4, false, 2, mx, mn);
  EXPECT_EQ(mx, 3u * 8 * 64 + 64);  // three pieces of every channel
  EXPECT_EQ(mn, 3u * 2 * 64 + 64);  // three pieces of one group's two channels
  GetGroupNormMaxMinTmpSize(ge::Shape({2, 4, 3, 5}), 4, true, 2, mx, mn);
  EXPECT_EQ(mn, 2u * 2 * 64 + 64);
  GetGroupNormMaxMinTmpSize(ge::Shape({2, 4, 3, 5}), 2, false, 2, mx, mn);
  EXPECT_EQ(mn, 3u * 2 * 64 + 64);  // 15 halves pad to 32 bytes: 16 floats

  optiling::GroupNormTiling t;
  GetGroupNormNDTilingInfo(ge::Shape({2, 4, 3, 5}), 448, 4, false, 2, t);
  EXPECT_EQ(t.get_hwAlignSize(), 16u);
  EXPECT_EQ(t.get_dhwAlignSize(), 32u);
  EXPECT_EQ(t.get_inputXSize(), 128u);
  EXPECT_EQ(t.get_tmpBufSize(), 112u);
  EXPECT_EQ(t.get_oneTmpSize(), 32u);  // one group a round
  EXPECT_EQ(t.get_bsCurLength(), 1u);
  EXPECT_EQ(t.get_loopRound(), 4u);
  EXPECT_EQ(t.get_firstTmpStartPos(), 0u);
  EXPECT_EQ(t.get_thirdTmpStartPos(), 64u);
  EXPECT_TRUE(t.get_smallShape());
  EXPECT_FLOAT_EQ(t.get_factor(), 1.0f / 30);
  optiling::GroupNormTiling h;
  GetGroupNormNDTilingInfo(ge::Shape({2, 4, 3, 5}), 448, 2, false, 2, h);
  EXPECT_EQ(h.get_firstTmpStartPos(), 16u);  // half's float mean and variance
  EXPECT_EQ(h.get_oneTmpSize(), 32u);
  optiling::GroupNormTiling big;
  GetGroupNormNDTilingInfo(ge::Shape({1, 8, 16, 16}), 64 * 1024, 4, false, 2, big);
  EXPECT_FALSE(big.get_smallShape());  // a channel of 256 floats
  EXPECT_EQ(big.get_oneTmpSize(), 2048u);
}

TEST(DeepNormTiling, Figures) {
  uint32_t mx = 0, mn = 0;
  ASSERT_TRUE(GetDeepNormMaxMinTmpSize(ge::Shape({2, 4, 64}), 4, false, false, mx, mn));
  EXPECT_EQ(mn, 3u * 256 + 64);  // three float rows, mean and variance blocks
  EXPECT_EQ(mx, 3u * 2048 + 64);
  ASSERT_TRUE(GetDeepNormMaxMinTmpSize(ge::Shape({2, 4, 64}), 4, true, false, mx, mn));
  EXPECT_EQ(mn, 2u * 256 + 64);
  optiling::DeepNormTiling t;
  ASSERT_TRUE(
      GetDeepNormTilingInfo(ge::Shape({2, 4, 64}), ge::Shape({2, 4, 60}), 832, 2, false, false, t));
  EXPECT_EQ(t.get_oneTmpSize(), 64u);
  EXPECT_EQ(t.get_firstTmpStartPos(), 16u);
  EXPECT_EQ(t.get_loopRound(), 8u);
  EXPECT_FLOAT_EQ(t.get_lastDimValueBack(), 1.0f / 60);
  ASSERT_TRUE(GetDeepNormTilingInfo(ge::Shape({1, 16, 64}), ge::Shape({1, 16, 64}), 9 * 1024, 4,
                                    false, true, t));
  EXPECT_EQ(t.get_oneTmpSize(), 512u);  // whole groups of 8 rows (9 fit)
}

TEST(BatchNormTiling, Figures) {
  uint32_t mx = 0, mn = 0;
  const ge::Shape shape({4, 2, 16});
  ASSERT_TRUE(GetBatchNormMaxMinTmpSize(shape, shape, 4, false, mx, mn));
  EXPECT_EQ(mx, 3u * 512 + 2 * 128);     // three float copies, mean and variance
  EXPECT_EQ(mn, 3u * 4 * 32 + 2 * 128);  // three blocks of columns of the 4 rows
  ASSERT_TRUE(GetBatchNormMaxMinTmpSize(shape, shape, 2, false, mx, mn));
  EXPECT_EQ(mn, 3u * 4 * 64 + 2 * 128);  // half: 16 columns a piece
  const ge::Shape basic({8, 4, 16});
  ASSERT_TRUE(GetBatchNormMaxMinTmpSize(basic, basic, 4, false, mx, mn, true));
  EXPECT_EQ(mn, 3u * 8 * 256 + 2 * 256);  // 64 columns of the 8 rows
  optiling::BatchNormTiling t;
  ASSERT_TRUE(GetBatchNormNDTilingInfo(shape, shape, 640, 4, false, t));
  EXPECT_EQ(t.get_oneTmpSize(), 32u);
  EXPECT_EQ(t.get_shCurLength(), 8u);
  EXPECT_EQ(t.get_loopRound(), 4u);
  EXPECT_EQ(t.get_firstTmpStartPos(), 0u);
  EXPECT_FLOAT_EQ(t.get_firstDimValueBack(), 0.25f);
  ASSERT_TRUE(GetBatchNormNDTilingInfo(shape, shape, 1024, 2, false, t));
  EXPECT_EQ(t.get_oneTmpSize(), 64u);
  EXPECT_EQ(t.get_firstTmpStartPos(), 64u);  // half's float mean and variance
  EXPECT_EQ(t.get_meanVarSize(), 32u);
}

// BatchNorm of half [4, 2, 16] with the helper's tiling for `work` bytes and a buffer of `tmp`.
opsim::sim::LaunchResult RunBatchNorm(uint32_t work, uint32_t tmp) {
  AscendC::tiling::BatchNormTiling t;
  const ge::Shape shape({4, 2, 16});
  EXPECT_TRUE(GetBatchNormNDTilingInfo(shape, shape, work, 2, false, t));
  return opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bp, bs, bt;
    pipe.InitBuffer(bx, 128 * 2);
    pipe.InitBuffer(bp, 64);
    pipe.InitBuffer(bs, 128);
    pipe.InitBuffer(bt, tmp);
    LocalTensor<half> x = bx.Get<half>(), p = bp.Get<half>(), stats = bs.Get<half>();
    Duplicate(x, half(0.5f), 128);
    Duplicate(p, half(1.0f), 32);
    BatchNorm<half>(x, stats, stats[32], x, p, p[16], bt.Get<uint8_t>(), half(1e-5f), t);
  });
}

TEST(BatchNormTiling, KernelRunsWithWhatTheHelpersGive) {
  uint32_t mx = 0, mn = 0;
  const ge::Shape shape({4, 2, 16});
  ASSERT_TRUE(GetBatchNormMaxMinTmpSize(shape, shape, 2, false, mx, mn));
  EXPECT_TRUE(RunBatchNorm(mn, mn).status.ok());
  EXPECT_TRUE(RunBatchNorm(mx, mx).status.ok());
  const opsim::sim::LaunchResult r = RunBatchNorm(mn, mn - 32);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("need at least " + std::to_string(mn)), std::string::npos)
      << r.fault->message;
}

TEST(NormalizeTiling, Figures) {
  uint32_t mx = 0, mn = 0;
  GetNormalizeMaxMinTmpSize(ge::Shape({3, 29}), 4, 4, false, true, false, mx, mn);
  EXPECT_EQ(mn, 2u * 128);                // two float rows of R padded to 32
  EXPECT_EQ(mx, 2u * 128 + 2 * 8 * 128);  // gamma, beta and two copies of 8 rows
  GetNormalizeMaxMinTmpSize(ge::Shape({3, 29}), 2, 2, false, true, false, mx, mn);
  EXPECT_EQ(mn, 4u * 128);  // half gamma and beta take two more float rows
  GetNormalizeMaxMinTmpSize(ge::Shape({100, 8}), 4, 4, false, true, false, mx, mn);
  EXPECT_EQ(mn, 416u);  // 100 floats of rstd work outweigh two rows
}

TEST(WelfordTiling, Figures) {
  uint32_t mx = 0, mn = 0;
  GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, 32}), 2, 4, false, false, mx, mn);
  EXPECT_EQ(mn, 3u * 256);  // half input: three 256-byte float repeats
  EXPECT_EQ(mx, 3u * 256);  // 32 elements are one 64-float repeat
  GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, 256}), 4, 4, false, true, mx, mn);
  EXPECT_EQ(mn, 2u * 256);
  EXPECT_EQ(mx, 4u * 2 * 256);
  GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, 256}), 4, 4, true, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  GetWelfordFinalizeMaxMinTmpSize(ge::Shape({32}), 4, false, mx, mn);
  EXPECT_EQ(mn, 1024u);  // two 64-float outputs, two 64-float pieces
  EXPECT_EQ(mx, 1024u);
  GetWelfordFinalizeMaxMinTmpSize(ge::Shape({256}), 4, false, mx, mn);
  EXPECT_EQ(mx, (128u + 2 * 256) * 4);
}

TEST(GroupDeepNormTiling, BrokenArgumentsAreRefused) {
  testing::internal::CaptureStderr();
  uint32_t mx = 7, mn = 7;
  GetGroupNormMaxMinTmpSize(ge::Shape({2, 4, 3, 5}), 4, false, 3, mx, mn);
  GetGroupNormMaxMinTmpSize(ge::Shape({2, 4, 15}), 4, false, 2, mx, mn);
  EXPECT_EQ(mx, 7u);
  EXPECT_EQ(mn, 7u);
  optiling::GroupNormTiling g;
  GetGroupNormNDTilingInfo(ge::Shape({2, 4, 3, 5}), 64, 4, false, 2, g);
  EXPECT_EQ(g.get_oneTmpSize(), 0u);
  EXPECT_FALSE(GetDeepNormMaxMinTmpSize(ge::Shape({1, 2, 2048}), 4, false, false, mx, mn));
  EXPECT_FALSE(GetDeepNormMaxMinTmpSize(ge::Shape({1, 3, 64}), 4, false, true, mx, mn));
  optiling::DeepNormTiling d;
  EXPECT_FALSE(
      GetDeepNormTilingInfo(ge::Shape({2, 4, 64}), ge::Shape({2, 4, 60}), 100, 4, false, false, d));
  EXPECT_FALSE(
      GetDeepNormTilingInfo(ge::Shape({1, 8, 64}), ge::Shape({1, 8, 60}), 9000, 4, false, true, d));
  EXPECT_FALSE(GetBatchNormMaxMinTmpSize(ge::Shape({4, 32}), ge::Shape({4, 32}), 4, false, mx, mn));
  EXPECT_FALSE(
      GetBatchNormMaxMinTmpSize(ge::Shape({4, 1, 12}), ge::Shape({4, 1, 12}), 4, false, mx, mn));
  GetNormalizeMaxMinTmpSize(ge::Shape({3, 29}), 4, 4, false, false, false, mx, mn);
  GetWelfordUpdateMaxMinTmpSize(ge::Shape({32}), 4, 4, false, false, mx, mn);
  GetWelfordFinalizeMaxMinTmpSize(ge::Shape({12}), 4, false, mx, mn);
  EXPECT_EQ(mx, 7u);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("GetBatchNormMaxMinTmpSize: srcShape must be [B, S, H]"), std::string::npos)
      << err;
  EXPECT_NE(err.find("S * H 12 is not a whole number of 32-byte blocks"), std::string::npos) << err;
  EXPECT_NE(err.find("GetNormalizeMaxMinTmpSize: isComputeRstd must be true"), std::string::npos)
      << err;
  EXPECT_NE(err.find("GetWelfordUpdateMaxMinTmpSize: srcShape has 1 dims"), std::string::npos)
      << err;
  EXPECT_NE(err.find("GetWelfordFinalizeMaxMinTmpSize: srcShape must be [abLength]"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("GetGroupNormMaxMinTmpSize: groupNum 3 must be above 0 and divide C 4"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("srcShape has 3 dims"), std::string::npos) << err;
  EXPECT_NE(err.find("stackBufferSize 64 does not hold one group's work"), std::string::npos)
      << err;
  EXPECT_NE(err.find("H 2048 must be whole 32-byte blocks and at most 2040"), std::string::npos)
      << err;
  EXPECT_NE(err.find("isBasicBlock needs H a multiple of 64"), std::string::npos) << err;
  EXPECT_NE(err.find("stackBufferSize 100 is below the minimum 832"), std::string::npos) << err;
  EXPECT_NE(err.find("(== H with isBasicBlock)"), std::string::npos) << err;
}

// A GroupNorm operator's kernel as public samples write one: x [N, C, H, W] with H * W whole
// blocks, gamma and beta [C], outputs y, mean and variance [N, G]; the host tiling in the struct.
struct GroupNormTilingData {
  uint32_t n, c, hw, g;
  uint32_t tmpBytes;
  GroupNormTiling groupNormTiling;
};

class KernelGroupNorm {
 public:
  void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y, GM_ADDR mean, GM_ADDR variance,
            const GroupNormTilingData& tiling) {
    tiling_ = tiling;
    size_ = tiling.n * tiling.c * tiling.hw;
    stats_ = tiling.n * tiling.g;
    xGm_.SetGlobalBuffer((__gm__ float*)x, size_);
    gammaGm_.SetGlobalBuffer((__gm__ float*)gamma, tiling.c);
    betaGm_.SetGlobalBuffer((__gm__ float*)beta, tiling.c);
    yGm_.SetGlobalBuffer((__gm__ float*)y, size_);
    meanGm_.SetGlobalBuffer((__gm__ float*)mean, stats_);
    varGm_.SetGlobalBuffer((__gm__ float*)variance, stats_);
    pipe_.InitBuffer(inQueueX_, 1, size_ * sizeof(float));
    pipe_.InitBuffer(inQueueParams_, 1, 2 * kParamBytes);
    pipe_.InitBuffer(outQueueY_, 1, size_ * sizeof(float));
    pipe_.InitBuffer(outQueueStats_, 1, 2 * kParamBytes);
    pipe_.InitBuffer(tmpBuf_, tiling.tmpBytes);
  }
  void Process() {
    CopyIn();
    Compute();
    CopyOut();
  }

 private:
  static constexpr uint32_t kParamBytes = 32;

  void CopyIn() {
    LocalTensor<float> x = inQueueX_.AllocTensor<float>();
    LocalTensor<float> params = inQueueParams_.AllocTensor<float>();
    DataCopy(x, xGm_, size_);
    const DataCopyExtParams channels{1, static_cast<uint32_t>(tiling_.c * sizeof(float)), 0, 0, 0};
    DataCopyPad(params, gammaGm_, channels, DataCopyPadExtParams<float>{false, 0, 0, 0});
    DataCopyPad(params[kParamBytes / 4], betaGm_, channels,
                DataCopyPadExtParams<float>{false, 0, 0, 0});
    inQueueX_.EnQue(x);
    inQueueParams_.EnQue(params);
  }
  void Compute() {
    LocalTensor<float> x = inQueueX_.DeQue<float>();
    LocalTensor<float> params = inQueueParams_.DeQue<float>();
    LocalTensor<float> y = outQueueY_.AllocTensor<float>();
    LocalTensor<float> stats = outQueueStats_.AllocTensor<float>();
    LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
    GroupNorm<float, false>(y, stats, stats[kParamBytes / 4], x, params, params[kParamBytes / 4],
                            tmp, 1e-5f, tiling_.groupNormTiling);
    outQueueY_.EnQue(y);
    outQueueStats_.EnQue(stats);
    inQueueX_.FreeTensor(x);
    inQueueParams_.FreeTensor(params);
  }
  void CopyOut() {
    LocalTensor<float> y = outQueueY_.DeQue<float>();
    LocalTensor<float> stats = outQueueStats_.DeQue<float>();
    DataCopy(yGm_, y, size_);
    DataCopyPad(meanGm_, stats, {1, static_cast<uint32_t>(stats_ * sizeof(float)), 0, 0, 0});
    DataCopyPad(varGm_, stats[kParamBytes / 4],
                {1, static_cast<uint32_t>(stats_ * sizeof(float)), 0, 0, 0});
    outQueueY_.FreeTensor(y);
    outQueueStats_.FreeTensor(stats);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, 1> inQueueX_, inQueueParams_;
  TQue<TPosition::VECOUT, 1> outQueueY_, outQueueStats_;
  TBuf<TPosition::VECCALC> tmpBuf_;
  GlobalTensor<float> xGm_, gammaGm_, betaGm_, yGm_, meanGm_, varGm_;
  GroupNormTilingData tiling_;
  uint32_t size_ = 0, stats_ = 0;
};

TEST(GroupNormTiling, PublicStyleKernelWithTheHelpersTilingMatchesTheModel) {
  constexpr uint32_t n = 2, c = 4, h = 2, w = 8, g = 2, d = c / g, hw = h * w;
  for (bool at_minimum : {true, false}) {
    GroupNormTilingData td{n, c, hw, g, 0, {}};
    uint32_t mx = 0, mn = 0;
    GetGroupNormMaxMinTmpSize(ge::Shape({n, c, h, w}), 4, false, g, mx, mn);
    td.tmpBytes = at_minimum ? mn : mx;
    GetGroupNormNDTilingInfo(ge::Shape({n, c, h, w}), td.tmpBytes, 4, false, g, td.groupNormTiling);
    ASSERT_NE(td.groupNormTiling.oneTmpSize, 0u);
    std::vector<float> x(n * c * hw), gamma(c), beta(c), y(x.size(), -1), mean(n * g, -1),
        var(n * g, -1);
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(std::cos(0.37 * i) * 3 + i % 5);
    for (uint32_t ch = 0; ch < c; ++ch) {
      gamma[ch] = 1.0f + 0.5f * ch;
      beta[ch] = 0.25f * ch - 0.5f;
    }
    opsim::sim::LaunchOptions o;
    o.checked = true;
    o.regions = {{x.data(), x.size() * 4, "x"},
                 {gamma.data(), c * 4, "gamma"},
                 {beta.data(), c * 4, "beta"},
                 {y.data(), y.size() * 4, "y", y.size() * 4},
                 {mean.data(), mean.size() * 4, "mean", mean.size() * 4},
                 {var.data(), var.size() * 4, "variance", var.size() * 4}};
    const opsim::sim::LaunchResult r =
        opsim::sim::Launch(opsim::sim::testing::TestDevice(), 1, o, [&] {
          KernelGroupNorm op;
          op.Init(reinterpret_cast<GM_ADDR>(x.data()), reinterpret_cast<GM_ADDR>(gamma.data()),
                  reinterpret_cast<GM_ADDR>(beta.data()), reinterpret_cast<GM_ADDR>(y.data()),
                  reinterpret_cast<GM_ADDR>(mean.data()), reinterpret_cast<GM_ADDR>(var.data()),
                  td);
          op.Process();
        });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    for (uint32_t k = 0; k < n * g; ++k) {
      const float* grp = &x[k * d * hw];
      double mu = 0, v = 0;
      for (uint32_t i = 0; i < d * hw; ++i) mu += grp[i];
      mu /= d * hw;
      for (uint32_t i = 0; i < d * hw; ++i) v += (grp[i] - mu) * (grp[i] - mu);
      v /= d * hw;
      EXPECT_NEAR(mean[k], mu, 1e-5 * std::max(1.0, std::abs(mu)));
      EXPECT_NEAR(var[k], v, 1e-5 * std::max(1.0, v));
      for (uint32_t i = 0; i < d * hw; ++i) {
        const uint32_t ch = k % g * d + i / hw;
        const double want = (grp[i] - mu) / std::sqrt(v + 1e-5f) * gamma[ch] + beta[ch];
        ASSERT_NEAR(y[k * d * hw + i], want, 1e-5 * std::max(1.0, std::abs(want)))
            << "group " << k << " element " << i;
      }
    }
  }
}

// DeepNorm with the helper's tiling for `work` bytes and a buffer of `tmp` bytes (half, [2, 4, 64]
// of original H 60): the kernel side takes exactly what the helper planned for.
opsim::sim::LaunchResult RunDeepNorm(uint32_t work, uint32_t tmp) {
  AscendC::tiling::DeepNormTiling t;
  EXPECT_TRUE(GetDeepNormTilingInfo(ge::Shape({2, 4, 64}), ge::Shape({2, 4, 60}), work, 2, false,
                                    false, t));
  return opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bd, bg, bs, bt;
    pipe.InitBuffer(bx, 2 * 8 * 64 * 2);
    pipe.InitBuffer(bd, 8 * 64 * 2);
    pipe.InitBuffer(bg, 2 * 64 * 2);
    pipe.InitBuffer(bs, 2 * 32);
    pipe.InitBuffer(bt, tmp);
    LocalTensor<half> x = bx.Get<half>(), dst = bd.Get<half>(), g = bg.Get<half>();
    LocalTensor<half> stats = bs.Get<half>();
    Duplicate(x, half(0.5f), 2 * 8 * 64);
    Duplicate(g, half(1.0f), 2 * 64);
    DeepNorm<half>(dst, stats, stats[16], x, x[8 * 64], g[64], g, bt.Get<uint8_t>(), half(2.0f),
                   half(1e-5f), t);
  });
}

TEST(DeepNormTiling, KernelRunsWithWhatTheHelpersGive) {
  uint32_t mx = 0, mn = 0;
  ASSERT_TRUE(GetDeepNormMaxMinTmpSize(ge::Shape({2, 4, 64}), 2, false, false, mx, mn));
  EXPECT_TRUE(RunDeepNorm(mn, mn).status.ok());
  EXPECT_TRUE(RunDeepNorm(mx, mx).status.ok());
  const opsim::sim::LaunchResult r = RunDeepNorm(mn, mn - 32);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("need at least " + std::to_string(mn)), std::string::npos)
      << r.fault->message;
}

// The Welford pair as a public operator uses it: a long reduce axis copied in chunk by chunk
// through a queue, WelfordUpdate per chunk with the helper's buffer, WelfordFinalize at the end,
// the mean and variance copied out.
struct WelfordTilingData {
  uint32_t chunks, lanes;  // the axis is chunks x lanes values
  uint32_t updateTmpBytes, finalizeTmpBytes;
};

class KernelWelford {
 public:
  void Init(GM_ADDR x, GM_ADDR mean, GM_ADDR variance, const WelfordTilingData& tiling) {
    tiling_ = tiling;
    xGm_.SetGlobalBuffer((__gm__ float*)x, tiling.chunks * tiling.lanes);
    meanGm_.SetGlobalBuffer((__gm__ float*)mean, 8);
    varGm_.SetGlobalBuffer((__gm__ float*)variance, 8);
    pipe_.InitBuffer(inQueueX_, 2, tiling.lanes * sizeof(float));
    pipe_.InitBuffer(outQueue_, 1, 2 * 32);
    pipe_.InitBuffer(statsBuf_, 4 * tiling.lanes * sizeof(float));
    pipe_.InitBuffer(updateTmp_, tiling.updateTmpBytes);
    pipe_.InitBuffer(finalizeTmp_, tiling.finalizeTmpBytes);
  }
  void Process() {
    LocalTensor<float> stats = statsBuf_.Get<float>();
    const uint32_t n = tiling_.lanes;
    Duplicate(stats, 0.0f, 2 * n);  // mean and M of no values yet
    for (uint32_t i = 0; i < tiling_.chunks; ++i) {
      LocalTensor<float> x = inQueueX_.AllocTensor<float>();
      DataCopy(x, xGm_[i * n], n);
      inQueueX_.EnQue(x);
      x = inQueueX_.DeQue<float>();
      // Ping-pong between the two halves of the statistics buffer.
      const uint32_t in = (i % 2) * 2 * n, out = ((i + 1) % 2) * 2 * n;
      const WelfordUpdateParam para{1, n, n, 1.0f / static_cast<float>(i + 1)};
      WelfordUpdate<float, float>(stats[out], stats[out + n], stats[in], stats[in + n], x,
                                  updateTmp_.Get<uint8_t>(), para);
      inQueueX_.FreeTensor(x);
    }
    const uint32_t last = (tiling_.chunks % 2) * 2 * n;
    LocalTensor<float> result = outQueue_.AllocTensor<float>();
    const float rRec = 1.0f / static_cast<float>(tiling_.chunks * n);
    WelfordFinalizePara para{tiling_.chunks, n, tiling_.chunks, n, 0, 0, 1.0f / n, rRec, rRec};
    WelfordFinalize(result, result[8], stats[last], stats[last + n], finalizeTmp_.Get<uint8_t>(),
                    para);
    outQueue_.EnQue(result);
    result = outQueue_.DeQue<float>();
    DataCopy(meanGm_, result, 8);
    DataCopy(varGm_, result[8], 8);
    outQueue_.FreeTensor(result);
  }

 private:
  TPipe pipe_;
  TQue<TPosition::VECIN, 2> inQueueX_;
  TQue<TPosition::VECOUT, 1> outQueue_;
  TBuf<TPosition::VECCALC> statsBuf_, updateTmp_, finalizeTmp_;
  GlobalTensor<float> xGm_, meanGm_, varGm_;
  WelfordTilingData tiling_;
};

TEST(WelfordTiling, PublicStyleKernelGivesTheAxisMeanAndVariance) {
  WelfordTilingData td{7, 64, 0, 0};
  uint32_t mx = 0, mn = 0;
  GetWelfordUpdateMaxMinTmpSize(ge::Shape({1, td.lanes}), 4, 4, false, false, mx, mn);
  td.updateTmpBytes = mn;
  GetWelfordFinalizeMaxMinTmpSize(ge::Shape({td.lanes}), 4, false, mx, mn);
  td.finalizeTmpBytes = mn;
  std::vector<float> x(td.chunks * td.lanes), mean(8, -1), var(8, -1);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(std::sin(0.11 * i) * 4 + 1);
  opsim::sim::LaunchOptions o;
  o.checked = true;
  o.regions = {{x.data(), x.size() * 4, "x"},
               {mean.data(), 32, "mean", 32},
               {var.data(), 32, "variance", 32}};
  const opsim::sim::LaunchResult r =
      opsim::sim::Launch(opsim::sim::testing::TestDevice(), 1, o, [&] {
        KernelWelford op;
        op.Init(reinterpret_cast<GM_ADDR>(x.data()), reinterpret_cast<GM_ADDR>(mean.data()),
                reinterpret_cast<GM_ADDR>(var.data()), td);
        op.Process();
      });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  double mu = 0, v = 0;
  for (float e : x) mu += e;
  mu /= x.size();
  for (float e : x) v += (e - mu) * (e - mu);
  v /= x.size();
  EXPECT_NEAR(mean[0], mu, 1e-5);
  EXPECT_NEAR(var[0], v, 1e-5 * v);
}

}  // namespace group_deep_norm_tiling_test
