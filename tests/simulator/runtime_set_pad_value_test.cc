// SetPadValue: the value DataCopyPad GM -> UB writes into each row's padding when isPad is false
// (SetPadValue(ISASI) and DataCopyPad pages), in every A2/A3 type, and the faults and warnings
// of its rules.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

// Two rows of 5 elements, 2 on the left and 3 on the right padded (isPad false), the rest of
// each 32 B-aligned row too: every padding element must hold the SetPadValue value.
template <typename T>
void CheckPadValueType(T value, bool set_first = true) {
  constexpr uint32_t kRow = (10 * sizeof(T) + 31) / 32 * 32 / sizeof(T);
  std::vector<T> x(10);
  for (int i = 0; i < 10; ++i) x[i] = static_cast<T>(static_cast<float>(i + 1));
  std::vector<T> ub(2 * kRow);
  const uint8_t left = 2, right = 3;
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2 * kRow * sizeof(T));
        GlobalTensor<T> gx;
        gx.SetGlobalBuffer(x.data(), 10);
        LocalTensor<T> t = buf.Get<T>();
        if (set_first) SetPadValue(value);
        DataCopyPadExtParams<T> pad;
        pad.isPad = false;
        pad.leftPadding = left;
        pad.rightPadding = right;
        DataCopyPad(t, gx, DataCopyExtParams{2, 5 * sizeof(T), 0, 0, 0}, pad);
        SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
        for (uint32_t i = 0; i < 2 * kRow; ++i) ub[i] = t.GetValue(i);
      },
      true, {testing::Region(x, "x")});
  ASSERT_TRUE(r.status.ok()) << (r.fault ? r.fault->ToString() : r.status.ToString());
  for (uint32_t row = 0; row < 2; ++row) {
    for (uint32_t i = 0; i < kRow; ++i) {
      const bool data = i >= left && i < left + 5u;
      const T want = data ? x[row * 5 + i - left] : value;
      ASSERT_EQ(std::memcmp(&ub[row * kRow + i], &want, sizeof(T)), 0)
          << "row " << row << " element " << i << " of " << sizeof(T) << "-byte type";
    }
  }
}

TEST(SetPadValue, PadsEveryTypeWhenIsPadIsFalse) {
  CheckPadValueType<int8_t>(-7);
  CheckPadValueType<uint8_t>(200);
  CheckPadValueType<int16_t>(-300);
  CheckPadValueType<uint16_t>(60000);
  CheckPadValueType<half>(half(1.5f));
  CheckPadValueType<bfloat16_t>(bfloat16_t(-2.0f));
  CheckPadValueType<int32_t>(-123456);
  CheckPadValueType<uint32_t>(4000000000u);
  CheckPadValueType<float>(3.25f);
  CheckPadValueType<int64_t>(0);
  CheckPadValueType<uint64_t>(0);
  CheckPadValueType<double>(0.0);
}

TEST(SetPadValue, AnIsPadCopyTakesTheRegisterOver) {
  // SetPadValue(9), then an isPad copy with 3 (CANN's implementation writes MOV_PAD_VAL from
  // paddingValue), then isPad false: that copy's padding is no longer SetPadValue's (checked
  // mode poisons it, as any padding nobody defined).
  std::vector<int32_t> x(8, 1), first(16), second(16);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 64);
        pipe.InitBuffer(b, 64);
        GlobalTensor<int32_t> gx;
        gx.SetGlobalBuffer(x.data(), 8);
        SetPadValue<int32_t>(9);
        DataCopyPad(a.Get<int32_t>(), gx, DataCopyExtParams{1, 20, 0, 0, 0},
                    DataCopyPadExtParams<int32_t>{true, 0, 3, 3});
        DataCopyPad(b.Get<int32_t>(), gx, DataCopyExtParams{1, 20, 0, 0, 0},
                    DataCopyPadExtParams<int32_t>{false, 0, 3, 0});
        SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
        std::memcpy(first.data(), a.Get<int32_t>().data(), 64);
        std::memcpy(second.data(), b.Get<int32_t>().data(), 64);
      },
      true, {testing::Region(x, "x")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 5; i < 8; ++i) EXPECT_EQ(first[i], 3) << i;
  for (int i = 5; i < 8; ++i) EXPECT_EQ(second[i], -1) << i;  // 0xFF bytes: undefined
}

LaunchResult PadValueFaultCase(int which) {
  static std::vector<float> x(8, 1.0f);
  return RunOne(
      [which] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a;
        pipe.InitBuffer(a, 64);
        GlobalTensor<float> gx;
        gx.SetGlobalBuffer(x.data(), 8);
        switch (which) {
          case 0:  // a half value for float data
            SetPadValue(half(1.0f));
            DataCopyPad(a.Get<float>(), gx, DataCopyExtParams{1, 20, 0, 0, 0},
                        DataCopyPadExtParams<float>{false, 0, 1, 0});
            break;
          case 1:  // a position outside the GM -> UB path
            SetPadValue<float, TPosition::A1>(1.0f);
            break;
          case 2:  // bool is not among the A2/A3 types
            SetPadValue(true);
            break;
        }
      },
      true, {testing::Region(x, "x")});
}

TEST(SetPadValue, FaultsOfEachRule) {
  const FaultKind want[] = {FaultKind::kInvalidArgument, FaultKind::kInvalidArgument,
                            FaultKind::kUnsupported};
  const char* says[] = {"2-byte", "TPosition::VECIN", "bool"};
  for (int i = 0; i < 3; ++i) {
    const LaunchResult r = PadValueFaultCase(i);
    ASSERT_TRUE(r.fault.has_value()) << "case " << i;
    EXPECT_EQ(r.fault->kind, want[i]) << r.fault->ToString();
    EXPECT_NE(r.fault->message.find(says[i]), std::string::npos) << r.fault->ToString();
  }
}

TEST(SetPadValue, NonZeroSixtyFourBitPaddingWarns) {
  std::vector<int64_t> x(4, 5);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a;
        pipe.InitBuffer(a, 64);
        GlobalTensor<int64_t> gx;
        gx.SetGlobalBuffer(x.data(), 4);
        SetPadValue<int64_t>(7);
        DataCopyPad(a.Get<int64_t>(), gx, DataCopyExtParams{1, 24, 0, 0, 0},
                    DataCopyPadExtParams<int64_t>{false, 0, 1, 0});
      },
      true, {testing::Region(x, "x")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].kind, "pad_value_b64_nonzero");
}

}  // namespace
}  // namespace opsim::sim
