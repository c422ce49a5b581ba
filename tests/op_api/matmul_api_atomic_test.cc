// GetTensorC/IterateAll's enAtomic (docs/CUBE.md, "enAtomic"): split-K over two AIC cores, each
// accumulating its half of K into the same C (1, SetAtomicAdd), and the max (2) and min (3) of a
// tile with what C holds, against a scalar model.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "simulator/sim_test_util.h"

namespace {

using namespace AscendC;
using opsim::sim::CoreType;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;

constexpr int32_t kAtM = 32, kAtN = 48, kAtK = 64;

// Each core's block: all of M and N over K / cores of K, in 32 x 16 x 32 tiles.
TCubeTiling AtomicTiling(int32_t cores) {
  TCubeTiling t;
  t.usedCoreNum = cores;
  t.M = kAtM;
  t.N = kAtN;
  t.Ka = t.Kb = kAtK;
  t.singleCoreM = kAtM;
  t.singleCoreN = kAtN;
  t.singleCoreK = kAtK / cores;
  t.baseM = 32;
  t.baseN = 16;
  t.baseK = 32;
  t.depthA1 = t.depthB1 = t.stepKa = t.stepKb = 1;
  t.stepM = t.stepN = 1;
  t.dbL0A = t.dbL0B = t.dbL0C = 1;
  return t;
}

// C = op(C0, A x B) with `cores` cores each taking its share of K; `tiles`: Iterate and
// GetTensorC per tile instead of IterateAll.
std::string AtomicCheck(uint8_t op, int32_t cores, bool tiles) {
  std::vector<half> a(kAtM * kAtK), b(kAtK * kAtN);
  std::vector<float> c(kAtM * kAtN), c0(c.size());
  for (size_t i = 0; i < a.size(); ++i) a[i] = half(static_cast<float>(int(i % 7) - 3));
  for (size_t i = 0; i < b.size(); ++i) b[i] = half(static_cast<float>(int(i % 5) - 2));
  for (size_t i = 0; i < c.size(); ++i) c[i] = c0[i] = static_cast<float>(int(i % 11) * 4 - 20);
  const TCubeTiling t = AtomicTiling(cores);
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size() * 2, "a"},
               {b.data(), b.size() * 2, "b"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  const auto kernel = [&] {
    using HT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>;
    using FT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;
    const auto k0 = static_cast<uint32_t>(GetBlockIdx() * t.singleCoreK);
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gc;
    ga.SetGlobalBuffer(a.data() + k0);         // its columns of A (rows Ka apart)
    gb.SetGlobalBuffer(b.data() + k0 * kAtN);  // its rows of B
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    Matmul<HT, HT, FT> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(ga);
    mm.SetTensorB(gb);
    if (!tiles) {
      mm.IterateAll(gc, op);
    } else {
      while (mm.Iterate()) mm.GetTensorC(gc, op);
    }
    mm.End();
  };
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(2),
                                            static_cast<uint32_t>(cores), o, kernel);
  if (!r.status.ok()) return r.status.ToString();
  for (int32_t i = 0; i < kAtM; ++i) {
    for (int32_t j = 0; j < kAtN; ++j) {
      double p = 0;
      for (int32_t k = 0; k < kAtK; ++k) {
        p += static_cast<double>(static_cast<float>(a[static_cast<size_t>(i * kAtK + k)])) *
             static_cast<float>(b[static_cast<size_t>(k * kAtN + j)]);
      }
      const auto at = static_cast<size_t>(i * kAtN + j);
      const double want = op == 1   ? c0[at] + p
                          : op == 2 ? std::max<double>(c0[at], p)
                          : op == 3 ? std::min<double>(c0[at], p)
                                    : p;
      if (c[at] != static_cast<float>(want)) {
        return "C[" + std::to_string(i) + "][" + std::to_string(j) +
               "] = " + std::to_string(c[at]) + ", expected " + std::to_string(want);
      }
    }
  }
  return "ok";
}

TEST(MatmulApi, EnAtomicAccumulatesIntoGm) {
  EXPECT_EQ(AtomicCheck(1, 2, false), "ok");  // split-K: both cores add their half
  EXPECT_EQ(AtomicCheck(1, 2, true), "ok");
  EXPECT_EQ(AtomicCheck(2, 1, true), "ok");
  EXPECT_EQ(AtomicCheck(3, 1, false), "ok");
  EXPECT_EQ(AtomicCheck(0, 1, false), "ok");  // 0 overwrites C
}

}  // namespace
