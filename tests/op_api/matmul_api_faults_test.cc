// The high-level Matmul's misuse, each a fault: calls out of order, tilings and places the chip
// cannot run, the MIX rules, the core-type guards and CFG_MDL's steps (the results themselves are
// matmul_api_kernel_test.cc's).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

// As in matmul_api_kernel_test.cc: the kernels here are launched explicitly.
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

// asc-devkit's Matmul samples name the config family unqualified and without a using-directive,
// where CANN's matmul_config.h and tiling.h declare it (global scope); older kernels reach the
// same entities through matmul:: (BC9, docs/PUBLIC_KERNELS.md).
static_assert(std::is_same_v<MatmulConfig, matmul::MatmulConfig> &&
              std::is_same_v<MatmulConfig, AscendC::MatmulConfig>);
static_assert(CFG_NORM.doNorm && CFG_MDL.doMultiDataLoad && matmul::CFG_MDL.doMultiDataLoad &&
              GetMDLConfig().doMultiDataLoad && !GetNormalConfig().doMultiDataLoad);

namespace {

using namespace AscendC;
using opsim::sim::CoreType;
using opsim::sim::FaultKind;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;

}  // namespace

namespace {

// A hand-made tiling: one 32 x 32 tile over K = 32 in half.
TCubeTiling SmallTiling() {
  TCubeTiling t;
  t.usedCoreNum = 1;
  t.M = t.N = t.Ka = t.Kb = 32;
  t.singleCoreM = t.singleCoreN = t.singleCoreK = 32;
  t.baseM = t.baseN = t.baseK = 32;
  t.depthA1 = t.depthB1 = t.stepKa = t.stepKb = 1;
  t.stepM = t.stepN = 1;
  t.dbL0A = t.dbL0B = t.dbL0C = 1;
  return t;
}

using HalfMatmul = Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
                          MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
                          MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>>;

struct Operands {
  std::vector<half> a = std::vector<half>(32 * 32, half(1.0f));
  std::vector<float> c = std::vector<float>(32 * 32);
  GlobalTensor<half> ga;
  GlobalTensor<float> gc;
  std::vector<opsim::sim::GmRegion> Regions() {
    return {{a.data(), a.size() * 2, "a"}, {c.data(), c.size() * 4, "c"}};
  }
  void Bind() {
    ga.SetGlobalBuffer(a.data(), a.size());
    gc.SetGlobalBuffer(c.data(), c.size());
  }
};

// The fault of `kernel` on one AIC of TestDevice (or as a MIX launch on split cores).
std::string FaultOf(const std::function<void(Operands&)>& kernel, FaultKind* kind,
                    CoreType type = CoreType::kAic, bool mix = false) {
  Operands ops;
  LaunchOptions o;
  o.checked = true;
  o.core_type = type;
  o.regions = ops.Regions();
  opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice(8);
  d.cube_cores = 4;
  const auto run = [&] {
    ops.Bind();
    kernel(ops);
  };
  const LaunchResult r =
      mix ? opsim::sim::LaunchMix(d, 1, o, run) : opsim::sim::Launch(d, 1, o, run);
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->ToString();
}

// The fault of a Matmul with `In` A and B and `Out` C initialised with `tiling`, at the
// SetTensorA (or, `b`, SetTensorB) that names the layout.
template <typename In, typename Out>
std::string SetTensorFault(TCubeTiling tiling, bool b, bool transposed, FaultKind* kind) {
  return FaultOf(
      [&](Operands&) {
        TPipe pipe;
        Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, In>,
               MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, In>,
               MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, Out>>
            mm;
        mm.Init(&tiling);
        GlobalTensor<In> g;
        if (b) {
          mm.SetTensorB(g, transposed);
        } else {
          mm.SetTensorA(g, transposed);
        }
      },
      kind);
}

TEST(MatmulApiFaults, MisuseIsReported) {
  FaultKind kind{};
  const TCubeTiling t = SmallTiling();
  std::string msg = FaultOf(
      [&](Operands&) {
        TPipe pipe;
        HalfMatmul mm;
        REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
        mm.Iterate();
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("SetTensorA and SetTensorB come before Iterate"), std::string::npos) << msg;
  msg = FaultOf(
      [&](Operands& ops) {
        TPipe pipe;
        HalfMatmul mm;
        REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
        mm.SetBias(ops.gc);
      },
      &kind);
  EXPECT_NE(msg.find("made without a bias (isBias = 0"), std::string::npos) << msg;
  msg = FaultOf(
      [&](Operands&) {
        TPipe pipe;
        HalfMatmul mm;
        REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
        mm.SetHF32(true, 2);
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("transMode = 2"), std::string::npos) << msg;
  msg = FaultOf(
      [&](Operands& ops) {
        TPipe pipe;
        HalfMatmul mm;
        REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
        mm.GetTensorC(ops.gc);
      },
      &kind);
  EXPECT_NE(msg.find("no tile to fetch"), std::string::npos) << msg;
  msg = FaultOf(
      [&](Operands& ops) {
        TPipe pipe;
        HalfMatmul mm;
        REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
        mm.SetTensorA(ops.ga);
        mm.SetTensorB(ops.ga);
        mm.Iterate();
        mm.Iterate();
      },
      &kind);
  EXPECT_NE(msg.find("previous Iterate was not fetched"), std::string::npos) << msg;
}

TEST(MatmulApiFaults, BadTilingsAndPlacesAreReported) {
  FaultKind kind{};
  TCubeTiling t = SmallTiling();
  t.baseM = 40;
  std::string msg = FaultOf(
      [&](Operands&) {
        TPipe pipe;
        HalfMatmul mm;
        mm.Init(&t);
      },
      &kind);
  EXPECT_NE(msg.find("tiling baseM = 40 is not a multiple of 16"), std::string::npos) << msg;
  // L0A holds 64 KiB: 256 x 256 half twice is 256 KiB.
  t = SmallTiling();
  t.baseM = t.baseK = 256;
  t.dbL0A = t.dbL0B = 2;
  msg = FaultOf(
      [&](Operands&) {
        TPipe pipe;
        HalfMatmul mm;
        mm.Init(&t);
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kUbOverflow) << msg;
  EXPECT_NE(msg.find("L0A"), std::string::npos) << msg;
  // dbL0A 1 with dbL0B 0 (matmul_s4's tiling): CANN's (1 - 1) & (0 - 1) = 0, single buffers.
  t = SmallTiling();
  t.dbL0B = 0;
  msg = FaultOf(
      [&](Operands&) {
        TPipe pipe;
        HalfMatmul mm;
        mm.Init(&t);
      },
      &kind);
  EXPECT_EQ(msg, "no fault");
  // An AIV of a chip with separate cores has no cube.
  t = SmallTiling();
  msg = FaultOf(
      [&](Operands&) {
        TPipe pipe;
        HalfMatmul mm;
        mm.Init(&t);
      },
      &kind, CoreType::kAiv);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("launch the kernel as MIX"), std::string::npos) << msg;
  // float A transposed whose 16-aligned K does not fit L0A (2 x 768 x 16 x 4 B > 64 KiB).
  TCubeTiling f = SmallTiling();
  f.baseK = 8;
  f.baseM = f.singleCoreM = f.M = 768;
  f.dbL0A = f.dbL0B = 2;  // CANN double-buffers both or neither
  msg = SetTensorFault<float, float>(f, false, true, &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("baseK = 8: its transposed load"), std::string::npos) << msg;
  // float B as stored: LoadData3DV2 fills K aligned to 16 in L0B, which must fit dbL0B times.
  f = SmallTiling();
  f.baseK = 8;
  f.baseN = f.singleCoreN = f.N = 768;
  f.baseM = f.singleCoreM = f.M = 16;
  f.dbL0A = f.dbL0B = 2;
  msg = SetTensorFault<float, float>(f, true, false, &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("B as stored with float elements and tiling baseK = 8"), std::string::npos)
      << msg;
  // int8 B as stored: LoadDataWithTranspose writes whole 32-column squares; 2 x 16 x 2048 B fit
  // L0B, 2 x 32 x 2048 do not.
  f = SmallTiling();
  f.baseM = f.singleCoreM = f.M = f.baseN = f.singleCoreN = f.N = 16;
  f.baseK = f.singleCoreK = f.Ka = f.Kb = 2048;
  f.dbL0A = f.dbL0B = 2;
  msg = SetTensorFault<int8_t, int32_t>(f, true, false, &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("whole 32-column squares"), std::string::npos) << msg;
  // int8 A transposed: CANN's Matmul has no transposing load of 8-bit A into L0A.
  msg = SetTensorFault<int8_t, int32_t>(t, false, true, &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("A transposed with int8"), std::string::npos) << msg;
}

TEST(MatmulApiFaults, MixRules) {
  FaultKind kind{};
  // SyncAll in a MIX kernel: the block's two AIV meet (tests/simulator/runtime_cross_core_test.cc
  // has the rest).
  std::string msg = FaultOf([](Operands&) { SyncAll(); }, &kind, CoreType::kAiv, true);
  EXPECT_EQ(msg, "no fault");
  // The two AIV of a block register their Matmul with different tilings.
  msg = FaultOf(
      [](Operands&) {
        TCubeTiling t = SmallTiling();
        if (GetSubBlockIdx() == 1) t.baseK = 16;
        TPipe pipe;
        HalfMatmul mm;
        mm.Init(&t);
      },
      &kind, CoreType::kAiv, true);
  EXPECT_NE(msg.find("with a tiling other than sub-block 0's"), std::string::npos) << msg;
  // GetSubBlockIdx, GetTaskRation and GetBlockIdx as each AIV sees them.
  std::vector<int64_t> seen;
  msg = FaultOf(
      [&](Operands&) {
        seen.push_back(GetBlockIdx() * 100 + GetSubBlockIdx() * 10 + GetTaskRation());
      },
      &kind, CoreType::kAiv, true);
  EXPECT_EQ(msg, "no fault");
  EXPECT_EQ(seen, (std::vector<int64_t>{2, 112}));
  // Matmul::GetSubBlockIdx: the AIV's index in its block, or SetSubBlockIdx's.
  seen.clear();
  msg = FaultOf(
      [&](Operands&) {
        HalfMatmul mm;
        seen.push_back(mm.GetSubBlockIdx());
        mm.SetSubBlockIdx(0);
        seen.push_back(mm.GetSubBlockIdx());
      },
      &kind, CoreType::kAiv, true);
  EXPECT_EQ(msg, "no fault");
  EXPECT_EQ(seen, (std::vector<int64_t>{0, 0, 1, 0}));
}

// ASCEND_IS_AIC / ASCEND_IS_AIV as each launch's cores see them (a MIX kernel's code runs on
// its AIV cores).
TEST(MatmulApiFaults, CoreTypeGuardsFollowTheLaunch) {
  FaultKind kind{};
  std::vector<int> seen;
  const auto probe = [&](Operands&) { seen.push_back(ASCEND_IS_AIC ? 1 : ASCEND_IS_AIV ? 2 : 0); };
  EXPECT_EQ(FaultOf(probe, &kind, CoreType::kAic), "no fault");
  EXPECT_EQ(FaultOf(probe, &kind, CoreType::kAiv), "no fault");
  EXPECT_EQ(FaultOf(probe, &kind, CoreType::kAiv, true), "no fault");
  EXPECT_EQ(seen, (std::vector<int>{1, 2, 2, 2}));
  EXPECT_TRUE(ASCEND_IS_AIV);  // outside a launch
}

// CFG_MDL's steps: stepM/stepN above 1 only where that operand's K fits one L1 load (CANN's
// KLoop asserts it), at least 1, and groups that do not fit L1 are InitBuffer's overflow.
TEST(MatmulApiFaults, MdlStepsTheChipCannotRun) {
  using MdlMatmul =
      Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
             MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
             MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>,
             MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>, matmul::CFG_MDL>;
  const auto init = [](const TCubeTiling& t) {
    return [t](Operands&) {
      TPipe pipe;
      MdlMatmul mm;
      REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
    };
  };
  FaultKind kind{};
  TCubeTiling t = SmallTiling();
  t.Ka = t.Kb = t.singleCoreK = 64;  // two base blocks of K, one per L1 load
  t.stepM = t.depthA1 = 2;
  std::string msg = FaultOf(init(t), &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("stepM = 2 with stepKa = 1 of the 2 base blocks"), std::string::npos) << msg;
  t.stepKa = 2;  // A's K in one load: stepM 2 runs; B's does not fit one, so stepN 2 cannot
  t.depthA1 = 4;
  t.stepN = t.depthB1 = 2;
  msg = FaultOf(init(t), &kind);
  EXPECT_NE(msg.find("stepN = 2 with stepKb = 1"), std::string::npos) << msg;
  t.stepN = 0;
  msg = FaultOf(init(t), &kind);
  EXPECT_NE(msg.find("tiling stepN = 0 (expected >= 1"), std::string::npos) << msg;
  t.stepN = t.depthB1 = 1;
  EXPECT_EQ(FaultOf(init(t), &kind), "no fault");
  t.stepM = 256;  // 2 buffers of 256 x 32 rows over K = 64 in half: 2 MiB
  t.depthA1 = 2 * 256 * 2;
  msg = FaultOf(init(t), &kind);
  EXPECT_EQ(kind, FaultKind::kUbOverflow) << msg;
  t.stepM = 1 << 30;  // a buffer past 4 GiB: the same fault, not a wrapped size
  t.depthA1 = 1 << 30;
  msg = FaultOf(init(t), &kind);
  EXPECT_EQ(kind, FaultKind::kUbOverflow) << msg;
  EXPECT_NE(msg.find("A1 buffer of 4398046511104 B"), std::string::npos) << msg;
  // CFG_NORM takes the same tiling's steps as opsim always did (one base block of M per piece).
  t.stepM = t.stepN = 2;
  t.depthA1 = 4;
  EXPECT_EQ(FaultOf(
                [&](Operands&) {
                  TPipe pipe;
                  HalfMatmul mm;
                  REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
                },
                &kind),
            "no fault");
  // int8 B as stored under CFG_MDL: a group of stepN = 2 tiles of baseN 16 puts the second tile
  // in the middle of a 32-column square of LoadDataWithTranspose.
  t = SmallTiling();
  t.M = t.singleCoreM = t.baseM = 16;
  t.baseN = 16;
  t.stepN = t.depthB1 = 2;
  msg = FaultOf(
      [&](Operands& ops) {
        TPipe pipe;
        Matmul<MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int8_t>,
               MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int8_t>,
               MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int32_t>,
               MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int32_t>, matmul::CFG_MDL>
            mm;
        REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
        GlobalTensor<int8_t> ga, gb;
        GlobalTensor<int32_t> gc;
        ga.SetGlobalBuffer(reinterpret_cast<int8_t*>(ops.a.data()), 16 * 32);
        gb.SetGlobalBuffer(reinterpret_cast<int8_t*>(ops.a.data()) + 16 * 32, 32 * 32);
        gc.SetGlobalBuffer(reinterpret_cast<int32_t*>(ops.c.data()), 16 * 32);
        mm.SetTensorA(ga);
        mm.SetTensorB(gb);
        mm.IterateAll(gc);
      },
      &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("starts 16 columns into its CFG_MDL group"), std::string::npos) << msg;
}

}  // namespace
