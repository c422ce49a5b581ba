// The SoftMax family's host helpers (lib/activation/softmax_tiling.h through tiling/tiling_api.h):
// CANN's 910B figures, the errors on broken arguments, and the kernel side in step with them (the
// tiling and minimum the helpers give run; one 32 B block less faults).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace softmax_tiling_test {

using namespace AscendC;

TEST(SoftmaxTiling, TmpSizesAreCannsFigures) {
  // Per row: one block of results (8 floats or 16 halves), the row and 64 floats of scratch.
  EXPECT_EQ(GetSoftMaxMinTmpSize(ge::Shape({8, 64}), 4, false), (8u + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxMaxTmpSize(ge::Shape({8, 64}), 4, false), 8u * (8 + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxMinTmpSize(ge::Shape({2, 4, 64}), 2, false), (16u + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxMaxTmpSize(ge::Shape({2, 4, 64}), 2, false), 8u * (16 + 64 + 64) * 4);
  // FlashV2: float data needs no row copy; half keeps two blocks and the row.
  EXPECT_EQ(GetSoftMaxFlashV2MinTmpSize(ge::Shape({8, 64}), 4, 4, true), (8u + 64) * 4);
  EXPECT_EQ(GetSoftMaxFlashV2MinTmpSize(ge::Shape({8, 64}), 2, 4, false), (16u + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxFlashV2MinTmpSize(ge::Shape({8, 64}), 2, 2, true), (32u + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxFlashV2MaxTmpSize(ge::Shape({8, 64}), 4, 4, true), 8u * (8 + 64) * 4);
  // The basic-block path: 8 rows of one block, (the row) and the scratch.
  EXPECT_EQ(GetSoftMaxFlashV2MinTmpSize(ge::Shape({8, 64}), 2, 4, true, true),
            8u * (8 + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxFlashV2MinTmpSize(ge::Shape({8, 1024}), 4, 4, true, true),
            8u * (8 + 128) * 4);
  // isFlashOutputBrc: a block of the data type's rows.
  EXPECT_EQ(GetSoftMaxFlashV2MinTmpSize(ge::Shape({32, 64}), 2, 4, true, false, true),
            16u * (16 + 64 + 64) * 4);
}

TEST(SoftmaxTiling, BrokenArgumentsGiveZero) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(GetSoftMaxMinTmpSize(ge::Shape({4, 20}), 4, false), 0u);  // 80 B rows
  EXPECT_EQ(GetSoftMaxMaxTmpSize(ge::Shape({4, 64}), 8, false), 0u);
  EXPECT_EQ(GetSoftMaxFlashV2MinTmpSize(ge::Shape({4, 64}), 4, 3, false), 0u);
  EXPECT_EQ(GetSoftMaxMinTmpSize(ge::Shape(std::vector<int64_t>{}), 4, false), 0u);
  optiling::SoftMaxTiling t;
  SoftMaxTilingFunc(ge::Shape({4, 20}), 4, 4096, t);
  EXPECT_EQ(t.get_srcM(), 0u);  // nothing written
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("GetSoftMaxMinTmpSize: the last axis (20 elements of 4 bytes)"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("GetSoftMaxMaxTmpSize: dataTypeSize 8 is not 2"), std::string::npos) << err;
  EXPECT_NE(err.find("GetSoftMaxMinTmpSize: srcShape has 0 dims"), std::string::npos) << err;
  EXPECT_NE(err.find("SoftMaxTilingFunc:"), std::string::npos) << err;
}

TEST(SoftmaxTiling, SplitsRowsThatFitTheWorkSpace) {
  const uint32_t row = (8 + 64 + 64) * 4;
  optiling::SoftMaxTiling t;
  SoftMaxTilingFunc(ge::Shape({20, 64}), 4, 13 * row, t);
  EXPECT_EQ(t.get_srcM(), 20u);
  EXPECT_EQ(t.get_srcK(), 64u);
  EXPECT_EQ(t.get_splitM(), 8u);  // 13 rows fit, cut to a whole 8-row group
  EXPECT_EQ(t.get_rangeM(), 2u);
  EXPECT_EQ(t.get_tailM(), 4u);
  EXPECT_EQ(t.get_reduceK(), 8u);
  EXPECT_EQ(t.get_outMaxSize(), 160u);
  EXPECT_EQ(t.get_tailSplitSize(), 256u);
  SoftMaxTilingFunc(ge::Shape({20, 64}), 4, 5 * row, t);
  EXPECT_EQ(t.get_splitM(), 5u);  // under a group: as many as fit
  // A basic block ([64, 512]) is cut into pieces under 255 repeats that divide srcM.
  SoftMaxTilingFunc(ge::Shape({64, 512}), 4, 1u << 30, t);
  EXPECT_EQ(t.get_splitM(), 16u);
  // Both overloads write the same bytes.
  AscendC::tiling::SoftMaxTiling k;
  SoftMaxTilingFunc(ge::Shape({64, 512}), 4, 1u << 30, k);
  EXPECT_EQ(k.splitM, 16u);
  EXPECT_EQ(k.rangeM, 4u);
  EXPECT_EQ(sizeof(k), t.GetDataSize());
  EXPECT_TRUE(IsBasicBlockInSoftMax(k, 4));
  k.srcK = 24;
  EXPECT_FALSE(IsBasicBlockInSoftMax(k, 4));
}

// A kernel call with the host's tiling and a buffer of `tmp_bytes`.
opsim::sim::LaunchResult RunWithHostTiling(uint32_t work_bytes, uint32_t tmp_bytes, bool flash) {
  AscendC::tiling::SoftMaxTiling tiling;
  if (flash) {
    SoftMaxFlashV2TilingFunc(ge::Shape({20, 64}), 2, 4, work_bytes, tiling, true);
  } else {
    SoftMaxTilingFunc(ge::Shape({20, 64}), 4, work_bytes, tiling);
  }
  return opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bsum, bmax, bexp, btmp;
    pipe.InitBuffer(bs, 20 * 64 * 4);
    pipe.InitBuffer(bsum, 20 * 32);
    pipe.InitBuffer(bmax, 20 * 32);
    pipe.InitBuffer(bexp, 20 * 32);
    pipe.InitBuffer(btmp, tmp_bytes);
    LocalTensor<float> sum = bsum.Get<float>(), max = bmax.Get<float>();
    LocalTensor<uint8_t> tmp = btmp.Get<uint8_t>();
    Duplicate(sum, 1.0f, 20 * 8);
    Duplicate(max, 0.0f, 20 * 8);
    if (flash) {
      LocalTensor<half> x = bs.Get<half>(), e = bexp.Get<half>();
      Duplicate(x, static_cast<half>(0.5f), 20 * 64);
      SoftmaxFlashV2<half, true>(x, sum, max, x, e, sum, max, tmp, tiling, {20, 64, 20, 64});
    } else {
      LocalTensor<float> x = bs.Get<float>();
      Duplicate(x, 0.5f, 20 * 64);
      SoftMax<float>(x, sum, max, x, tmp, tiling, {20, 64, 20, 64});
    }
  });
}

TEST(SoftmaxTiling, KernelRunsWithWhatTheHelpersGive) {
  for (bool flash : {false, true}) {
    const ge::Shape shape({20, 64});
    const uint32_t min = flash ? GetSoftMaxFlashV2MinTmpSize(shape, 2, 4, true)
                               : GetSoftMaxMinTmpSize(shape, 4, false);
    const uint32_t max = flash ? GetSoftMaxFlashV2MaxTmpSize(shape, 2, 4, true)
                               : GetSoftMaxMaxTmpSize(shape, 4, false);
    for (uint32_t work : {min, max, 3 * min + 40}) {
      // 32 B blocks: a buffer rounded up to the work space.
      const uint32_t tmp = (work + 31) / 32 * 32;
      EXPECT_TRUE(RunWithHostTiling(work, tmp, flash).status.ok()) << flash << " " << work;
    }
    // The tiling of 3 rows, one block short of them.
    const opsim::sim::LaunchResult r = RunWithHostTiling(3 * min, 3 * min - 32, flash);
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_NE(r.fault->message.find("at least " + std::to_string(3 * min)), std::string::npos)
        << r.fault->message;
    // A work space below the minimum: splitM 0, which the kernel refuses.
    testing::internal::CaptureStderr();
    const opsim::sim::LaunchResult z = RunWithHostTiling(min - 32, 4096, flash);
    EXPECT_NE(testing::internal::GetCapturedStderr().find("below the minimum"), std::string::npos);
    ASSERT_TRUE(z.fault.has_value());
    EXPECT_NE(z.fault->message.find("splitM is 0"), std::string::npos) << z.fault->message;
  }
}

}  // namespace softmax_tiling_test
