// The high-level Matmul's asynchronous form (Iterate<false> once, then GetTensorC<false> once per
// tile, the "asynchronous scenario" of the Matmul guide) in a MIX launch, as
// MatmulLeakyReluInvocationAsync uses it, against an exact model; and fetching one tile too many.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

// Launched explicitly (LaunchMix): this binary's other kernels must not become MIX kernels.
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace {

using namespace AscendC;
using opsim::sim::FaultKind;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;
namespace mt = matmul_tiling;

// Whole tiles (the kernel copies baseM x baseN each time, as the sample); a tail in K.
constexpr uint32_t kM = 128, kN = 64, kK = 40;

TCubeTiling AsyncTiling() {
  mt::MultiCoreMatmulTiling api;
  api.SetDim(2);
  api.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  api.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  api.SetCType(mt::TPosition::VECIN, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  api.SetShape(kM, kN, kK);
  api.SetOrgShape(kM, kN, kK);
  api.SetFixSplit(32, 32, -1);
  TCubeTiling t;
  EXPECT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  return t;
}

std::vector<half> Ints(size_t n, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> d(-4, 4);
  std::vector<half> v(n);
  for (auto& x : v) x = half(static_cast<float>(d(gen)));
  return v;
}

using AsyncMatmul = Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
                           MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
                           MatmulType<AscendC::TPosition::VECIN, ::CubeFormat::ND, float>>;

// Each block (GetBlockIdx() over both AIV of every MIX block) takes its singleCoreM x singleCoreN
// block: one Iterate<false>, then `fetches` GetTensorC<false> into VECIN, each tile doubled on the
// vector unit and copied to its place.
LaunchResult RunAsync(const TCubeTiling& t, const std::vector<half>& a, const std::vector<half>& b,
                      std::vector<float>& c, int extra_fetches) {
  LaunchOptions o;
  o.checked = true;
  o.regions = {{const_cast<half*>(a.data()), a.size() * 2, "a"},
               {const_cast<half*>(b.data()), b.size() * 2, "b"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice(8);
  d.cube_cores = 4;
  const uint32_t blocks = static_cast<uint32_t>(t.usedCoreNum);
  return opsim::sim::LaunchMix(d, (blocks + 1) / 2, o, [&] {
    const auto blk = static_cast<uint32_t>(GetBlockIdx());
    if (blk >= blocks) return;
    const uint32_t m_blocks = (kM + t.singleCoreM - 1) / t.singleCoreM;
    const uint32_t m0 = blk % m_blocks * t.singleCoreM, n0 = blk / m_blocks * t.singleCoreN;
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gc;
    ga.SetGlobalBuffer(const_cast<half*>(a.data()), a.size());
    gb.SetGlobalBuffer(const_cast<half*>(b.data()), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in_q;  // as the sample: MTE2 (the tile) -> V -> MTE3
    TQue<TPosition::VECOUT, 1> out_q;
    pipe.InitBuffer(in_q, 1, t.baseM * t.baseN * 4);
    pipe.InitBuffer(out_q, 1, t.baseM * t.baseN * 4);
    AsyncMatmul mm;
    // At global scope, as CANN declares it (kernels call it without using namespace AscendC).
    REGIST_MATMUL_OBJ(&pipe, ::GetSysWorkSpacePtr(), mm, &t);
    mm.SetWorkspace(gc);  // accepted: opsim's engine keeps the tiles itself
    mm.SetTensorA(ga[m0 * kK]);
    mm.SetTensorB(gb[n0]);
    mm.template Iterate<false>();
    const uint32_t m_iter = t.singleCoreM / t.baseM, n_iter = t.singleCoreN / t.baseN;
    for (uint32_t i = 0; i < m_iter * n_iter + static_cast<uint32_t>(extra_fetches); ++i) {
      LocalTensor<float> tile = in_q.AllocTensor<float>();
      mm.template GetTensorC<false>(tile, false, true);
      in_q.EnQue(tile);
      tile = in_q.DeQue<float>();
      LocalTensor<float> doubled = out_q.AllocTensor<float>();
      Muls(doubled, tile, 2.0f, t.baseM * t.baseN);
      in_q.FreeTensor(tile);
      out_q.EnQue(doubled);
      doubled = out_q.DeQue<float>();
      // M first (iterateOrder 0): tile i is row block i % m_iter, column block i / m_iter.
      const uint32_t at = m0 * kN + n0 + i % m_iter * t.baseM * kN + i / m_iter * t.baseN;
      DataCopyParams p{static_cast<uint16_t>(t.baseM), static_cast<uint16_t>(t.baseN * 4 / 32), 0,
                       static_cast<uint16_t>((kN - t.baseN) * 4 / 32)};
      DataCopy(gc[at], doubled, p);
      out_q.FreeTensor(doubled);
    }
    mm.End();
  });
}

TEST(MatmulAsync, IterateOnceThenFetchEveryTile) {
  const TCubeTiling t = AsyncTiling();
  ASSERT_EQ(t.iterateOrder, 0);
  ASSERT_GT(t.singleCoreM / t.baseM * (t.singleCoreN / t.baseN), 1);  // several tiles per block
  const auto a = Ints(kM * kK, 1), b = Ints(kK * kN, 2);
  std::vector<float> c(kM * kN, -7.0f);
  const LaunchResult r = RunAsync(t, a, b, c, 0);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kM; ++i) {
    for (uint32_t j = 0; j < kN; ++j) {
      float want = 0;
      for (uint32_t k = 0; k < kK; ++k) {
        want += static_cast<float>(a[i * kK + k]) * static_cast<float>(b[k * kN + j]);
      }
      ASSERT_EQ(c[i * kN + j], 2 * want) << i << "," << j;
    }
  }
}

TEST(MatmulAsync, OneFetchTooManyIsAFault) {
  const TCubeTiling t = AsyncTiling();
  const auto a = Ints(kM * kK, 1), b = Ints(kK * kN, 2);
  std::vector<float> c(kM * kN, -7.0f);
  const LaunchResult r = RunAsync(t, a, b, c, 1);
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument) << r.fault->ToString();
  EXPECT_NE(r.fault->ToString().find("no tile to fetch"), std::string::npos) << r.fault->ToString();
}

}  // namespace
