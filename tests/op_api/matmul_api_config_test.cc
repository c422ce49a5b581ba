// The Matmul's configuration (BC10, docs/CUBE.md "Matmul configuration (BC10)"): CANN's getters
// and their defaults, the fields that take effect (iterateOrder, a constant tiling), the schedule
// fields that leave the results alone, and each form opsim does not model as an `unsupported`
// fault at Init naming the field.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"

// The getters as CANN's tiling.h defines them.
static_assert(GetNormalConfig().enUnitFlag && !GetMDLConfig().enUnitFlag &&
              GetMDLConfig().batchMode == BatchMode::NONE &&
              GetNormalConfig().batchMode == BatchMode::BATCH_LESS_THAN_L1);
static_assert(GetMDLConfig(false, false, 0, false, false, false, false, true, true, false, false,
                           true)
                  .enableKdimReorderLoad);
static_assert(CFG_IBSHARE_NORM.doIBShareNorm && !CFG_IBSHARE_NORM.doNorm &&
              GetSpecialMDLConfig().doSpecialMDL && MM_CFG_BB.doBasicBlock &&
              MM_CFG_BB.basicK == 128);
static_assert(GetMMConfig<MatmulConfigMode::CONFIG_MDL>(MatmulShapeParams{64, 64, 64, 32, 32, 32})
                      .singleCoreK == 64 &&
              GetMMConfig<MatmulConfigMode::CONFIG_MDL>(MatmulShapeParams{64, 64, 64, 32, 32, 32})
                  .doMultiDataLoad);
static_assert(!GetMMConfig<MatmulConfigMode::CONFIG_NORM>(
                   MatmulBatchParams{false, BatchMode::BATCH_LESS_THAN_L1, false})
                   .isBiasBatch);
static_assert(std::is_same_v<AscendC::GetMmDstType<int8_t>::Type, int32_t> &&
              std::is_same_v<AscendC::GetMmDstType<half>::Type, float>);

namespace {

using namespace AscendC;
using opsim::sim::CoreType;
using opsim::sim::FaultKind;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;

using CfgA = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>;
using CfgC = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;

// 32 x 32 x 64 in 16 x 16 tiles (four), K in two base blocks of 32.
constexpr int kCfgM = 32, kCfgN = 32, kCfgK = 64;
TCubeTiling CfgTiling() {
  TCubeTiling t;
  t.usedCoreNum = 1;
  t.M = t.singleCoreM = kCfgM;
  t.N = t.singleCoreN = kCfgN;
  t.Ka = t.Kb = t.singleCoreK = kCfgK;
  t.baseM = t.baseN = 16;
  t.baseK = 32;
  t.stepKa = t.stepKb = 2;
  t.depthA1 = t.depthB1 = 2;
  t.stepM = t.stepN = 1;
  t.dbL0A = t.dbL0B = 2;
  t.dbL0C = 1;
  return t;
}

struct CfgData {
  std::vector<half> a = std::vector<half>(kCfgM * kCfgK), b = std::vector<half>(kCfgK * kCfgN);
  std::vector<float> c = std::vector<float>(kCfgM * kCfgN, -1.0f);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  CfgData() {
    for (size_t i = 0; i < a.size(); ++i) a[i] = half(float(int(i % 7) - 3));
    for (size_t i = 0; i < b.size(); ++i) b[i] = half(float(int(i % 5) - 2));
  }
  float Want(int r, int j) const {
    float w = 0;
    for (int k = 0; k < kCfgK; ++k)
      w += float(a[size_t(r * kCfgK + k)]) * float(b[size_t(k * kCfgN + j)]);
    return w;
  }
};

// Runs `kernel` on one AIC; the fault's text ("" without one) and kind.
std::string CfgRun(CfgData& d, const std::function<void(CfgData&)>& kernel,
                   FaultKind* kind = nullptr) {
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{d.a.data(), d.a.size() * 2, "a"},
               {d.b.data(), d.b.size() * 2, "b"},
               {d.c.data(), d.c.size() * 4, "c"}};
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
    d.ga.SetGlobalBuffer(d.a.data(), d.a.size());
    d.gb.SetGlobalBuffer(d.b.data(), d.b.size());
    d.gc.SetGlobalBuffer(d.c.data(), d.c.size());
    kernel(d);
  });
  if (!r.fault) return "";
  if (kind != nullptr) *kind = r.fault->kind;
  return r.fault->ToString();
}

// IterateAll into C; "ok" when C is the exact product.
template <class MM>
std::string CfgAllOf(const TCubeTiling* tiling) {
  CfgData d;
  const std::string fault = CfgRun(d, [&](CfgData& x) {
    TPipe pipe;
    MM mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, tiling);
    mm.SetTensorA(x.ga);
    mm.SetTensorB(x.gb);
    mm.IterateAll(x.gc);
    mm.End();
  });
  if (!fault.empty()) return fault;
  for (int r = 0; r < kCfgM; ++r) {
    for (int j = 0; j < kCfgN; ++j) {
      if (d.c[size_t(r * kCfgN + j)] != d.Want(r, j))
        return "C[" + std::to_string(r) + "][" + std::to_string(j) + "] differs";
    }
  }
  return "ok";
}

constexpr MatmulConfig CfgOrderN() {
  MatmulConfig c = CFG_NORM;
  c.iterateOrder = IterateOrder::ORDER_N;
  return c;
}
constexpr MatmulConfig kCfgOrderN = CfgOrderN();

TEST(MatmulApi, IterateOrderReplacesTheTilings) {
  // The tiling says M first; the config's ORDER_N walks N first: sequential writes show it.
  CfgData d;
  const TCubeTiling t = CfgTiling();
  ASSERT_EQ(CfgRun(d,
                   [&](CfgData& x) {
                     TPipe pipe;
                     Matmul<CfgA, CfgA, CfgC, CfgC, kCfgOrderN> mm;
                     REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
                     mm.SetTensorA(x.ga);
                     mm.SetTensorB(x.gb);
                     // Sequential: each tile packed where the kernel says.
                     for (int i = 0; mm.Iterate(); ++i) mm.GetTensorC(x.gc[i * 256], 0, true);
                     mm.End();
                   }),
            "");
  const int order[4][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};  // (m, n) tiles, N first
  for (int i = 0; i < 4; ++i) {
    for (int e = 0; e < 256; ++e) {
      const int r = order[i][0] * 16 + e / 16, j = order[i][1] * 16 + e % 16;
      ASSERT_EQ(d.c[size_t(i * 256 + e)], d.Want(r, j)) << "tile " << i << " element " << e;
    }
  }
}

constexpr MatmulConfig CfgSchedules() {
  MatmulConfig c = GetMDLConfig(false, false, 1, false, false, false, false, true, true, true,
                                false, true, true);  // preload M, L1 cache, K reorder, banks
  c.iterateOrder = IterateOrder::ORDER_M;
  c.scheduleType = ScheduleType::OUTER_PRODUCT;
  c.isA2B2Shared = true;
  c.enableDoubleCache = true;
  return c;
}
constexpr MatmulConfig kCfgSchedules = CfgSchedules();
constexpr MatmulConfig kCfgIbShare = CFG_IBSHARE_NORM;

TEST(MatmulApi, ScheduleFieldsLeaveTheResultsAlone) {
  TCubeTiling t = CfgTiling();
  t.baseK = 64;  // OUTER_PRODUCT under MDL wants K in one base block
  t.stepKa = t.stepKb = 1;
  t.depthA1 = t.depthB1 = 1;
  EXPECT_EQ((CfgAllOf<Matmul<CfgA, CfgA, CfgC, CfgC, kCfgSchedules>>(&t)), "ok");
  EXPECT_EQ((CfgAllOf<Matmul<CfgA, CfgA, CfgC, CfgC, kCfgIbShare>>(&t)), "ok");
  EXPECT_EQ(
      (CfgAllOf<
          Matmul<CfgA, CfgA, CfgC, CfgC, CFG_MDL, MatmulCallBackFunc<nullptr, nullptr, nullptr>,
                 AscendC::Impl::Detail::NBuffer33MatmulPolicy>>(&t)),
      "ok");
}

constexpr MatmulApiStaticTiling CfgStaticTiling() {
  MatmulApiStaticTiling s = AscendC::GetMatmulApiTiling<CfgA, CfgA, CfgC, CfgC>(
      GetMMConfig<MatmulConfigMode::CONFIG_NORM>(
          MatmulShapeParams{kCfgM, kCfgN, kCfgK, 16, 16, 32}));
  s.isBias = 0;
  return s;
}
constexpr MatmulApiStaticTiling kCfgStatic = CfgStaticTiling();
static_assert(kCfgStatic.singleCoreK == kCfgK && kCfgStatic.stepKa == 2 &&
              kCfgStatic.depthA1 == 2 && kCfgStatic.dbL0A == 2 && kCfgStatic.iterateOrder == 0);
constexpr MatmulApiStaticTiling CfgBaseOnly() {
  MatmulApiStaticTiling s = AscendC::GetMatmulApiTiling<CfgA, CfgA, CfgC, CfgC>(
      GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulShapeParams{0, 0, 0, 32, 32, 32}));
  return s;
}
constexpr MatmulApiStaticTiling kCfgBaseOnly = CfgBaseOnly();

TEST(MatmulApi, ConstantTilingReplacesTheRuntimeOne) {
  // No runtime tiling: the constant one is the whole tiling.
  EXPECT_EQ((CfgAllOf<Matmul<CfgA, CfgA, CfgC, CfgC, kCfgStatic>>(nullptr)), "ok");
  // Base sizes only: they replace the runtime tiling's 16 x 16 x 32 (a baseM of 32 is one tile
  // over M: the result is the same; the runtime tiling's own baseM of 40 would be refused).
  TCubeTiling t = CfgTiling();
  t.baseM = 40;
  EXPECT_EQ((CfgAllOf<Matmul<CfgA, CfgA, CfgC, CfgC, kCfgBaseOnly>>(&t)), "ok");
  EXPECT_NE((CfgAllOf<Matmul<CfgA, CfgA, CfgC, CfgC>>(&t)).find("tiling baseM = 40"),
            std::string::npos);
}

// GetNormalConfig's enableMixDualMaster parameter.
constexpr MatmulConfig kCfgDualMaster =
    GetNormalConfig(false, false, false, BatchMode::BATCH_LESS_THAN_L1, true, IterateOrder::UNDEF,
                    ScheduleType::INNER_PRODUCT, true, true);

TEST(MatmulApi, DualMasterRunsOnTheCubeCore) {
  // A kernel on the cube cores runs its Matmul itself: IterateAll as ever, Iterate refused.
  const TCubeTiling t = CfgTiling();
  EXPECT_EQ((CfgAllOf<Matmul<CfgA, CfgA, CfgC, CfgC, kCfgDualMaster>>(&t)), "ok");
  CfgData d;
  FaultKind kind{};
  const std::string msg = CfgRun(
      d,
      [&](CfgData& x) {
        TPipe pipe;
        Matmul<CfgA, CfgA, CfgC, CfgC, kCfgDualMaster> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(x.ga);
        mm.SetTensorB(x.gb);
        mm.Iterate();
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("enableMixDualMaster = true takes IterateAll only"), std::string::npos) << msg;
  // A MIX launch's AIV asking its AIC is the message-driven form, not dual master.
  LaunchOptions o;
  o.checked = true;
  o.regions = {{d.a.data(), d.a.size() * 2, "a"}};
  opsim::sim::DeviceProfile dev = opsim::sim::testing::TestDevice(8);
  dev.cube_cores = 4;
  const LaunchResult r = opsim::sim::LaunchMix(dev, 1, o, [&] {
    TPipe pipe;
    Matmul<CfgA, CfgA, CfgC, CfgC, kCfgDualMaster> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(r.fault->ToString().find("enableMixDualMaster = true in a MIX launch"),
            std::string::npos)
      << r.fault->ToString();
}

TEST(MatmulApi, SingleShapeAboveTheTilingRuns) {
  // A tiling of 16 x 16 x 32 blocks; SetSingleShape to the whole 32 x 32 x 64 (no bound on
  // CANN's page): the same buffers, more tiles and K steps.
  TCubeTiling t = CfgTiling();
  t.singleCoreM = t.singleCoreN = 16;
  t.singleCoreK = 32;
  CfgData d;
  ASSERT_EQ(CfgRun(d,
                   [&](CfgData& x) {
                     TPipe pipe;
                     Matmul<CfgA, CfgA, CfgC> mm;
                     REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
                     mm.SetSingleShape(kCfgM, kCfgN, kCfgK);
                     mm.SetTensorA(x.ga);
                     mm.SetTensorB(x.gb);
                     mm.IterateAll(x.gc);
                     mm.End();
                   }),
            "");
  for (int r = 0; r < kCfgM; ++r) {
    for (int j = 0; j < kCfgN; ++j) ASSERT_EQ(d.c[size_t(r * kCfgN + j)], d.Want(r, j));
  }
}

constexpr MatmulConfig CfgPartialMdl() {
  MatmulConfig c = CFG_MDL;
  c.isPartialOutput = true;
  return c;
}
constexpr MatmulConfig kCfgPartialMdl = CfgPartialMdl();

TEST(MatmulApi, PartialOutputGivesEachBaseBlockOfK) {
  // Four tiles of two base blocks of K each: eight partial tiles in turn, each the product over
  // its 32 columns of K (the matmul_partial_output sample's form: MDL, sequential writes).
  CfgData d;
  d.c.assign(8 * 256, -1.0f);
  const TCubeTiling t = CfgTiling();
  ASSERT_EQ(CfgRun(d,
                   [&](CfgData& x) {
                     TPipe pipe;
                     Matmul<CfgA, CfgA, CfgC, CfgC, kCfgPartialMdl> mm;
                     REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
                     mm.SetTensorA(x.ga);
                     mm.SetTensorB(x.gb);
                     for (int i = 0; mm.Iterate(); ++i) mm.GetTensorC(x.gc[i * 256], 0, true);
                     mm.End();
                   }),
            "");
  for (int p = 0; p < 8; ++p) {
    const int tile = p / 2, k0 = p % 2 * 32;
    for (int e = 0; e < 256; ++e) {
      const int r = tile % 2 * 16 + e / 16, j = tile / 2 * 16 + e % 16;  // M first
      float want = 0;
      for (int k = k0; k < k0 + 32; ++k) {
        want += float(d.a[size_t(r * kCfgK + k)]) * float(d.b[size_t(k * kCfgN + j)]);
      }
      ASSERT_EQ(d.c[size_t(p * 256 + e)], want) << "partial " << p << " element " << e;
    }
  }
  FaultKind kind{};
  const std::string msg = CfgRun(
      d,
      [&](CfgData& x) {
        TPipe pipe;
        Matmul<CfgA, CfgA, CfgC, CfgC, kCfgPartialMdl> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(x.ga);
        mm.SetTensorB(x.gb);
        mm.IterateAll(x.gc);
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("isPartialOutput = true"), std::string::npos) << msg;
}

// int8_t A and B into half C through the Fixpipe's DEQF16 with SetQuantScalar's word, or
// VDEQF16 with SetQuantVector's words (the matmul_quant sample's two forms); "" and C, or the
// fault. `how`: 0 no scale set, 1 the scalar 0.5, 2 a vector of 0.5 (even columns) and 0.25,
// 3 that vector under CFG_NORM (unitFlag) instead of CFG_MDL.
std::string QuantRun(int how, std::vector<half>* c) {
  std::vector<int8_t> a(kCfgM * kCfgK), b(kCfgK * kCfgN);
  for (size_t i = 0; i < a.size(); ++i) a[i] = int8_t(int(i % 7) - 3);
  for (size_t i = 0; i < b.size(); ++i) b[i] = int8_t(int(i % 5) - 2);
  const auto word = [](float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return uint64_t{bits};
  };
  std::vector<uint64_t> words(kCfgN);
  for (int j = 0; j < kCfgN; ++j) words[size_t(j)] = word(j % 2 == 0 ? 0.5f : 0.25f);
  c->assign(kCfgM * kCfgN, half(0.0f));
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size(), "a"},
               {b.data(), b.size(), "b"},
               {words.data(), words.size() * 8, "quant"},
               {c->data(), c->size() * 2, "c"}};
  const TCubeTiling t = CfgTiling();
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
    using I8 = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int8_t>;
    using HalfC = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>;
    using I32 = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int32_t>;
    GlobalTensor<int8_t> ga, gb;
    GlobalTensor<half> gc;
    GlobalTensor<uint64_t> gq;
    ga.SetGlobalBuffer(a.data(), a.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c->data(), c->size());
    gq.SetGlobalBuffer(words.data(), words.size());
    TPipe pipe;
    const auto run = [&](auto& mm) {
      REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
      if (how == 1) mm.SetQuantScalar(word(0.5f));
      if (how >= 2) mm.SetQuantVector(gq);
      mm.SetTensorA(ga);
      mm.SetTensorB(gb);
      mm.IterateAll(gc);
      mm.End();
    };
    if (how == 3) {  // CFG_NORM: the Fixpipe behind the Mmads' unit flags
      Matmul<I8, I8, HalfC, I32, CFG_NORM> mm;
      run(mm);
    } else {
      Matmul<I8, I8, HalfC, I32, CFG_MDL> mm;
      run(mm);
    }
  });
  if (r.fault) return r.fault->ToString();
  for (int i = 0; i < kCfgM; ++i) {
    for (int j = 0; j < kCfgN; ++j) {
      int acc = 0;
      for (int k = 0; k < kCfgK; ++k) acc += a[size_t(i * kCfgK + k)] * b[size_t(k * kCfgN + j)];
      const float scale = how >= 2 && j % 2 == 1 ? 0.25f : 0.5f;
      if (float((*c)[size_t(i * kCfgN + j)]) != float(acc) * scale) return "C differs";
    }
  }
  return "";
}

TEST(MatmulApi, QuantisedOutputScalesByTheScalarOrTheVector) {
  std::vector<half> c;
  EXPECT_EQ(QuantRun(1, &c), "");
  EXPECT_EQ(QuantRun(2, &c), "");
  EXPECT_EQ(QuantRun(3, &c), "");
  const std::string msg = QuantRun(0, &c);
  EXPECT_NE(msg.find("needs SetQuantScalar first"), std::string::npos) << msg;
}

// The fault of Init for a Matmul of these types and MM_CFG.
template <class A, class B, class C, const auto& kCfg = CFG_NORM,
          template <const auto&, typename...> class P = AscendC::Impl::Detail::MatmulPolicy,
          class Bias = C>
std::string CfgInitFault(FaultKind* kind, TCubeTiling t = CfgTiling()) {
  CfgData d;
  return CfgRun(
      d,
      [&](CfgData&) {
        TPipe pipe;
        Matmul<A, B, C, Bias, kCfg, MatmulCallBackFunc<nullptr, nullptr, nullptr>, P> mm;
        mm.Init(&t);
      },
      kind);
}

template <bool MatmulConfig::*kField>
constexpr MatmulConfig CfgWith() {
  MatmulConfig c = CFG_NORM;
  c.*kField = true;
  return c;
}
constexpr MatmulConfig kCfgIntra = CfgWith<&MatmulConfig::intraBlockPartSum>();
constexpr MatmulConfig kCfgRelu = CfgWith<&MatmulConfig::enableRelu>();
constexpr MatmulConfig kCfgShared = CfgWith<&MatmulConfig::isA2B2Shared>();
constexpr MatmulConfig CfgOuterUndef() {
  MatmulConfig c = CFG_MDL;
  c.scheduleType = ScheduleType::OUTER_PRODUCT;
  return c;
}
constexpr MatmulConfig kCfgOuterUndef = CfgOuterUndef();
constexpr MatmulConfig kCfgPreloadN = GetMDLConfig(false, false, 2);

TEST(MatmulApi, UnmodelledFormsAreRefusedAtInit) {
  FaultKind kind{};
  const auto expect = [&](const std::string& msg, const char* field, FaultKind want) {
    EXPECT_EQ(kind, want) << msg;
    EXPECT_NE(msg.find(field), std::string::npos) << msg;
    EXPECT_NE(msg.find("Matmul::Init"), std::string::npos) << msg;
  };
  const FaultKind u = FaultKind::kUnsupported, inv = FaultKind::kInvalidArgument;
  expect(CfgInitFault<CfgA, CfgA, CfgC, kCfgIntra>(&kind), "intraBlockPartSum = true", u);
  expect(CfgInitFault<CfgA, CfgA, CfgC, kCfgRelu>(&kind), "enableRelu = true", u);
  using TscmNd = MatmulType<AscendC::TPosition::TSCM, ::CubeFormat::ND, half>;
  expect(CfgInitFault<TscmNd, CfgA, CfgC>(&kind),
         "A's MatmulType position TPosition::TSCM with format CubeFormat::ND", u);
  using SparseB =
      SparseMatmulType<AscendC::TPosition::GM, AscendC::TPosition::GM, ::CubeFormat::ND, half>;
  expect(CfgInitFault<CfgA, SparseB, CfgC>(&kind), "B as a SparseMatmulType with float16", inv);
  using Gemv = MatmulType<AscendC::TPosition::GM, ::CubeFormat::VECTOR, half>;
  expect(CfgInitFault<CfgA, Gemv, CfgC>(&kind),
         "B's MatmulType position TPosition::GM with format CubeFormat::VECTOR", u);
  using I32 = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int32_t>;
  expect(CfgInitFault<CfgA, CfgA, I32, CFG_NORM, AscendC::Impl::Detail::MatmulPolicy, CfgC>(&kind),
         "C of int32 from float16 inputs", u);
  // The schedule fields' rules.
  expect(CfgInitFault<CfgA, CfgA, CfgC, kCfgOuterUndef>(&kind),
         "OUTER_PRODUCT with iterateOrder = UNDEF", inv);
  TCubeTiling t = CfgTiling();
  t.stepKb = 1;  // K in two base blocks, one in B's L1 load
  expect(CfgInitFault<CfgA, CfgA, CfgC, kCfgPreloadN>(&kind, t),
         "doMTE2Preload = 2 with K in 2 base blocks", inv);
  t = CfgTiling();
  t.baseM = 256;  // 256 x 32 half: 16 KB; with baseK 128 32 KB... over: 64 KB
  t.baseK = 128;
  t.stepKa = t.stepKb = 1;
  t.dbL0A = t.dbL0B = 1;
  expect(CfgInitFault<CfgA, CfgA, CfgC, kCfgShared>(&kind, t),
         "isA2B2Shared = true with base blocks of A", inv);
}

}  // namespace
