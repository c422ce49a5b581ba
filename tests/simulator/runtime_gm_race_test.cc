// GM races between blocks (gm_race, checked mode): a read and a write, or two writes, of the same
// GM bytes by two blocks with no SyncAll between them. Each broken kernel has a correct twin of
// the same pattern that must run clean, and racing kernels report the same fault whatever the
// host thread count.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::TestDevice;

// 64 floats of workspace and 64 of output; `kernel` runs on `blocks` blocks of a 4-core chip.
struct RaceRig {
  std::vector<float> ws = std::vector<float>(64, 1.0f);
  std::vector<float> y = std::vector<float>(64, 0.0f);

  LaunchResult Run(uint32_t blocks, int threads, const std::function<void()>& kernel,
                   uint32_t cores = 4) {
    LaunchOptions o;
    o.checked = true;
    o.host_threads = threads;
    o.regions = {{ws.data(), ws.size() * 4, "workspace"}, {y.data(), y.size() * 4, "y"}};
    return Launch(TestDevice(cores), blocks, o, kernel);
  }
};

// One 32 B tile of workspace: block `writer` copies 8 ones out to ws[0, 8), block `reader`
// copies ws[0, 8) in; `sync` puts a SyncAll between the two.
void RaceCopyKernel(RaceRig& rig, int32_t writer, int32_t reader, bool sync) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  GlobalTensor<float> ws;
  ws.SetGlobalBuffer(rig.ws.data(), 64);
  if (GetBlockIdx() == writer) {
    Duplicate(b.Get<float>(), 1.0f, 8);
    PipeBarrier<PIPE_ALL>();
    DataCopy(ws, b.Get<float>(), 8);
  }
  if (sync) SyncAll();
  if (GetBlockIdx() == reader) DataCopy(b.Get<float>(), ws, 8);
}

TEST(GmRace, ACopyInOfAnotherBlocksCopyOutWithoutSyncAllIsARace) {
  RaceRig rig;
  std::string first;
  for (int threads : {1, 2}) {
    const LaunchResult r = rig.Run(2, threads, [&] { RaceCopyKernel(rig, 0, 1, false); });
    ASSERT_TRUE(r.fault.has_value()) << threads;
    EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
    EXPECT_EQ(r.fault->block, 1);
    EXPECT_EQ(r.fault->instruction, "DataCopy");
    const std::string& m = r.fault->message;
    EXPECT_NE(m.find("race on GM 'workspace' [0x0, 0x20) of 256 B"), std::string::npos) << m;
    EXPECT_NE(m.find("block 0 "), std::string::npos) << m;
    EXPECT_NE(m.find("block 1 reads it (DataCopy, MTE2 at"), std::string::npos) << m;
    if (first.empty()) first = m;
    EXPECT_EQ(m, first) << "the message depends on the host thread count";
  }
}

TEST(GmRace, ACopyInAfterSyncAllIsClean) {
  RaceRig rig;
  for (int threads : {1, 2}) {
    const LaunchResult r = rig.Run(2, threads, [&] { RaceCopyKernel(rig, 0, 1, true); });
    EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  }
}

// The write comes later on the simulated timeline than the other block's read.
TEST(GmRace, AnOverwriteOfWhatAnotherBlockReadIsAWriteAfterReadRace) {
  RaceRig rig;
  const LaunchResult r = rig.Run(2, 1, [&] { RaceCopyKernel(rig, 1, 0, false); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("write-after-read race on GM 'workspace' [0x0, 0x20)"),
            std::string::npos)
      << r.fault->message;
  EXPECT_NE(r.fault->message.find("block 0 reads it (DataCopy, MTE2 at 0.00 us) and block 1 "
                                  "overwrites it (DataCopy, MTE3 at"),
            std::string::npos)
      << r.fault->message;
}

// Block 0 reads its element before block 1 stores to it (one host thread runs the blocks in
// order): the old value, no hand-over, a race. A read that sees the store is a flag's hand-over
// (below); a read of the block's own element never races.
TEST(GmRace, ScalarReadOfAnotherBlocksSetValueIsARaceAndOfItsOwnIsNot) {
  RaceRig rig;
  auto kernel = [&](uint64_t read_at) {
    return [&, read_at] {
      GlobalTensor<float> ws;
      ws.SetGlobalBuffer(rig.ws.data(), 64);
      if (GetBlockIdx() == 0) (void)ws.GetValue(read_at);
      ws.SetValue(GetBlockIdx(), 2.0f);  // each block its own element
    };
  };
  const LaunchResult bad = rig.Run(2, 1, kernel(1));
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_EQ(bad.fault->kind, FaultKind::kGmRace);
  EXPECT_EQ(bad.fault->instruction, "GlobalTensor::SetValue");
  EXPECT_NE(bad.fault->message.find("GM 'workspace' [0x4, 0x8)"), std::string::npos)
      << bad.fault->message;
  EXPECT_NE(bad.fault->message.find("block 0 reads it (GlobalTensor::GetValue, S at"),
            std::string::npos)
      << bad.fault->message;
  const LaunchResult own = rig.Run(2, 1, kernel(0));
  EXPECT_TRUE(own.status.ok()) << own.status.ToString();
}

// A flag in GM (docs/CHECKS.md, "Flags polled in GM"): block 0 copies ones out to ws[8, 16),
// waits for the copy (`wait`), then stores 5 at ws[32]; block 1 polls ws[32] until it reads 5
// and copies ws[8, 16) in. `poll`: block 1 polls until it sees the flag, else reads it once.
// One host thread: block 0 runs first. `reader_first`: block 1 stores, block 0 reads.
// `late`: the writer copies ws[16, 24) in after its store, the reader copies it out.
LaunchResult RunFlagKernel(RaceRig& rig, bool wait, bool poll, bool reader_first = false,
                           bool late = false) {
  return rig.Run(2, 1, [&, wait, poll, reader_first, late] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 32);
    TBuf<TPosition::VECCALC> b2;  // the late copy in's: MTE3 may still read b
    pipe.InitBuffer(b2, 32);
    GlobalTensor<float> ws;
    ws.SetGlobalBuffer(rig.ws.data(), 64);
    if (GetBlockIdx() == (reader_first ? 1 : 0)) {
      Duplicate(b.Get<float>(), 3.0f, 8);
      PipeBarrier<PIPE_ALL>();
      DataCopy(ws[8], b.Get<float>(), 8);
      if (wait) {
        SetFlag<HardEvent::MTE3_S>(EVENT_ID0);
        WaitFlag<HardEvent::MTE3_S>(EVENT_ID0);
      }
      ws.SetValue(32, 5.0f);
      DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(ws);
      if (late) DataCopy(b2.Get<float>(), ws[16], 8);
    } else {
      while (ws.GetValue(32) != 5.0f && poll) {
      }
      DataCopy(b.Get<float>(), ws[8], 8);
      if (late) {
        PipeBarrier<PIPE_ALL>();
        DataCopy(ws[16], b.Get<float>(), 8);
      }
    }
  });
}

TEST(GmRace, ACopyInAfterPollingAFlagStoredOnceTheCopyOutEndedIsClean) {
  RaceRig rig;
  const LaunchResult r = RunFlagKernel(rig, true, true);
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

// The store does not wait for the copy out: the flag can overtake the data.
TEST(GmRace, AFlagStoredBeforeTheCopyOutEndsOrdersNothing) {
  RaceRig rig;
  const LaunchResult r = RunFlagKernel(rig, false, true);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("race on GM 'workspace' [0x20, 0x40)"), std::string::npos)
      << r.fault->message;
}

// A copy in the writer issues after its store is not ordered by it, though its MTE2 clock puts
// it before the store's landing: the reader's later copy out overwrites what it may still read.
TEST(GmRace, ACopyTheWriterIssuesAfterItsFlagStoreStillRaces) {
  RaceRig rig;
  const LaunchResult r = RunFlagKernel(rig, true, true, false, true);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("race on GM 'workspace' [0x40, 0x60)"), std::string::npos)
      << r.fault->message;
}

// Block 0 reads the flag before block 1 stores it (the old value) and copies the data in.
TEST(GmRace, AFlagReadThatSawTheOldValueOrdersNothing) {
  RaceRig rig;
  const LaunchResult r = RunFlagKernel(rig, true, false, true);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("race on GM 'workspace' [0x20, 0x40)"), std::string::npos)
      << r.fault->message;
}

// Block 0 zeroes y while blocks 1-3 accumulate into it: the classic missing SyncAll between
// InitGlobalMemory and SetAtomicAdd. With it, and with accumulation alone, the kernel is clean.
void RaceAccumulateKernel(RaceRig& rig, bool zero, bool sync) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  GlobalTensor<float> y;
  y.SetGlobalBuffer(rig.y.data(), 8);
  if (zero && GetBlockIdx() == 0) InitGlobalMemory(y, 8, 0.0f);
  if (sync) SyncAll();
  if (zero && GetBlockIdx() == 0) return;
  Duplicate(b.Get<float>(), 1.0f, 8);
  PipeBarrier<PIPE_ALL>();
  SetAtomicAdd<float>();
  DataCopy(y, b.Get<float>(), 8);
  SetAtomicNone();
}

TEST(GmRace, AccumulatingIntoBytesAnotherBlockZeroesInTheSameEpochIsARace) {
  RaceRig rig;
  const LaunchResult r = rig.Run(4, 2, [&] { RaceAccumulateKernel(rig, true, false); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("accumulates atomically into GM 'y' [0x0, 0x20)"),
            std::string::npos)
      << r.fault->message;
  EXPECT_NE(r.fault->message.find("while block 0 writes it (InitGlobalMemory, MTE3"),
            std::string::npos)
      << r.fault->message;
  const LaunchResult synced = rig.Run(4, 2, [&] { RaceAccumulateKernel(rig, true, true); });
  EXPECT_TRUE(synced.status.ok()) << synced.status.ToString();
  EXPECT_EQ(rig.y[0], 3.0f);
  rig.y.assign(64, 0.0f);
  const LaunchResult only = rig.Run(4, 2, [&] { RaceAccumulateKernel(rig, false, false); });
  EXPECT_TRUE(only.status.ok()) << only.status.ToString();
  EXPECT_EQ(rig.y[0], 4.0f);
}

// Block 0 writes columns [0, 8) of 4 rows of 16 floats, block 1 columns [8 - shift, + 8)
// (strided copies): without a shift the bursts interleave without touching, which a span hull
// would call an overlap.
void RaceColumnsKernel(RaceRig& rig, uint32_t shift) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 4 * 32);
  GlobalTensor<float> y;
  y.SetGlobalBuffer(rig.y.data(), 64);
  Duplicate(b.Get<float>(), 1.0f + GetBlockIdx(), 32);  // writes of the same values do not race
  PipeBarrier<PIPE_ALL>();
  const uint32_t col = GetBlockIdx() == 1 ? 8 - shift : 0;
  DataCopy(y[col], b.Get<float>(), DataCopyParams{4, 1, 0, 1});
}

TEST(GmRace, InterleavedColumnWritesAreCleanAndOverlappingOnesAreNot) {
  RaceRig rig;
  const LaunchResult clean = rig.Run(2, 2, [&] { RaceColumnsKernel(rig, 0); });
  EXPECT_TRUE(clean.status.ok()) << clean.status.ToString();
  const LaunchResult r = rig.Run(2, 2, [&] { RaceColumnsKernel(rig, 4); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("blocks 0 and 1 both write GM 'y' [0x10, 0x20)"),
            std::string::npos)
      << r.fault->message;
}

// Eight blocks on two cores: blocks 1 and 5 run one after the other on core 1, yet the chip does
// not order blocks, so their writes of the same bytes race all the same.
TEST(GmRace, BlocksSharingACoreStillRace) {
  RaceRig rig;
  const LaunchResult r = rig.Run(
      8, 2,
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 32);
        GlobalTensor<float> y;
        y.SetGlobalBuffer(rig.y.data(), 64);
        Duplicate(b.Get<float>(), 1.0f + GetBlockIdx(), 8);
        PipeBarrier<PIPE_ALL>();
        const int32_t slot = GetBlockIdx() == 5 ? 1 : GetBlockIdx();
        DataCopy(y[8 * slot], b.Get<float>(), 8);
      },
      2);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_EQ(r.fault->block, 5);
  EXPECT_NE(r.fault->message.find("blocks 1 and 5 both write GM 'y' [0x20, 0x40)"),
            std::string::npos)
      << r.fault->message;
}

// operator() hands out a reference: stores to each block's own element are clean; a read of an
// element another block writes with SetValue in the same epoch races.
TEST(GmRace, CallOperatorCountsAsAReadOfTheElement) {
  RaceRig rig;
  const LaunchResult own = rig.Run(4, 2, [&] {
    GlobalTensor<float> y;
    y.SetGlobalBuffer(rig.y.data(), 64);
    y(GetBlockIdx()) = 5.0f;
  });
  EXPECT_TRUE(own.status.ok()) << own.status.ToString();
  EXPECT_EQ(rig.y[3], 5.0f);
  const LaunchResult r = rig.Run(2, 1, [&] {
    GlobalTensor<float> y;
    y.SetGlobalBuffer(rig.y.data(), 64);
    if (GetBlockIdx() == 0) y.SetValue(0, 1.0f);
    if (GetBlockIdx() == 1) (void)y(0);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_EQ(r.fault->instruction, "GlobalTensor::operator()");
}

// Written in epoch 0 and read by another block in epoch 1: ordered. A second write and read in
// epoch 1 race, and the message names the epoch-1 accesses.
TEST(GmRace, OnlyAccessesOfOneEpochAreCompared) {
  RaceRig rig;
  auto kernel = [&](bool race) {
    return [&, race] {
      GlobalTensor<float> ws;
      ws.SetGlobalBuffer(rig.ws.data(), 64);
      if (GetBlockIdx() == 0) ws.SetValue(0, 1.0f);
      SyncAll();
      if (GetBlockIdx() == 1) (void)ws.GetValue(0);
      if (!race) return;
      if (GetBlockIdx() == 0) ws.SetValue(1, 1.0f);
      if (GetBlockIdx() == 1) (void)ws.GetValue(1);
    };
  };
  const LaunchResult clean = rig.Run(2, 2, kernel(false));
  EXPECT_TRUE(clean.status.ok()) << clean.status.ToString();
  const LaunchResult r = rig.Run(2, 2, kernel(true));
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("GM 'workspace' [0x4, 0x8)"), std::string::npos)
      << r.fault->message;
}

// Every block copies 8 floats to y[0, 8): 2.0f each, but block `odd` (if any) puts `odd_value`
// in element 3. `atomic`: block 1 accumulates instead of writing. `pad`: 5 floats to y[1, 6)
// instead (DataCopyPad: 8 B words cut at both ends).
void SameValueKernel(RaceRig& rig, int32_t odd, float odd_value, bool atomic = false,
                     bool pad = false) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  GlobalTensor<float> y;
  y.SetGlobalBuffer(rig.y.data(), 64);
  LocalTensor<float> t = b.Get<float>();
  Duplicate(t, 2.0f, 8);
  PipeBarrier<PIPE_ALL>();
  if (GetBlockIdx() == odd) t.SetValue(3, odd_value);
  PipeBarrier<PIPE_ALL>();
  if (atomic && GetBlockIdx() == 1) SetAtomicAdd<float>();
  if (pad) {
    DataCopyPad(y[1], t, DataCopyExtParams{1, 20, 0, 0, 0});
  } else {
    DataCopy(y, t, 8);
  }
  SetAtomicNone();
}

// The chip keeps whichever write lands last: when every block writes the same bytes, that is
// the same result whatever the order, so it is a warning (gm_same_value_overlap), not a race.
TEST(GmRace, WritesOfTheSameValuesAreAWarningNotARace) {
  RaceRig rig;
  std::string first;
  for (int threads : {1, 2}) {
    const LaunchResult r = rig.Run(4, threads, [&] { SameValueKernel(rig, -1, 0.0f); });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    EXPECT_EQ(rig.y[7], 2.0f);
    ASSERT_EQ(r.warnings.size(), 1u);
    const Warning& w = r.warnings[0];
    EXPECT_EQ(w.kind, "gm_same_value_overlap");
    EXPECT_EQ(w.block, 1);
    EXPECT_EQ(w.instruction, "DataCopy");
    EXPECT_EQ(w.count, 3u);  // blocks 1, 2 and 3 each against an earlier one
    EXPECT_NE(w.message.find("blocks 0 and 1 both write GM 'y' [0x0, 0x20) of 256 B without a "
                             "SyncAll between them (block 0: DataCopy, MTE3 at"),
              std::string::npos)
        << w.message;
    EXPECT_NE(w.message.find("all with the same values"), std::string::npos) << w.message;
    if (first.empty()) first = w.message;
    EXPECT_EQ(w.message, first) << "the message depends on the host thread count";
  }
}

// 2.0f and the next float differ in one byte: the writes race, naming both blocks.
TEST(GmRace, OneDifferingByteAmongSameValueWritesIsARace) {
  RaceRig rig;
  for (int threads : {1, 2}) {
    const LaunchResult r =
        rig.Run(4, threads, [&] { SameValueKernel(rig, 2, std::nextafter(2.0f, 3.0f)); });
    ASSERT_TRUE(r.fault.has_value()) << threads;
    EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
    EXPECT_EQ(r.fault->block, 2);
    EXPECT_NE(r.fault->message.find("blocks 0 and 2 both write GM 'y' [0x0, 0x20)"),
              std::string::npos)
        << r.fault->message;
    EXPECT_NE(r.fault->message.find("which value stays depends on which core writes last"),
              std::string::npos)
        << r.fault->message;
  }
}

// Unaligned ends: the values of the words a write covers in part compare too.
TEST(GmRace, SameValueWritesWithUnalignedEndsCompareByValue) {
  RaceRig rig;
  const LaunchResult same = rig.Run(2, 2, [&] { SameValueKernel(rig, -1, 0.0f, false, true); });
  ASSERT_TRUE(same.status.ok()) << same.status.ToString();
  ASSERT_EQ(same.warnings.size(), 1u);
  EXPECT_NE(same.warnings[0].message.find("GM 'y' [0x4, 0x18)"), std::string::npos)
      << same.warnings[0].message;
  const LaunchResult r = rig.Run(2, 2, [&] { SameValueKernel(rig, 1, 7.0f, false, true); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_NE(r.fault->message.find("blocks 0 and 1 both write GM 'y' [0x4, 0x18)"),
            std::string::npos)
      << r.fault->message;
}

// An accumulation is not a plain write: adding 2.0f where another block writes 2.0f races
// (the sum depends on the order), values or not.
TEST(GmRace, AnAccumulationOfTheSameValuesStillRacesAPlainWrite) {
  RaceRig rig;
  const LaunchResult r = rig.Run(2, 2, [&] { SameValueKernel(rig, -1, 0.0f, true); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("block 1 accumulates atomically into GM 'y' [0x0, 0x20)"),
            std::string::npos)
      << r.fault->message;
}

// InitGlobalMemory (a fill) compares by value too: two blocks zeroing the same bytes warn, a
// block filling them with ones races. A block that fills them twice counts with what stays, its
// second fill's values (the first is overwritten on its own core whatever the other does).
TEST(GmRace, FillsCompareByValueAndARewriteCountsWithItsNewValues) {
  RaceRig rig;
  auto kernel = [&](float block1_value, bool refill) {
    return [&, block1_value, refill] {
      GlobalTensor<float> y;
      y.SetGlobalBuffer(rig.y.data(), 64);
      if (refill && GetBlockIdx() == 0) InitGlobalMemory(y, 16, 5.0f);
      InitGlobalMemory(y, 16, GetBlockIdx() == 1 ? block1_value : 0.0f);
    };
  };
  for (bool refill : {false, true}) {
    const LaunchResult same = rig.Run(2, 2, kernel(0.0f, refill));
    ASSERT_TRUE(same.status.ok()) << refill << same.status.ToString();
    ASSERT_EQ(same.warnings.size(), 1u);
    EXPECT_EQ(same.warnings[0].instruction, "InitGlobalMemory");
    EXPECT_EQ(same.warnings[0].kind, "gm_same_value_overlap");
    const LaunchResult differ = rig.Run(2, 2, kernel(5.0f, refill));
    ASSERT_TRUE(differ.fault.has_value()) << refill;
    EXPECT_NE(differ.fault->message.find("blocks 0 and 1 both write GM 'y' [0x0, 0x40)"),
              std::string::npos)
        << differ.fault->message;
  }
}

// GlobalTensor::SetValue carries its value: blocks storing the same floats to y[5, 8) warn, and
// block 1 storing another in y[6] races. Block 0 first stores 9.0f to y[5]: its own later store
// there counts, with the new value.
TEST(GmRace, ScalarStoresCompareByValue) {
  RaceRig rig;
  auto kernel = [&](float block1_value) {
    return [&, block1_value] {
      GlobalTensor<float> y;
      y.SetGlobalBuffer(rig.y.data(), 64);
      if (GetBlockIdx() == 0) y.SetValue(5, 9.0f);
      for (uint64_t i = 5; i < 8; ++i)
        y.SetValue(i, GetBlockIdx() == 1 && i == 6 ? block1_value : 2.0f);
    };
  };
  for (int threads : {1, 2}) {
    const LaunchResult same = rig.Run(4, threads, kernel(2.0f));
    ASSERT_TRUE(same.status.ok()) << threads << same.status.ToString();
    EXPECT_EQ(rig.y[5], 2.0f);
    ASSERT_EQ(same.warnings.size(), 1u);
    const Warning& w = same.warnings[0];
    EXPECT_EQ(w.kind, "gm_same_value_overlap");
    EXPECT_EQ(w.instruction, "GlobalTensor::SetValue");
    EXPECT_EQ(w.count, 3u);
    EXPECT_NE(w.message.find("blocks 0 and 1 both write GM 'y' [0x14, 0x20)"), std::string::npos)
        << w.message;
    const LaunchResult differ = rig.Run(4, threads, kernel(3.0f));
    ASSERT_TRUE(differ.fault.has_value()) << threads;
    EXPECT_EQ(differ.fault->kind, FaultKind::kGmRace);
    EXPECT_EQ(differ.fault->block, 1);
    EXPECT_EQ(differ.fault->instruction, "GlobalTensor::SetValue");
    EXPECT_NE(differ.fault->message.find("blocks 0 and 1 both write GM 'y' [0x14, 0x20)"),
              std::string::npos)
        << differ.fault->message;
    EXPECT_NE(differ.fault->message.find("which value stays depends on which core writes last"),
              std::string::npos)
        << differ.fault->message;
  }
}

// Block 1 stores 2.0f to y[3], block 0 copies 2.0f out to y[0, 8): a race, though the values
// agree, since the store reaches GM as its core's whole 64 B cache line, whose other bytes may
// predate the copy (docs/CHECKS.md, "Writes of the same values").
TEST(GmRace, ASetValueRacesACopyOfMoreOfItsCacheLineWhateverTheValues) {
  RaceRig rig;
  const LaunchResult r = rig.Run(2, 2, [&] {
    GlobalTensor<float> y;
    y.SetGlobalBuffer(rig.y.data(), 64);
    if (GetBlockIdx() == 1) return y.SetValue(3, 2.0f);
    SameValueKernel(rig, -1, 0.0f);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
  EXPECT_NE(r.fault->message.find("blocks 0 and 1 both write GM 'y' [0xc, 0x10)"),
            std::string::npos)
      << r.fault->message;
}

}  // namespace
}  // namespace opsim::sim
