// SetFlag/WaitFlag pairing (checked mode): a SetFlag never waited for when the kernel ends, or
// set again while set, is unpaired_flag; a WaitFlag with no SetFlag pending is a deadlock naming
// the event and the waiting pipe. The correct twins (pairs, a ping-pong of two ids) run clean.
#include <gtest/gtest.h>

#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

TEST(FlagCheck, ASetFlagNeverWaitedForIsUnpairedAtKernelEnd) {
  const LaunchResult r = testing::RunOne([] { SetFlag<HardEvent::V_MTE3>(EVENT_ID0); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnpairedFlag);
  EXPECT_EQ(r.fault->instruction, "kernel end");
  EXPECT_NE(r.fault->message.find("SetFlag<V_MTE3>(0) set at 0.00 us was never waited for"),
            std::string::npos)
      << r.fault->message;
  const LaunchResult paired = testing::RunOne([] {
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  });
  EXPECT_TRUE(paired.status.ok()) << paired.status.ToString();
  // Unchecked, nothing is kept to check it with: the fast path stays as it was.
  const LaunchResult unchecked =
      testing::RunOne([] { SetFlag<HardEvent::V_MTE3>(EVENT_ID0); }, false);
  EXPECT_TRUE(unchecked.status.ok()) << unchecked.status.ToString();
}

TEST(FlagCheck, ASecondSetBeforeTheWaitIsRedundant) {
  const LaunchResult r = testing::RunOne([] {
    SetFlag<HardEvent::MTE2_V>(EVENT_ID1);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID1);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID1);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnpairedFlag);
  EXPECT_EQ(r.fault->instruction, "SetFlag");
  EXPECT_NE(r.fault->message.find("SetFlag<MTE2_V>(1) while the one set at"), std::string::npos)
      << r.fault->message;
  const LaunchResult twice = testing::RunOne([] {
    for (int i = 0; i < 2; ++i) {
      SetFlag<HardEvent::MTE2_V>(EVENT_ID1);
      WaitFlag<HardEvent::MTE2_V>(EVENT_ID1);
    }
  });
  EXPECT_TRUE(twice.status.ok()) << twice.status.ToString();
}

TEST(FlagCheck, AWaitFlagNothingSetIsADeadlockNamingTheEventAndPipe) {
  const LaunchResult r = testing::RunOne([] { WaitFlag<HardEvent::MTE2_V>(EVENT_ID1); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kDeadlock);
  EXPECT_EQ(r.fault->instruction, "WaitFlag");
  EXPECT_NE(r.fault->message.find("WaitFlag<MTE2_V>(1) on core 0 (block 0): no "
                                  "SetFlag<MTE2_V>(1) is pending"),
            std::string::npos)
      << r.fault->message;
  EXPECT_NE(r.fault->message.find("the V pipe would wait forever"), std::string::npos)
      << r.fault->message;
}

// Double buffering's flags: both ids set up front, each loop turn waits for one and sets it
// again, the epilogue waits for both.
TEST(FlagCheck, APingPongOfTwoIdsIsClean) {
  const LaunchResult r = testing::RunOne([] {
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
    for (int i = 0; i < 6; ++i) {
      const event_t id = (i & 1) != 0 ? EVENT_ID1 : EVENT_ID0;
      WaitFlag<HardEvent::MTE3_MTE2>(id);
      SetFlag<HardEvent::MTE3_MTE2>(id);
    }
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

}  // namespace
}  // namespace opsim::sim
