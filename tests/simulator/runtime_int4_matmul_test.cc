// The high-level Matmul with int4b_t A and B and int32_t C (docs/ASCENDC.md "int4b_t"): A as
// stored and B transposed or as stored, with or without an int32_t bias, packed two a byte in
// GM, against the scalar int4 product with tails in M, N and K, and the forms it refuses.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#define ASCENDC_CUBE_ONLY  // launched on the AIC here: no MIX kernels for this binary
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

int Int4At(const std::vector<uint8_t>& v, size_t e) {
  return static_cast<int8_t>(static_cast<uint8_t>(v[e / 2] >> (4 * (e % 2))) << 4) >> 4;
}

// One core's tiling as MatmulApiTiling lays it out; baseK a multiple of 64 (C0 of int4b_t).
TCubeTiling Int4Tiling(int32_t m, int32_t n, int32_t k, int32_t bm, int32_t bn, int32_t bk,
                       int32_t step_k) {
  TCubeTiling t{};
  t.usedCoreNum = 1;
  t.M = t.singleCoreM = m;
  t.N = t.singleCoreN = n;
  t.Ka = t.Kb = t.singleCoreK = k;
  t.baseM = bm, t.baseN = bn, t.baseK = bk;
  t.stepM = t.stepN = 1;
  t.stepKa = t.stepKb = step_k;
  t.depthA1 = t.depthB1 = step_k;
  t.dbL0A = t.dbL0B = 2;
  t.dbL0C = 1;
  return t;
}

struct Int4MatmulRun {
  TCubeTiling t;
  bool trans_b = true, bias = false, iterate = false;
};

LaunchResult RunInt4Matmul(const Int4MatmulRun& run, std::vector<uint8_t>& a,
                           std::vector<uint8_t>& b, std::vector<int32_t>& c) {
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {testing::Region(a, "a"), testing::Region(b, "b"), testing::Region(c, "c")};
  return Launch(testing::TestDevice(), 1, o, [&] {
    const TCubeTiling& t = run.t;
    GlobalTensor<int4b_t> ga, gb;
    GlobalTensor<int32_t> gc;
    ga.SetGlobalBuffer(reinterpret_cast<int4b_t*>(a.data()), t.M * t.Ka);
    gb.SetGlobalBuffer(reinterpret_cast<int4b_t*>(b.data()), t.N * t.Kb);
    gc.SetGlobalBuffer(c.data(), t.M * t.N);
    GlobalTensor<int32_t> gbias;  // the bias row sits past C in the same vector
    gbias.SetGlobalBuffer(c.data() + t.M * t.N, t.N);
    TPipe pipe;
    matmul::Matmul<matmul::MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, int4b_t, true>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, int32_t>>
        mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(ga);
    mm.SetTensorB(gb, run.trans_b);
    if (run.bias) mm.SetBias(gbias);
    if (run.iterate) {
      while (mm.Iterate()) mm.GetTensorC(gc);
    } else {
      mm.IterateAll(gc);
    }
    mm.End();
  });
}

void ExpectInt4Matmul(const Int4MatmulRun& run, uint32_t seed) {
  const auto m = static_cast<uint32_t>(run.t.M), n = static_cast<uint32_t>(run.t.N),
             k = static_cast<uint32_t>(run.t.Ka);
  std::mt19937 gen(seed);
  std::vector<uint8_t> a(m * k / 2), b(n * k / 2);
  for (auto& x : a) x = static_cast<uint8_t>(gen());
  for (auto& x : b) x = static_cast<uint8_t>(gen());
  std::vector<int32_t> c(m * n + n, -1);
  for (uint32_t j = 0; j < n; ++j) c[m * n + j] = static_cast<int32_t>(gen() % 2001) - 1000;
  const LaunchResult r = RunInt4Matmul(run, a, b, c);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      int32_t want = run.bias ? c[m * n + j] : 0;
      for (uint32_t kk = 0; kk < k; ++kk) {
        // B transposed is N x K in GM, B as stored K x N.
        want += Int4At(a, i * k + kk) * Int4At(b, run.trans_b ? j * k + kk : kk * n + j);
      }
      ASSERT_EQ(c[i * n + j], want) << i << "," << j << " of " << m << "x" << n << "x" << k;
    }
  }
}

TEST(Int4Matmul, MatchesTheScalarProductWithTails) {
  ExpectInt4Matmul({Int4Tiling(32, 64, 128, 32, 64, 128, 1)}, 1);
  ExpectInt4Matmul({Int4Tiling(48, 80, 192, 32, 64, 128, 1)}, 2);  // tails in M, N and K
  Int4MatmulRun iterate{Int4Tiling(40, 36, 160, 16, 32, 64, 2), true, false, true};
  ExpectInt4Matmul(iterate, 3);  // K's last base block 32 deep; two base blocks a piece in L1
}

// B as stored (K x N): Nd2Nz into L1 with K padded to 64 (CANN aligns K to c0Size where it is
// the height), LoadDataWithTranspose's 64 x 64 squares into L0B (dstGap 3, as CANN's Matmul);
// tiles of N 32 and 16 (part of a square) and K tails that are not whole squares.
TEST(Int4Matmul, BAsStoredThroughTheTransposingLoad) {
  ExpectInt4Matmul({Int4Tiling(32, 64, 128, 32, 64, 128, 1), false}, 4);
  ExpectInt4Matmul({Int4Tiling(48, 80, 200, 32, 32, 128, 1), false, false, true}, 5);
  ExpectInt4Matmul({Int4Tiling(40, 36, 160, 16, 16, 64, 2), false}, 6);
}

// An int32_t bias (the Matmul page's int4b_t row: int32_t bias): the first Mmad of each tile
// starts from the bias table, as CANN's Matmul runs Mmad with cmatrixSource.
TEST(Int4Matmul, Int32Bias) {
  for (const bool trans_b : {true, false}) {
    TCubeTiling t = Int4Tiling(48, 80, 192, 32, 64, 128, 1);
    t.isBias = 1;
    ExpectInt4Matmul({t, trans_b, true, trans_b}, 7);
  }
}

TEST(Int4Matmul, RefusedForms) {
  std::vector<uint8_t> a(64 * 128), b(64 * 128);
  std::vector<int32_t> c(64 * 64);
  FaultKind kind{};
  const auto fault = [&](const LaunchResult& r) -> std::string {
    if (!r.fault) return "no fault";
    kind = r.fault->kind;
    return r.fault->instruction + ": " + r.fault->message;
  };
  // An odd K: rows of packed int4b_t would start mid-byte; with B as stored, an odd N.
  std::string msg = fault(RunInt4Matmul({Int4Tiling(32, 64, 127, 32, 64, 64, 1)}, a, b, c));
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("mid-byte"), std::string::npos) << msg;
  msg = fault(RunInt4Matmul({Int4Tiling(32, 63, 128, 32, 64, 64, 1), false}, a, b, c));
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("B 63 (N)"), std::string::npos) << msg;
  // baseK must hold whole 64-element fractal rows.
  msg = fault(RunInt4Matmul({Int4Tiling(32, 64, 128, 32, 64, 32, 1)}, a, b, c));
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("baseK = 32"), std::string::npos) << msg;
  // A transposed: CANN's Matmul has no transposing load of 8-bit A into L0A.
  LaunchOptions o;
  o.core_type = CoreType::kAic;
  msg = fault(Launch(testing::TestDevice(), 1, o, [] {
    TCubeTiling t = Int4Tiling(32, 64, 128, 32, 64, 128, 1);
    TPipe pipe;
    matmul::Matmul<matmul::MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, int32_t>>
        mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    GlobalTensor<int4b_t> g;
    mm.SetTensorA(g, true);
  }));
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("A transposed with int4b_t"), std::string::npos) << msg;
}

}  // namespace
}  // namespace opsim::sim
