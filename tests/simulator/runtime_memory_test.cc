// Unified Buffer allocation and queue rules: each misuse is a typed fault, never a hang.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

void ExpectFault(const LaunchResult& r, FaultKind kind, const std::string& needle) {
  ASSERT_FALSE(r.status.ok()) << "expected a fault";
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.status.code(), ErrorCode::kKernelFault);
  EXPECT_EQ(r.fault->kind, kind) << r.fault->ToString();
  EXPECT_NE(r.fault->message.find(needle), std::string::npos) << r.fault->ToString();
  EXPECT_EQ(r.fault->block, 0);
  EXPECT_FALSE(r.fault->instruction.empty());
}

TEST(UnifiedBuffer, InitBufferRoundsLengthUpTo32Bytes) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    TBuf<TPosition::VECCALC> a;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(q, 2, 33);  // 2 x 64 B
    pipe.InitBuffer(a, 1);      // 32 B
    pipe.InitBuffer(b, 100);
    EXPECT_EQ(a.Get<float>().GetPhyAddr(), 128u);
    EXPECT_EQ(a.Get<float>().GetSize(), 8u);
    EXPECT_EQ(b.Get<float>().GetPhyAddr(), 160u);
    EXPECT_EQ(b.Get<uint8_t>().GetSize(), 128u);
    LocalTensor<float> t = q.AllocTensor<float>();
    EXPECT_EQ(t.GetSize(), 16u);
    q.FreeTensor(t);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(UnifiedBuffer, OverflowNamesRequestedAndAvailableBytes) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 100 * 1024);
    pipe.InitBuffer(q, 2, 64 * 1024);
  });
  ExpectFault(r, FaultKind::kUbOverflow, "requested 2 x 65536 = 131072 B");
  EXPECT_NE(r.fault->message.find("only 94208 B of 196608 B are left"), std::string::npos)
      << r.fault->message;
}

TEST(UnifiedBuffer, AtMost64Buffers) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bufs[65];
    for (auto& b : bufs) pipe.InitBuffer(b, 32);
  });
  ExpectFault(r, FaultKind::kTooManyBuffers, "at most 64");
}

TEST(UnifiedBuffer, ZeroLengthBufferIsRejected) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 0);
  });
  ExpectFault(r, FaultKind::kInvalidArgument, "buffer length 0 B");
}

TEST(UnifiedBuffer, DestroyReleasesTheBuffer) {
  const LaunchResult r = RunOne([] {
    for (int i = 0; i < 3; ++i) {
      TPipe pipe;
      TBuf<TPosition::VECCALC> b;
      pipe.InitBuffer(b, 150 * 1024);
      pipe.Destroy();
    }
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(Queue, DeQueFromEmptyQueueFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 64);
    q.DeQue<float>();
  });
  ExpectFault(r, FaultKind::kQueueMisuse, "is empty");
}

TEST(Queue, AllocWithNoFreeBufferFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 2> q;
    pipe.InitBuffer(q, 2, 64);
    q.AllocTensor<float>();
    q.AllocTensor<float>();
    q.AllocTensor<float>();
  });
  ExpectFault(r, FaultKind::kQueueMisuse, "all 2 buffers");
}

TEST(Queue, EnQueBeyondDepthFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 2, 64);
    LocalTensor<float> a = q.AllocTensor<float>();
    LocalTensor<float> b = q.AllocTensor<float>();
    q.EnQue(a);
    q.EnQue(b);
  });
  ExpectFault(r, FaultKind::kQueueMisuse, "is full (depth 1)");
}

TEST(Queue, FreeingAForeignTensorFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q1;
    TQue<QuePosition::VECIN, 1> q2;
    pipe.InitBuffer(q1, 1, 64);
    pipe.InitBuffer(q2, 1, 64);
    LocalTensor<float> t = q1.AllocTensor<float>();
    q2.FreeTensor(t);
  });
  ExpectFault(r, FaultKind::kQueueMisuse, "does not belong to queue #1");
}

TEST(Queue, DoubleFreeFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 64);
    LocalTensor<float> t = q.AllocTensor<float>();
    LocalTensor<float> copy = t;
    q.FreeTensor(t);
    q.FreeTensor(copy);
  });
  ExpectFault(r, FaultKind::kQueueMisuse, "already freed");
}

// CANN's EnQue takes an allocated or a dequeued tensor: an accumulator dequeued, updated and
// handed back to its queue is legal; enqueuing one that is still queued is not.
TEST(Queue, DequeuedTensorMayBeEnqueuedAgain) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 64);
    LocalTensor<float> t = q.AllocTensor<float>();
    Duplicate(t, 2.0f, 16);
    q.EnQue(t);
    LocalTensor<float> d = q.DeQue<float>();
    Adds(d, d, 1.0f, 16);
    q.EnQue(d);
    LocalTensor<float> e = q.DeQue<float>();
    EXPECT_EQ(e.GetValue(15), 3.0f);
    q.FreeTensor(e);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

TEST(Queue, EnQueOfAQueuedTensorFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 2> q;
    pipe.InitBuffer(q, 1, 64);
    LocalTensor<float> t = q.AllocTensor<float>();
    q.EnQue(t);
    q.EnQue(t);
  });
  ExpectFault(r, FaultKind::kQueueMisuse, "is enqueued; only an allocated or dequeued tensor");
}

TEST(Queue, BufferHeldAtKernelEndIsALeak) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 64);
    LocalTensor<float> t = q.AllocTensor<float>();
    q.EnQue(t);
  });
  ExpectFault(r, FaultKind::kBufferLeak, "is still enqueued");
}

TEST(Queue, QueueWithoutInitBufferFaults) {
  const LaunchResult r = RunOne([] {
    TQue<QuePosition::VECIN, 1> q;
    q.AllocTensor<float>();
  });
  ExpectFault(r, FaultKind::kQueueMisuse, "InitBuffer");
}

TEST(Queue, UseAfterFreeFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 64);
    LocalTensor<float> t = q.AllocTensor<float>();
    LocalTensor<float> stale = t;
    q.FreeTensor(t);
    Duplicate(stale, 1.0f, 16);
  });
  ExpectFault(r, FaultKind::kUseAfterFree, "after it was freed");
}

// ops-math's floor_mod compares into a member LocalTensor it never takes from its TBuf. Ascend C's
// LocalTensor() leaves the address uninitialised, so on the chip the mask lands wherever the
// stack's bytes point: a fault naming the cause, never a crash.
TEST(Queue, ANeverAllocatedLocalTensorFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<float> a = buf.Get<float>();
    Duplicate(a, 1.0f, 64);
    LocalTensor<uint8_t> mask;
    Compare(mask, a, a, CMPMODE::EQ, 64);
  });
  ExpectFault(r, FaultKind::kUseAfterFree, "uninitialised address");
}

TEST(Queue, RoundRobinBuffersAlternate) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> q;
    pipe.InitBuffer(q, 2, 64);
    uint64_t addr[4];
    for (auto& a : addr) {
      LocalTensor<float> t = q.AllocTensor<float>();
      a = t.GetPhyAddr();
      q.EnQue(t);
      LocalTensor<float> d = q.DeQue<float>();
      q.FreeTensor(d);
    }
    EXPECT_NE(addr[0], addr[1]);
    EXPECT_EQ(addr[0], addr[2]);
    EXPECT_EQ(addr[1], addr[3]);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

// TQue::FreeAllEvent (CANN's TQue page, "TQue Buffer limit"): the 910B's eight VECIN queue
// buffers are taken; freeing one queue's events lets a ninth queue in, and that queue's next
// AllocTensor takes its events back, over the limit again. An enqueued buffer keeps its event.
TEST(Queue, FreeAllEventLetsAnotherQueueIn) {
  const auto run = [](bool realloc, bool enqueued) {
    return RunOne([=] {
      TPipe pipe;
      TQue<QuePosition::VECIN, 1> q[9];
      for (int i = 0; i < 8; ++i) pipe.InitBuffer(q[i], 1, 64);
      LocalTensor<float> t = q[0].AllocTensor<float>();
      q[0].EnQue(t);
      if (!enqueued) {
        t = q[0].DeQue<float>();
        q[0].FreeTensor(t);
      }
      q[0].FreeAllEvent();
      pipe.InitBuffer(q[8], 1, 64);
      if (realloc) t = q[0].AllocTensor<float>();
    });
  };
  const LaunchResult ok = run(false, false);
  EXPECT_TRUE(ok.status.ok()) << ok.status.ToString();
  ExpectFault(run(true, false), FaultKind::kTooManyBuffers,
              "VECIN queues already hold 8 buffers and 1 more were asked for");
  const LaunchResult held = run(false, true);
  ExpectFault(held, FaultKind::kQueueMisuse, "is still in the queue, holding its EnQue event");
  EXPECT_EQ(held.fault->instruction, "TQue::FreeAllEvent");
}

TEST(Scalar, GetValueOutOfBoundsFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 32);
    LocalTensor<float> t = b.Get<float>();
    t.SetValue(7, 1.5f);
    EXPECT_EQ(t.GetValue(7), 1.5f);
    t.GetValue(8);
  });
  ExpectFault(r, FaultKind::kOutOfBoundsUb, "tensor ends at");
}

// The cache maintenance calls (a public PoolAvg ends with DataCacheCleanAndInvalid after its
// scalar SetValue loop) compile for every form CANN declares and change nothing: GM writes are
// visible at once in the simulator.
TEST(Scalar, CacheMaintenanceIsANoOp) {
  std::vector<float> gm(8, 1.0f);
  std::vector<uint64_t> preload(4, 0);
  const LaunchResult r = RunOne(
      [&] {
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 8);
        GlobalTensor<uint64_t> p;
        p.SetGlobalBuffer(preload.data(), 4);
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 32);
        LocalTensor<float> t = b.Get<float>();
        g.SetValue(3, 7.0f);
        DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(g);
        DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_ALL>(g);
        DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_UB>(t);
        DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE>(g);
        DataCachePreload(p, int64_t{0});
        ICachePreLoad(2);
        EXPECT_EQ(GetICachePreloadStatus(), 0);  // 0: idle
        EXPECT_EQ(g.GetValue(3), 7.0f);
      },
      true,
      {{gm.data(), gm.size() * sizeof(float), "g"},
       {preload.data(), preload.size() * sizeof(uint64_t), "p"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_FALSE(r.fault.has_value());
  EXPECT_EQ(gm[3], 7.0f);
}

TEST(Vector, CountBeyondTensorFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 64);
    LocalTensor<float> t = b.Get<float>();
    Adds(t, t, 1.0f, 17);
  });
  ExpectFault(r, FaultKind::kOutOfBoundsUb, "accesses UB [0x0, 0x44)");
}

TEST(Vector, NegativeCountFaults) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 64);
    LocalTensor<float> t = b.Get<float>();
    Add(t, t, t, -1);
  });
  ExpectFault(r, FaultKind::kInvalidArgument, "count must be >= 0");
}

TEST(Api, CallOutsideALaunchThrowsNoLaunch) {
  try {
    (void)GetBlockIdx();
    FAIL() << "expected FaultError";
  } catch (const FaultError& e) {
    EXPECT_EQ(e.fault().kind, FaultKind::kNoLaunch);
  }
}

}  // namespace
}  // namespace opsim::sim
