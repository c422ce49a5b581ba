// CANN's CCE intrinsics (pipe_barrier, set_flag, wait_flag), the core-type guards, GetTPipePtr
// with the TPipe's event ids, SetSysWorkspace and the older DataCopyPad form.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

// The same copy-in, add, copy-out kernel synchronised with the intrinsics or with Ascend C's
// SetFlag/WaitFlag: the same simulated time, and the data arrives.
double RunAddWith(bool intrinsics, std::vector<float>& out) {
  std::vector<float> x(64, 1.5f);
  out.assign(64, 0.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 256);
        GlobalTensor<float> gx, gy;
        gx.SetGlobalBuffer(x.data(), 64);
        gy.SetGlobalBuffer(out.data(), 64);
        LocalTensor<float> t = buf.Get<float>();
        DataCopy(t, gx, 64);
        if (intrinsics) {
          set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
          wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        } else {
          SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
          WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        }
        Add(t, t, t, 64);
        if (intrinsics) {
          set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
          wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
          pipe_barrier(PIPE_ALL);
        } else {
          SetFlag<HardEvent::V_MTE3>(EVENT_ID1);
          WaitFlag<HardEvent::V_MTE3>(EVENT_ID1);
          PipeBarrier<PIPE_ALL>();
        }
        DataCopy(gy, t, 64);
      },
      true, {{x.data(), 256, "x"}, {out.data(), 256, "y"}});
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return r.stats.device_ns;
}

TEST(CceIntrinsics, SetFlagWaitFlagPipeBarrierAreAscendCsFlags) {
  std::vector<float> a, b;
  const double t_intr = RunAddWith(true, a);
  const double t_api = RunAddWith(false, b);
  EXPECT_EQ(t_intr, t_api);
  for (float v : a) EXPECT_EQ(v, 3.0f);
}

TEST(CceIntrinsics, SetFlagOfOnePipeIsAFault) {
  const LaunchResult r = RunOne([] { set_flag(PIPE_V, PIPE_V, EVENT_ID0); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("no flag from PIPE_V to PIPE_V"), std::string::npos)
      << r.fault->message;
}

TEST(CceIntrinsics, SetFlagLeftSetIsReportedAsAscendCsIs) {
  // The intrinsic sets the real flag: one left pending at the end is the usual fault.
  const LaunchResult r = RunOne([] { set_flag(PIPE_S, PIPE_V, EVENT_ID3); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("S_V"), std::string::npos) << r.fault->message;
}

TEST(CceIntrinsics, CoreTypeGuardsDescribeAVectorCore) {
  EXPECT_TRUE(ASCEND_IS_AIV);
  EXPECT_FALSE(ASCEND_IS_AIC);
  EXPECT_FALSE(ASCEND_IS_NOT_AIV);
  EXPECT_TRUE(ASCEND_IS_NOT_AIC);
  EXPECT_EQ(g_coreType, AscendC::AIV);
#if !defined(__DAV_C220_VEC__) || defined(__DAV_C220_CUBE__)
  ADD_FAILURE() << "a 910B vector core defines __DAV_C220_VEC__ only";
#endif
  EXPECT_EQ(ONE_BLK_SIZE, 32);
  EXPECT_EQ(ONE_REPEAT_BYTE_SIZE, 256);
  EXPECT_EQ(DEFAULT_REPEAT_STRIDE, 8);
  EXPECT_EQ(MAX_REPEAT_TIMES, 255);
}

TEST(CceIntrinsics, GetTPipePtrAndEventIds) {
  std::vector<int> ids;
  bool same = false, nested = false, back = false;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    same = GetTPipePtr() == &pipe;
    ids.push_back(GetTPipePtr()->FetchEventID(HardEvent::V_S));     // 0, not taken
    ids.push_back(GetTPipePtr()->FetchEventID<HardEvent::V_S>());   // still 0
    ids.push_back(GetTPipePtr()->AllocEventID<HardEvent::V_S>());   // 0, taken
    ids.push_back(GetTPipePtr()->AllocEventID<HardEvent::V_S>());   // 1
    ids.push_back(GetTPipePtr()->FetchEventID(HardEvent::V_S));     // 2
    ids.push_back(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));  // 0: per event
    GetTPipePtr()->ReleaseEventID<HardEvent::V_S>(EVENT_ID0);
    ids.push_back(GetTPipePtr()->AllocEventID<HardEvent::V_S>());  // 0 again
    {
      TPipe inner;
      nested = GetTPipePtr() == &inner;
    }
    back = GetTPipePtr() == &pipe;
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_TRUE(same);
  EXPECT_TRUE(nested);
  EXPECT_TRUE(back);
  EXPECT_EQ(ids, (std::vector<int>{0, 0, 0, 1, 2, 0, 0}));
}

TEST(CceIntrinsics, EventIdFaults) {
  LaunchResult r = RunOne([] { (void)GetTPipePtr(); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("no TPipe is alive"), std::string::npos);
  r = RunOne([] {
    TPipe pipe;
    for (int i = 0; i < 9; ++i) (void)pipe.AllocEventID<HardEvent::MTE3_V>();
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("all 8 event ids of HardEvent::MTE3_V"), std::string::npos)
      << r.fault->message;
  r = RunOne([] {
    TPipe pipe;
    pipe.ReleaseEventID<HardEvent::V_MTE3>(EVENT_ID2);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("event id 2 of HardEvent::V_MTE3 was not taken"),
            std::string::npos)
      << r.fault->message;
}

TEST(CceIntrinsics, SysWorkspaceRoundTrips) {
  std::vector<uint8_t> ws(64);
  uint8_t* before = reinterpret_cast<uint8_t*>(&ws);  // GM_ADDR is a macro: one per line
  uint8_t* after = nullptr;
  const LaunchResult r = RunOne([&] {
    before = GetSysWorkSpacePtr();
    SetSysWorkspace(ws.data());
    after = GetSysWorkSpacePtr();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(before, nullptr);
  EXPECT_EQ(after, ws.data());
}

TEST(CceIntrinsics, DataCopyPadWithDataCopyParams) {
  std::vector<float> x(10);
  for (int i = 0; i < 10; ++i) x[i] = static_cast<float>(i + 1);
  std::vector<float> y(10, 0.0f), ub(16, 0.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<float> gx, gy;
        gx.SetGlobalBuffer(x.data(), 10);
        gy.SetGlobalBuffer(y.data(), 10);
        LocalTensor<float> t = buf.Get<float>();
        // One block of 40 B, padded on the right by 6 floats of 7 (blockLen in bytes); this
        // form's paddingValue is the pad register's bits, so 7.0f goes in as its bit pattern.
        uint32_t seven_bits = 0;
        const float seven = 7.0f;
        std::memcpy(&seven_bits, &seven, sizeof(seven));
        DataCopyPad(t, gx, DataCopyParams{1, 40, 0, 0}, DataCopyPadParams{true, 0, 6, seven_bits});
        std::memcpy(ub.data(), t.data(), 64);
        SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        DataCopyPad(gy, t, DataCopyParams{1, 40, 0, 0});
      },
      true, {{x.data(), 40, "x"}, {y.data(), 40, "y"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 10; ++i) EXPECT_EQ(ub[i], i + 1.0f);
  for (int i = 10; i < 16; ++i) EXPECT_EQ(ub[i], 7.0f);
  EXPECT_EQ(y, x);
}

// Half elements pad with the low 16 bits of paddingValue (0x3C00 = 1.0 in half): the raw value
// neither converts (it would be 15360.0) nor fails to compile for a 2-byte float type.
TEST(CceIntrinsics, DataCopyPadWithDataCopyParamsPadsHalfWithLowBits) {
  std::vector<half> x(4, half(2.0f)), y(4, half(0.0f)), ub(16, half(0.0f));
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 32);
        GlobalTensor<half> gx, gy;
        gx.SetGlobalBuffer(x.data(), 4);
        gy.SetGlobalBuffer(y.data(), 4);
        LocalTensor<half> t = buf.Get<half>();
        DataCopyPad(t, gx, DataCopyParams{1, 8, 0, 0},
                    DataCopyPadParams{true, 0, 12, 0xABCD00003C00ull});
        std::memcpy(ub.data(), t.data(), 32);
        SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
        DataCopyPad(gy, t, DataCopyParams{1, 8, 0, 0});
      },
      true, {{x.data(), 8, "x"}, {y.data(), 8, "y"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(static_cast<float>(ub[i]), 2.0f);
  for (int i = 4; i < 16; ++i) EXPECT_EQ(static_cast<float>(ub[i]), 1.0f) << i;
  for (int i = 0; i < 4; ++i) EXPECT_EQ(static_cast<float>(y[i]), 2.0f);
}

}  // namespace
}  // namespace opsim::sim
