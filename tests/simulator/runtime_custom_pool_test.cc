// A user-defined TBufPool (EXTERN_IMPL_BUFPOOL): the pool class CANN's custom-pool page describes
// (InitBuffer through GetBufHandle, Get/SetCurAddr, Get/SetCurBufSize and the queues' and TBufs'
// InitStartBufHandle/InitBufHandle) carves its buffers where it says, Reset hands the memory
// back, and the addresses opsim cannot place there, the handles beyond BUFID_SIZE and the calls
// out of order are faults.
#include <gtest/gtest.h>

#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::custom_pool_test {

using namespace AscendC;
using testing::RunOne;

// A pool that places each buffer at GetCurAddr() + skew (0: where CANN's example puts it).
class SkewPool {
 public:
  SkewPool() { Init(); }
  uint32_t skew = 0;
  template <class Q>
  void InitBuffer(Q& que, uint8_t num, uint32_t len) {
    len = (len + 31) / 32 * 32;
    TBufHandle h = GetBufHandle(GetCurBufSize());
    const uint32_t at = GetCurAddr() + skew;
    que.InitStartBufHandle(h, num, len);
    for (uint32_t i = 0; i < num; ++i) que.InitBufHandle(this, i, h, at + i * len, len);
    SetCurAddr(at + num * len);
    SetCurBufSize(GetCurBufSize() + num);
  }
  template <TPosition kPos>
  void InitBuffer(TBuf<kPos>& buf, uint32_t len) {
    len = (len + 31) / 32 * 32;
    TBufHandle h = GetBufHandle(GetCurBufSize());
    const uint32_t at = GetCurAddr() + skew;
    buf.InitStartBufHandle(h, 1, len);
    buf.InitBufHandle(this, 0, h, at, len);
    SetCurAddr(at + len);
    SetCurBufSize(GetCurBufSize() + 1);
  }
  EXTERN_IMPL_BUFPOOL(SkewPool, TPosition::VECCALC, 4);
};

TEST(CustomBufPool, CarvesWhereTheUserSaysAndResets) {
  const LaunchResult r = RunOne([] {
    TPipe pipe;
    SkewPool pool;
    EXPECT_EQ(SkewPool::poolPos, TPosition::VECCALC);
    EXPECT_TRUE(SkewPool::isTbufPool);
    pipe.InitBufPool(pool, 4096);
    const uint32_t start = pool.GetCurAddr();
    TQue<TPosition::VECIN, 2> q;
    TBuf<TPosition::VECCALC> b;
    pool.InitBuffer(q, 2, 1000);  // two buffers of 1024
    pool.InitBuffer(b, 512);
    EXPECT_EQ(pool.GetCurAddr(), start + 2 * 1024 + 512);
    EXPECT_EQ(pool.GetCurBufSize(), 3);
    LocalTensor<float> t0 = q.AllocTensor<float>();
    LocalTensor<float> t1 = q.AllocTensor<float>();
    EXPECT_EQ(t0.GetPhyAddr(), start);
    EXPECT_EQ(t1.GetPhyAddr(), start + 1024);
    LocalTensor<float> s = b.Get<float>();
    EXPECT_EQ(s.GetPhyAddr(), start + 2048);
    Duplicate(t0, 3.0f, 256);
    Duplicate(s, 1.0f, 128);
    Add(s, s, t0, 128);
    EXPECT_EQ(s.GetValue(5), 4.0f);
    q.FreeTensor(t0);
    q.FreeTensor(t1);
    // Reset hands the pool back from its start.
    pool.Reset();
    EXPECT_EQ(pool.GetCurAddr(), start);
    EXPECT_EQ(pool.GetCurBufSize(), 0);
    TBuf<TPosition::VECCALC> b2;
    pool.InitBuffer(b2, 4096);
    EXPECT_EQ(b2.Get<float>().GetPhyAddr(), start);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

void ExpectPoolFault(const LaunchResult& r, FaultKind kind, const std::string& instr,
                     const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, kind) << r.fault->message;
  EXPECT_EQ(r.fault->instruction, instr);
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

TEST(CustomBufPool, WhatOpsimCannotPlaceIsAFault) {
  // A buffer 64 bytes past the pool's next free byte.
  ExpectPoolFault(RunOne([] {
                    TPipe pipe;
                    SkewPool pool;
                    pipe.InitBufPool(pool, 4096);
                    pool.skew = 64;
                    TBuf<TPosition::VECCALC> b;
                    pool.InitBuffer(b, 256);
                  }),
                  FaultKind::kUnsupported, "InitBufHandle",
                  "one after another from its start, and this one's next free byte is");
  // More than the pool holds.
  ExpectPoolFault(RunOne([] {
                    TPipe pipe;
                    SkewPool pool;
                    pipe.InitBufPool(pool, 1024);
                    TQue<TPosition::VECOUT, 1> q;
                    pool.InitBuffer(q, 2, 1024);
                  }),
                  FaultKind::kUbOverflow, "TPipe::InitBuffer", "of its 1024 B are left");
}

TEST(CustomBufPool, MisuseIsAFault) {
  ExpectPoolFault(RunOne([] {
                    TPipe pipe;
                    SkewPool pool;
                    pipe.InitBufPool(pool, 4096);
                    pool.GetBufHandle(4);
                  }),
                  FaultKind::kInvalidArgument, "TBufPool::GetBufHandle",
                  "offset 4 is beyond the pool's 4 buffer handles");
  ExpectPoolFault(RunOne([] {
                    SkewPool pool;
                    pool.GetCurAddr();
                  }),
                  FaultKind::kQueueMisuse, "TBufPool::GetCurAddr", "call TPipe::InitBufPool");
  ExpectPoolFault(RunOne([] {
                    TPipe pipe;
                    SkewPool pool;
                    pipe.InitBufPool(pool, 4096);
                    TQue<TPosition::VECIN, 1> q;
                    q.InitStartBufHandle(pool.GetBufHandle(0), 2, 256);
                    q.InitBufHandle(&pool, 1, pool.GetBufHandle(0), pool.GetCurAddr() + 256, 256);
                  }),
                  FaultKind::kQueueMisuse, "InitBufHandle", "buffer 1 before buffer 0");
}

}  // namespace opsim::sim::custom_pool_test
