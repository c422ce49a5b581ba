// LogSoftMax's and SoftmaxGrad's host helpers (lib/activation/logsoftmax_tiling.h and
// softmax_tiling.h through tiling/tiling_api.h): CANN's 910B figures, the errors on broken
// arguments, and the kernel side in step with them (the tiling and minimum the helpers give run;
// one 32 B block less faults).
#include <gtest/gtest.h>

#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace softmax_ext_tiling_test {

using namespace AscendC;

TEST(SoftmaxExtTiling, TmpSizesAreCannsFigures) {
  // LogSoftMax per row: one block of T, the row and 64 floats of scratch.
  EXPECT_EQ(GetLogSoftMaxMinTmpSize(ge::Shape({8, 64}), 4, false), (8u + 64 + 64) * 4);
  EXPECT_EQ(GetLogSoftMaxMaxTmpSize(ge::Shape({8, 64}), 4, false), 8u * (8 + 64 + 64) * 4);
  EXPECT_EQ(GetLogSoftMaxMinTmpSize(ge::Shape({2, 4, 64}), 2, false), (16u + 64 + 64) * 4);
  // SoftmaxGrad: half two blocks and three rows; float two blocks (isFront one) and a row.
  EXPECT_EQ(GetSoftMaxGradMinTmpSize(ge::Shape({8, 64}), 2, false, false), (32u + 3 * 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxGradMinTmpSize(ge::Shape({8, 64}), 2, true, false), (32u + 3 * 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxGradMinTmpSize(ge::Shape({8, 64}), 4, false, false), (16u + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxGradMinTmpSize(ge::Shape({8, 64}), 4, true, false), (8u + 64 + 64) * 4);
  EXPECT_EQ(GetSoftMaxGradMaxTmpSize(ge::Shape({8, 64}), 4, false, false), 8u * (16 + 64 + 64) * 4);
}

TEST(SoftmaxExtTiling, BrokenArgumentsGiveZero) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(GetLogSoftMaxMinTmpSize(ge::Shape({4, 20}), 4, false), 0u);  // 80 B rows
  EXPECT_EQ(GetSoftMaxGradMaxTmpSize(ge::Shape({4, 64}), 8, false, false), 0u);
  EXPECT_EQ(GetSoftMaxGradMinTmpSize(ge::Shape(std::vector<int64_t>{}), 4, true, false), 0u);
  optiling::LogSoftMaxTiling t;
  LogSoftMaxTilingFunc(ge::Shape({4, 20}), 4, 4096, t);
  EXPECT_EQ(t.get_srcM(), 0u);  // nothing written
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("GetLogSoftMaxMinTmpSize: the last axis (20 elements of 4 bytes)"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("GetSoftMaxGradMaxTmpSize: dataTypeSize 8 is not 2"), std::string::npos)
      << err;
  EXPECT_NE(err.find("GetSoftMaxGradMinTmpSize: srcShape has 0 dims"), std::string::npos) << err;
  EXPECT_NE(err.find("LogSoftMaxTilingFunc:"), std::string::npos) << err;
}

TEST(SoftmaxExtTiling, SplitsRowsThatFitTheWorkSpace) {
  const uint32_t row = (8 + 64 + 64) * 4;
  optiling::LogSoftMaxTiling t;
  LogSoftMaxTilingFunc(ge::Shape({20, 64}), 4, 13 * row, t);
  EXPECT_EQ(t.get_srcM(), 20u);
  EXPECT_EQ(t.get_splitM(), 8u);  // 13 rows fit, cut to a whole 8-row group
  EXPECT_EQ(t.get_rangeM(), 2u);
  EXPECT_EQ(t.get_tailM(), 4u);
  EXPECT_EQ(t.get_reduceK(), 8u);
  EXPECT_EQ(t.get_tailReduceSize(), 32u);
  AscendC::tiling::LogSoftMaxTiling k;
  EXPECT_EQ(sizeof(k), t.GetDataSize());
  // SoftmaxGrad of a basic block ([64, 512]) in pieces under 255 repeats that divide srcM.
  optiling::SoftMaxTiling g;
  SoftMaxGradTilingFunc(ge::Shape({64, 512}), 4, 1u << 30, g);
  EXPECT_EQ(g.get_splitM(), 16u);
  AscendC::tiling::SoftMaxTiling kg;
  SoftMaxGradTilingFunc(ge::Shape({20, 64}), 2, 5 * (32 + 3 * 64 + 64) * 4, kg, true);
  EXPECT_EQ(kg.splitM, 5u);
  EXPECT_EQ(kg.reduceK, 16u);
}

// SoftmaxGrad (isFront or not) of [20, 64] float with the host's tiling and a buffer.
opsim::sim::LaunchResult RunGrad(uint32_t work_bytes, uint32_t tmp_bytes, bool front) {
  AscendC::tiling::SoftMaxTiling tiling;
  SoftMaxGradTilingFunc(ge::Shape({20, 64}), 4, work_bytes, tiling, front);
  return opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, bg, btmp;
    pipe.InitBuffer(bx, 20 * 64 * 4);
    pipe.InitBuffer(bg, 20 * 64 * 4);
    pipe.InitBuffer(btmp, tmp_bytes);
    LocalTensor<float> x = bx.Get<float>(), g = bg.Get<float>();
    Duplicate(x, 0.5f, 20 * 64);
    Duplicate(g, 0.25f, 20 * 64);
    SoftmaxGrad<float>(x, g, x, btmp.Get<uint8_t>(), tiling, front, {20, 64, 20, 64});
  });
}

TEST(SoftmaxExtTiling, KernelRunsWithWhatTheHelpersGive) {
  for (bool front : {false, true}) {
    const ge::Shape shape({20, 64});
    const uint32_t min = GetSoftMaxGradMinTmpSize(shape, 4, front, false);
    const uint32_t max = GetSoftMaxGradMaxTmpSize(shape, 4, front, false);
    for (uint32_t work : {min, max}) {
      EXPECT_TRUE(RunGrad(work, work, front).status.ok()) << front << " " << work;
    }
    const opsim::sim::LaunchResult r = RunGrad(3 * min, 3 * min - 32, front);
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_NE(r.fault->message.find("at least " + std::to_string(3 * min)), std::string::npos)
        << r.fault->message;
    testing::internal::CaptureStderr();
    const opsim::sim::LaunchResult z = RunGrad(min - 32, 4096, front);
    EXPECT_NE(testing::internal::GetCapturedStderr().find("below the minimum"), std::string::npos);
    ASSERT_TRUE(z.fault.has_value());
    EXPECT_NE(z.fault->message.find("splitM is 0"), std::string::npos) << z.fault->message;
  }
}

}  // namespace softmax_ext_tiling_test
