// TQueBind (VECIN -> VECOUT without a V stage), TBufPool (carving, sharing, Reset) and
// LocalMemAllocator (static tensors).
#include <gtest/gtest.h>

#include <cmath>
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
    Duplicate(a, 0.0f, 101);  // beyond the 100 elements asked for
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
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

}  // namespace
}  // namespace opsim::sim
