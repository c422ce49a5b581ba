// The host Matmul tiling drives a cube kernel on the simulator: each block takes its
// singleCoreM x singleCoreN block, walks it in baseM x baseN tiles and K in stepKa x baseK
// pieces through L1 (queues sized from depthA1/depthB1), L0A/L0B (dbL0A/dbL0B buffers) and L0C,
// in checked mode with auto-sync off. InitBuffer faults if the tiling overfills any memory; the
// result must equal the exact product.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace {

using namespace AscendC;
using matmul_tiling::CubeFormat;
using matmul_tiling::DataType;

uint32_t Up16(uint32_t v) { return (v + 15) / 16 * 16; }

struct Problem {
  uint32_t m, n, k;
  const half* a;  // m x k
  const half* b;  // k x n
  float* c;       // m x n
};

// One block of the tiled matmul, as a Matmul library kernel walks it.
void TiledBlock(const TCubeTiling& t, const Problem& p) {
  const uint32_t blk = static_cast<uint32_t>(GetBlockIdx());
  const uint32_t m_blocks = (p.m + t.singleCoreM - 1) / t.singleCoreM;
  const uint32_t m0 = blk % m_blocks * t.singleCoreM, n0 = blk / m_blocks * t.singleCoreN;
  const uint32_t m_end = std::min<uint32_t>(p.m, m0 + t.singleCoreM);
  const uint32_t n_end = std::min<uint32_t>(p.n, n0 + t.singleCoreN);
  const uint32_t kstep = t.baseK * t.stepKa;
  TPipe pipe;
  TQue<TPosition::A1, 1> qa1;
  TQue<TPosition::B1, 1> qb1;
  TQue<TPosition::A2, 1> qa2;
  TQue<TPosition::B2, 1> qb2;
  TQue<TPosition::CO1, 1> qc;
  const uint32_t l1_bufs = t.depthA1 / t.stepKa;  // 2: double-buffered K pieces
  pipe.InitBuffer(qa1, l1_bufs, t.baseM * kstep * 2);
  pipe.InitBuffer(qb1, l1_bufs, t.baseN * kstep * 2);
  pipe.InitBuffer(qa2, t.dbL0A, t.baseM * t.baseK * 2);
  pipe.InitBuffer(qb2, t.dbL0B, t.baseN * t.baseK * 2);
  pipe.InitBuffer(qc, 1, t.baseM * t.baseN * 4);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer(const_cast<half*>(p.a), p.m * p.k);
  gb.SetGlobalBuffer(const_cast<half*>(p.b), p.k * p.n);
  gc.SetGlobalBuffer(p.c, p.m * p.n);
  for (uint32_t mi = m0; mi < m_end; mi += t.baseM) {
    for (uint32_t ni = n0; ni < n_end; ni += t.baseN) {
      const uint32_t mt = std::min<uint32_t>(t.baseM, m_end - mi);
      const uint32_t nt = std::min<uint32_t>(t.baseN, n_end - ni);
      const uint32_t mb = Up16(mt) / 16, nb = Up16(nt) / 16;
      LocalTensor<float> lc = qc.AllocTensor<float>();
      for (uint32_t ki = 0; ki < p.k; ki += kstep) {
        const uint32_t kt = std::min<uint32_t>(kstep, p.k - ki);
        const uint32_t kb_all = Up16(kt) / 16;
        LocalTensor<half> a1 = qa1.AllocTensor<half>(), b1 = qb1.AllocTensor<half>();
        DataCopy(a1, ga[mi * p.k + ki],
                 Nd2NzParams{1, static_cast<uint16_t>(mt), static_cast<uint16_t>(kt), 0,
                             static_cast<uint16_t>(p.k), static_cast<uint16_t>(Up16(mt)), 1, 0});
        DataCopy(b1, gb[ki * p.n + ni],
                 Nd2NzParams{1, static_cast<uint16_t>(kt), static_cast<uint16_t>(nt), 0,
                             static_cast<uint16_t>(p.n), static_cast<uint16_t>(Up16(kt)), 1, 0});
        qa1.EnQue(a1);
        qb1.EnQue(b1);
        a1 = qa1.DeQue<half>();
        b1 = qb1.DeQue<half>();
        for (uint32_t kk = 0; kk < kt; kk += t.baseK) {
          const uint32_t ks = std::min<uint32_t>(t.baseK, kt - kk);
          const uint32_t kb = Up16(ks) / 16, q0 = kk / 16;
          LocalTensor<half> a2 = qa2.AllocTensor<half>(), b2 = qb2.AllocTensor<half>();
          for (uint32_t r = 0; r < mb; ++r) {
            LoadData(a2[r * kb * 256], a1,
                     LoadData2DParams{static_cast<uint16_t>(q0 * mb + r), static_cast<uint8_t>(kb),
                                      static_cast<uint16_t>(mb), 0, 0, false, 0});
          }
          for (uint32_t q = 0; q < kb; ++q) {
            LoadData(b2[q * nb * 256], b1,
                     LoadData2DParams{static_cast<uint16_t>(q0 + q), static_cast<uint8_t>(nb),
                                      static_cast<uint16_t>(kb_all), 0, 0, true, 0});
          }
          qa2.EnQue(a2);
          qb2.EnQue(b2);
          a2 = qa2.DeQue<half>();
          b2 = qb2.DeQue<half>();
          MmadParams mm;
          mm.m = static_cast<uint16_t>(mt);
          mm.n = static_cast<uint16_t>(nt);
          mm.k = static_cast<uint16_t>(ks);
          mm.cmatrixInitVal = ki == 0 && kk == 0;
          Mmad(lc, a2, b2, mm);
          qa2.FreeTensor(a2);
          qb2.FreeTensor(b2);
        }
        qa1.FreeTensor(a1);
        qb1.FreeTensor(b1);
      }
      qc.EnQue(lc);
      lc = qc.DeQue<float>();
      FixpipeParamsV220 f;
      f.mSize = static_cast<uint16_t>(mt);
      f.nSize = static_cast<uint16_t>(nt);
      f.srcStride = static_cast<uint16_t>(Up16(mt));
      f.dstStride = p.n;
      Fixpipe(gc[mi * p.n + ni], lc, f);
      qc.FreeTensor(lc);
    }
  }
}

TEST(MatmulTilingOnTheCube, TiledKernelComputesTheProduct) {
  struct Shape {
    uint32_t m, n, k;
    int32_t dim, fix_m, fix_n;
  };
  for (const Shape& s : {Shape{64, 96, 80, 4, -1, -1}, Shape{130, 200, 300, 3, 32, 64},
                         Shape{40, 24, 1000, 2, -1, -1}, Shape{256, 512, 64, 2, 128, 256}}) {
    matmul_tiling::MultiCoreMatmulTiling api;
    api.SetDim(s.dim);
    api.SetAType(matmul_tiling::TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    api.SetBType(matmul_tiling::TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    api.SetCType(matmul_tiling::TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    api.SetShape(static_cast<int32_t>(s.m), static_cast<int32_t>(s.n), static_cast<int32_t>(s.k));
    api.SetFixSplit(s.fix_m, s.fix_n, -1);
    TCubeTiling t;
    ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
    std::mt19937 gen(s.m + s.n + s.k);
    std::uniform_int_distribution<int> dist(-4, 4);
    std::vector<half> a(s.m * s.k), b(s.k * s.n);
    for (auto& x : a) x = half(static_cast<float>(dist(gen)));
    for (auto& x : b) x = half(static_cast<float>(dist(gen)));
    std::vector<float> c(s.m * s.n, -1.0f);
    opsim::sim::LaunchOptions o;
    o.checked = true;
    o.auto_sync = false;
    o.core_type = opsim::sim::CoreType::kAic;
    o.regions = {{a.data(), a.size() * 2, "a"},
                 {b.data(), b.size() * 2, "b"},
                 {c.data(), c.size() * 4, "c", c.size() * 4}};
    const Problem p{s.m, s.n, s.k, a.data(), b.data(), c.data()};
    const opsim::sim::LaunchResult r =
        opsim::sim::Launch(opsim::sim::testing::TestDevice(), static_cast<uint32_t>(t.usedCoreNum),
                           o, [&] { TiledBlock(t, p); });
    ASSERT_TRUE(r.status.ok()) << s.m << "x" << s.n << "x" << s.k << ": " << r.status.ToString()
                               << " (baseM " << t.baseM << ", baseN " << t.baseN << ", baseK "
                               << t.baseK << ", stepKa " << t.stepKa << ")";
    for (uint32_t i = 0; i < s.m; ++i) {
      for (uint32_t j = 0; j < s.n; ++j) {
        float want = 0;
        for (uint32_t k = 0; k < s.k; ++k) {
          want += static_cast<float>(a[i * s.k + k]) * static_cast<float>(b[k * s.n + j]);
        }
        ASSERT_EQ(c[i * s.n + j], want)
            << i << "," << j << " of " << s.m << "x" << s.n << "x" << s.k;
      }
    }
  }
}

// With an L2 the cores share (the cube's launches: docs/CUBE.md, "The shared L2"), the cores'
// reads of the same A and B pieces hit one another's lines: the product, the hits and every
// core's simulated time are the same on 1, 2 and 3 host threads.
TEST(MatmulTilingOnTheCube, SharedL2GivesTheSameResultOnAnyNumberOfHostThreads) {
  const uint32_t m = 130, n = 200, k = 300;
  matmul_tiling::MultiCoreMatmulTiling api;
  api.SetDim(3);
  api.SetAType(matmul_tiling::TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  api.SetBType(matmul_tiling::TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  api.SetCType(matmul_tiling::TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  api.SetShape(m, n, k);
  api.SetFixSplit(32, 64, -1);
  TCubeTiling t;
  ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  ASSERT_GT(t.usedCoreNum, 1);
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<half> a(m * k), b(k * n);
  for (auto& x : a) x = half(dist(gen));
  for (auto& x : b) x = half(dist(gen));
  opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice();
  d.l2_bytes = 1 << 20;
  d.l2_gbps_per_core = 128;
  std::vector<std::vector<float>> c;
  std::vector<opsim::sim::LaunchResult> r;
  for (const int threads : {1, 2, 3}) {
    c.emplace_back(m * n, -1.0f);
    opsim::sim::LaunchOptions o;
    o.auto_sync = false;
    o.host_threads = threads;
    o.core_type = opsim::sim::CoreType::kAic;
    o.regions = {{a.data(), a.size() * 2, "a"},
                 {b.data(), b.size() * 2, "b"},
                 {c.back().data(), c.back().size() * 4, "c", c.back().size() * 4}};
    const Problem p{m, n, k, a.data(), b.data(), c.back().data()};
    r.push_back(
        opsim::sim::Launch(d, static_cast<uint32_t>(t.usedCoreNum), o, [&] { TiledBlock(t, p); }));
    ASSERT_TRUE(r.back().status.ok()) << r.back().status.ToString();
  }
  const auto mte2 = static_cast<int>(opsim::sim::Pipe::kMte2);
  // The cores read the same pieces of A and B: the test exercises the L2.
  EXPECT_GT(r[0].stats.pipes[mte2].l2_hit_bytes, 0u);
  for (size_t i = 1; i < r.size(); ++i) {
    EXPECT_EQ(c[i], c[0]) << i + 1 << " threads";  // bitwise: float ==, no NaN here
    EXPECT_EQ(r[i].stats.pipes[mte2].l2_hit_bytes, r[0].stats.pipes[mte2].l2_hit_bytes);
    EXPECT_EQ(r[i].stats.core_ns, r[0].stats.core_ns) << i + 1 << " threads";
    EXPECT_EQ(r[i].stats.device_ns, r[0].stats.device_ns) << i + 1 << " threads";
  }
}

}  // namespace
