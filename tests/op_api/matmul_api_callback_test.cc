// The Matmul's user callbacks (MatmulCallBackFunc<DataCopyOut, CopyA1, CopyB1>, CANN's
// signatures) against a scalar model: A stored with its rows last first, B with a padded row
// pitch, C written by the user's Fixpipe with a padded pitch, each known only to the callbacks
// (through SetUserDefInfo and SetSelfDefineData); under CFG_NORM and CFG_MDL, IterateAll and
// Iterate + GetTensorC, tails in M, N and K, some callbacks left to the Matmul, a MIX block; and
// the misuses as faults.
#include <gtest/gtest.h>

#include <string>
#include <vector>

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

// What the callbacks know of the layouts (SetSelfDefineData's dataPtr).
struct CbLayout {
  int32_t m = 0, n = 0, k = 0;
  int32_t ldb = 0, ldc = 0;            // B's and C's row pitches (elements)
  int32_t k_unit_a = 0, k_unit_b = 0;  // K per piece index: baseK (NORM), stepK x baseK (MDL)
  bool groups = false;                 // an index counts stepM (stepN) base blocks of M (N)
  float* c = nullptr;                  // C as the user lays it out
  const void* c_default = nullptr;     // what GetTensorC/IterateAll were given
  int32_t copies_a = 0, copies_b = 0, copies_out = 0;
  bool gm_at_tile = true;  // DataCopyOut's gm was the default tile's place each time
};

int32_t CbUp16(int32_t v) { return (v + 15) / 16 * 16; }

void CbCopyA1(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM,
              int useK, const uint64_t tilingPtr, const uint64_t dataPtr) {
  const auto* t = reinterpret_cast<const TCubeTiling*>(tilingPtr);
  auto* l = reinterpret_cast<CbLayout*>(dataPtr);
  ++l->copies_a;
  GlobalTensor<half> src;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(const_cast<void*>(gm)));
  const LocalTensor<half> dst = aMatrix.ReinterpretCast<half>();
  Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = 1;
  p.dValue = static_cast<uint16_t>(useK);
  p.srcDValue = static_cast<uint16_t>(l->k);
  p.dstNzC0Stride = static_cast<uint16_t>(CbUp16(useM));
  p.dstNzNStride = 1;
  for (int i = 0; i < useM; ++i) {  // row r of A is stored as row m - 1 - r
    const int stored = l->m - 1 - (row * t->baseM * (l->groups ? t->stepM : 1) + i);
    DataCopy(dst[static_cast<uint32_t>(i * 16)],
             src[static_cast<uint64_t>(stored) * l->k + static_cast<uint64_t>(col) * l->k_unit_a],
             p);
  }
}

void CbCopyB1(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col, int useK,
              int useN, const uint64_t tilingPtr, const uint64_t dataPtr) {
  const auto* t = reinterpret_cast<const TCubeTiling*>(tilingPtr);
  auto* l = reinterpret_cast<CbLayout*>(dataPtr);
  ++l->copies_b;
  GlobalTensor<half> src;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(const_cast<void*>(gm)));
  Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = static_cast<uint16_t>(useK);
  p.dValue = static_cast<uint16_t>(useN);
  p.srcDValue = static_cast<uint16_t>(l->ldb);
  p.dstNzC0Stride = static_cast<uint16_t>(CbUp16(useK));
  p.dstNzNStride = 1;
  DataCopy(bMatrix.ReinterpretCast<half>(),
           src[static_cast<uint64_t>(row) * l->k_unit_b * l->ldb +
               static_cast<uint64_t>(col) * t->baseN * (l->groups ? t->stepN : 1)],
           p);
}

void CbDataCopyOut(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
                   const void* dataCopyOutParams, const uint64_t tilingPtr,
                   const uint64_t dataPtr) {
  const auto* t = reinterpret_cast<const TCubeTiling*>(tilingPtr);
  auto* l = reinterpret_cast<CbLayout*>(dataPtr);
  const auto* p = static_cast<const DataCopyOutParams*>(dataCopyOutParams);
  ++l->copies_out;
  const int64_t at = static_cast<int64_t>(p->curM) * t->baseM * l->n + p->curN * t->baseN;
  l->gm_at_tile &= gm == static_cast<const float*>(l->c_default) + at;
  GlobalTensor<float> dst;
  dst.SetGlobalBuffer(l->c);
  FixpipeParamsV220 f;
  f.nSize = p->oriNSize;
  f.mSize = static_cast<uint16_t>(p->burstLen * 32 / (16 * sizeof(float)));
  f.srcStride = static_cast<uint16_t>(CbUp16(f.mSize));
  f.dstStride = static_cast<uint32_t>(l->ldc);
  f.unitFlag = p->enUnitFlag ? 3 : 0;  // the Matmul's Mmads hand the tile over by unitFlag
  Fixpipe(dst[static_cast<uint64_t>(p->curM) * t->baseM * l->ldc +
              static_cast<uint64_t>(p->curN) * t->baseN],
          co1Local.ReinterpretCast<float>(), f);
}

using CbAType = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>;
using CbCType = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;

struct CbCase {
  int32_t m, n, k;
  bool mdl = false, iterate = false, user_a = true, user_b = true, user_out = true;
  bool mix = false;
  bool groups = false;  // CFG_MDL with the host's stepM x stepN groups (K in one load)
};

template <const MatmulConfig& kCfg, class CB>
void CbRun(const CbCase& cc, const TCubeTiling& t, CbLayout& l, half* a, half* b, float* c) {
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer(a);
  gb.SetGlobalBuffer(b);
  gc.SetGlobalBuffer(c);
  TPipe pipe;
  Matmul<CbAType, CbAType, CbCType, CbCType, kCfg, CB> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  mm.SetUserDefInfo(reinterpret_cast<uint64_t>(&t));
  mm.SetSelfDefineData(reinterpret_cast<uint64_t>(&l));
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  if (cc.iterate) {
    while (mm.Iterate()) mm.GetTensorC(gc);
  } else {
    mm.IterateAll(gc);
  }
  mm.End();
}

// Each callback replaced or left to the Matmul, as the case says.
template <const MatmulConfig& kCfg>
void CbDispatch(const CbCase& cc, const TCubeTiling& t, CbLayout& l, half* a, half* b, float* c) {
  if (cc.user_a && cc.user_b && cc.user_out) {
    CbRun<kCfg, MatmulCallBackFunc<CbDataCopyOut, CbCopyA1, CbCopyB1>>(cc, t, l, a, b, c);
  } else if (cc.user_a) {
    CbRun<kCfg, MatmulCallBackFunc<nullptr, CbCopyA1, nullptr>>(cc, t, l, a, b, c);
  } else {
    CbRun<kCfg, MatmulCallBackFunc<CbDataCopyOut, nullptr, CbCopyB1>>(cc, t, l, a, b, c);
  }
}

std::string CbCheck(const CbCase& cc) {
  matmul_tiling::MultiCoreMatmulTiling api;
  api.SetDim(1);
  api.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND,
               matmul_tiling::DataType::DT_FLOAT16);
  api.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND,
               matmul_tiling::DataType::DT_FLOAT16);
  api.SetCType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND,
               matmul_tiling::DataType::DT_FLOAT);
  api.SetShape(cc.m, cc.n, cc.k);
  api.SetOrgShape(cc.m, cc.n, cc.k);
  api.SetFixSplit(32, 32, -1);
  TCubeTiling t;
  if (api.GetTiling(t) != 0) return "tiling: " + std::string(api.GetLastError());
  if (!cc.groups) {
    t.baseK = 32;  // K = 90 in three pieces (the last a tail), two per L1 load under MDL
    t.stepKa = t.stepKb = 2;
    t.depthA1 = t.depthB1 = 2;
    t.stepM = t.stepN = 1;  // K takes two loads: CANN's MDL takes one base block of M and N
  }
  CbLayout l;
  l.m = cc.m;
  l.n = cc.n;
  l.k = cc.k;
  l.ldb = cc.user_b ? cc.n + 8 : cc.n;
  l.ldc = cc.user_out ? cc.n + 4 : cc.n;
  l.k_unit_a = t.baseK * (cc.mdl ? t.stepKa : 1);
  l.k_unit_b = t.baseK * (cc.mdl ? t.stepKb : 1);
  l.groups = cc.groups;
  std::vector<half> a(static_cast<size_t>(cc.m * cc.k)), b(static_cast<size_t>(cc.k * l.ldb));
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = half(static_cast<float>(static_cast<int>(i % 7) - 3));
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = half(static_cast<float>(static_cast<int>(i % 5) - 2));
  std::vector<float> c(static_cast<size_t>(cc.m * l.ldc), -7.0f), c_default(c.size(), -7.0f);
  l.c = cc.user_out ? c.data() : c_default.data();
  l.c_default = c_default.data();
  LaunchOptions o;
  o.checked = true;
  o.regions = {{a.data(), a.size() * 2, "a"},
               {b.data(), b.size() * 2, "b"},
               {c.data(), c.size() * 4, "c"},  // its padding columns stay as they were
               {c_default.data(), c_default.size() * 4, "c_default"}};
  opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice(2);
  const auto kernel = [&] {
    if (cc.mix && GetSubBlockIdx() != 0) return;
    if (cc.mdl) {
      CbDispatch<matmul::CFG_MDL>(cc, t, l, a.data(), b.data(), c_default.data());
    } else {
      CbDispatch<matmul::CFG_NORM>(cc, t, l, a.data(), b.data(), c_default.data());
    }
  };
  LaunchResult r;
  if (cc.mix) {
    d.cube_cores = 1;
    r = opsim::sim::LaunchMix(d, 1, o, kernel);
  } else {
    o.core_type = CoreType::kAic;
    r = opsim::sim::Launch(d, 1, o, kernel);
  }
  if (!r.status.ok()) return r.status.ToString();
  const float* out = cc.user_out ? c.data() : c_default.data();
  for (int32_t i = 0; i < cc.m; ++i) {
    const int32_t stored = cc.user_a ? cc.m - 1 - i : i;
    for (int32_t j = 0; j < l.ldc; ++j) {
      double want = -7.0;
      if (j < cc.n) {
        want = 0;
        for (int32_t k = 0; k < cc.k; ++k) {
          want +=
              static_cast<double>(static_cast<float>(a[static_cast<size_t>(stored * cc.k + k)])) *
              static_cast<float>(b[static_cast<size_t>(k * l.ldb + j)]);
        }
      }
      if (out[i * l.ldc + j] != static_cast<float>(want)) {
        return "C[" + std::to_string(i) + "][" + std::to_string(j) +
               "] = " + std::to_string(out[i * l.ldc + j]) + ", expected " + std::to_string(want);
      }
    }
  }
  // 3 x 2 tiles of 32 x 32 (tails 6 and 18) and K in 3 base blocks (2 MDL pieces of 2).
  // With groups (3 x 2 tiles, K in one load): all of A and all of B in one copy each.
  const int32_t tiles = 6, k_pieces = cc.mdl ? 2 : 3;
  const int32_t want_a = cc.user_a ? (cc.groups ? 1 : tiles * k_pieces) : 0,
                want_b = cc.user_b ? (cc.groups ? 1 : tiles * k_pieces) : 0;
  if (l.copies_a != want_a || l.copies_b != want_b || l.copies_out != (cc.user_out ? tiles : 0)) {
    return "copies: A " + std::to_string(l.copies_a) + " B " + std::to_string(l.copies_b) +
           " out " + std::to_string(l.copies_out) + ", expected " + std::to_string(want_a) + "/" +
           std::to_string(want_b) + "/" + std::to_string(cc.user_out ? tiles : 0);
  }
  if (!l.gm_at_tile) return "DataCopyOut's gm was not the tile's place in GetTensorC's tensor";
  return "ok";
}

TEST(MatmulApi, CallbacksCopyInAndOutInTheirOwnLayouts) {
  EXPECT_EQ(CbCheck({70, 50, 90}), "ok");
  EXPECT_EQ(CbCheck({70, 50, 90, false, true}), "ok");
  EXPECT_EQ(CbCheck({70, 50, 90, true}), "ok");
  EXPECT_EQ(CbCheck({70, 50, 90, true, true}), "ok");
  EXPECT_EQ(CbCheck({70, 50, 90, false, false, true, false, false}), "ok");
  EXPECT_EQ(CbCheck({70, 50, 90, false, true, false, true, true}), "ok");
  EXPECT_EQ(CbCheck({70, 50, 90, false, false, true, true, true, true}), "ok");
  // CFG_MDL's groups: the copy gets the group (useM 70 = 3 tiles with the tail, useN 50).
  EXPECT_EQ(CbCheck({70, 50, 90, true, false, true, true, true, false, true}), "ok");
  EXPECT_EQ(CbCheck({70, 50, 90, true, true, true, true, true, true, true}), "ok");
}

// The fault of a callback Matmul's `kernel` (one AIC of TestDevice, `arch` its architecture).
template <class Kernel>
std::string CbFaultOf(const char* arch, FaultKind* kind, Kernel&& kernel) {
  std::vector<half> a(32 * 32, half(1.0f));
  std::vector<float> c(32 * 32);
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size() * 2, "a"}, {c.data(), c.size() * 4, "c"}};
  opsim::sim::DeviceProfile d = opsim::sim::testing::TestDevice(1);
  d.architecture = arch;
  const LaunchResult r = opsim::sim::Launch(d, 1, o, [&] { kernel(a.data(), c.data()); });
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->ToString();
}

TCubeTiling CbSmallTiling() {
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

// A CopyA1 that writes a row past its L1 buffer (the piece is 32 rows).
void CbCopyA1PastItsBuffer(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int, int,
                           int useM, int useK, const uint64_t, const uint64_t) {
  GlobalTensor<half> src;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(const_cast<void*>(gm)));
  Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = static_cast<uint16_t>(useM);
  p.dValue = static_cast<uint16_t>(useK);
  p.srcDValue = static_cast<uint16_t>(useK);
  p.dstNzC0Stride = static_cast<uint16_t>(useM + 16);
  p.dstNzNStride = 1;
  DataCopy(aMatrix.ReinterpretCast<half>(), src, p);
}

struct CbStructData {
  uint64_t a, b;
};

TEST(MatmulApiFaults, CallbackMisuseIsReported) {
  const TCubeTiling t = CbSmallTiling();
  using UserA = MatmulCallBackFunc<nullptr, CbCopyA1PastItsBuffer, nullptr>;
  using Mm = Matmul<CbAType, CbAType, CbCType, CbCType, matmul::CFG_NORM, UserA>;
  FaultKind kind{};
  // CANN's page: the callbacks are Atlas A2/A3's (not the 910A's, dav-1001).
  std::string msg = CbFaultOf("dav-1001", &kind, [&](half*, float*) {
    TPipe pipe;
    Mm mm;
    REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
  });
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("Atlas A2/A3 only"), std::string::npos) << msg;
  msg = CbFaultOf("test", &kind, [&](half*, float*) {
    TPipe pipe;
    Mm mm;
    REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
    mm.SetSelfDefineData(CbStructData{1, 2});
  });
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("SetSelfDefineData(T) form"), std::string::npos) << msg;
  // The user's instructions are checked as any kernel's: a copy past the L1 piece faults.
  msg = CbFaultOf("test", &kind, [&](half* a, float* c) {
    GlobalTensor<half> ga;
    GlobalTensor<float> gc;
    ga.SetGlobalBuffer(a, 32 * 32);
    gc.SetGlobalBuffer(c, 32 * 32);
    TPipe pipe;
    Mm mm;
    REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
    mm.SetTensorA(ga);
    mm.SetTensorB(ga, true);
    mm.IterateAll(gc);
  });
  EXPECT_NE(msg.find("DataCopy"), std::string::npos) << msg;
}

}  // namespace
