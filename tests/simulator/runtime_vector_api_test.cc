// The AscendC vector API over the vector unit: count forms, Cast, ReduceSum/Max/Min (with the
// index), WholeReduce* (repeat form).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

TEST(VectorApi, ElementwiseAndScalarForms) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, 64);
    pipe.InitBuffer(b, 64);
    pipe.InitBuffer(c, 64);
    LocalTensor<int32_t> x = a.Get<int32_t>(), y = b.Get<int32_t>(), z = c.Get<int32_t>();
    for (int i = 0; i < 16; ++i) {
      x.SetValue(i, i - 8);
      y.SetValue(i, 3);
    }
    Add(z, x, y, 16);
    EXPECT_EQ(z.GetValue(0), -5);
    Sub(z, x, y, 16);
    EXPECT_EQ(z.GetValue(15), 4);
    Mul(z, x, y, 16);
    EXPECT_EQ(z.GetValue(1), -21);
    Max(z, x, y, 16);
    EXPECT_EQ(z.GetValue(0), 3);
    Min(z, x, y, 16);
    EXPECT_EQ(z.GetValue(15), 3);
    Adds(z, x, 100, 16);
    EXPECT_EQ(z.GetValue(0), 92);
    Muls(z, x, -2, 16);
    EXPECT_EQ(z.GetValue(3), 10);
    Maxs(z, x, 0, 16);
    EXPECT_EQ(z.GetValue(2), 0);
    Mins(z, x, 0, 16);
    EXPECT_EQ(z.GetValue(12), 0);
    Duplicate(z, 7, 5);
    EXPECT_EQ(z.GetValue(4), 7);
    EXPECT_EQ(z.GetValue(5), -3);  // only `count` elements change (Mins left -3 here)
    // Integer overflow wraps instead of being undefined.
    x.SetValue(0, std::numeric_limits<int32_t>::max());
    Adds(z, x, 1, 1);
    EXPECT_EQ(z.GetValue(0), std::numeric_limits<int32_t>::min());
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(VectorApi, CastRoundsToNearestEvenAndMaxPropagatesNaN) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 64);
    pipe.InitBuffer(b, 64);
    LocalTensor<float> f = a.Get<float>();
    LocalTensor<half> h = b.Get<half>();
    f.SetValue(0, 1.0f + 1.0f / 2048);  // tie between 1 and 1 + 2^-10: even is 1
    f.SetValue(1, 1.0f + 3.0f / 2048);  // tie: rounds up to 1 + 2^-9
    f.SetValue(2, 70000.0f);            // overflows to inf
    f.SetValue(3, std::nanf(""));
    Cast(h, f, RoundMode::CAST_RINT, 4);
    EXPECT_EQ(h.GetValue(0).bits(), 0x3C00);
    EXPECT_EQ(h.GetValue(1).bits(), 0x3C02);
    EXPECT_EQ(h.GetValue(2).bits(), 0x7C00);
    EXPECT_TRUE(std::isnan(float(h.GetValue(3))));
    LocalTensor<int32_t> i = b.Get<int32_t>();
    f.SetValue(0, 2.5f);
    f.SetValue(1, -2.5f);
    Cast(i, f, RoundMode::CAST_RINT, 2);
    EXPECT_EQ(i.GetValue(0), 2);
    EXPECT_EQ(i.GetValue(1), -2);
    Cast(i, f, RoundMode::CAST_FLOOR, 2);
    EXPECT_EQ(i.GetValue(1), -3);
    LocalTensor<float> g = b.Get<float>();
    Duplicate(g, 1.0f, 4);
    Max(g, g, f, 4);
    EXPECT_TRUE(std::isnan(g.GetValue(3)));
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(VectorApi, ReduceCountFormsAndIndex) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, w, d;
    pipe.InitBuffer(a, 4096);
    pipe.InitBuffer(w, 256);
    pipe.InitBuffer(d, 32);
    LocalTensor<float> x = a.Get<float>();
    for (int i = 0; i < 1000; ++i) x.SetValue(i, static_cast<float>((i * 37) % 1000));
    LocalTensor<float> dst = d.Get<float>();
    ReduceSum(dst, x, w.Get<float>(), 1000);
    EXPECT_EQ(dst.GetValue(0), 499500.0f);
    ReduceMax(dst, x, w.Get<float>(), 1000, true);
    EXPECT_EQ(dst.GetValue(0), 999.0f);
    uint32_t index;
    const float bits = dst.GetValue(1);
    std::memcpy(&index, &bits, 4);
    EXPECT_EQ((index * 37) % 1000, 999u);
    ReduceMin(dst, x, w.Get<float>(), 1000);
    EXPECT_EQ(dst.GetValue(0), 0.0f);
    ReduceSum(dst, x, w.Get<float>(), 0);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("count must be >= 1"), std::string::npos);
}

TEST(VectorApi, WholeReduceRepeatForm) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, d;
    pipe.InitBuffer(a, 1024);  // 4 repeats of 64 floats
    pipe.InitBuffer(d, 64);
    LocalTensor<float> x = a.Get<float>();
    for (int i = 0; i < 256; ++i) x.SetValue(i, static_cast<float>(i % 64 == 5 ? 100 + i : 1));
    LocalTensor<float> dst = d.Get<float>();
    WholeReduceSum(dst, x, 64, 4, 1, 1, 8);
    for (int rep = 0; rep < 4; ++rep) EXPECT_EQ(dst.GetValue(rep), 63.0f + 100 + rep * 64 + 5);
    WholeReduceSum(dst, x, 5, 4, 1, 1, 8);  // mask: the first 5 elements of each repeat
    EXPECT_EQ(dst.GetValue(2), 5.0f);
    WholeReduceMax(dst, x, 64, 2, 1, 1, 8, ReduceOrder::ORDER_VALUE_INDEX);
    EXPECT_EQ(dst.GetValue(0), 105.0f);
    EXPECT_EQ(dst.GetValue(2), 169.0f);
    uint32_t index;
    const float bits = dst.GetValue(3);
    std::memcpy(&index, &bits, 4);
    EXPECT_EQ(index, 5u);
    WholeReduceMin(dst, x, 65, 1, 1, 1, 8);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("mask must be in [1, 256 B / sizeof(T)]"), std::string::npos);
}

}  // namespace
}  // namespace opsim::sim
