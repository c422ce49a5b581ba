// TQueBind (VECIN -> VECOUT without a V stage), TBufPool (carving, sharing, Reset),
// LocalMemAllocator and raw-address LocalTensors (static tensors), and LocalTensor's members
// that resize, move, tag, print and dump a tensor.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

TEST(Buffers, TQueBindCopiesThroughTheUbFromMte2ToMte3) {
  std::vector<float> in(512), out(512, 0.0f);
  for (int i = 0; i < 512; ++i) in[i] = static_cast<float>(i) * 0.5f;
  LaunchOptions options;
  options.checked = true;
  options.regions = {{in.data(), in.size() * 4, "in"}, {out.data(), out.size() * 4, "out"}};
  const LaunchResult r = Launch(testing::TestDevice(), 1, options, [&] {
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 2> q;
    pipe.InitBuffer(q, 2, 1024);
    GlobalTensor<float> gi, go;
    gi.SetGlobalBuffer(in.data(), 512);
    go.SetGlobalBuffer(out.data(), 512);
    for (int tile = 0; tile < 2; ++tile) {
      LocalTensor<float> t = q.AllocTensor<float>();
      DataCopy(t, gi[tile * 256], 256);
      q.EnQue(t);
      t = q.DeQue<float>();
      DataCopy(go[tile * 256], t, 256);
      q.FreeTensor(t);
    }
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(out, in);
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kV)].instructions, 0u);
}

TEST(Buffers, TQueBindWithoutDeQueIsAMissingSync) {
  std::vector<float> in(256), out(256);
  LaunchOptions options;
  options.checked = true;
  options.regions = {{in.data(), 1024, "in"}, {out.data(), 1024, "out"}};
  const LaunchResult r = Launch(testing::TestDevice(), 1, options, [&] {
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    GlobalTensor<float> gi, go;
    gi.SetGlobalBuffer(in.data(), 256);
    go.SetGlobalBuffer(out.data(), 256);
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopy(t, gi, 256);
    DataCopy(go, t, 256);  // MTE3 reads what MTE2 is still writing
    q.FreeTensor(t);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kMissingSync);
}

TEST(Buffers, TBufKeepsCannsQueueCallsAsGetAndNoOps) {
  // CANN's TBuf derives from TQueBind: AllocTensor/DeQue are Get, EnQue/FreeTensor do nothing,
  // so a kernel may free a TBuf tensor and keep using the buffer.
  float got = 0;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64);
    LocalTensor<float> a = buf.AllocTensor<float>();
    EXPECT_EQ(a.GetSize(), 16u);
    EXPECT_EQ(a.data(), buf.Get<float>().data());
    Duplicate(a, 2.5f, 16);
    buf.EnQue(a);
    LocalTensor<float> b = buf.DeQue<float>();
    buf.FreeTensor(a);
    got = b.GetValue(15);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_FALSE(r.fault) << r.fault->message;
  EXPECT_EQ(got, 2.5f);
}

TEST(Buffers, TBufPoolCarvesSharesAndResets) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBufPool<TPosition::VECCALC> p1, p2;
    pipe.InitBufPool(p1, 8192);
    pipe.InitBufPool(p2, 8192, p1);
    TQue<TPosition::VECIN, 1> qa;
    TBuf<TPosition::VECCALC> ba;
    p1.InitBuffer(qa, 2, 1024);
    p1.InitBuffer(ba, 2048);
    LocalTensor<float> t = qa.AllocTensor<float>();
    const uint64_t first = t.GetPhyAddr();
    Duplicate(t, 1.0f, 256);
    qa.FreeTensor(t);
    EXPECT_EQ(ba.Get<float>().GetPhyAddr(), first + 2048);
    p1.Reset();
    // The sharing pool starts at the same place.
    TQue<TPosition::VECOUT, 1> qb;
    p2.InitBuffer(qb, 1, 4096);
    LocalTensor<float> u = qb.AllocTensor<float>();
    EXPECT_EQ(u.GetPhyAddr(), first);
    qb.FreeTensor(u);
    // A sub-pool carves from its parent.
    TBufPool<TPosition::VECCALC> sub;
    p2.InitBufPool(sub, 1024);
    TBuf<TPosition::VECCALC> bs;
    sub.InitBuffer(bs, 1024);
    EXPECT_EQ(bs.Get<float>().GetPhyAddr(), first + 4096);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(Buffers, TBufPoolTensorUsedAfterResetIsAFault) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBufPool<TPosition::VECCALC> p;
    pipe.InitBufPool(p, 4096);
    TBuf<TPosition::VECCALC> b;
    p.InitBuffer(b, 1024);
    LocalTensor<float> t = b.Get<float>();
    p.Reset();
    Duplicate(t, 0.0f, 8);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUseAfterFree);
}

// TBufPool::Reset, like TPipe::Destroy, resets its buffers whatever their state: a tensor still
// allocated is a warning (a later use of it is use_after_free); one still enqueued, a fault.
TEST(Buffers, TBufPoolResetWithAHeldTensorIsALeakWarning) {
  for (const bool enqueue : {false, true}) {
    const LaunchResult r = RunOne([enqueue] {
      TPipe pipe;
      TBufPool<TPosition::VECCALC> p;
      pipe.InitBufPool(p, 4096);
      TQue<TPosition::VECIN, 1> q;
      p.InitBuffer(q, 1, 1024);
      LocalTensor<float> t = q.AllocTensor<float>();
      if (enqueue) q.EnQue(t);
      p.Reset();
    });
    if (enqueue) {
      ASSERT_TRUE(r.fault.has_value());
      EXPECT_EQ(r.fault->kind, FaultKind::kBufferLeak);
      EXPECT_EQ(r.fault->instruction, "TBufPool::Reset");
      continue;
    }
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0].kind, "buffer_leak");
    EXPECT_EQ(r.warnings[0].instruction, "TBufPool::Reset");
  }
}

TEST(Buffers, TBufPoolOverflowAndShareLengthAreFaults) {
  const LaunchResult over = RunOne([] {
    TPipe pipe;
    TBufPool<TPosition::VECCALC> p;
    pipe.InitBufPool(p, 2048);
    TBuf<TPosition::VECCALC> b;
    p.InitBuffer(b, 4096);
  });
  ASSERT_TRUE(over.fault.has_value());
  EXPECT_EQ(over.fault->kind, FaultKind::kUbOverflow);
  EXPECT_NE(over.fault->message.find("TBufPool"), std::string::npos);
  const LaunchResult share = RunOne([] {
    TPipe pipe;
    TBufPool<TPosition::VECCALC> p1, p2;
    pipe.InitBufPool(p1, 2048);
    pipe.InitBufPool(p2, 1024, p1);
  });
  ASSERT_TRUE(share.fault.has_value());
  EXPECT_EQ(share.fault->kind, FaultKind::kInvalidArgument);
}

TEST(Buffers, LocalMemAllocatorHandsOutConsecutiveBlocks) {
  const LaunchResult r = RunOne([] {
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> a = ub.Alloc<float>(100);  // 400 B, carved as 416
    LocalTensor<half> b = ub.Alloc<TPosition::VECIN, half, 128>();
    EXPECT_EQ(a.GetSize(), 100u);
    EXPECT_EQ(b.GetPhyAddr(), a.GetPhyAddr() + 416);
    EXPECT_EQ(ub.GetCurAddr(), 416u + 256u);
    Duplicate(a, 3.0f, 100);
    Exp(a, a, 100);
    EXPECT_EQ(a.GetValue(99), static_cast<float>(std::exp(3.0)));
    // Beyond the 100 elements asked for, inside the UB: a static tensor, as CANN's allocator
    // makes it, so the chip runs it (the warning).
    Duplicate(a, 0.0f, 101);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_EQ(r.warnings[0].kind, "local_tensor_overrun");
}

TEST(Buffers, LocalMemAllocatorBeyondTheUbIsAnOverflow) {
  const LaunchResult r = RunOne([] {
    LocalMemAllocator<> ub;
    ub.Alloc<float>(40000);
    ub.Alloc<float>(40000);  // 320 KB > 192 KB
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUbOverflow);
}

// LocalTensor(pos, addr, tileSize) over the UB, no TPipe: a copy in, Add, a copy out with the
// hand-off flags, against the scalar model; and without the MTE2 -> V flag, a missing sync.
void RawUbAddKernel(float* x, float* y, float* z, bool sync) {
  LocalTensor<float> a(TPosition::VECIN, 0, 256), b(TPosition::VECIN, 1024, 256);
  LocalTensor<float> c(TPosition::VECOUT, 4096, 256);
  EXPECT_EQ(a.GetPosition(), static_cast<int32_t>(TPosition::VECIN));
  EXPECT_EQ(c.GetPosition(), static_cast<int32_t>(TPosition::VECOUT));
  EXPECT_EQ(b.GetPhyAddr(), 1024u);
  EXPECT_EQ(b.GetPhyAddr(8), 1024u + 32u);
  EXPECT_EQ(c.GetSize(), 256u);
  GlobalTensor<float> gx, gy, gz;
  gx.SetGlobalBuffer(x, 256);
  gy.SetGlobalBuffer(y, 256);
  gz.SetGlobalBuffer(z, 256);
  DataCopy(a, gx, 256);
  DataCopy(b, gy, 256);
  if (sync) {
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
  }
  Add(c, a, b, 256);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(gz, c, 256);
}

TEST(StaticTensor, RawUbTensorsAddAgainstTheScalarModel) {
  std::vector<float> x(256), y(256), z(256, 0.0f);
  for (int i = 0; i < 256; ++i) x[i] = 0.25f * i, y[i] = 3.0f - i;
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.regions = {testing::Region(x, "x"), testing::Region(y, "y"), testing::Region(z, "z")};
  const LaunchResult r = Launch(testing::TestDevice(), 1, o,
                                [&] { RawUbAddKernel(x.data(), y.data(), z.data(), true); });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 256; ++i) ASSERT_EQ(z[i], x[i] + y[i]) << i;
  const LaunchResult bad = Launch(testing::TestDevice(), 1, o,
                                  [&] { RawUbAddKernel(x.data(), y.data(), z.data(), false); });
  ASSERT_TRUE(bad.fault.has_value());
  EXPECT_EQ(bad.fault->kind, FaultKind::kMissingSync) << bad.fault->ToString();
}

// A raw tensor over a TPipe buffer's bytes is no fault (CANN allows the alias); it sees what the
// buffer's tensor wrote, and reading bytes nothing wrote is an uninitialised read.
TEST(StaticTensor, RawTensorAliasesATBufAndIsChecked) {
  std::vector<float> gm(64);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<float> t = buf.Get<float>();
        Duplicate(t, 2.5f, 64);
        PipeBarrier<PIPE_V>();
        LocalTensor<float> alias(TPosition::VECCALC, static_cast<uint32_t>(t.GetPhyAddr()), 128);
        EXPECT_EQ(alias.GetValue(63), 2.5f);
        LocalTensor<float> out(TPosition::VECCALC, 8192, 64);
        Adds(out, alias, 1.0f, 64);
        PipeBarrier<PIPE_V>();
        EXPECT_EQ(out.GetValue(0), 3.5f);
        // Elements 64..127 of the alias: nothing wrote them, so neither are out's lanes computed
        // from them, and copying those out reads unwritten bytes.
        Adds(out, alias[64], 1.0f, 64);
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 64);
        DataCopy(g, out, 64);
      },
      true, {testing::Region(gm, "gm")});
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
}

TEST(StaticTensor, RawTensorFaults) {
  struct Case {
    std::function<void()> kernel;
    FaultKind kind;
    const char* text;
  };
  const std::vector<Case> cases = {
      {[] { LocalTensor<float>(TPosition::VECIN, 16, 8); }, FaultKind::kInvalidArgument,
       "not 32 B aligned"},
      {[] { LocalTensor<float>(TPosition::VECCALC, 192 * 1024 - 32, 16); },
       FaultKind::kOutOfBoundsUb, "position VECCALC, addr 0x2ffe0, 64 B"},
      {[] { LocalTensor<float>(TPosition::GM, 0, 8); }, FaultKind::kInvalidArgument, "position GM"},
      {[] { LocalTensor<float>(TPosition::VECIN, 0, 0); }, FaultKind::kInvalidArgument, "0 B"},
      {[] {
         LocalTensor<float> t(TPosition::VECCALC, 192 * 1024 - 256, 64);
         Duplicate(t, 1.0f, 72);  // past the UB's end
       },
       FaultKind::kOutOfBoundsUb, "tensor ends"},
      {[] {
         TBuffAddr addr{};
         addr.logicPos = static_cast<uint8_t>(TPosition::VECCALC);
         addr.bufferAddr = 192 * 1024;
         addr.dataLen = 32;
         LocalTensor<float> t(addr);
       },
       FaultKind::kOutOfBoundsUb, "past the end of the UB"},
  };
  for (const Case& c : cases) {
    const LaunchResult r = RunOne(c.kernel);
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, c.kind) << r.fault->ToString();
    EXPECT_NE(r.fault->message.find(c.text), std::string::npos) << r.fault->ToString();
  }
  // Past the 64 elements asked for but inside the UB: what the chip runs, so a warning.
  std::vector<float> gm(72);
  const LaunchResult past = RunOne(
      [&] {
        LocalTensor<float> t(TPosition::VECOUT, 0, 64);
        Duplicate(t, 1.5f, 72);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 72);
        DataCopy(g, t, 72);
      },
      true, {testing::Region(gm, "gm")});
  ASSERT_FALSE(past.fault.has_value()) << past.fault->ToString();
  EXPECT_EQ(gm[71], 1.5f);
  ASSERT_FALSE(past.warnings.empty());
  EXPECT_EQ(past.warnings[0].kind, "local_tensor_overrun");
  EXPECT_NE(past.warnings[0].message.find("[0x0, 0x120), past the 256 B the static tensor"),
            std::string::npos)
      << past.warnings[0].message;
  // The AIV core has no L1 (a split-core chip's cube memories belong to the AIC). Making the
  // tensor only names an address (asc-devkit's matmul_gelu sample makes its A1..CO1 tensors on
  // both cores); using it there faults, and the same for an AIC's UB tensor.
  DeviceProfile d = testing::TestDevice();
  d.cube_cores = 2;
  LaunchOptions o;
  o.core_type = CoreType::kAiv;
  const LaunchResult made = Launch(d, 1, o, [] { LocalTensor<half>(TPosition::A1, 0, 256); });
  EXPECT_FALSE(made.fault.has_value()) << made.fault->ToString();
  const LaunchResult aiv = Launch(d, 1, o, [] {
    LocalTensor<half> t(TPosition::A1, 0, 256);
    (void)t[16].GetValue(0);
  });
  ASSERT_TRUE(aiv.fault.has_value());
  EXPECT_EQ(aiv.fault->kind, FaultKind::kUnsupported) << aiv.fault->ToString();
  EXPECT_NE(aiv.fault->message.find("L1, which on testchip belongs to the AIC (cube) core"),
            std::string::npos)
      << aiv.fault->ToString();
  o.core_type = CoreType::kAic;
  const LaunchResult aic = Launch(d, 1, o, [] {
    LocalTensor<float> t(TPosition::VECCALC, 0, 64);
    Duplicate(t, 1.0f, 64);
  });
  ASSERT_TRUE(aic.fault.has_value());
  EXPECT_NE(aic.fault->message.find("Unified Buffer, which on testchip belongs to the AIV"),
            std::string::npos)
      << aic.fault->ToString();
}

// The TensorTrait forms: the trait's position, the layout's static size or layout.GetSize().
TEST(StaticTensor, TensorTraitAndTBuffAddrForms) {
  const LaunchResult r = RunOne([] {
    using L = Layout<Shape<Std::integral_constant<size_t, 8>, Std::integral_constant<size_t, 16>>,
                     Stride<Std::integral_constant<size_t, 16>, Std::integral_constant<size_t, 1>>>;
    using Trait = TensorTrait<float, TPosition::VECCALC, L>;
    LocalTensor<Trait> t(256);
    EXPECT_EQ(t.GetSize(), 128u);
    EXPECT_EQ(t.GetPhyAddr(), 256u);
    EXPECT_EQ(t.GetPosition(), static_cast<int32_t>(TPosition::VECCALC));
    auto dyn = MakeLayout(MakeShape(4, 16), MakeStride(16, 1));
    using DynTrait = TensorTrait<half, TPosition::VECIN, decltype(dyn)>;
    LocalTensor<DynTrait> u(1024, dyn);
    EXPECT_EQ(u.GetSize(), 64u);
    Duplicate(t, 1.5f, 128);
    PipeBarrier<PIPE_V>();
    EXPECT_EQ(t.GetValue(127), 1.5f);
    TBuffAddr addr{};
    addr.logicPos = static_cast<uint8_t>(TPosition::VECCALC);
    addr.bufferAddr = 256;
    addr.dataLen = 512;
    LocalTensor<float> v(addr);
    EXPECT_EQ(v.GetSize(), 128u);
    EXPECT_EQ(v.GetValue(5), 1.5f);  // the same bytes as t
    TBuffAddr host{};
    host.logicPos = static_cast<uint8_t>(TPosition::VECCALC);
    host.absAddr = reinterpret_cast<uint8_t*>(t.data()) + 64;  // CPU debug: a host address
    host.dataLen = 64;
    EXPECT_EQ(LocalTensor<float>(host).GetPhyAddr(), 256u + 64u);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST(StaticTensor, SizeOffsetTagAndPositionMembers) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    TBuf<TPosition::VECOUT> b;
    pipe.InitBuffer(q, 1, 1024);
    pipe.InitBuffer(b, 256);
    EXPECT_EQ(b.Get<int32_t>().GetPosition(), static_cast<int32_t>(TPosition::VECOUT));
    LocalTensor<float> t = q.AllocTensor<float>();
    EXPECT_EQ(t.GetPosition(), static_cast<int32_t>(TPosition::VECIN));
    t.SetSize(64);
    EXPECT_EQ(t.GetSize(), 64u);
    t.SetBufferLen(128);  // bytes, as CANN's implementation
    EXPECT_EQ(t.GetSize(), 32u);
    LocalTensor<half> h;
    h.SetAddrWithOffset(t, 16);
    EXPECT_EQ(h.GetPhyAddr(), t.GetPhyAddr() + 64);
    EXPECT_EQ(h.GetSize(), 32u);  // to the end of t's 128 B
    // SetAddr with only logicPos set (the rest left as the stack had it), then InitBuffer.
    TBuffAddr only;
    std::memset(&only, 0xA5, sizeof(only));
    only.logicPos = static_cast<uint8_t>(TPosition::VECCALC);
    LocalTensor<float> s;
    s.SetAddr(only);
    EXPECT_EQ(s.GetPosition(), static_cast<int32_t>(TPosition::VECCALC));
    s.InitBuffer(8192, 64);
    EXPECT_EQ(s.GetPhyAddr(), 8192u);
    EXPECT_EQ(s.GetSize(), 64u);
    t.SetUserTag(10);
    q.EnQue(t);
    LocalTensor<float> d = q.DeQue<float>();
    EXPECT_EQ(d.GetUserTag(), 10);
    q.FreeTensor(d);
    LocalTensor<float> raw(TPosition::VECCALC, 2048, 8);
    raw.GetUserTag();  // no buffer to hold a tag
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->instruction, "LocalTensor::GetUserTag") << r.fault->ToString();
  const LaunchResult grow = RunOne([] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    LocalTensor<float> t = q.AllocTensor<float>();
    t.SetSize(257);  // past the 1024 B buffer
  });
  ASSERT_TRUE(grow.fault.has_value());
  EXPECT_EQ(grow.fault->kind, FaultKind::kOutOfBoundsUb) << grow.fault->ToString();
}

// Print: one 32 B block a line, "%04u : " and each value followed by a space; ToFile: the bytes.
TEST(StaticTensor, PrintAndToFile) {
  const std::string path = ::testing::TempDir() + "opsim_tofile_test.bin";
  std::string printed;
  const LaunchResult r = RunOne([&] {
    LocalTensor<int32_t> a(TPosition::VECCALC, 0, 16);
    LocalTensor<half> h(TPosition::VECCALC, 64, 16);
    LocalTensor<int8_t> c(TPosition::VECCALC, 128, 32);
    for (int i = 0; i < 16; ++i) a.SetValue(i, i - 3), h.SetValue(i, half(0.5f * i));
    for (int i = 0; i < 32; ++i) c.SetValue(i, static_cast<int8_t>(-i));
    ::testing::internal::CaptureStdout();
    a.Print();
    h.Print(3);
    c.Print(2);
    printed = ::testing::internal::GetCapturedStdout();
    EXPECT_EQ(a.ToFile(path), 0);
    EXPECT_EQ(a.ToFile("/nonexistent-dir/x.bin"), -1);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(printed,
            "0000 : -3 -2 -1 0 1 2 3 4 \n0008 : 5 6 7 8 9 10 11 12 \n"
            "0000 : 0 0.5 1 \n0000 : 0 -1 \n");
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size(), 64u);
  int32_t last;
  std::memcpy(&last, bytes.data() + 60, 4);
  EXPECT_EQ(last, 12);
  std::remove(path.c_str());
}
#pragma GCC diagnostic pop

}  // namespace
}  // namespace opsim::sim
