// The high-level Matmul (lib/matmul_intf.h) against an exact model: host tilings from
// MultiCoreMatmulTiling, every block of a multi-core split with its tails (SetTail), A and B
// transposed or not, a bias, f16/bf16/f32/int8 inputs, IterateAll and Iterate + GetTensorC in
// both orders; MIX launches (one AIC serving two AIV sub-blocks). The misuse of the API is
// matmul_api_faults_test.cc's.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

// The kernels here are launched explicitly (Launch on the AIC, LaunchMix): this binary's other
// kernels (op_api's probes) must not become MIX kernels because this file uses the Matmul.
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace {

using namespace AscendC;
using opsim::sim::CoreType;
using opsim::sim::FaultKind;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;
namespace mt = matmul_tiling;

struct Spec {
  uint32_t m, n, k;
  int32_t dim;
  bool ta = false, tb = false, bias = false, iterate = false;
  int32_t order = 0;  // the tiling's iterateOrder
  int32_t fix_m = -1, fix_n = -1;
  int32_t step_m = 0, step_n = 0;  // > 0: the tiling's stepM/stepN instead of the host's
};

template <class T>
mt::DataType HostType() {
  if constexpr (std::is_same_v<T, half>) return mt::DataType::DT_FLOAT16;
  if constexpr (std::is_same_v<T, bfloat16_t>) return mt::DataType::DT_BF16;
  if constexpr (std::is_same_v<T, int8_t>) return mt::DataType::DT_INT8;
  if constexpr (std::is_same_v<T, int32_t>) return mt::DataType::DT_INT32;
  return mt::DataType::DT_FLOAT;
}

template <class AT, class CT, class BT>
TCubeTiling MakeTiling(const Spec& s) {
  mt::MultiCoreMatmulTiling api;
  api.SetDim(s.dim);
  api.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, HostType<AT>(), s.ta);
  api.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, HostType<AT>(), s.tb);
  api.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, HostType<CT>());
  if (s.bias) api.SetBiasType(mt::TPosition::GM, mt::CubeFormat::ND, HostType<BT>());
  api.SetShape(static_cast<int32_t>(s.m), static_cast<int32_t>(s.n), static_cast<int32_t>(s.k));
  api.SetOrgShape(static_cast<int32_t>(s.m), static_cast<int32_t>(s.n), static_cast<int32_t>(s.k));
  api.SetFixSplit(s.fix_m, s.fix_n, -1);
  api.SetBias(s.bias);
  TCubeTiling t;
  EXPECT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  t.iterateOrder = s.order;
  // Other steps keep the L1 buffers per group (depth / (step x stepK)) the host chose.
  if (s.step_m > 0) {
    t.depthA1 = t.depthA1 / t.stepM * s.step_m;
    t.stepM = s.step_m;
  }
  if (s.step_n > 0) {
    t.depthB1 = t.depthB1 / t.stepN * s.step_n;
    t.stepN = s.step_n;
  }
  return t;
}

// Small integers: every product and sum is exact in float32 and int32.
template <class T>
std::vector<T> Ints(size_t n, uint32_t seed, int lo, int hi) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(static_cast<float>(d(gen)));
  return v;
}

// One block's share of the product, as the samples' CalcGMOffset splits it.
template <class AT, class CT, class BT, const matmul::MatmulConfig& kCfg = matmul::CFG_NORM>
void MatmulBlock(const Spec& s, const TCubeTiling& t, int64_t blk, AT* a, AT* b, BT* bias, CT* c) {
  const uint32_t m_blocks = (s.m + t.singleCoreM - 1) / t.singleCoreM;
  const uint32_t mi = static_cast<uint32_t>(blk) % m_blocks;
  const uint32_t ni = static_cast<uint32_t>(blk) / m_blocks;
  const uint32_t m0 = mi * t.singleCoreM, n0 = ni * t.singleCoreN;
  if (m0 >= s.m || n0 >= s.n) return;
  GlobalTensor<AT> ga, gb;
  GlobalTensor<CT> gc;
  GlobalTensor<BT> gbias;
  ga.SetGlobalBuffer(a, s.m * s.k);
  gb.SetGlobalBuffer(b, s.k * s.n);
  gc.SetGlobalBuffer(c, s.m * s.n);
  gbias.SetGlobalBuffer(bias, s.n);
  TPipe pipe;
  Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, AT>,
         MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, AT>,
         MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, CT>,
         MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, BT>, kCfg>
      mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  mm.SetTensorA(ga[s.ta ? m0 : m0 * s.k], s.ta);
  mm.SetTensorB(gb[s.tb ? n0 * s.k : n0], s.tb);
  if (s.bias) mm.SetBias(gbias[n0]);
  mm.SetTail(static_cast<int>(std::min(s.m - m0, static_cast<uint32_t>(t.singleCoreM))),
             static_cast<int>(std::min(s.n - n0, static_cast<uint32_t>(t.singleCoreN))));
  if (s.iterate) {
    while (mm.Iterate()) mm.GetTensorC(gc[m0 * s.n + n0]);
  } else {
    mm.IterateAll(gc[m0 * s.n + n0]);
  }
  mm.End();
}

// The last CheckCase launch's simulated time (ns) and GM -> L1 copies.
double g_last_device_ns = 0;
uint64_t g_last_mte2_copies = 0;
size_t g_last_warnings = 0;

// Returns the bytes MTE2 read (0 when the launch failed). With `real_c`: inputs scaled by 0.318
// (products of many exponents, so float32 sums round), C returned there, not checked.
template <class AT, class CT, class BT, const matmul::MatmulConfig& kCfg = matmul::CFG_NORM>
uint64_t CheckCase(const Spec& s, bool mix = false, std::vector<CT>* real_c = nullptr) {
  const TCubeTiling t = MakeTiling<AT, CT, BT>(s);
  const bool int8 = std::is_same_v<AT, int8_t>;
  auto a = Ints<AT>(s.m * s.k, s.m + s.k, int8 ? -100 : -4, int8 ? 100 : 4);
  auto b = Ints<AT>(s.k * s.n, s.n + s.k, int8 ? -100 : -4, int8 ? 100 : 4);
  if (real_c != nullptr) {
    for (auto* v : {&a, &b}) {
      for (size_t i = 0; i < v->size(); ++i) {
        (*v)[i] = AT((static_cast<float>((*v)[i]) + 0.1f * static_cast<float>(i % 7)) * 0.318f);
      }
    }
  }
  auto bias = Ints<BT>(s.n, s.n, -50, 50);
  std::vector<CT> c(s.m * s.n, CT(-7.0f));
  LaunchOptions o;
  o.checked = true;
  o.regions = {{a.data(), a.size() * sizeof(AT), "a"},
               {b.data(), b.size() * sizeof(AT), "b"},
               {bias.data(), bias.size() * sizeof(BT), "bias"},
               {c.data(), c.size() * sizeof(CT), "c", c.size() * sizeof(CT)}};
  opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice(8);
  LaunchResult r;
  const auto kernel = [&] {
    MatmulBlock<AT, CT, BT, kCfg>(s, t, GetBlockIdx(), a.data(), b.data(), bias.data(), c.data());
  };
  if (mix) {
    d.cube_cores = 4;  // split cores: one AIC to two AIV
    r = opsim::sim::LaunchMix(d, static_cast<uint32_t>((t.usedCoreNum + 1) / 2), o, kernel);
  } else {
    o.core_type = CoreType::kAic;
    r = opsim::sim::Launch(d, static_cast<uint32_t>(t.usedCoreNum), o, kernel);
  }
  const std::string what = std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                           std::to_string(s.k) + (s.ta ? " A^T" : "") + (s.tb ? " B^T" : "") +
                           (s.bias ? " +bias" : "") + " baseM " + std::to_string(t.baseM) +
                           " baseN " + std::to_string(t.baseN) + " baseK " +
                           std::to_string(t.baseK) + " cores " + std::to_string(t.usedCoreNum);
  EXPECT_TRUE(r.status.ok()) << what << ": " << r.status.ToString();
  if (!r.status.ok()) return 0;
  g_last_device_ns = r.stats.device_ns;
  g_last_warnings = r.warnings.size();
  g_last_mte2_copies = r.stats.pipes[static_cast<int>(opsim::sim::Pipe::kMte2)].instructions;
  if (real_c != nullptr) {
    *real_c = c;
    return r.stats.pipes[static_cast<int>(opsim::sim::Pipe::kMte2)].bytes;
  }
  for (uint32_t i = 0; i < s.m; ++i) {
    for (uint32_t j = 0; j < s.n; ++j) {
      double want = s.bias ? static_cast<double>(bias[j]) : 0.0;
      for (uint32_t k = 0; k < s.k; ++k) {
        const AT x = s.ta ? a[k * s.m + i] : a[i * s.k + k];
        const AT y = s.tb ? b[j * s.k + k] : b[k * s.n + j];
        want += static_cast<double>(static_cast<float>(x)) * static_cast<float>(y);
      }
      EXPECT_EQ(static_cast<double>(static_cast<float>(c[i * s.n + j])),
                static_cast<double>(static_cast<float>(CT(static_cast<float>(want)))))
          << what << " at " << i << "," << j;
      if (::testing::Test::HasFailure()) return 0;
    }
  }
  return r.stats.pipes[static_cast<int>(opsim::sim::Pipe::kMte2)].bytes;
}

TEST(MatmulApi, HalfToFloatOverTailsTransposesAndCores) {
  CheckCase<half, float, float>({70, 50, 90, 1});
  CheckCase<half, float, float>({70, 50, 90, 1, true, false});
  CheckCase<half, float, float>({70, 50, 90, 1, false, true});
  CheckCase<half, float, float>({130, 200, 300, 3, true, true, false, false, 0, 32, 64});
  CheckCase<half, float, float>({96, 80, 1000, 4});
}

TEST(MatmulApi, BiasIterateAndOrders) {
  CheckCase<half, float, float>({64, 96, 80, 2, false, false, true});
  CheckCase<half, float, float>({100, 120, 40, 2, false, true, true, true, 0, 32, 32});
  CheckCase<half, float, float>({100, 120, 40, 1, true, false, false, true, 1, 32, 32});
  CheckCase<half, float, half>({48, 40, 64, 1, false, false, true});
}

TEST(MatmulApi, OtherTypes) {
  CheckCase<bfloat16_t, float, float>({50, 40, 70, 2, true, false, true});
  CheckCase<half, half, float>({40, 48, 64, 1});
  CheckCase<bfloat16_t, bfloat16_t, float>({40, 48, 64, 1, false, true});
  CheckCase<float, float, float>({36, 40, 50, 2, false, true, true});
  // float A transposed: LoadData3DV2's transposed load, as CANN's 910B Matmul (tails in M, K).
  CheckCase<float, float, float>({36, 40, 50, 2, true, true, true});
  CheckCase<float, float, float>({70, 24, 100, 1, true, true, false, true, 0, 32, 16});
  CheckCase<float, float, float>({40, 32, 300, 1, true, true});
  CheckCase<float, float, float, matmul::CFG_MDL>({40, 32, 300, 1, true, true, true});
  CheckCase<int8_t, int32_t, int32_t>({40, 48, 100, 2, false, true, true});
}

// A case with its exact results and no warning (a K tail's LoadData3DV2 reads no padding).
template <class AT, class CT, class BT, const matmul::MatmulConfig& kCfg = matmul::CFG_NORM>
void ExpectClean(const Spec& s, bool mix = false) {
  CheckCase<AT, CT, BT, kCfg>(s, mix);
  EXPECT_EQ(g_last_warnings, 0u) << s.m << "x" << s.n << "x" << s.k;
}

// BC4: B as stored (K x N) with float elements goes L1 -> L0B by LoadData3DV2 (a 1 x K map
// whose channels are N), with int8 by LoadDataWithTranspose (32 x 32 squares, K padded to 32 in
// L1), as CANN's 910B Matmul: tails in M, N and K, A transposed, bias, Iterate, CFG_MDL groups
// (whose tiles start inside a group), a tile of N 16 (half a square) and MIX blocks.
TEST(MatmulApi, BAsStoredFloatAndInt8) {
  ExpectClean<float, float, float>({36, 40, 50, 2, false, false, true});
  ExpectClean<float, float, float>({70, 24, 100, 1, true, false, false, true, 0, 32, 16});
  ExpectClean<float, float, float, matmul::CFG_MDL>(
      {70, 40, 50, 1, false, false, true, true, 0, 32, 16, 2, 2});
  ExpectClean<float, float, float>({40, 32, 300, 2, true, false, true}, true);
  ExpectClean<float, float, float>({100, 72, 90, 1, false, false, true});  // C14's tail shape
  ExpectClean<int8_t, int32_t, int32_t>({40, 48, 100, 2, false, false, true});
  ExpectClean<int8_t, int32_t, int32_t>({40, 48, 100, 1, false, false, false, true, 1, 32, 16});
  ExpectClean<int8_t, int32_t, int32_t, matmul::CFG_MDL>(
      {80, 96, 100, 2, false, false, true, false, 1, 32, 32, 2, 2});
  ExpectClean<int8_t, int32_t, int32_t>({64, 80, 96, 2, false, false, true, true}, true);
}

constexpr matmul::MatmulConfig NormWithoutUnitFlag() {
  matmul::MatmulConfig c = matmul::GetNormalConfig();
  c.enUnitFlag = false;
  return c;
}
constexpr matmul::MatmulConfig kNormNoUnitFlag = NormWithoutUnitFlag();
constexpr matmul::MatmulConfig kMdlUnitFlag =
    matmul::GetMDLConfig(false, false, 0, false, false, false, true);

// CANN's defaults: CFG_NORM hands L0C between its Mmads and Fixpipes by unitFlag, CFG_MDL does
// not (GetMDLConfig's enUnitFlag turns it on). The same results, checked mode raising nothing;
// the Fixpipe of each tile follows its last Mmad unit by unit, so the launch ends earlier.
TEST(MatmulApi, NormHandsL0cOverByUnitFlag) {
  static_assert(matmul::CFG_NORM.enUnitFlag && !matmul::CFG_MDL.enUnitFlag);
  const Spec s{128, 128, 256, 1, false, false, true, true, 1, 64, 64};
  CheckCase<half, float, float, kNormNoUnitFlag>(s);
  const double queued = g_last_device_ns;
  CheckCase<half, float, float>(s);
  const double unit_flag = g_last_device_ns;
  EXPECT_GT(queued, 0.0);
  EXPECT_LT(unit_flag, queued);
  CheckCase<half, float, float, kMdlUnitFlag>(s);
  EXPECT_LT(g_last_device_ns, queued);
  CheckCase<half, float, float>({64, 96, 80, 2, true, true, true, true, 0, 32, 32}, true);
}

// CFG_MDL keeps an A or B piece that spans K in L1 for the next tile needing it: the same
// results from fewer GM reads; CFG_NORM reads every piece for every tile.
TEST(MatmulApi, MdlReusesL1PiecesAcrossTiles) {
  // 2 x 4 tiles of 32 x 32 over K = 64 (one piece of K) on one core, N first, one base block
  // per load (stepM = stepN = 1): a row of tiles shares its A piece.
  const Spec s{64, 128, 64, 1, false, false, false, false, 1, 32, 32, 1, 1};
  constexpr uint64_t kA = 32 * 64 * 2, kB = 64 * 32 * 2;  // bytes of one piece
  EXPECT_EQ((CheckCase<half, float, float>(s)), 8 * (kA + kB));
  EXPECT_EQ((CheckCase<half, float, float, matmul::CFG_MDL>(s)), 2 * kA + 8 * kB);
  // M first: a column of tiles shares its B piece.
  Spec m_first = s;
  m_first.order = 0;
  EXPECT_EQ((CheckCase<half, float, float, matmul::CFG_MDL>(m_first)), 8 * kA + 4 * kB);
  // Transposes, Iterate + GetTensorC with a bias, several cores and MIX blocks (whose two AIV
  // share the AIC's L1) give the exact results too.
  CheckCase<half, float, float, matmul::CFG_MDL>(
      {64, 128, 64, 2, true, true, true, true, 1, 32, 32});
  CheckCase<half, float, float, matmul::CFG_MDL>(
      {64, 128, 64, 2, false, false, true, true, 0, 32, 32}, true);
  // Over a deep K the results hold, and MDL never reads more than NORM.
  const Spec deep{64, 128, 3000, 1, false, false, false, false, 1, 32, 32};
  EXPECT_LE((CheckCase<half, float, float, matmul::CFG_MDL>(deep)),
            (CheckCase<half, float, float>(deep)));
}

// CFG_MDL with stepM x stepN groups (CANN's MDL, K in one L1 load): one DataCopy brings a
// group's base blocks of A (B) into L1 for all its tiles. 4 x 8 tiles of 32 x 32 over K = 64.
TEST(MatmulApi, MdlLoadsStepMByStepNBlocksInOneCopy) {
  constexpr uint64_t kA = 128 * 64 * 2, kB = 64 * 256 * 2;  // bytes of all of A, of all of B
  Spec s{128, 256, 64, 1, false, false, false, false, 0, 32, 32, 1, 1};
  // One base block per load: M first keeps B's column over the M tiles, A is read per column.
  EXPECT_EQ((CheckCase<half, float, float, matmul::CFG_MDL>(s)), 8 * kA + kB);
  EXPECT_EQ(g_last_mte2_copies, 32u + 8u);
  const double single_blocks = g_last_device_ns;
  // stepM 2, stepN 4, M first: N groups { M groups { M in group { N in group } } }: A is read
  // once per N group (2 loads each), B once (a load per N group).
  s.step_m = 2;
  s.step_n = 4;
  EXPECT_EQ((CheckCase<half, float, float, matmul::CFG_MDL>(s)), 2 * kA + kB);
  EXPECT_EQ(g_last_mte2_copies, 4u + 2u);
  EXPECT_LT(g_last_device_ns, single_blocks);
  // N first: M groups { N groups { ... } }: A once, B once per M group.
  s.order = 1;
  EXPECT_EQ((CheckCase<half, float, float, matmul::CFG_MDL>(s)), kA + 2 * kB);
  EXPECT_EQ(g_last_mte2_copies, 2u + 4u);
  // Tails (a last group of fewer blocks, a last tile of fewer rows), transposes, float A
  // transposed (LoadData3DV2 from a group), int8, bias, Iterate, several cores and MIX blocks.
  CheckCase<half, float, float, matmul::CFG_MDL>(
      {100, 200, 64, 1, true, true, true, true, 0, 32, 32, 3, 2});
  CheckCase<half, float, float, matmul::CFG_MDL>(
      {100, 200, 64, 1, false, false, false, false, 1, 32, 32, 2, 3});
  CheckCase<float, float, float, matmul::CFG_MDL>(
      {70, 40, 50, 1, true, true, true, true, 0, 32, 16, 2, 2});
  CheckCase<int8_t, int32_t, int32_t, matmul::CFG_MDL>(
      {80, 96, 100, 2, false, true, true, false, 1, 32, 32, 2, 2});
  CheckCase<half, float, float, matmul::CFG_MDL>(
      {128, 192, 64, 2, false, false, true, true, 0, 32, 32, 2, 2}, true);
  // The same bits as one base block per load and as CFG_NORM, over inputs whose sums round.
  Spec r{100, 200, 64, 1, false, true, true, false, 1, 32, 32, 1, 1};
  std::vector<float> norm, single, grouped;
  CheckCase<half, float, float>(r, false, &norm);
  CheckCase<half, float, float, matmul::CFG_MDL>(r, false, &single);
  r.step_m = 3;
  r.step_n = 2;
  CheckCase<half, float, float, matmul::CFG_MDL>(r, false, &grouped);
  ASSERT_EQ(norm.size(), size_t{100 * 200});
  EXPECT_EQ(std::memcmp(norm.data(), single.data(), norm.size() * 4), 0);
  EXPECT_EQ(std::memcmp(norm.data(), grouped.data(), norm.size() * 4), 0);
}

// A kernel that calls Iterate exactly once per tile and never End: CFG_MDL's pieces leave L1
// with the last tile, so the checked launch reports no buffer held at the kernel's end.
TEST(MatmulApi, MdlHoldsNoL1PieceAfterTheLastTile) {
  const Spec s{64, 128, 64, 1, false, false, false, false, 1, 32, 32};
  const TCubeTiling t = MakeTiling<half, float, float>(s);
  auto a = Ints<half>(s.m * s.k, 1, -4, 4), b = Ints<half>(s.k * s.n, 2, -4, 4);
  std::vector<float> c(s.m * s.n, 0.0f);
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size() * 2, "a"},
               {b.data(), b.size() * 2, "b"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(8), 1, o, [&] {
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gc;
    ga.SetGlobalBuffer(a.data(), a.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
           MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
           MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>,
           MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>, matmul::CFG_MDL>
        mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(ga);
    mm.SetTensorB(gb);
    for (int i = 0; i < 8; ++i) {  // 2 x 4 tiles
      mm.Iterate();
      mm.GetTensorC(gc);
    }
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
}

// MIX: each block's AIC serves its two AIV sub-blocks (GetBlockIdx() = 2 x block + sub).
TEST(MatmulApi, MixBlocksShareTheirAic) {
  CheckCase<half, float, float>({128, 96, 64, 4}, true);
  CheckCase<half, float, float>({100, 70, 50, 3, false, false, true, true}, true);
}

// SetHF32 sets the HF32 registers of the AIC that runs the Mmads (a MIX launch: the AIV calls
// it): A = 1 + 3 x 2^-12 (1.5 HF32 ulps past 1) times B = 1 over K = 16 is 16 + 3 x 2^-8 in
// float32, 16 + 4 x 2^-8 rounded to even, 16 + 2 x 2^-8 with ties toward zero (docs/CUBE.md).
float MatmulHf32Result(bool enable, int32_t mode) {
  const Spec s{16, 16, 16, 1, false, true};
  const TCubeTiling t = MakeTiling<float, float, float>(s);
  std::vector<float> a(16 * 16, 1.0f + 3.0f / 4096), b(16 * 16, 1.0f), c(16 * 16, 0.0f);
  LaunchOptions o;
  o.checked = true;
  o.regions = {{a.data(), a.size() * 4, "a"},
               {b.data(), b.size() * 4, "b"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice(8);
  d.cube_cores = 4;
  const LaunchResult r = opsim::sim::LaunchMix(d, 1, o, [&] {
    if (GetSubBlockIdx() != 0) return;
    GlobalTensor<float> ga, gb, gc;
    ga.SetGlobalBuffer(a.data(), a.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>,
           MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float, true>,
           MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>>
        mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetHF32(enable, mode);
    mm.SetTensorA(ga);
    mm.SetTensorB(gb, true);
    mm.IterateAll(gc);
    mm.End();
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return c[5];
}

TEST(MatmulApi, SetHF32RoundsFloatInputsOnTheAic) {
  EXPECT_EQ(MatmulHf32Result(false, 0), 16.0f + 3.0f / 256);
  EXPECT_EQ(MatmulHf32Result(true, 0), 16.0f + 4.0f / 256);
  EXPECT_EQ(MatmulHf32Result(true, 1), 16.0f + 2.0f / 256);
}

}  // namespace

namespace {

// MIX: each tile comes into the AIV's Unified Buffer (VECIN), is doubled on the vector unit and
// copied out, as MatmulLeakyReluInvocation does with LeakyRelu.
TEST(MatmulApi, MixTilesReachTheVectorCores) {
  const Spec s{128, 64, 48, 2, false, false, false, true, 0, 32, 32};
  const TCubeTiling t = MakeTiling<half, float, float>(s);
  auto a = Ints<half>(s.m * s.k, 1, -4, 4);
  auto b = Ints<half>(s.k * s.n, 2, -4, 4);
  std::vector<float> c(s.m * s.n, -7.0f);
  LaunchOptions o;
  o.checked = true;
  o.regions = {{a.data(), a.size() * 2, "a"},
               {b.data(), b.size() * 2, "b"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice(8);
  d.cube_cores = 4;
  const LaunchResult r = opsim::sim::LaunchMix(d, 1, o, [&] {
    const auto blk = static_cast<uint32_t>(GetBlockIdx());
    const uint32_t m_blocks = (s.m + t.singleCoreM - 1) / t.singleCoreM;
    const uint32_t m0 = blk % m_blocks * t.singleCoreM, n0 = blk / m_blocks * t.singleCoreN;
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gc;
    ga.SetGlobalBuffer(a.data(), a.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> q;  // as the sample: V -> MTE3 after the Matmul fills it
    pipe.InitBuffer(q, 1, t.baseM * t.baseN * 4);
    Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
           MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
           MatmulType<AscendC::TPosition::VECIN, ::CubeFormat::ND, float>>
        mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(ga[m0 * s.k]);
    mm.SetTensorB(gb[n0]);
    uint32_t count = 0;
    const uint32_t round_m = t.singleCoreM / t.baseM;
    while (mm.Iterate()) {
      LocalTensor<float> tile = q.AllocTensor<float>();
      mm.GetTensorC(tile, false, true);
      Muls(tile, tile, 2.0f, t.baseM * t.baseN);
      q.EnQue(tile);
      tile = q.DeQue<float>();
      const uint32_t at =
          m0 * s.n + n0 + count % round_m * t.baseM * s.n + count / round_m * t.baseN;
      DataCopyParams p{static_cast<uint16_t>(t.baseM), static_cast<uint16_t>(t.baseN * 4 / 32), 0,
                       static_cast<uint16_t>((s.n - t.baseN) * 4 / 32)};
      DataCopy(gc[at], tile, p);
      q.FreeTensor(tile);
      ++count;
    }
    mm.End();
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < s.m; ++i) {
    for (uint32_t j = 0; j < s.n; ++j) {
      float want = 0;
      for (uint32_t k = 0; k < s.k; ++k) {
        want += static_cast<float>(a[i * s.k + k]) * static_cast<float>(b[k * s.n + j]);
      }
      ASSERT_EQ(c[i * s.n + j], 2 * want) << i << "," << j;
    }
  }
}

}  // namespace
