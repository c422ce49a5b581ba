// CANN's --cce-auto-sync (LaunchOptions::auto_sync): for each dependency class the compiler
// orders (MTE2->S, MTE3->S, V->S, S->V, V->V), auto-sync on orders it on the timeline with the
// cost of the inserted sync and never faults; off, the same kernel is a kMissingSync fault naming
// the missing hand-off, and the kernel with the matching SetFlag/WaitFlag or PipeBarrier runs
// clean. The MTE2->V hand-off stays the kernel's in both modes.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/device_profile.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

constexpr double kFlagNs = 20;   // flag_sync_cycles at 1 GHz
constexpr double kScalarNs = 1;  // TestDevice's scalar_cycles at 1 GHz
constexpr int32_t kFaultBlock = 1;
constexpr uint32_t kCount = 64;  // floats: one 256 B vector repeat

DeviceProfile Device() {
  DeviceProfile d = testing::TestDevice();
  d.flag_sync_cycles = kFlagNs;
  return d;
}

// When the pipe is done with what it issued: a DMA's data there (its start + set-up + transfer),
// past the pipe's own clock (runtime/dma_setup.h).
double Clock(Pipe pipe) { return detail::Cur().DoneAt(pipe); }

// What a kernel saw on the clocks of the block that does the dependent access.
struct Times {
  double producer_end = -1;  // when the producing pipe is done with the producer
  double consumer_end = -1;  // when the consuming pipe is done with the consumer
  double consumer_cost = 0;  // from the consumer's start to its end (a DMA: set-up + transfer)
};

// The dependency classes, each a kernel in which block kFaultBlock does the access that depends
// on another pipe's earlier work; `sync` adds the hand-off a kernel needs when auto-sync is off.
enum class Dep { kMte2ToS, kMte3ToS, kVToS, kSToV, kVToV };

struct Case {
  Dep dep;
  const char* name;
  const char* instruction;  // the consumer, as the fault names it
  const char* handoff;      // what the off-mode message names as missing
};

const Case kCases[] = {
    {Dep::kMte2ToS, "Mte2ToS", "LocalTensor::GetValue", "SetFlag<MTE2_S>/WaitFlag<MTE2_S>"},
    {Dep::kMte3ToS, "Mte3ToS", "LocalTensor::SetValue", "SetFlag<MTE3_S>/WaitFlag<MTE3_S>"},
    {Dep::kVToS, "VToS", "LocalTensor::GetValue", "SetFlag<V_S>/WaitFlag<V_S>"},
    {Dep::kSToV, "SToV", "Adds", "SetFlag<S_V>/WaitFlag<S_V>"},
    {Dep::kVToV, "VToV", "Adds", "no PipeBarrier<PIPE_V>"},
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

void RunDependency(Dep dep, bool sync, std::vector<float>& in, std::vector<float>& out,
                   Times* times) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, b;
  pipe.InitBuffer(a, kCount * sizeof(float));
  pipe.InitBuffer(b, kCount * sizeof(float));
  GlobalTensor<float> x, y;
  x.SetGlobalBuffer(in.data(), kCount);
  y.SetGlobalBuffer(out.data() + GetBlockIdx() * kCount, kCount);
  LocalTensor<float> t = a.Get<float>();
  LocalTensor<float> u = b.Get<float>();
  const bool mine = GetBlockIdx() == kFaultBlock;
  switch (dep) {
    case Dep::kMte2ToS:
      DataCopy(t, x, kCount);
      times->producer_end = Clock(Pipe::kMte2);
      if (sync) {
        SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
      }
      if (mine) (void)t.GetValue(0);
      times->consumer_end = Clock(Pipe::kS);
      times->consumer_cost = kScalarNs;
      break;
    case Dep::kMte3ToS:
      Duplicate(t, 1.0f, kCount);
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
      DataCopy(y, t, kCount);
      times->producer_end = Clock(Pipe::kMte3);
      if (sync) {
        SetFlag<HardEvent::MTE3_S>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_S>(EVENT_ID0);
      }
      if (mine) t.SetValue(0, 2.0f);  // overwrites what MTE3 is still copying out
      times->consumer_end = Clock(Pipe::kS);
      times->consumer_cost = kScalarNs;
      break;
    case Dep::kVToS:
      Duplicate(t, 1.0f, kCount);
      times->producer_end = Clock(Pipe::kV);
      if (sync) {
        SetFlag<HardEvent::V_S>(EVENT_ID0);
        WaitFlag<HardEvent::V_S>(EVENT_ID0);
      }
      if (mine) (void)t.GetValue(0);
      times->consumer_end = Clock(Pipe::kS);
      times->consumer_cost = kScalarNs;
      break;
    case Dep::kSToV: {
      for (uint32_t i = 0; i < kCount; ++i) t.SetValue(i, static_cast<float>(i));
      times->producer_end = Clock(Pipe::kS);
      if (sync) {
        SetFlag<HardEvent::S_V>(EVENT_ID0);
        WaitFlag<HardEvent::S_V>(EVENT_ID0);
      }
      if (mine) Adds(u, t, 1.0f, kCount);
      times->consumer_end = Clock(Pipe::kV);
      times->consumer_cost = detail::Cur().VectorCost(kCount * sizeof(float));
      break;
    }
    case Dep::kVToV: {
      Duplicate(t, 1.0f, kCount);
      times->producer_end = Clock(Pipe::kV);
      if (sync) PipeBarrier<PIPE_V>();
      if (mine) Adds(u, t, 1.0f, kCount);
      times->consumer_end = Clock(Pipe::kV);
      times->consumer_cost = detail::Cur().VectorCost(kCount * sizeof(float));
      break;
    }
  }
}

struct SyncRun {
  LaunchResult result;
  Times times;  // of block kFaultBlock
};

SyncRun Launch2(Dep dep, bool auto_sync, bool sync, bool checked = true) {
  static std::vector<float> in(kCount, 1.0f), out(2 * kCount);
  LaunchOptions options;
  options.checked = checked;
  options.auto_sync = auto_sync;
  options.regions = {{in.data(), in.size() * sizeof(float), "x"},
                     {out.data(), out.size() * sizeof(float), "y"}};
  Times per_block[2];
  SyncRun run;
  run.result = Launch(Device(), 2, options,
                      [&] { RunDependency(dep, sync, in, out, &per_block[GetBlockIdx()]); });
  run.times = per_block[kFaultBlock];
  return run;
}

class AutoSyncTest : public ::testing::TestWithParam<Case> {};

TEST_P(AutoSyncTest, OnOrdersTheDependencyWithTheInsertedSyncAndNeverFaults) {
  const Case& c = GetParam();
  const SyncRun run = Launch2(c.dep, /*auto_sync=*/true, /*sync=*/false);
  ASSERT_TRUE(run.result.status.ok()) << run.result.status.ToString();
  // V -> V is an inserted PipeBarrier<PIPE_V>: the vector pipe is modelled without overlap, so
  // the consumer starts at the producer's end. The others wait for the flag as well.
  const double wait = c.dep == Dep::kVToV ? 0 : kFlagNs;
  EXPECT_DOUBLE_EQ(run.times.consumer_end, run.times.producer_end + wait + run.times.consumer_cost)
      << c.name;
}

TEST_P(AutoSyncTest, OnOrdersTheSameWayInUncheckedMode) {
  const Case& c = GetParam();
  const SyncRun checked = Launch2(c.dep, true, false, /*checked=*/true);
  const SyncRun unchecked = Launch2(c.dep, true, false, /*checked=*/false);
  ASSERT_TRUE(unchecked.result.status.ok()) << unchecked.result.status.ToString();
  EXPECT_DOUBLE_EQ(unchecked.times.consumer_end, checked.times.consumer_end) << c.name;
  EXPECT_DOUBLE_EQ(unchecked.result.stats.device_ns, checked.result.stats.device_ns) << c.name;
}

TEST_P(AutoSyncTest, OffWithoutTheHandOffIsAMissingSyncNamingIt) {
  const Case& c = GetParam();
  const SyncRun run = Launch2(c.dep, /*auto_sync=*/false, /*sync=*/false);
  ASSERT_TRUE(run.result.fault.has_value()) << c.name;
  const Fault& f = *run.result.fault;
  EXPECT_EQ(f.kind, FaultKind::kMissingSync) << c.name;
  EXPECT_EQ(f.block, kFaultBlock) << c.name;
  EXPECT_EQ(f.instruction, c.instruction) << c.name;
  EXPECT_NE(f.message.find(c.handoff), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("TBuf buffer #0"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("auto-sync is off"), std::string::npos) << f.message;
}

TEST_P(AutoSyncTest, OffWithTheHandOffRunsClean) {
  const Case& c = GetParam();
  const SyncRun run = Launch2(c.dep, /*auto_sync=*/false, /*sync=*/true);
  EXPECT_TRUE(run.result.status.ok()) << c.name << ": " << run.result.status.ToString();
}

TEST_P(AutoSyncTest, OffIsNotCheckedInUncheckedMode) {
  const Case& c = GetParam();
  const SyncRun run = Launch2(c.dep, /*auto_sync=*/false, /*sync=*/false, /*checked=*/false);
  EXPECT_TRUE(run.result.status.ok()) << c.name << ": " << run.result.status.ToString();
}

INSTANTIATE_TEST_SUITE_P(Classes, AutoSyncTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

// The V -> MTE3 and MTE2 -> V hand-offs are the kernel's (queues or flags) in both modes.
TEST(AutoSync, MissingMte2ToVHandOffFaultsInBothModes) {
  std::vector<float> in(kCount, 1.0f);
  for (bool auto_sync : {true, false}) {
    LaunchOptions options;
    options.checked = true;
    options.auto_sync = auto_sync;
    options.regions = {{in.data(), in.size() * sizeof(float), "x"}};
    const LaunchResult r = Launch(Device(), 1, options, [&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> a;
      pipe.InitBuffer(a, kCount * sizeof(float));
      GlobalTensor<float> x;
      x.SetGlobalBuffer(in.data(), kCount);
      LocalTensor<float> t = a.Get<float>();
      DataCopy(t, x, kCount);
      Adds(t, t, 1.0f, kCount);
    });
    ASSERT_TRUE(r.fault.has_value()) << "auto_sync " << auto_sync;
    EXPECT_EQ(r.fault->kind, FaultKind::kMissingSync);
    EXPECT_EQ(r.fault->instruction, "Adds");
    EXPECT_NE(r.fault->message.find("V reads TBuf buffer #0"), std::string::npos)
        << r.fault->message;
    EXPECT_NE(r.fault->message.find("missing EnQue/DeQue or SetFlag/WaitFlag"), std::string::npos)
        << r.fault->message;
  }
}

// A V write handed to MTE3 through the queue and back (FreeTensor, AllocTensor) orders the next V
// write to the same buffer by itself: no PipeBarrier<PIPE_V> is missing there.
TEST(AutoSync, OffAcceptsAQueueRoundTripBetweenVectorWrites) {
  std::vector<float> out(2 * kCount);
  LaunchOptions options;
  options.checked = true;
  options.auto_sync = false;
  options.regions = {{out.data(), out.size() * sizeof(float), "y"}};
  const LaunchResult r = Launch(Device(), 1, options, [&] {
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, kCount * sizeof(float));
    GlobalTensor<float> y;
    y.SetGlobalBuffer(out.data(), 2 * kCount);
    for (uint32_t tile = 0; tile < 2; ++tile) {
      LocalTensor<float> t = q.AllocTensor<float>();
      Duplicate(t, static_cast<float>(tile), kCount);
      q.EnQue(t);
      t = q.DeQue<float>();
      DataCopy(y[tile * kCount], t, kCount);
      q.FreeTensor(t);
    }
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

// An explicit WaitFlag costs what an inserted one does: the waiter resumes flag_sync_cycles after
// the producer's end.
TEST(AutoSync, ExplicitWaitFlagChargesTheFlagLatency) {
  double v_end = -1, s_clock = -1;
  const LaunchResult r = Launch(Device(), 1, LaunchOptions{}, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, kCount * sizeof(float));
    Duplicate(a.Get<float>(), 1.0f, kCount);
    v_end = Clock(Pipe::kV);
    SetFlag<HardEvent::V_S>(EVENT_ID0);
    WaitFlag<HardEvent::V_S>(EVENT_ID0);
    s_clock = Clock(Pipe::kS);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_DOUBLE_EQ(s_clock, v_end + kFlagNs);
}

// A scalar access to a buffer no other pipe touched waits for nothing.
TEST(AutoSync, IndependentScalarAccessIsNotDelayed) {
  double s_clock = -1;
  const LaunchResult r = Launch(Device(), 1, LaunchOptions{}, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, kCount * sizeof(float));
    pipe.InitBuffer(b, kCount * sizeof(float));
    Duplicate(a.Get<float>(), 1.0f, kCount);
    b.Get<float>().SetValue(0, 1.0f);
    s_clock = Clock(Pipe::kS);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_DOUBLE_EQ(s_clock, kScalarNs);
}

// GM bytes a DMA and a GlobalTensor scalar access both touch: the same syncs as in the UB.
enum class GmDep { kMte3ToS, kSToMte2, kMte2ToS };

struct GmRun {
  LaunchResult result;
  double producer_end = -1;  // the producer's pipe clock after it
  double consumer_end = -1;  // the consumer's pipe clock after it
  double consumer_cost = 0;
};

GmRun RunGm(GmDep dep, bool auto_sync, bool sync, bool independent = false) {
  static std::vector<float> in(kCount, 1.0f), out(kCount, 0.0f);
  LaunchOptions options;
  options.checked = true;
  options.auto_sync = auto_sync;
  options.regions = {{in.data(), in.size() * sizeof(float), "x"},
                     {out.data(), out.size() * sizeof(float), "y"}};
  GmRun run;
  run.result = Launch(Device(), 1, options, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, kCount * sizeof(float));
    LocalTensor<float> t = a.Get<float>();
    GlobalTensor<float> x, y;
    x.SetGlobalBuffer(in.data(), kCount);
    y.SetGlobalBuffer(out.data(), kCount);
    switch (dep) {
      case GmDep::kMte3ToS:  // copy out, then read the result back by scalar
        Duplicate(t, 2.0f, kCount);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(y, t, kCount);
        run.producer_end = Clock(Pipe::kMte3);
        if (sync) {
          SetFlag<HardEvent::MTE3_S>(EVENT_ID0);
          WaitFlag<HardEvent::MTE3_S>(EVENT_ID0);
        }
        (void)(independent ? x : y).GetValue(0);
        run.consumer_end = Clock(Pipe::kS);
        run.consumer_cost = kScalarNs;
        break;
      case GmDep::kSToMte2:  // a scalar write, then a copy-in of it
        x.SetValue(0, 5.0f);
        run.producer_end = Clock(Pipe::kS);
        if (sync) {
          SetFlag<HardEvent::S_MTE2>(EVENT_ID0);
          WaitFlag<HardEvent::S_MTE2>(EVENT_ID0);
        }
        DataCopy(t, independent ? y : x, kCount);
        run.consumer_end = Clock(Pipe::kMte2);
        run.consumer_cost = detail::Cur().DmaCost(kCount * sizeof(float));
        break;
      case GmDep::kMte2ToS:  // a copy-in, then a scalar write over what it is still reading
        DataCopy(t, x, kCount);
        run.producer_end = Clock(Pipe::kMte2);
        if (sync) {
          SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
          WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
        }
        (independent ? y : x).SetValue(0, 5.0f);
        run.consumer_end = Clock(Pipe::kS);
        run.consumer_cost = kScalarNs;
        break;
    }
  });
  return run;
}

struct GmCase {
  GmDep dep;
  const char* instruction;
  const char* handoff;
  const char* region;
};

const GmCase kGmCases[] = {
    {GmDep::kMte3ToS, "GlobalTensor::GetValue", "SetFlag<MTE3_S>/WaitFlag<MTE3_S>", "GM 'y'"},
    {GmDep::kSToMte2, "DataCopy", "SetFlag<S_MTE2>/WaitFlag<S_MTE2>", "GM 'x'"},
    {GmDep::kMte2ToS, "GlobalTensor::SetValue", "SetFlag<MTE2_S>/WaitFlag<MTE2_S>", "GM 'x'"},
};

TEST(AutoSyncGm, OnOrdersTheSameBytesWithTheFlagLatency) {
  for (const GmCase& c : kGmCases) {
    const GmRun run = RunGm(c.dep, true, false);
    ASSERT_TRUE(run.result.status.ok()) << c.instruction << ": " << run.result.status.ToString();
    EXPECT_DOUBLE_EQ(run.consumer_end, run.producer_end + kFlagNs + run.consumer_cost)
        << c.instruction;
  }
}

TEST(AutoSyncGm, OtherBytesAreNotOrdered) {
  for (const GmCase& c : kGmCases) {
    const GmRun run = RunGm(c.dep, true, false, /*independent=*/true);
    ASSERT_TRUE(run.result.status.ok()) << c.instruction << ": " << run.result.status.ToString();
    EXPECT_LT(run.consumer_end, run.producer_end + kFlagNs + run.consumer_cost) << c.instruction;
  }
}

TEST(AutoSyncGm, OffWithoutTheHandOffIsAMissingSyncNamingTheRegion) {
  for (const GmCase& c : kGmCases) {
    const GmRun run = RunGm(c.dep, false, false);
    ASSERT_TRUE(run.result.fault.has_value()) << c.instruction;
    const Fault& f = *run.result.fault;
    EXPECT_EQ(f.kind, FaultKind::kMissingSync) << f.message;
    EXPECT_EQ(f.instruction, c.instruction) << f.message;
    EXPECT_NE(f.message.find(c.handoff), std::string::npos) << f.message;
    EXPECT_NE(f.message.find(c.region), std::string::npos) << f.message;
  }
}

TEST(AutoSyncGm, OffWithTheHandOffRunsClean) {
  for (const GmCase& c : kGmCases) {
    const GmRun run = RunGm(c.dep, false, true);
    EXPECT_TRUE(run.result.status.ok()) << c.instruction << ": " << run.result.status.ToString();
  }
}

}  // namespace
}  // namespace opsim::sim
