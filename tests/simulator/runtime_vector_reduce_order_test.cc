// The sum reductions through the AscendC API add in CANN's documented order (vector_tree_sum.h):
// adjacent pairs within a repeat or block, the count form's repeat sums in order, float16 adds
// saturating at 65504; RepeatReduceSum as WholeReduceSum. Values chosen so that any other order
// gives other results.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

// x[0, n) filled by `value(i)`, in a VECCALC buffer of `bytes`.
template <typename T, typename F>
LocalTensor<T> Filled(TPipe& pipe, TBuf<TPosition::VECCALC>& buf, uint32_t bytes, uint32_t n,
                      F&& value) {
  pipe.InitBuffer(buf, bytes);
  LocalTensor<T> x = buf.Get<T>();
  Duplicate(x, static_cast<T>(0.0f), static_cast<int32_t>(bytes / sizeof(T)));
  for (uint32_t i = 0; i < n; ++i) x.SetValue(i, static_cast<T>(value(i)));
  return x;
}

TEST(ReduceOrder, CountFormTreesEachRepeatThenAddsRepeatsInOrder) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, w, d;
    // Repeat 0 is [1e8, 1, -1e8, 1, 0 ...]: adjacent pairs give 1e8 + -1e8 = 0 (in order: 2);
    // repeat 1 is [1, 0 ...]. The chip's sum: 0 + 1.
    LocalTensor<float> x = Filled<float>(pipe, a, 512, 128, [](uint32_t i) {
      const float head[5] = {1e8f, 1, -1e8f, 1, 0};
      return i < 4 ? head[i] : i == 64 ? 1.0f : 0.0f;
    });
    // Four repeats whose sums are 1e8, 1, -1e8, 1: in order ((1e8 + 1) - 1e8) + 1 == 1, a tree
    // over the repeats would give 0.
    LocalTensor<float> y = Filled<float>(pipe, b, 1024, 256, [](uint32_t i) {
      const float sums[4] = {1e8f, 1, -1e8f, 1};
      return i % 64 == 0 ? sums[i / 64] : 0.0f;
    });
    pipe.InitBuffer(w, 256);
    pipe.InitBuffer(d, 32);
    LocalTensor<float> dst = d.Get<float>();
    ReduceSum(dst, x, w.Get<float>(), 128);
    EXPECT_EQ(dst.GetValue(0), 1.0f);
    ReduceSum(dst, y, w.Get<float>(), 256);
    EXPECT_EQ(dst.GetValue(0), 1.0f);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(ReduceOrder, WholeAndRepeatReduceSumTreeTheMaskedLanes) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, d;
    // Each of 3 repeats: [1e8, 1, -1e8, 1, 7 ...]; with mask 4 the 7s are off.
    LocalTensor<float> x = Filled<float>(pipe, a, 768, 192, [](uint32_t i) {
      const float head[4] = {1e8f, 1, -1e8f, 1};
      return i % 64 < 4 ? head[i % 64] : 7.0f;
    });
    pipe.InitBuffer(d, 64);
    LocalTensor<float> dst = d.Get<float>();
    WholeReduceSum(dst, x, 4, 3, 1, 1, 8);
    for (int32_t k = 0; k < 3; ++k) EXPECT_EQ(dst.GetValue(k), 0.0f) << k;
    const uint64_t bits[2] = {0xF, 0};  // the same lanes as a bit mask (the lane-plan path)
    WholeReduceSum(dst, x, bits, 3, 2, 1, 8);
    for (int32_t k = 0; k < 3; ++k) EXPECT_EQ(dst.GetValue(2 * k), 0.0f) << k;
    Duplicate(dst, -1.0f, 16);
    RepeatReduceSum(dst, x, 3, 4, 99, 1, 1, 8);  // dstBlkStride has no effect
    for (int32_t k = 0; k < 3; ++k) EXPECT_EQ(dst.GetValue(k), 0.0f) << k;
    WholeReduceSum(dst, x, 64, 3, 1, 1, 8);  // every lane: 0 + 60 sevens
    EXPECT_EQ(dst.GetValue(1), 420.0f);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(ReduceOrder, BlockAndPairSumsInHalfSaturateAsDocumented) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, d;
    // CANN's BlockReduceSum example: [60000, 60000, -30000, 100] sums to 65504 + -29904, not inf
    // (35604 on CANN's page, before rounding to float16: 35584 in float16).
    LocalTensor<half> x = Filled<half>(pipe, a, 256, 4, [](uint32_t i) {
      const float v[4] = {60000, 60000, -30000, 100};
      return v[i];
    });
    pipe.InitBuffer(d, 256);
    LocalTensor<half> dst = d.Get<half>();
    BlockReduceSum(dst, x, 1, 128, 1, 1, 8);
    EXPECT_EQ(static_cast<float>(dst.GetValue(0)), 35584.0f);
    EXPECT_EQ(static_cast<float>(dst.GetValue(1)), 0.0f);
    PairReduceSum(dst, x, 1, 128, 1, 1, 8);
    EXPECT_EQ(static_cast<float>(dst.GetValue(0)), 65504.0f);
    EXPECT_EQ(static_cast<float>(dst.GetValue(1)), -29904.0f);
    WholeReduceSum(dst, x, 4, 1, 1, 1, 8);
    EXPECT_EQ(static_cast<float>(dst.GetValue(0)), 35584.0f);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(ReduceOrder, RepeatReduceSumChecksItsArguments) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, d;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(d, 32);
    LocalTensor<float> x = a.Get<float>();
    Duplicate(x, 1.0f, 64);
    RepeatReduceSum(d.Get<float>(), x, 1, 65, 0, 1, 1, 8);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "RepeatReduceSum");
  EXPECT_NE(r.fault->message.find("argument 65 is invalid: mask"), std::string::npos)
      << r.fault->message;
}

}  // namespace
}  // namespace opsim::sim
