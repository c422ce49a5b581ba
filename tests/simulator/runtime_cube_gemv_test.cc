// Mmad's GEMV (the Mmad page: with m = 1 the cube reads L0A as one ND row of k elements, not as
// 16-row ZZ fractals), as asc-devkit's mmad_gemv sample uses it: a 1 x K row loaded into L0A
// as one 512 B fractal, against a scalar model; a row past L0A's end faults. And
// a Fixpipe into L1 (NZ, nSize aligned to 16 past the n Mmad computed, as batch_matmul does)
// carries the padding's unwritten state to L1 instead of faulting: copying it out faults.
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

// c (1 x N) = a (1 x K, ND in L0A) x b (K x N, ZN in L0B).
struct GemvKernel {
  const half* a;  // 256 halves: the row, then zeros (one 512 B fractal)
  const half* b;
  float* c;
  uint16_t mmad_n = kGemvN;  // columns Mmad computes
  half* l1_out = nullptr;    // also: results -> L1 (NZ, all kGemvN columns) -> here
  uint32_t l1_out_elems = 0;

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
    pipe.InitBuffer(a2, 512);
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
    mm.n = mmad_n;
    mm.k = kGemvK;
    Mmad(lc, la2, lb2, mm);
    SetFlag<HardEvent::M_FIX>(0);
    WaitFlag<HardEvent::M_FIX>(0);
    FixpipeParamsV220 fp;
    fp.mSize = 1;
    fp.nSize = kGemvN;
    fp.srcStride = 16;
    fp.dstStride = kGemvN;
    fp.nSize = mmad_n;
    Fixpipe(gc, lc, fp);
    if (l1_out == nullptr) return;
    TBuf<TPosition::C1> c1;
    pipe.InitBuffer(c1, kGemvN * 2);
    const LocalTensor<half> lc1 = c1.Get<half>();
    fp.nSize = kGemvN;
    fp.dstStride = 1;  // NZ: 32 B from one 16-column block to the next (one row)
    fp.quantPre = QuantMode_t::F322F16;
    Fixpipe<half, float, CFG_NZ>(lc1, lc, fp);
    SetFlag<HardEvent::FIX_MTE3>(0);
    WaitFlag<HardEvent::FIX_MTE3>(0);
    GlobalTensor<half> go;
    go.SetGlobalBuffer(l1_out, kGemvN);
    DataCopy(go, lc1, l1_out_elems);
  }
};

struct GemvRun {
  std::vector<half> a, b;
  std::vector<float> c;
  std::vector<half> out;
  LaunchResult r;
};

GemvRun RunGemv(uint16_t mmad_n = kGemvN, uint32_t l1_out_elems = 0) {
  GemvRun g;
  g.out.assign(kGemvN, half(0.0f));
  g.a.assign(256, half(0.0f));
  for (uint32_t k = 0; k < kGemvK; ++k) g.a[k] = half(static_cast<float>(k % 7) - 3.0f);
  g.b.resize(kGemvK * kGemvN);
  for (uint32_t i = 0; i < g.b.size(); ++i) g.b[i] = half(static_cast<float>(i % 5) - 2.0f);
  g.c.assign(kGemvN, -1.0f);
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  o.regions = {Region(g.a, "a"), Region(g.b, "b"), Region(g.c, "c"), Region(g.out, "out")};
  GemvKernel k{g.a.data(), g.b.data(), g.c.data(), mmad_n};
  if (l1_out_elems != 0) k.l1_out = g.out.data(), k.l1_out_elems = l1_out_elems;
  g.r = Launch(testing::TestDevice(), 1, o, k);
  return g;
}

TEST(CubeGemv, MEqualOneReadsTheRowAsNd) {
  const GemvRun g = RunGemv();
  ASSERT_TRUE(g.r.status.ok()) << g.r.status.ToString();
  for (uint32_t j = 0; j < kGemvN; ++j) {
    float want = 0;
    for (uint32_t k = 0; k < kGemvK; ++k) {
      want += static_cast<float>(g.a[k]) * static_cast<float>(g.b[k * kGemvN + j]);
    }
    ASSERT_EQ(g.c[j], want) << "column " << j;
  }
}

// The row past L0A's end: GEMV's read of k elements is checked against the memory.
TEST(CubeGemv, ARowPastL0aFaults) {
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, [] {
    // 512 B aligned, 512 B before L0A's end: a row of 512 halves is 1024 B.
    const LocalTensor<half> la2(TPosition::A2, 65536 - 512, 256);
    const LocalTensor<half> lb2(TPosition::B2, 0, 512 * kGemvN);
    const LocalTensor<float> lc(TPosition::CO1, 0, 16 * kGemvN);
    MmadParams mm;
    mm.m = 1;
    mm.n = kGemvN;
    mm.k = 512;
    Mmad(lc, la2, lb2, mm);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb) << r.fault->ToString();
  EXPECT_NE(r.fault->message.find("fm accesses L0A [0xfe00, 0x10200)"), std::string::npos)
      << r.fault->ToString();
}

TEST(CubeGemv, FixpipeIntoL1CarriesThePaddingUnwritten) {
  // Mmad computes 16 columns; the NZ copy into L1 takes all 32: no fault.
  const GemvRun written = RunGemv(16, 16);
  ASSERT_TRUE(written.r.status.ok()) << written.r.status.ToString();
  float want = 0;
  for (uint32_t k = 0; k < kGemvK; ++k) {
    want += static_cast<float>(written.a[k]) * static_cast<float>(written.b[k * kGemvN + 3]);
  }
  EXPECT_EQ(static_cast<float>(written.out[3]), want);
  // Copying the second block of columns out of L1 reads what nothing computed.
  const GemvRun padding = RunGemv(16, 32);
  ASSERT_TRUE(padding.r.fault.has_value());
  EXPECT_EQ(padding.r.fault->kind, FaultKind::kUninitializedRead) << padding.r.fault->ToString();
  EXPECT_EQ(padding.r.fault->instruction, "DataCopy");
}

}  // namespace
}  // namespace opsim::sim
