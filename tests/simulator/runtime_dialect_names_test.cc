// Kernel-API names today's public kernels (ops-math experimental) use and that opsim lacked:
// float16_t/float32_t, AscendC::Std, KERNEL_LOG inside ASCENDC_ASSERT, the braced DataCopyPad
// argument, the mixed Axpy. Each test is written the way those kernels spell the call.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

template <typename T>
std::vector<GmRegion> Out(std::vector<T>& out) {
  return {{out.data(), out.size() * sizeof(T), "y"}};
}

TEST(DialectNames, Float16AndFloat32AreTheKernelTypes) {
  // Kernels pick a dtype column with is_same_v<DTYPE_X, float32_t>.
  static_assert(std::is_same_v<float16_t, half>);
  static_assert(std::is_same_v<float32_t, float>);
  static_assert(!std::is_same_v<float16_t, bfloat16_t>);
}

TEST(DialectNames, StdTraitsAndTupleAreTheStandardOnes) {
  static_assert(Std::is_same<half, half>::value);
  static_assert(!AscendC::Std::is_same<half, bfloat16_t>::value);
  static_assert(Std::is_one_of_v<int16_t, int32_t, int16_t>);
  static_assert(!Std::is_one_of_v<float, half, bfloat16_t>);
  static_assert(Std::is_constant_v<Std::integral_constant<int, 4>>);
  static_assert(!Std::is_constant_v<int>);
  static_assert(std::is_same_v<Std::conditional_t<true, float, half>, float>);
  int a = 1;
  auto t = Std::make_tuple(a, 2.5f, std::ref(a));
  static_assert(Std::is_tuple_v<decltype(t)>);
  static_assert(std::is_same_v<decltype(t), Std::tuple<int, float, int&>>);
  static_assert(Std::tuple_size<decltype(t)>::value == 3);
  Std::get<2>(t) = 7;
  EXPECT_EQ(a, 7);
  EXPECT_EQ(Std::get<1>(t), 2.5f);
}

TEST(DialectNames, StdMinMaxKeepTheFirstArgumentsType) {
  // The comparison is by value across signedness; the result has the first argument's type.
  EXPECT_EQ(Std::min(int32_t{-1}, uint8_t{200}), -1);
  EXPECT_EQ(Std::max(int32_t{-1}, uint8_t{200}), 200);
  static_assert(std::is_same_v<decltype(Std::max(int64_t{1}, 2)), int64_t>);
  EXPECT_EQ(static_cast<float>(Std::min(half(3.0f), 2.0f)), 2.0f);
  EXPECT_EQ(Std::abs(-3), 3);
  EXPECT_EQ(static_cast<float>(Std::abs(half(-1.5f))), 1.5f);
  EXPECT_EQ(Std::sqrt(16.0f), 4.0f);
}

TEST(DialectNames, AscendcAssertRunsItsBehaviourThenFaults) {
  int logged = 0;
  const LaunchResult r = RunOne([&] {
    const uint32_t key = 9;
    ASCENDC_ASSERT(key < 4, {
      KERNEL_LOG(KERNEL_ERROR, "Invalid tilingKey %u", key);
      ++logged;
    });
  });
  EXPECT_EQ(logged, 1);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kAssertFailed);
  EXPECT_NE(r.fault->message.find("'key < 4'"), std::string::npos) << r.fault->message;
}

TEST(DialectNames, AscendcAssertThatHoldsDoesNothing) {
  int logged = 0;
  const LaunchResult r = RunOne([&] {
    ASCENDC_ASSERT(GetBlockIdx() == 0, { ++logged; });
    KERNEL_LOG(KERNEL_INFO, "plain text");
  });
  EXPECT_FALSE(r.fault.has_value()) << r.fault->ToString();
  EXPECT_EQ(logged, 0);
}

TEST(DialectNames, BracedFourValuesAreDataCopyParams) {
  // DataCopyPad(gm, local, {1, bytes, 0, 0}): CANN's DataCopyExtParams takes five values, so four
  // mean DataCopyParams (blockLen in bytes for DataCopyPad).
  static_assert(!std::is_constructible_v<DataCopyExtParams, int, int, int, int>);
  std::vector<float> out(8, -1.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 32);
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 2.0f, 8);
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> y;
        y.SetGlobalBuffer(out.data(), 8);
        DataCopyPad(y, t, {1, static_cast<uint16_t>(3 * sizeof(float)), 0, 0});
      },
      true, Out(out));
  EXPECT_FALSE(r.fault.has_value()) << r.fault->ToString();
  EXPECT_EQ(out, (std::vector<float>{2, 2, 2, -1, -1, -1, -1, -1}));
}

TEST(DialectNames, AxpyAccumulatesHalfIntoFloat) {
  // Axpy<float, half>(dst, src, scalar, count), as ops-math's fused_mul_add_n calls it.
  std::vector<float> out(16);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> fb, hb;
        pipe.InitBuffer(fb, 64);
        pipe.InitBuffer(hb, 32);
        LocalTensor<float> dst = fb.Get<float>();
        LocalTensor<half> src = hb.Get<half>();
        Duplicate(dst, 1.0f, 16);
        Duplicate(src, half(3.0f), 16);
        PipeBarrier<PIPE_V>();
        Axpy<float, half>(dst, src, half(0.5f), 16);
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> y;
        y.SetGlobalBuffer(out.data(), 16);
        DataCopy(y, dst, 16);
      },
      true, Out(out));
  ASSERT_FALSE(r.fault.has_value()) << r.fault->ToString();
  EXPECT_EQ(out, std::vector<float>(16, 2.5f));
}

}  // namespace
}  // namespace opsim::sim
