// The LayerNorm and RmsNorm host helpers (lib/normalization/*_tiling.h through
// tiling/tiling_api.h): CANN's 910B figures, the errors on broken arguments, and the kernel side in
// step with them.
#include <gtest/gtest.h>

#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace norm_tiling_test {

using namespace AscendC;

TEST(NormTiling, RmsNormFigures) {
  uint32_t mx = 0, mn = 0;
  ASSERT_TRUE(GetRmsNormMaxMinTmpSize(ge::Shape({2, 4, 64}), 4, mx, mn));
  EXPECT_EQ(mn, (64u + 8) * 4);  // one row and a block of row results
  EXPECT_EQ(mx, (8u * 64 + 8) * 4);
  ASSERT_TRUE(GetRmsNormMaxMinTmpSize(ge::Shape({2, 4, 64}), 2, mx, mn));
  EXPECT_EQ(mn, (128u + 8) * 4);  // half adds its float copy
  EXPECT_EQ(mx, (8u * 128 + 16) * 4);
  optiling::RmsNormTiling t;
  ASSERT_TRUE(GetRmsNormTilingInfo(ge::Shape({2, 4, 64}), ge::Shape({2, 4, 60}), 3 * 288, 4, t));
  EXPECT_EQ(t.get_mainBsLength(), 3u);
  EXPECT_EQ(t.get_loopRound(), 2u);
  EXPECT_EQ(t.get_tailBsLength(), 2u);
  EXPECT_EQ(t.get_originalHLength(), 60u);
  EXPECT_FLOAT_EQ(t.get_reciprocalOfHLength(), 1.0f / 60);
}

TEST(NormTiling, LayerNormFigures) {
  uint32_t mx = 0, mn = 0;
  GetLayerNormMaxMinTmpSize(ge::Shape({2, 4, 64, 60}), 4, false, mx, mn);
  EXPECT_EQ(mn, 3u * 256 + 64);  // three row pieces, mean and variance
  EXPECT_EQ(mx, 3u * 2048 + 64);
  GetLayerNormMaxMinTmpSize(ge::Shape({2, 4, 64, 60}), 4, true, mx, mn);
  EXPECT_EQ(mn, 2u * 256 + 64);
  optiling::LayerNormTiling t;
  GetLayerNormNDTilingInfo(ge::Shape({2, 4, 64, 60}), 3 * 256 + 64, 2, false, t);
  EXPECT_EQ(t.get_oneTmpSize(), 64u);
  EXPECT_EQ(t.get_firstTmpStartPos(), 16u);  // half's float mean and variance
  EXPECT_EQ(t.get_loopRound(), 8u);
  EXPECT_EQ(t.get_meanVarSize(), 8u);
  EXPECT_FLOAT_EQ(t.get_lastDimValueBack(), 1.0f / 60);
}

TEST(NormTiling, BrokenArgumentsAreRefused) {
  testing::internal::CaptureStderr();
  uint32_t mx = 7, mn = 7;
  EXPECT_FALSE(GetRmsNormMaxMinTmpSize(ge::Shape({2, 64}), 4, mx, mn));
  EXPECT_FALSE(GetRmsNormMaxMinTmpSize(ge::Shape({2, 3, 64}), 4, mx, mn, true));  // B*S = 6
  GetLayerNormMaxMinTmpSize(ge::Shape({2, 4, 64}), 4, false, mx, mn);
  EXPECT_EQ(mx, 7u);
  EXPECT_EQ(mn, 7u);
  optiling::RmsNormTiling r;
  EXPECT_FALSE(GetRmsNormTilingInfo(ge::Shape({2, 4, 64}), ge::Shape({2, 4, 60}), 100, 4, r));
  EXPECT_FALSE(GetRmsNormTilingInfo(ge::Shape({2, 4, 64}), ge::Shape({2, 5, 60}), 4096, 4, r));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("GetRmsNormMaxMinTmpSize: srcShape has 2 dims"), std::string::npos) << err;
  EXPECT_NE(err.find("isBasicBlock needs"), std::string::npos) << err;
  EXPECT_NE(err.find("GetLayerNormMaxMinTmpSize: srcShape has 3 dims"), std::string::npos) << err;
  EXPECT_NE(err.find("stackBufferByteSize 100 is below the minimum 288"), std::string::npos) << err;
  EXPECT_NE(err.find("originSrcShape must be"), std::string::npos) << err;
}

// RmsNorm or LayerNorm of float [2, 4, 64] (original H 60) with the host's tiling for
// `work` bytes and a buffer of `tmp` bytes.
opsim::sim::LaunchResult RunWithHostTiling(bool rms, uint32_t work, uint32_t tmp) {
  AscendC::tiling::RmsNormTiling rt;
  AscendC::tiling::LayerNormTiling lt;
  if (rms) {
    EXPECT_TRUE(GetRmsNormTilingInfo(ge::Shape({2, 4, 64}), ge::Shape({2, 4, 60}), work, 4, rt));
  } else {
    GetLayerNormNDTilingInfo(ge::Shape({2, 4, 64, 60}), work, 4, false, lt);
  }
  return opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bd, bg, bs, bt;
    pipe.InitBuffer(bx, 8 * 64 * 4);
    pipe.InitBuffer(bd, 8 * 64 * 4);
    pipe.InitBuffer(bg, 2 * 64 * 4);
    pipe.InitBuffer(bs, 2 * 32);
    pipe.InitBuffer(bt, tmp);
    LocalTensor<float> x = bx.Get<float>(), d = bd.Get<float>(), g = bg.Get<float>();
    LocalTensor<float> stats = bs.Get<float>();
    Duplicate(x, 0.5f, 8 * 64);
    Duplicate(g, 1.0f, 2 * 64);
    if (rms) {
      RmsNorm<float>(d, x, g, bt.Get<uint8_t>(), 1e-5f, rt);
    } else {
      LayerNorm<float>(d, stats, stats[8], x, g, g[64], bt.Get<uint8_t>(), 1e-5f, lt);
    }
  });
}

TEST(NormTiling, KernelRunsWithWhatTheHelpersGive) {
  for (bool rms : {true, false}) {
    uint32_t mx = 0, mn = 0;
    if (rms) {
      GetRmsNormMaxMinTmpSize(ge::Shape({2, 4, 64}), 4, mx, mn);
    } else {
      GetLayerNormMaxMinTmpSize(ge::Shape({2, 4, 64, 60}), 4, false, mx, mn);
    }
    EXPECT_TRUE(RunWithHostTiling(rms, mn, mn).status.ok()) << rms;
    EXPECT_TRUE(RunWithHostTiling(rms, mx, mx).status.ok()) << rms;
    // The tiling for the maximum uses all of it (float LayerNorm all but the mean and variance
    // blocks only half keeps): one block less faults.
    const uint32_t used = rms ? mx : mx - 64;
    const opsim::sim::LaunchResult r = RunWithHostTiling(rms, mx, used - 32);
    ASSERT_TRUE(r.fault.has_value()) << rms;
    EXPECT_NE(r.fault->message.find("holds " + std::to_string(used - 32) + " bytes"),
              std::string::npos)
        << r.fault->message;
    EXPECT_NE(r.fault->message.find("at least " + std::to_string(used)), std::string::npos)
        << r.fault->message;
  }
}

// The [A, R] LayerNorm that outputs rstd: CANN's 910B figures (the stats block, two row pieces or
// Normalize's need, whichever is more), and its tiling.
TEST(NormTiling, LayerNormRstdFigures) {
  uint32_t mx = 0, mn = 0;
  GetLayerNormMaxMinTmpSize(ge::Shape({32, 32}), 4, false, true, false, mx, mn);
  EXPECT_EQ(mn, 128u + 256);
  EXPECT_EQ(mx, 128u + 2 * 128 + 2 * 4096);  // Normalize's maximum is the larger
  GetLayerNormMaxMinTmpSize(ge::Shape({3, 29}), 2, false, true, false, mx, mn);
  EXPECT_EQ(mn, 32u + 4 * 128);  // half gamma: Normalize's four float rows
  EXPECT_EQ(mx, 32u + 2 * 128 + 2 * 1024);
  AscendC::tiling::LayerNormSeparateTiling k;
  GetLayerNormNDTilingInfo(ge::Shape({32, 32}), 384, 4, false, true, k);
  EXPECT_EQ(k.aLength, 32u);
  EXPECT_EQ(k.varianceTmpTensorSize, 32u);
  EXPECT_EQ(k.firstTmpStartPos, 32u);
  EXPECT_EQ(k.oneTmpSize, 32u);
  EXPECT_EQ(k.loopRound, 32u);
  EXPECT_FLOAT_EQ(k.rValueBack, 1.0f / 32);
  optiling::LayerNormSeparateTiling t;
  GetLayerNormNDTilingInfo(ge::Shape({3, 29}), 544, 2, false, true, t);
  EXPECT_EQ(t.get_oneTmpSize(), 64u);  // two padded rows per round, one row of tail
  EXPECT_EQ(t.get_loopRound(), 1u);
  EXPECT_EQ(t.get_inputTailSize(), 32u);
  EXPECT_EQ(t.get_meanVarTailPos(), 2u);
  testing::internal::CaptureStderr();
  mx = mn = 7;
  GetLayerNormMaxMinTmpSize(ge::Shape({2, 4, 64, 60}), 4, false, true, false, mx, mn);
  GetLayerNormMaxMinTmpSize(ge::Shape({32, 32}), 4, false, true, true, mx, mn);
  EXPECT_EQ(mx + mn, 14u);
  optiling::LayerNormSeparateTiling none;
  GetLayerNormNDTilingInfo(ge::Shape({32, 32}), 255, 4, false, true, none);
  EXPECT_EQ(none.get_oneTmpSize(), 0u);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("srcShape has 4 dims; the LayerNorm that outputs rstd takes [A, R]"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("isOnlyOutput must be false"), std::string::npos) << err;
  EXPECT_NE(err.find("stackBufferSize 255 does not hold the variance and two rows"),
            std::string::npos)
      << err;
}

// The kernel's LayerNorm of float [3, 29] runs with the helpers' minimum and maximum.
TEST(NormTiling, LayerNormRstdKernelRunsWithWhatTheHelpersGive) {
  uint32_t mx = 0, mn = 0;
  GetLayerNormMaxMinTmpSize(ge::Shape({3, 29}), 4, false, true, false, mx, mn);
  for (uint32_t work : {mn, mx}) {
    AscendC::tiling::LayerNormSeparateTiling t;
    GetLayerNormNDTilingInfo(ge::Shape({3, 29}), work, 4, false, true, t);
    const opsim::sim::LaunchResult r = opsim::sim::testing::RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> bx, bd, bg, bs, bt;
      pipe.InitBuffer(bx, 3 * 32 * 4);
      pipe.InitBuffer(bd, 3 * 32 * 4);
      pipe.InitBuffer(bg, 2 * 32 * 4);
      pipe.InitBuffer(bs, 2 * 32);
      pipe.InitBuffer(bt, work);
      LocalTensor<float> x = bx.Get<float>(), d = bd.Get<float>(), g = bg.Get<float>();
      LocalTensor<float> stats = bs.Get<float>();
      Duplicate(x, 0.5f, 3 * 32);
      Duplicate(g, 1.0f, 2 * 32);
      LayerNorm<float, float>(d, stats, stats[8], x, g, g[32], 1e-5f, bt.Get<uint8_t>(),
                              LayerNormPara{3, 29, 32}, t);
    });
    EXPECT_TRUE(r.status.ok()) << work << ": " << r.status.ToString();
  }
}

}  // namespace norm_tiling_test
