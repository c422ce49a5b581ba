// Mmad's GEMV (the Mmad page: with m = 1 the cube reads L0A as one ND row of k elements, not as
// 16-row ZZ fractals), as asc-devkit's mmad_gemv sample uses it: a 1 x K row loaded into L0A
// as one 512 B fractal, against a scalar model; an L0A tensor shorter than the row faults.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::Region;

constexpr uint32_t kGemvK = 64, kGemvN = 32;

// c (1 x N) = a (1 x K, ND in L0A) x b (K x N, ZN in L0B); a2_elems: the L0A tensor's size.
struct GemvKernel {
  const half* a;  // 256 halves: the row, then zeros (one 512 B fractal)
  const half* b;
  float* c;
  uint32_t a2_elems = 256;

  void operator()() const {
    constexpr uint32_t kb = kGemvK / 16, nb = kGemvN / 16;
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, 512);
    pipe.InitBuffer(b1, kGemvK * kGemvN * 2 + 512 * nb);
    pipe.InitBuffer(a2, a2_elems * 2);
    pipe.InitBuffer(b2, kGemvK * kGemvN * 2);
    pipe.InitBuffer(co1, 16 * kGemvN * 4);
    const LocalTensor<half> la1 = a1.Get<half>(), lb1 = b1.Get<half>();
    const LocalTensor<half> la2 = a2.Get<half>(), lb2 = b2.Get<half>();
    const LocalTensor<float> lc = co1.Get<float>();
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gc;
    ga.SetGlobalBuffer(const_cast<half*>(a), 256);
    gb.SetGlobalBuffer(const_cast<half*>(b), kGemvK * kGemvN);
    gc.SetGlobalBuffer(c, kGemvN);
    DataCopy(la1, ga, 256);
    DataCopy(lb1, gb, Nd2NzParams{1, kGemvK, kGemvN, 0, kGemvN, kGemvK, 1, 0});
    SetFlag<HardEvent::MTE2_MTE1>(0);
    WaitFlag<HardEvent::MTE2_MTE1>(0);
    LoadData(la2, la1, LoadData2DParams{0, 1, 0, 0, 0, false, 0});
    for (uint32_t q = 0; q < kb; ++q) {
      LoadData(lb2[q * nb * 256], lb1,
               LoadData2DParams{static_cast<uint16_t>(q), static_cast<uint8_t>(nb),
                                static_cast<uint16_t>(kb), 0, 0, true, 0});
    }
    SetFlag<HardEvent::MTE1_M>(0);
    WaitFlag<HardEvent::MTE1_M>(0);
    MmadParams mm;
    mm.m = 1;
    mm.n = kGemvN;
    mm.k = kGemvK;
    Mmad(lc, la2, lb2, mm);
    SetFlag<HardEvent::M_FIX>(0);
    WaitFlag<HardEvent::M_FIX>(0);
    FixpipeParamsV220 fp;
    fp.mSize = 1;
    fp.nSize = kGemvN;
    fp.srcStride = 16;
    fp.dstStride = kGemvN;
    Fixpipe(gc, lc, fp);
  }
};

struct GemvRun {
  std::vector<half> a, b;
  std::vector<float> c;
  LaunchResult r;
};

GemvRun RunGemv(uint32_t a2_elems) {
  GemvRun g;
  g.a.assign(256, half(0.0f));
  for (uint32_t k = 0; k < kGemvK; ++k) g.a[k] = half(static_cast<float>(k % 7) - 3.0f);
  g.b.resize(kGemvK * kGemvN);
  for (uint32_t i = 0; i < g.b.size(); ++i) g.b[i] = half(static_cast<float>(i % 5) - 2.0f);
  g.c.assign(kGemvN, -1.0f);
  LaunchOptions o;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  o.regions = {Region(g.a, "a"), Region(g.b, "b"), Region(g.c, "c")};
  g.r =
      Launch(testing::TestDevice(), 1, o, GemvKernel{g.a.data(), g.b.data(), g.c.data(), a2_elems});
  return g;
}

TEST(CubeGemv, MEqualOneReadsTheRowAsNd) {
  const GemvRun g = RunGemv(256);
  ASSERT_TRUE(g.r.status.ok()) << g.r.status.ToString();
  for (uint32_t j = 0; j < kGemvN; ++j) {
    float want = 0;
    for (uint32_t k = 0; k < kGemvK; ++k) {
      want += static_cast<float>(g.a[k]) * static_cast<float>(g.b[k * kGemvN + j]);
    }
    ASSERT_EQ(g.c[j], want) << "column " << j;
  }
}

TEST(CubeGemv, AnL0aTensorShorterThanTheRowFaults) {
  const GemvRun g = RunGemv(32);  // 64 B: the row is 128 B
  ASSERT_TRUE(g.r.fault.has_value());
  EXPECT_EQ(g.r.fault->kind, FaultKind::kOutOfBoundsUb) << g.r.fault->ToString();
  EXPECT_EQ(g.r.fault->instruction, "Mmad");
}

}  // namespace
}  // namespace opsim::sim
