// SetAtomicAdd/Max/Min/None on UB -> GM copies from several blocks, and InitGlobalMemory.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

// Every block copies its tile (value block + 1 + i / 64) into the same 256 elements of out.
template <typename T>
LaunchResult AccumulateFromBlocks(std::vector<T>& out, int atomic, uint32_t blocks = 4) {
  LaunchOptions options;
  options.checked = true;
  options.regions = {{out.data(), out.size() * sizeof(T), "out"}};
  return Launch(testing::TestDevice(), blocks, options, [&] {
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 256 * sizeof(T));
    GlobalTensor<T> g;
    g.SetGlobalBuffer(out.data(), out.size());
    LocalTensor<T> t = q.AllocTensor<T>();
    for (int i = 0; i < 256; ++i) {
      t.SetValue(i, static_cast<T>(static_cast<float>(GetBlockIdx() + 1 + i / 64)));
    }
    q.EnQue(t);
    t = q.DeQue<T>();
    if (atomic == 1) SetAtomicAdd<T>();
    if (atomic == 2) SetAtomicMax<T>();
    if (atomic == 3) SetAtomicMin<T>();
    DataCopy(g, t, 256);
    SetAtomicNone();
    q.FreeTensor(t);
  });
}

template <typename T>
void CheckAtomics() {
  for (int op = 1; op <= 3; ++op) {
    std::vector<T> out(256, static_cast<T>(2.0f));
    const LaunchResult r = AccumulateFromBlocks(out, op);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    for (int i = 0; i < 256; ++i) {
      const float base = static_cast<float>(i / 64);
      // Blocks add (b + 1 + base) for b = 0..3 onto 2.
      const float want = op == 1   ? 2.0f + 4 * base + 10
                         : op == 2 ? 4 + base
                                   : std::min(2.0f, 1 + base);
      EXPECT_EQ(static_cast<float>(out[i]), want) << "op " << op << " i " << i;
    }
  }
}

TEST(Atomic, AddMaxMinFromFourBlocksFloatHalfInt32) {
  CheckAtomics<float>();
  CheckAtomics<half>();
  CheckAtomics<int32_t>();
}

TEST(Atomic, WithoutAtomicTheSameBytesFromTwoBlocksAreAnOverlapFault) {
  std::vector<float> out(256, 0.0f);
  const LaunchResult r = AccumulateFromBlocks(out, 0);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kGmRace);
}

TEST(Atomic, AtomicInt64IsUnsupported) {
  const LaunchResult r = testing::RunOne([] { SetAtomicAdd<int64_t>(); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(r.fault->message.find("int64"), std::string::npos);
}

TEST(Atomic, SetAtomicNoneRestoresPlainCopies) {
  std::vector<float> out(256, 5.0f);
  const LaunchResult r = AccumulateFromBlocks(out, 1, 1);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(out[0], 6.0f);
  // A second launch without atomics overwrites.
  const LaunchResult r2 = AccumulateFromBlocks(out, 0, 1);
  ASSERT_TRUE(r2.status.ok());
  EXPECT_EQ(out[0], 1.0f);
}

TEST(Atomic, InitGlobalMemoryFillsAndChecksBounds) {
  std::vector<int32_t> out(100, 0);
  LaunchOptions options;
  options.checked = true;
  options.regions = {{out.data(), out.size() * 4, "out"}};
  const LaunchResult r = Launch(testing::TestDevice(), 1, options, [&] {
    GlobalTensor<int32_t> g;
    g.SetGlobalBuffer(out.data(), 64);
    InitGlobalMemory(g, 64, 7);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 100; ++i) EXPECT_EQ(out[i], i < 64 ? 7 : 0);
  EXPECT_GT(r.stats.pipes[static_cast<int>(Pipe::kMte3)].busy_ns, 0);
  // Past the declared 64 but inside the 100-element region: a warning; past the region: a fault.
  const LaunchResult over = Launch(testing::TestDevice(), 1, options, [&] {
    GlobalTensor<int32_t> g;
    g.SetGlobalBuffer(out.data(), 64);
    InitGlobalMemory(g, 65, 7);
  });
  ASSERT_TRUE(over.status.ok()) << over.status.ToString();
  ASSERT_EQ(over.warnings.size(), 1u);
  EXPECT_EQ(over.warnings[0].kind, "global_tensor_overrun");
  const LaunchResult bad = Launch(testing::TestDevice(), 1, options, [&] {
    GlobalTensor<int32_t> g;
    g.SetGlobalBuffer(out.data(), 64);
    InitGlobalMemory(g, 101, 7);
  });
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_EQ(bad.fault->kind, FaultKind::kOutOfBoundsGm);
}

// InitOutput fills as InitGlobalMemory on the A2 generation's AIV (value defaulting to 0), and
// does nothing on its AIC or on the 910A and 310P, whose CANN builds compile its body out.
TEST(Atomic, InitOutputFillsOnTheA2VectorCoresOnly) {
  const auto run = [](const DeviceProfile& device, CoreType type, bool give_value) {
    std::vector<int32_t> out(64, 3);
    LaunchOptions options;
    options.checked = true;
    options.core_type = type;
    options.regions = {{out.data(), out.size() * 4, "out"}};
    const LaunchResult r = Launch(device, 1, options, [&] {
      GlobalTensor<int32_t> g;
      g.SetGlobalBuffer(out.data(), 64);
      if (give_value) {
        InitOutput<int32_t>(g, 48, 9);
      } else {
        InitOutput(g, 48);
      }
    });
    EXPECT_TRUE(r.status.ok()) << r.status.ToString();
    return out;
  };
  DeviceProfile a2 = testing::TestDevice();
  a2.cube_cores = 4;
  std::vector<int32_t> filled = run(a2, CoreType::kAiv, true);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(filled[i], i < 48 ? 9 : 3) << i;
  filled = run(a2, CoreType::kAiv, false);
  EXPECT_EQ(filled[0], 0);
  EXPECT_EQ(filled[48], 3);
  EXPECT_EQ(run(a2, CoreType::kAic, true), std::vector<int32_t>(64, 3));
  for (const char* arch : {"dav-1001", "dav-2002"}) {
    DeviceProfile old = testing::TestDevice();
    old.architecture = arch;
    EXPECT_EQ(run(old, CoreType::kAiv, true), std::vector<int32_t>(64, 3)) << arch;
  }
}

}  // namespace
}  // namespace opsim::sim
