// Seeded bugs: small mutants of the Add kernel (op_kernel/add/add_custom.cc, the pattern of the
// AddCustom sample) that a real chip would run silently wrong. Each mutant must stop with the
// exact fault kind, block and instruction of the new checks (uninitialised UB read, queue
// buffers per TPosition, unwritten output); the unmutated kernel must run clean.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/device_profile.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

// What a mutant changes in the Add kernel.
struct Mutation {
  uint32_t copy_in_short_block = ~0u;        // this block copies x in 8 elements short
  bool compute_count_in_blocks = false;      // Add's count in 32 B blocks where elements were meant
  bool skip_last_tile_out = false;           // the last tile of the last block is never copied out
  uint32_t extra_vecin_queues = 0;           // more VECIN queues of two buffers each
  bool scalar_fill_instead_of_copy = false;  // y written element by element with SetValue
};

constexpr uint32_t kCheckedBlocks = 4;
constexpr uint32_t kTile = 256;
constexpr uint32_t kTiles = 2;
constexpr uint32_t kPerBlock = kTile * kTiles;
constexpr uint32_t kTotal = kPerBlock * kCheckedBlocks;

// The Add kernel of op_kernel/add/add_custom.cc, with hooks for the mutations above.
class MutantAdd {
 public:
  explicit MutantAdd(const Mutation& m) : m_(m) {}

  void Init(float* x, float* y, float* z) {
    const uint64_t offset = static_cast<uint64_t>(kPerBlock) * GetBlockIdx();
    x_gm_.SetGlobalBuffer(x + offset, kPerBlock);
    y_gm_.SetGlobalBuffer(y + offset, kPerBlock);
    z_gm_.SetGlobalBuffer(z + offset, kPerBlock);
    pipe_.InitBuffer(in_x_, 2, kTile * sizeof(float));
    pipe_.InitBuffer(in_y_, 2, kTile * sizeof(float));
    pipe_.InitBuffer(out_z_, 2, kTile * sizeof(float));
    for (uint32_t q = 0; q < m_.extra_vecin_queues; ++q) pipe_.InitBuffer(extra_[q], 2, 64);
  }

  void Process() {
    for (uint32_t i = 0; i < kTiles; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  void CopyIn(uint32_t i) {
    LocalTensor<float> x = in_x_.AllocTensor<float>();
    LocalTensor<float> y = in_y_.AllocTensor<float>();
    const bool short_copy = static_cast<uint32_t>(GetBlockIdx()) == m_.copy_in_short_block;
    DataCopy(x, x_gm_[i * kTile], short_copy ? kTile - 8 : kTile);
    if (m_.scalar_fill_instead_of_copy) {
      for (uint32_t k = 0; k < kTile; ++k) y.SetValue(k, y_gm_.GetValue(i * kTile + k));
    } else {
      DataCopy(y, y_gm_[i * kTile], kTile);
    }
    in_x_.EnQue(x);
    in_y_.EnQue(y);
  }
  void Compute() {
    LocalTensor<float> x = in_x_.DeQue<float>();
    LocalTensor<float> y = in_y_.DeQue<float>();
    LocalTensor<float> z = out_z_.AllocTensor<float>();
    // A count in 32 B blocks (1024 B = 32 blocks) where 256 elements were meant: Add computes
    // 32 floats and leaves the rest of z unwritten.
    const uint32_t count = m_.compute_count_in_blocks ? kTile * sizeof(float) / 32 : kTile;
    Add(z, x, y, static_cast<int32_t>(count));
    out_z_.EnQue(z);
    in_x_.FreeTensor(x);
    in_y_.FreeTensor(y);
  }
  void CopyOut(uint32_t i) {
    LocalTensor<float> z = out_z_.DeQue<float>();
    const bool skip = m_.skip_last_tile_out && i == kTiles - 1 &&
                      static_cast<uint32_t>(GetBlockIdx()) == kCheckedBlocks - 1;
    if (!skip) DataCopy(z_gm_[i * kTile], z, kTile);
    out_z_.FreeTensor(z);
  }

  Mutation m_;
  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> in_x_;
  TQue<QuePosition::VECIN, 1> in_y_;
  TQue<QuePosition::VECOUT, 1> out_z_;
  TQue<QuePosition::VECIN, 1> extra_[4];
  GlobalTensor<float> x_gm_;
  GlobalTensor<float> y_gm_;
  GlobalTensor<float> z_gm_;
};

struct AddRun {
  std::vector<float> x = std::vector<float>(kTotal);
  std::vector<float> y = std::vector<float>(kTotal);
  std::vector<float> z = std::vector<float>(kTotal, 0.0f);
  LaunchResult result;
};

AddRun RunAdd(const Mutation& m, const DeviceProfile& device = testing::TestDevice(),
              bool checked = true) {
  AddRun run;
  for (uint32_t i = 0; i < kTotal; ++i) {
    run.x[i] = static_cast<float>(i % 97);
    run.y[i] = static_cast<float>(i % 13) * 0.5f;
  }
  LaunchOptions options;
  options.checked = checked;
  // One host thread runs the blocks in order: when every block faults, a block faulting on
  // another thread could stop block 0 before it starts, and the reported block would vary.
  options.host_threads = 1;
  GmRegion z{run.z.data(), run.z.size() * sizeof(float), "z"};
  z.output_bytes = z.bytes;
  options.regions = {{run.x.data(), run.x.size() * sizeof(float), "x"},
                     {run.y.data(), run.y.size() * sizeof(float), "y"},
                     z};
  run.result = Launch(device, kCheckedBlocks, options, [&] {
    MutantAdd op(m);
    op.Init(run.x.data(), run.y.data(), run.z.data());
    op.Process();
  });
  return run;
}

void ExpectFault(const AddRun& run, FaultKind kind, int32_t block, const std::string& instr,
                 const std::string& message_part) {
  ASSERT_TRUE(run.result.fault.has_value()) << "the mutant ran clean";
  const Fault& f = *run.result.fault;
  EXPECT_EQ(f.kind, kind) << f.ToString();
  EXPECT_EQ(f.block, block) << f.ToString();
  EXPECT_EQ(f.instruction, instr) << f.ToString();
  EXPECT_NE(f.message.find(message_part), std::string::npos) << f.ToString();
}

TEST(KernelChecks, UnmutatedAddRunsCleanInCheckedMode) {
  const AddRun run = RunAdd(Mutation{});
  ASSERT_TRUE(run.result.status.ok()) << run.result.status.ToString();
  for (uint32_t i = 0; i < kTotal; ++i) ASSERT_EQ(run.z[i], run.x[i] + run.y[i]) << i;
}

TEST(KernelChecks, ScalarWritesCountAsWritten) {
  Mutation m;
  m.scalar_fill_instead_of_copy = true;
  const AddRun run = RunAdd(m);
  EXPECT_TRUE(run.result.status.ok()) << run.result.status.ToString();
}

TEST(KernelChecks, CopyInOneBlockShortIsAnUninitializedReadWhenTheResultIsCopiedOut) {
  Mutation m;
  m.copy_in_short_block = 2;
  const AddRun run = RunAdd(m);
  // x holds 248 floats: bytes [992, 1024) of its buffer were never written. Add computes on
  // them (as the chip would), and z's last 8 lanes stay unwritten: copying them out faults.
  ExpectFault(run, FaultKind::kUninitializedRead, 2, "DataCopy", "bytes [992, 1024) of queue #2");
  EXPECT_NE(run.result.fault->message.find("Add computed from such bytes"), std::string::npos)
      << run.result.fault->message;
}

TEST(KernelChecks, ComputeCountTooSmallLeavesBytesThatCopyOutReads) {
  Mutation m;
  m.compute_count_in_blocks = true;
  const AddRun run = RunAdd(m);
  // Add wrote 32 floats (128 B) of z; DataCopy out reads all 1024 B. Every block faults: the
  // lowest (block 0) is reported.
  ExpectFault(run, FaultKind::kUninitializedRead, 0, "DataCopy", "bytes [128, 1024) of queue #2");
}

TEST(KernelChecks, UnwrittenBytesAreCaughtOnlyInCheckedMode) {
  Mutation m;
  m.copy_in_short_block = 2;
  const AddRun run = RunAdd(m, testing::TestDevice(), /*checked=*/false);
  EXPECT_TRUE(run.result.status.ok()) << run.result.status.ToString();
}

TEST(KernelChecks, SkippedLastTileIsAnUnwrittenOutput) {
  Mutation m;
  m.skip_last_tile_out = true;
  const AddRun run = RunAdd(m);
  // Block 3's second tile: floats [3 * 512 + 256, 4 * 512) of z = bytes [7168, 8192).
  ExpectFault(run, FaultKind::kUnwrittenOutput, -1, "kernel end",
              "output 'z' bytes [7168, 8192) of 8192 B");
}

TEST(KernelChecks, OutputsAreCheckedOnlyWhenDeclared) {
  std::vector<float> z(64, 0.0f);
  LaunchOptions options;
  options.checked = true;
  options.regions = {{z.data(), z.size() * sizeof(float), "z"}};
  const LaunchResult r = Launch(testing::TestDevice(), 1, options, [] {});
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  options.regions[0].output_bytes = 32;
  const LaunchResult declared = Launch(testing::TestDevice(), 1, options, [] {});
  ASSERT_TRUE(declared.fault.has_value());
  EXPECT_EQ(declared.fault->kind, FaultKind::kUnwrittenOutput);
  EXPECT_NE(declared.fault->message.find("bytes [0, 32) of 32 B"), std::string::npos)
      << declared.fault->message;
}

TEST(KernelChecks, AtomicAccumulationCountsAsWrittenAndMayOverlap) {
  std::vector<float> z(8, 0.0f);
  LaunchOptions options;
  options.checked = true;
  options.regions = {{z.data(), z.size() * sizeof(float), "z"}};
  options.regions[0].output_bytes = options.regions[0].bytes;
  const LaunchResult r = Launch(testing::TestDevice(), 2, options, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 32);
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, 8);
    GlobalTensor<float> g;
    g.SetGlobalBuffer(z.data(), 8);
    PipeBarrier<PIPE_ALL>();  // the MTE3 read waits for the V write
    SetAtomicAdd<float>();
    DataCopy(g, t, 8);
    SetAtomicNone();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(z[7], 2.0f);
}

TEST(KernelChecks, QueueBuffersPerPositionFollowTheProfile) {
  // Three VECIN queues of two buffers (in_x, in_y, one extra) hold 6 buffers: allowed with 8
  // per position, a fault with 4 (the 910A-class figure).
  Mutation m;
  m.extra_vecin_queues = 1;
  DeviceProfile eight = testing::TestDevice();
  eight.queue_buffers_per_position = 8;
  EXPECT_TRUE(RunAdd(m, eight).result.status.ok());
  DeviceProfile four = eight;
  four.queue_buffers_per_position = 4;
  ExpectFault(RunAdd(m, four), FaultKind::kTooManyBuffers, 0, "TPipe::InitBuffer",
              "VECIN queues already hold 4 buffers and 2 more were asked for");
}

TEST(KernelChecks, ShippedProfilesCarryTheQueueBufferLimit) {
  struct Expect {
    const char* name;
    uint32_t limit;
  };
  for (const Expect& e :
       {Expect{"ascend910a", 4}, Expect{"ascend910b", 8}, Expect{"ascend310p", 8}}) {
    DeviceProfile device;
    ASSERT_TRUE(LoadNamedDeviceProfile(e.name, &device).ok()) << e.name;
    EXPECT_EQ(device.queue_buffers_per_position, e.limit) << e.name;
    EXPECT_FALSE(device.provenance["queue_buffers_per_position"].empty()) << e.name;
    Mutation m;
    m.extra_vecin_queues = (e.limit - 4) / 2 + 1;  // one queue of two buffers too many
    ExpectFault(RunAdd(m, device), FaultKind::kTooManyBuffers, 0, "TPipe::InitBuffer",
                "at most " + std::to_string(e.limit) + " queue buffers per TPosition");
    m.extra_vecin_queues -= 1;  // exactly at the limit
    EXPECT_TRUE(RunAdd(m, device).result.status.ok()) << e.name;
  }
}

TEST(KernelChecks, WorkTensorOfReduceSumNeedsNoPriorWrite) {
  const LaunchResult r = testing::RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> src, work, dst;
    pipe.InitBuffer(src, 1024);
    pipe.InitBuffer(work, 64);
    pipe.InitBuffer(dst, 32);
    LocalTensor<float> s = src.Get<float>();
    Duplicate(s, 1.0f, 256);
    ReduceSum(dst.Get<float>(), s, work.Get<float>(), 256);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(KernelChecks, TBufKeepsWhatWasWrittenAcrossGets) {
  const LaunchResult r = testing::RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> acc, out;
    pipe.InitBuffer(acc, 256);
    pipe.InitBuffer(out, 256);
    Duplicate(acc.Get<float>(), 0.0f, 64);
    Add(out.Get<float>(), acc.Get<float>(), acc.Get<float>(), 64);  // a second Get, same bytes
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(KernelChecks, ReallocatedQueueBufferForgetsThePreviousTile) {
  std::vector<float> out(64, 0.0f);
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TQue<QuePosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> t = q.AllocTensor<float>();
        Duplicate(t, 1.0f, 64);
        q.FreeTensor(t);
        t = q.AllocTensor<float>();  // same bytes, but a new tensor: the old tile is stale
        q.EnQue(t);
        t = q.DeQue<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer(out.data(), 64);
        DataCopy(g, t, 64);
        q.FreeTensor(t);
      },
      true, {{out.data(), out.size() * sizeof(float), "out"}});
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead);
  EXPECT_EQ(r.fault->instruction, "DataCopy");
  EXPECT_NE(r.fault->message.find("bytes [0, 256)"), std::string::npos) << r.fault->message;
}

TEST(KernelChecks, GlobalTensorGetValueOutOfRangeNamesTheGmTensor) {
  std::vector<float> x(64, 0.0f);
  auto get = [&](uint64_t at) {
    return testing::RunOne(
        [&, at] {
          GlobalTensor<float> g;
          g.SetGlobalBuffer(x.data(), 8);
          (void)g.GetValue(at);
        },
        true, {{x.data(), x.size() * sizeof(float), "x"}});
  };
  // Past the 8 declared floats but inside x: the chip reads it; a warning names the bytes.
  const LaunchResult inside = get(8);
  ASSERT_TRUE(inside.status.ok()) << inside.status.ToString();
  ASSERT_EQ(inside.warnings.size(), 1u);
  EXPECT_EQ(inside.warnings[0].instruction, "GlobalTensor::GetValue");
  EXPECT_NE(inside.warnings[0].message.find("GM 'x' [0x20, 0x24)"), std::string::npos)
      << inside.warnings[0].message;
  const LaunchResult r = get(64);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsGm);
  EXPECT_NE(r.fault->message.find("GM 'x' [0x100, 0x104)"), std::string::npos) << r.fault->message;
}

// The chip's TPipe::Destroy resets its buffers whatever their state: a tile never freed harms
// nothing at the end, so it is a warning (the kernel runs); one left enqueued leaves its EnQue's
// event set for the next kernel on the core, a fault.
TEST(KernelChecks, ABufferHeldAtKernelEndIsAWarning) {
  for (const bool dequeue : {false, true}) {
    const LaunchResult r = testing::RunOne([dequeue] {
      TPipe pipe;
      TQue<QuePosition::VECIN, 1> q;
      pipe.InitBuffer(q, 1, 256);
      LocalTensor<float> t = q.AllocTensor<float>();
      Duplicate(t, 1.0f, 64);
      if (dequeue) {
        q.EnQue(t);
        t = q.DeQue<float>();
      }
    });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0].kind, "buffer_leak");
    EXPECT_EQ(r.warnings[0].instruction, "TPipe::Destroy");
    const char* state = dequeue ? "is still dequeued" : "is still allocated";
    EXPECT_NE(r.warnings[0].message.find(state), std::string::npos) << r.warnings[0].message;
  }
}

TEST(KernelChecks, ABufferLeftEnqueuedAtKernelEndIsAFault) {
  const LaunchResult r = testing::RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    Duplicate(t, 1.0f, 64);
    q.EnQue(t);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kBufferLeak);
  EXPECT_NE(r.fault->message.find("hand-off event is never waited for"), std::string::npos)
      << r.fault->message;
}

// A kernel that never ends (or a tiling asking for endless work) stops at the launch's budget of
// simulated time, as the chip's AI Core timeout stops it, instead of hanging the host.
LaunchResult RunVectorLoop(uint64_t iterations, double timeout_ns) {
  LaunchOptions options;
  options.timeout_ns = timeout_ns;
  return Launch(testing::TestDevice(4, true), 2, options, [iterations] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 0.0f, 256);
    for (uint64_t i = 0; i < iterations; ++i) Adds(t, t, 1.0f, 256);
  });
}

TEST(KernelChecks, EndlessLoopStopsAtTheTimeout) {
  const LaunchResult r = RunVectorLoop(~0ull, 1e5);  // 100 us of simulated time
  ASSERT_TRUE(r.fault.has_value()) << r.status.ToString();
  EXPECT_EQ(r.fault->kind, FaultKind::kTimeout) << r.fault->ToString();
  EXPECT_EQ(r.fault->block, 0) << r.fault->ToString();
  EXPECT_EQ(r.fault->instruction, "Adds") << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("past the 0.100000 ms limit"), std::string::npos)
      << r.fault->ToString();
}

TEST(KernelChecks, WorkWithinTheTimeoutOrWithoutOneRunsClean) {
  const LaunchResult within = RunVectorLoop(100, 1e5);
  EXPECT_TRUE(within.status.ok()) << within.status.ToString();
  EXPECT_LT(within.stats.slowest_core_ns, 1e5);
  const LaunchResult unlimited = RunVectorLoop(20000, 0);  // about 160 us, no limit
  EXPECT_TRUE(unlimited.status.ok()) << unlimited.status.ToString();
  EXPECT_GT(unlimited.stats.slowest_core_ns, 1e5);
  EXPECT_TRUE(RunVectorLoop(20000, 1e5).fault.has_value());
}

}  // namespace
}  // namespace opsim::sim
