// The high-level reductions' host helpers (lib/reduce/reduce_tiling.h and
// reduce_xor_sum_tiling.h through tiling/tiling_api.h): CANN's 910B figures for each API,
// pattern and type, the errors on broken arguments, and the kernel side in step (the minimum
// runs, one block less faults).
#include <gtest/gtest.h>

#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace reduce_tiling_test {

using namespace AscendC;

uint32_t Tmp(void (*helper)(const ge::Shape&, const ge::DataType, ReducePattern, bool, bool,
                            uint32_t&, uint32_t&),
             std::vector<int64_t> dims, ge::DataType type, ReducePattern p, bool reuse = false) {
  uint32_t max = 7, min = 9;
  helper(ge::Shape(dims), type, p, true, reuse, max, min);
  EXPECT_EQ(max, min);
  return min;
}

TEST(ReduceTiling, TmpSizesAreCannsFigures) {
  const auto AR = ReducePattern::AR, RA = ReducePattern::RA;
  // Sum/Mean: AR folds the row to a power of two below it (none up to 64 floats); RA folds
  // rows, each padded to 8 floats.
  EXPECT_EQ(Tmp(GetReduceSumMaxMinTmpSize, {3, 70}, ge::DT_FLOAT, AR), 3u * 64 * 4);
  EXPECT_EQ(Tmp(GetReduceSumMaxMinTmpSize, {3, 64}, ge::DT_FLOAT, AR), 0u);
  EXPECT_EQ(Tmp(GetReduceMeanMaxMinTmpSize, {3, 128}, ge::DT_FLOAT, AR), 3u * 64 * 4);
  EXPECT_EQ(Tmp(GetReduceMeanMaxMinTmpSize, {1, 128}, ge::DT_FLOAT, AR), 128u * 4);
  EXPECT_EQ(Tmp(GetReduceSumMaxMinTmpSize, {5, 13}, ge::DT_FLOAT, RA), 4u * 16 * 4);
  EXPECT_EQ(Tmp(GetReduceSumMaxMinTmpSize, {8, 13}, ge::DT_FLOAT, RA), 4u * 16 * 4);
  EXPECT_EQ(Tmp(GetReduceSumMaxMinTmpSize, {3, 70}, ge::DT_FLOAT, AR, true), 0u);
  // Max/Min: a block per row below a repeat, a repeat per row above; RA folds 32 B rows.
  EXPECT_EQ(Tmp(GetReduceMaxMaxMinTmpSize, {5, 8}, ge::DT_FLOAT, AR), 0u);
  EXPECT_EQ(Tmp(GetReduceMaxMaxMinTmpSize, {5, 13}, ge::DT_FLOAT, AR), 5u * 32);
  EXPECT_EQ(Tmp(GetReduceMinMaxMinTmpSize, {5, 200}, ge::DT_FLOAT16, AR), 5u * 256);
  EXPECT_EQ(Tmp(GetReduceMinMaxMinTmpSize, {5, 13}, ge::DT_FLOAT16, RA), 4u * 32);
  // Prod: AR a folded row (a block at least), a block per row and a repeat; with
  // isReuseSource the repeat alone.
  EXPECT_EQ(Tmp(GetReduceProdMaxMinTmpSize, {3, 70}, ge::DT_FLOAT, AR), (64u + 24) * 4 + 256);
  EXPECT_EQ(Tmp(GetReduceProdMaxMinTmpSize, {3, 5}, ge::DT_FLOAT, AR), (8u + 24) * 4 + 256);
  EXPECT_EQ(Tmp(GetReduceProdMaxMinTmpSize, {3, 70}, ge::DT_FLOAT, AR, true), 256u);
  // Any/All of uint8_t: AR a half copy of the padded row and a block per row, reuse or not.
  EXPECT_EQ(Tmp(GetReduceAnyMaxMinTmpSize, {5, 40}, ge::DT_UINT8, AR), 64u * 2 + 5 * 32);
  EXPECT_EQ(Tmp(GetReduceAllMaxMinTmpSize, {5, 40}, ge::DT_UINT8, AR, true), 64u * 2 + 5 * 32);
  EXPECT_EQ(Tmp(GetReduceAllMaxMinTmpSize, {5, 40}, ge::DT_UINT8, RA), 4u * 64);
  EXPECT_EQ(Tmp(GetReduceAnyMaxMinTmpSize, {5, 13}, ge::DT_FLOAT, AR), 5u * 32);
  // ReduceXorSum: three buffers of the data, a repeat at least; two with isReuseSource.
  uint32_t max = 0, min = 0;
  GetReduceXorSumMaxMinTmpSize(ge::Shape({77}), 2, false, max, min);
  EXPECT_EQ(min, 768u);
  GetReduceXorSumMaxMinTmpSize(ge::Shape({4, 100}), 2, true, max, min);
  EXPECT_EQ(min, 1600u);
  EXPECT_EQ(max, 1600u);
}

TEST(ReduceTiling, SumAndMeanTmpSizesAreCannsFigures) {
  uint32_t max = 0, min = 0;
  GetSumMaxMinTmpSize(70, 4, false, max, min);  // 2 repeat sums in a block of 8 floats
  EXPECT_EQ(min, 32u);
  GetSumMaxMinTmpSize(2000, 2, false, max, min);  // 16 repeat sums of half: one block
  EXPECT_EQ(min, 32u);
  GetSumMaxMinTmpSize(4000, 2, false, max, min);  // 32 repeat sums: two blocks
  EXPECT_EQ(max, 64u);
  GetMeanMaxMinTmpSize(70, 4, 4, false, max, min);
  EXPECT_EQ(min, 32u);
  GetMeanMaxMinTmpSize(70, 2, 4, false, max, min);  // and the row (80 halves) in float
  EXPECT_EQ(min, 32u + 80 * 4);
  uint32_t live = 0, extra = 9;
  GetMeanTmpBufferFactorSize(4, live, extra);
  EXPECT_EQ(live, 1u);
  EXPECT_EQ(extra, 0u);
  testing::internal::CaptureStderr();
  max = min = 5;
  GetMeanMaxMinTmpSize(70, 4, 2, false, max, min);
  GetSumMaxMinTmpSize(0, 4, false, max, min);
  EXPECT_EQ(min, 5u);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("GetMeanMaxMinTmpSize: (srcTypeSize, accTypeSize) is (4, 2)"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("GetSumMaxMinTmpSize: n is 0"), std::string::npos) << err;
}

TEST(ReduceTiling, BrokenArgumentsLeaveTheOutputs) {
  testing::internal::CaptureStderr();
  uint32_t max = 7, min = 9;
  GetReduceSumMaxMinTmpSize(ge::Shape({4, 8}), ge::DT_FLOAT16, ReducePattern::AR, true, false, max,
                            min);
  GetReduceMaxMaxMinTmpSize(ge::Shape({4, 8, 2}), ge::DT_FLOAT, ReducePattern::AR, true, false, max,
                            min);
  GetReduceMinMaxMinTmpSize(ge::Shape({4, 8}), ge::DT_FLOAT, ReducePattern::AR, false, false, max,
                            min);
  GetReduceAnyMaxMinTmpSize(ge::Shape({4, 8}), ge::DT_FLOAT, ReducePattern::ARA, true, false, max,
                            min);
  GetReduceXorSumMaxMinTmpSize(ge::Shape({4, 8}), 4, false, max, min);
  EXPECT_EQ(max, 7u);
  EXPECT_EQ(min, 9u);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("GetReduceSumMaxMinTmpSize: dataType 1 is not taken on the 910B"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("GetReduceMaxMaxMinTmpSize: srcShape has 3 dims"), std::string::npos) << err;
  EXPECT_NE(err.find("GetReduceMinMaxMinTmpSize: isSrcInnerPad is false"), std::string::npos)
      << err;
  EXPECT_NE(err.find("GetReduceAnyMaxMinTmpSize: pattern 3 is not AR or RA"), std::string::npos)
      << err;
  EXPECT_NE(err.find("GetReduceXorSumMaxMinTmpSize: typeSize 4 is not 2"), std::string::npos)
      << err;
}

// ReduceMean RA of [6, 20] float with a buffer of `tmp_bytes`.
opsim::sim::LaunchResult RunMean(uint32_t tmp_bytes) {
  return opsim::sim::testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bt;
    pipe.InitBuffer(bs, 6 * 24 * 4);
    pipe.InitBuffer(bd, 24 * 4);
    pipe.InitBuffer(bt, tmp_bytes);
    LocalTensor<float> s = bs.Get<float>(), d = bd.Get<float>();
    Duplicate(s, 2.0f, 6 * 24);
    const uint32_t shape[] = {6, 20};
    ReduceMean<float, Pattern::Reduce::RA>(d, s, bt.Get<uint8_t>(), shape, true);
  });
}

TEST(ReduceTiling, KernelRunsWithWhatTheHelperGives) {
  uint32_t max = 0, min = 0;
  GetReduceMeanMaxMinTmpSize(ge::Shape({6, 20}), ge::DT_FLOAT, ReducePattern::RA, true, false, max,
                             min);
  EXPECT_EQ(min, 4u * 24 * 4);
  EXPECT_TRUE(RunMean(min).status.ok());
  const opsim::sim::LaunchResult r = RunMean(min - 32);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("needs at least " + std::to_string(min)), std::string::npos)
      << r.fault->message;
}

}  // namespace reduce_tiling_test
