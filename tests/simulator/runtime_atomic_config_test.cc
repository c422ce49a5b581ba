// SetStoreAtomicConfig / GetStoreAtomicConfig: the atomic mode by enum, honoured by UB -> GM
// copies, and read back in the register's layout.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

TEST(StoreAtomicConfig, SumAccumulatesAndReadsBack) {
  std::vector<float> in(8, 2.0f), out(8, 1.0f);
  uint16_t type = 9, op = 9, type_after = 9;
  int64_t reg = -1, reg_max = -1;
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 32);
        GlobalTensor<float> x, y;
        x.SetGlobalBuffer(in.data(), 8);
        y.SetGlobalBuffer(out.data(), 8);
        LocalTensor<float> t = b.Get<float>();
        DataCopy(t, x, 8);
        PipeBarrier<PIPE_ALL>();
        SetStoreAtomicConfig<AtomicDtype::ATOMIC_F32, AtomicOp::ATOMIC_SUM>();
        GetStoreAtomicConfig(type, op);
        reg = GetStoreAtomicConfig();
        DataCopy(y, t, 8);
        PipeBarrier<PIPE_ALL>();
        SetAtomicMax<float>();
        reg_max = GetStoreAtomicConfig();
        SetStoreAtomicConfig<AtomicDtype::ATOMIC_NONE, AtomicOp::ATOMIC_SUM>();
        GetStoreAtomicConfig(type_after, op);
      },
      true, {{in.data(), 32, "x"}, {out.data(), 32, "y"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(type, 1);  // ATOMIC_F32
  EXPECT_EQ(reg, 1);   // type 1, operation 0 (sum)
  EXPECT_EQ(reg_max, 1 | 1 << 4);
  EXPECT_EQ(type_after, 0);
  EXPECT_EQ(op, 0);
  for (float v : out) EXPECT_EQ(v, 3.0f);
}

TEST(StoreAtomicConfig, EveryTypeMapsToItsMode) {
  std::vector<int64_t> regs;
  const LaunchResult r = testing::RunOne([&] {
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_F16, AtomicOp::ATOMIC_SUM>();
    regs.push_back(GetStoreAtomicConfig());
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_S32, AtomicOp::ATOMIC_SUM>();
    regs.push_back(GetStoreAtomicConfig());
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_S8, AtomicOp::ATOMIC_SUM>();
    regs.push_back(GetStoreAtomicConfig());
    SetStoreAtomicConfig<AtomicDtype::ATOMIC_BF16, AtomicOp::ATOMIC_SUM>();
    regs.push_back(GetStoreAtomicConfig());
    SetAtomicNone();
    regs.push_back(GetStoreAtomicConfig());
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(regs, (std::vector<int64_t>{2, 4, 5, 6, 0}));
}

TEST(StoreAtomicConfig, BadValuesFault) {
  LaunchResult r = testing::RunOne(
      [] { SetStoreAtomicConfig<AtomicDtype::ATOMIC_S16, AtomicOp::ATOMIC_SUM>(); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(r.fault->message.find("ATOMIC_S16"), std::string::npos) << r.fault->message;
  r = testing::RunOne(
      [] { SetStoreAtomicConfig<static_cast<AtomicDtype>(7), AtomicOp::ATOMIC_SUM>(); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("AtomicDtype 7 is none of"), std::string::npos);
  r = testing::RunOne(
      [] { SetStoreAtomicConfig<AtomicDtype::ATOMIC_F32, static_cast<AtomicOp>(1)>(); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("AtomicOp 1 is not ATOMIC_SUM"), std::string::npos);
}

}  // namespace
}  // namespace opsim::sim
