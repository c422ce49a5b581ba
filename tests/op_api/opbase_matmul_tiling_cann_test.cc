// The Matmul tiling of the general schedule against CANN's own (docs/CUBE.md, "CANN's split
// and base block (session 38)"): usedCoreNum, singleCoreM/N, the base block with its L0
// buffers, the L1 steps and depths, iterateOrder and shareL1Size for shapes over the four input
// types, transposes, bias, SetDim and SetFixSplit, as CANN's MultiCoreMatmulTiling (asc-devkit's
// matmul_tiling_algorithm.cpp, built in /tmp with opsim's 910B1 platform) gives them; the values
// are that run's. Session 39 (docs/CUBE.md, "Batch and SPLIT_MN tilings as CANN's"): the batch
// tiling and the tilings without SetShape likewise.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "opsim/op_api/platform_figures.h"
#include "tiling/tiling_api.h"

namespace {

using namespace matmul_tiling;

const platform_ascendc::PlatformAscendC& Platform910B() {
  static fe::PlatFormInfos info;
  static const bool made = [] {
    opsim::op_api::PlatformDescription d;
    d.profile = "ascend910b1";
    d.soc_version = "Ascend910B1";
    d.short_soc_version = "Ascend910B";
    d.npu_arch = 2201;
    d.split_vector_cube = true;
    d.vector_cores = 48;
    d.ub_bytes = 196608;
    d.has_data_copy_pad = true;
    d.l1_bytes = 524288;
    d.l0_a_bytes = d.l0_b_bytes = 65536;
    d.l0_c_bytes = 131072;
    opsim::op_api::MakePlatformInfos(d, &info);
    return true;
  }();
  (void)made;
  static const platform_ascendc::PlatformAscendC platform(&info);
  return platform;
}

// The same driver's Ascend910 (910A) figures: 1 MiB of L1, 256 KiB of L0C and of UB.
const platform_ascendc::PlatformAscendC& Platform910A() {
  static fe::PlatFormInfos info;
  static const bool made = [] {
    opsim::op_api::PlatformDescription d;
    d.profile = "ascend910a";
    d.soc_version = "Ascend910A";
    d.short_soc_version = "Ascend910";
    d.npu_arch = 1001;
    d.vector_cores = 32;
    d.ub_bytes = 262144;
    d.l1_bytes = 1048576;
    d.l0_a_bytes = d.l0_b_bytes = 65536;
    d.l0_c_bytes = 262144;
    opsim::op_api::MakePlatformInfos(d, &info);
    return true;
  }();
  (void)made;
  static const platform_ascendc::PlatformAscendC platform(&info);
  return platform;
}

// M, N, K, input type (0 half, 1 float, 2 int8, 3 bfloat16), A transposed, B transposed, bias,
// SetDim (-1: the platform's 24 AIC cores), SetFixSplit's baseM and baseN (-1: unset).
struct Input {
  int32_t m, n, k, type, ta, tb, bias, dim, fix_m, fix_n;
};

MultiCoreMatmulTiling Make(const Input& in,
                           const platform_ascendc::PlatformAscendC& p = Platform910B()) {
  const DataType ins[] = {DataType::DT_FLOAT16, DataType::DT_FLOAT, DataType::DT_INT8,
                          DataType::DT_BF16};
  const DataType outs[] = {DataType::DT_FLOAT, DataType::DT_FLOAT, DataType::DT_INT32,
                           DataType::DT_FLOAT};
  MultiCoreMatmulTiling api(p);
  if (in.dim > 0) api.SetDim(in.dim);
  api.SetAType(TPosition::GM, CubeFormat::ND, ins[in.type], in.ta != 0);
  api.SetBType(TPosition::GM, CubeFormat::ND, ins[in.type], in.tb != 0);
  api.SetCType(TPosition::GM, CubeFormat::ND, outs[in.type]);
  api.SetBiasType(TPosition::GM, CubeFormat::ND, outs[in.type]);
  api.SetOrgShape(in.m, in.n, in.k);
  api.SetShape(in.m, in.n, in.k);
  api.EnableBias(in.bias != 0);
  if (in.fix_m > 0 || in.fix_n > 0) api.SetFixSplit(in.fix_m, in.fix_n, -1);
  return api;
}

TEST(MatmulTilingAsCann, EveryFieldAsCanns) {
  // usedCoreNum, singleCoreM, singleCoreN, baseM, baseN, baseK, dbL0A, dbL0B, depthA1, depthB1,
  // stepM, stepN, stepKa, stepKb, iterateOrder, shareL1Size; all -1: CANN's tiling refuses the
  // shape (a fixed base side wider than the core's).
  struct Want {
    Input in;
    int32_t f[16];
  };
  const Want wants[] = {
      // matmul_leakyrelu_advanced_api: N in two, singleCoreN = baseN = 64.
      {{512, 128, 128, 0, 0, 0, 1, 2, 128, 64},
       {2, 512, 64, 128, 64, 128, 2, 2, 4, 1, 4, 1, 1, 1, 0, 147712}},
      {{8192, 16, 8192, 0, 1, 0, 1, 8, -1, -1},
       {8, 1024, 16, 1024, 16, 16, 2, 2, 4, 512, 1, 1, 2, 512, 0, 393280}},
      {{777, 3000, 4096, 2, 1, 0, 1, -1, -1, -1},
       {24, 392, 251, 128, 256, 128, 2, 2, 4, 4, 1, 1, 2, 2, 0, 197632}},
      {{130, 777, 64, 2, 1, 1, 0, -1, -1, -1},
       {17, 144, 47, 144, 64, 64, 2, 2, 1, 1, 1, 1, 1, 1, 0, 13312}},
      {{4096, 4096, 32, 0, 0, 1, 1, -1, -1, -1},
       {24, 1366, 512, 128, 256, 32, 2, 2, 11, 2, 11, 2, 1, 1, 0, 123904}},
      {{1024, 2048, 33, 0, 0, 0, 1, 8, -1, -1},
       {8, 512, 512, 128, 256, 48, 2, 2, 4, 2, 4, 2, 1, 1, 0, 99328}},
      {{3000, 2048, 64, 1, 0, 1, 1, 1, -1, -1},
       {1, 3000, 2048, 128, 128, 64, 2, 2, 12, 2, 6, 1, 1, 1, 1, 459264}},
      {{7000, 8192, 2048, 2, 0, 1, 0, -1, -1, -1},
       {24, 2336, 1024, 128, 256, 128, 2, 2, 2, 8, 1, 1, 1, 4, 0, 294912}},
      {{130, 17, 640, 1, 1, 0, 0, 24, -1, -1},
       {10, 29, 16, 16, 16, 512, 2, 2, 4, 2, 2, 1, 2, 2, 0, 196608}},
      {{255, 4096, 130, 1, 1, 1, 1, -1, -1, -1},
       {24, 256, 171, 128, 176, 32, 2, 2, 2, 5, 1, 1, 1, 5, 0, 146112}},
      {{3000, 512, 1000, 0, 1, 1, 0, 2, -1, -1},
       {2, 1504, 512, 128, 256, 64, 2, 2, 4, 8, 1, 1, 2, 4, 0, 327680}},
      {{7000, 64, 64, 1, 0, 0, 0, 3, -1, -1},
       {2, 7008, 32, 1024, 32, 8, 2, 2, 8, 1, 1, 1, 4, 1, 0, 263168}},
      {{8192, 500, 512, 3, 0, 0, 1, 24, -1, -1},
       {24, 342, 512, 128, 256, 64, 2, 2, 24, 2, 3, 1, 8, 1, 1, 459776}},
      {{2048, 2048, 17, 2, 0, 1, 1, 12, -1, 128},
       {12, 512, 683, 256, 128, 32, 2, 2, 2, 6, 2, 6, 1, 1, 0, 41472}},
      {{1, 1536, 31, 2, 0, 0, 1, 12, -1, -1},
       {6, 16, 256, 16, 256, 32, 2, 2, 1, 1, 1, 1, 1, 1, 0, 9728}},
      {{16, 300, 640, 3, 1, 0, 1, 20, -1, -1},
       {19, 16, 16, 16, 16, 640, 2, 2, 1, 1, 1, 1, 1, 1, 0, 41024}},
      {{256, 500, 7000, 3, 1, 1, 1, 3, 64, 128},
       {3, 256, 171, 64, 128, 128, 2, 2, 2, 10, 1, 1, 1, 5, 0, 360960}},
      {{64, 100, 7000, 3, 0, 1, 0, 8, -1, -1},
       {8, 32, 28, 32, 32, 512, 2, 2, 1, 14, 1, 1, 1, 14, 0, 491520}},
      {{1536, 16, 31, 3, 1, 1, 1, 12, -1, -1},
       {6, 256, 16, 256, 16, 32, 2, 2, 1, 1, 1, 1, 1, 1, 0, 17472}},
      {{777, 500, 33, 0, 0, 0, 1, 4, 16, 64},
       {4, 392, 256, 16, 64, 48, 2, 2, 25, 4, 25, 4, 1, 1, 0, 63232}},
      {{8192, 3000, 7000, 0, 1, 1, 0, 12, -1, 128},
       {12, 2048, 1003, 256, 128, 64, 2, 2, 2, 22, 1, 1, 1, 11, 0, 425984}},
      {{7, 777, 4096, 2, 0, 0, 1, -1, -1, 128},
       {3, 16, 262, 16, 128, 256, 2, 2, 16, 4, 1, 1, 16, 2, 1, 197120}},
      {{1536, 7000, 1000, 0, 0, 1, 1, 8, -1, 16},
       {8, 384, 3504, 384, 16, 32, 2, 2, 16, 32, 1, 1, 8, 16, 0, 426048}},
      {{31, 7000, 256, 1, 1, 0, 1, 3, -1, 16},
       {3, 32, 2336, 32, 16, 256, 2, 2, 1, 8, 1, 4, 1, 1, 1, 163904}},
      {{384, 640, 256, 3, 1, 0, 1, -1, -1, 128},
       {2, 384, 320, 256, 128, 64, 2, 2, 8, 12, 2, 3, 4, 4, 0, 459264}},
      {{255, 2048, 4096, 1, 1, 1, 1, 20, 64, -1},
       {19, 256, 108, 64, 112, 64, 2, 2, 2, 8, 1, 1, 1, 4, 0, 262592}},
      {{16, 7000, 384, 1, 0, 1, 1, 12, 16, 64},
       {12, 16, 584, 16, 64, 128, 2, 2, 3, 2, 1, 1, 3, 1, 1, 90368}},
      {{4096, 640, 777, 2, 1, 1, 0, 1, 128, -1},
       {1, 4096, 640, 128, 256, 128, 2, 2, 2, 2, 1, 1, 1, 1, 0, 98304}},
      {{7000, 1024, 130, 2, 1, 0, 0, 8, 64, 16},
       {8, 876, 1024, 64, 16, 160, 2, 2, 14, 64, 14, 64, 1, 1, 0, 307200}},
      {{2048, 4096, 384, 3, 0, 1, 1, 8, 128, 16},
       {8, 2048, 512, 128, 16, 128, 2, 2, 12, 24, 2, 4, 3, 3, 1, 491584}},
      {{3000, 512, 256, 1, 0, 0, 0, 20, 64, -1},
       {20, 301, 256, 64, 256, 32, 2, 2, 16, 2, 1, 1, 8, 1, 1, 196608}},
      {{1, 7, 64, 0, 1, 1, 0, -1, -1, 64},
       {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
      {{1, 8192, 1536, 2, 0, 0, 1, 12, 64, -1},
       {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}},
  };
  for (const Want& w : wants) {
    MultiCoreMatmulTiling api = Make(w.in);
    TCubeTiling t;
    const std::string what = std::to_string(w.in.m) + "x" + std::to_string(w.in.n) + "x" +
                             std::to_string(w.in.k) + " type " + std::to_string(w.in.type);
    if (w.f[0] < 0) {
      EXPECT_EQ(api.GetTiling(t), -1) << what;
      EXPECT_NE(api.GetLastError().find("no base block fits"), std::string::npos)
          << api.GetLastError();
      continue;
    }
    ASSERT_EQ(api.GetTiling(t), 0) << what << ": " << api.GetLastError();
    const int32_t got[16] = {t.usedCoreNum, t.singleCoreM, t.singleCoreN,  t.baseM,
                             t.baseN,       t.baseK,       t.dbL0A,        t.dbL0B,
                             t.depthA1,     t.depthB1,     t.stepM,        t.stepN,
                             t.stepKa,      t.stepKb,      t.iterateOrder, t.shareL1Size};
    for (int i = 0; i < 16; ++i) EXPECT_EQ(got[i], w.f[i]) << what << " field " << i;
    EXPECT_EQ(t.singleCoreK, w.in.k) << what;
  }
}

// SetSingleShape: one core's tiling of that block with the rest SetShape's; usedCoreNum is
// SetDim's (CANN's), the block's extents are not split further.
TEST(MatmulTilingAsCann, SingleShapeKeepsSetDimsCores) {
  MultiCoreMatmulTiling api = Make({512, 128, 128, 0, 0, 0, 1, 4, -1, -1});
  api.SetSingleShape(256, 64, -1);
  TCubeTiling t;
  ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  EXPECT_EQ(t.usedCoreNum, 4);
  EXPECT_EQ(t.singleCoreM, 256);
  EXPECT_EQ(t.singleCoreN, 64);
  EXPECT_EQ(t.singleCoreK, 128);
  EXPECT_EQ(t.baseM, 256);
  EXPECT_EQ(t.baseN, 64);
  EXPECT_EQ(t.baseK, 64);
  MultiCoreMatmulTiling part = Make({512, 128, 128, 0, 0, 0, 1, -1, -1, -1});
  part.SetSingleShape(100, -1, -1);
  ASSERT_EQ(part.GetTiling(t), 0) << part.GetLastError();
  EXPECT_EQ(t.usedCoreNum, 24);
  EXPECT_EQ(t.singleCoreM, 100);
  EXPECT_EQ(t.singleCoreN, 128);
  EXPECT_EQ(t.baseM, 112);
  EXPECT_EQ(t.baseN, 128);
  EXPECT_EQ(t.baseK, 128);
}

// The 910B's bias table holds 256 float elements of N: a fixed baseN past it with a bias is
// refused, as CANN's CheckBaseMN refuses it; without a bias it stands.
TEST(MatmulTilingAsCann, BiasTableBoundsAFixedBaseN) {
  MultiCoreMatmulTiling with = Make({128, 1024, 64, 0, 0, 0, 1, 2, -1, 512});
  TCubeTiling t;
  EXPECT_EQ(with.GetTiling(t), -1);
  EXPECT_NE(with.GetLastError().find("bias table holds 256 elements"), std::string::npos)
      << with.GetLastError();
  MultiCoreMatmulTiling without = Make({128, 1024, 64, 0, 0, 0, 0, 2, -1, 512});
  ASSERT_EQ(without.GetTiling(t), 0) << without.GetLastError();
  EXPECT_EQ(t.baseM, 64);
  EXPECT_EQ(t.baseN, 512);
  EXPECT_EQ(t.baseK, 32);
}

// Where C leaves L0C through UB (910A, 310P), CANN's tiling counts C's base block and the ND
// padding in UB (shareUbSize) and refuses a tiling they overflow, as opsim's does.
TEST(MatmulTilingAsCann, Ascend910CountsCsBaseBlockInUb) {
  TCubeTiling t;
  MultiCoreMatmulTiling fits = Make({256, 256, 64, 0, 0, 0, 1, 1, -1, -1}, Platform910A());
  ASSERT_EQ(fits.GetTiling(t), 0) << fits.GetLastError();
  EXPECT_EQ(t.baseM, 256);
  EXPECT_EQ(t.baseN, 256);
  EXPECT_EQ(t.shareUbSize, 262144);
  MultiCoreMatmulTiling over = Make({1000, 384, 32, 0, 1, 1, 1, 1, -1, -1}, Platform910A());
  EXPECT_EQ(over.GetTiling(t), -1);
  EXPECT_NE(over.GetLastError().find("263168 B of UB (262144 B)"), std::string::npos)
      << over.GetLastError();
}

// transLength on the 910A (CANN's GetTransLength: the UB buffers of A's and B's ND2NZ, with the
// MDL steps (mmConfigType 1, the default) or one base block (0), a bank-conflict pad, C's base
// block, the bias row or int8 A's quantisation words); 0 on the 910B. Values from CANN's tiling
// built in /tmp (docs/CUBE.md, "transLength (session 40)").
TEST(MatmulTilingAsCann, TransLengthAsCanns) {
  struct Want {
    Input in;
    int32_t mdl, norm;
  };
  const Want wants[] = {
      {{1, 2048, 512, 0, 0, 1, 1, 24, -1, -1}, 101376, 27648},
      {{777, 16, 300, 2, 1, 0, 0, -1, -1, -1}, 10240, 10240},
      {{1, 33, 4096, 0, 1, 1, 0, 8, -1, -1}, 131584, 33280},
      {{2048, 7, 2048, 2, 0, 0, 0, -1, -1, -1}, 132096, 33792},
      {{100, 31, 1, 2, 1, 1, 1, -1, -1, -1}, 14336, 14336},
      {{4096, 100, 384, 2, 0, 0, 0, 1, -1, -1}, 131072, 131072},
  };
  for (const Want& w : wants) {
    for (const int cfg : {1, 0}) {
      MultiCoreMatmulTiling api = Make(w.in, Platform910A());
      api.SetMatmulConfigParams(cfg);
      TCubeTiling t;
      ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
      EXPECT_EQ(t.transLength, cfg == 1 ? w.mdl : w.norm)
          << w.in.m << "x" << w.in.n << "x" << w.in.k;
    }
  }
  MultiCoreMatmulTiling b = Make(wants[0].in);
  TCubeTiling t;
  ASSERT_EQ(b.GetTiling(t), 0) << b.GetLastError();
  EXPECT_EQ(t.transLength, 0);
}

// A line of the session-39 driver: mode (0 BatchMatmulTiling, 1 MultiCoreMatmulTiling with
// SetShape, 2 without: SetOrgShape alone), M, N, K, type, A and B transposed, bias, SetDim,
// SetFixSplit's baseM and baseN, SetBufferSpace's L1 (-1: unset), the layouts (0 none, 1
// SetBatchInfoForNormal, 2 SetA/B/CLayout of B x S x N x G x D), batchA, batchB, the layouts'
// N and G, SetBatchNum (-1: unset).
struct Line {
  int32_t v[18];
};

template <class Api>
void SetUp(Api& api, const Line& l) {
  const DataType ins[] = {DataType::DT_FLOAT16, DataType::DT_FLOAT, DataType::DT_INT8,
                          DataType::DT_BF16};
  const DataType outs[] = {DataType::DT_FLOAT, DataType::DT_FLOAT, DataType::DT_INT32,
                           DataType::DT_FLOAT};
  const int32_t* v = l.v;
  const int32_t m = v[1], n = v[2], k = v[3], ba = v[13], bb = v[14];
  api.SetAType(TPosition::GM, CubeFormat::ND, ins[v[4]], v[5] != 0);
  api.SetBType(TPosition::GM, CubeFormat::ND, ins[v[4]], v[6] != 0);
  api.SetCType(TPosition::GM, CubeFormat::ND, outs[v[4]]);
  api.SetBiasType(TPosition::GM, CubeFormat::ND, outs[v[4]]);
  if (v[0] != 2) api.SetShape(m, n, k);
  api.SetOrgShape(m, n, k);
  if (v[9] > 0 || v[10] > 0) api.SetFixSplit(v[9], v[10], -1);
  api.EnableBias(v[7] != 0);
  api.SetBufferSpace(v[11], -1, -1);
  if (v[12] == 1) api.SetBatchInfoForNormal(ba, bb, m, n, k);
  if (v[12] == 2) {
    api.SetALayout(ba, m, v[15], v[16], k);
    api.SetBLayout(bb, n, v[15], v[16], k);
    api.SetCLayout(ba > bb ? ba : bb, m, v[15], v[16], n);
  }
  if (v[17] > 0) api.SetBatchNum(v[17]);
}

// The 16 fields of EveryFieldAsCanns, then GetCoreNum's dim, mDim and nDim; {-1}: refused.
struct LineWant {
  Line in;
  int32_t f[19];
};

void ExpectAsCanns(const LineWant& w, const std::string& refusal) {
  TCubeTiling t;
  int32_t cn[5] = {0, 0, 0, 0, 0};
  int64_t ret = 0;
  std::string error;
  const std::string what = "line " + std::to_string(w.in.v[0]) + " " + std::to_string(w.in.v[1]) +
                           "x" + std::to_string(w.in.v[2]) + "x" + std::to_string(w.in.v[3]) +
                           " type " + std::to_string(w.in.v[4]);
  if (w.in.v[0] == 0) {
    BatchMatmulTiling api(Platform910B());
    SetUp(api, w.in);
    ret = api.GetTiling(t);
    error = api.GetLastError();
    if (ret == 0) {
      api.GetCoreNum(cn[0], cn[1], cn[2], cn[3], cn[4]);
      EXPECT_EQ(cn[3] + cn[4], 2) << what;  // one batch piece each way
    }
  } else {
    MultiCoreMatmulTiling api(Platform910B());
    api.SetDim(w.in.v[8] > 0 ? w.in.v[8] : 24);
    SetUp(api, w.in);
    ret = api.GetTiling(t);
    error = api.GetLastError();
    if (ret == 0) api.GetCoreNum(cn[0], cn[1], cn[2]);
  }
  if (w.f[0] < 0) {
    EXPECT_EQ(ret, -1) << what;
    EXPECT_NE(error.find(refusal), std::string::npos) << what << ": " << error;
    return;
  }
  ASSERT_EQ(ret, 0) << what << ": " << error;
  const int32_t got[19] = {t.usedCoreNum, t.singleCoreM, t.singleCoreN, t.baseM,   t.baseN,
                           t.baseK,       t.dbL0A,       t.dbL0B,       t.depthA1, t.depthB1,
                           t.stepM,       t.stepN,       t.stepKa,      t.stepKb,  t.iterateOrder,
                           t.shareL1Size, cn[0],         cn[1],         cn[2]};
  for (int i = 0; i < 19; ++i) EXPECT_EQ(got[i], w.f[i]) << what << " field " << i;
  EXPECT_EQ(t.BatchNum, w.in.v[17] > 0 ? w.in.v[17] : 0) << what;
  EXPECT_EQ(t.ALayoutInfoB, w.in.v[12] > 0 ? w.in.v[13] : 0) << what;
  EXPECT_EQ(t.CLayoutInfoS2, w.in.v[12] > 0 ? w.in.v[2] : 0) << what;
}

// BatchMatmulTiling and batch layouts on MultiCoreMatmulTiling: CANN's tiling of one batch, and
// its CheckFinalParams rule: BatchNum blocks of the core's A and B with their bias rows within L1
// (not after SetBatchInfoForNormal). Values from CANN's tiling built in /tmp (docs/CUBE.md).
TEST(MatmulTilingAsCann, BatchTilingAsCanns) {
  const LineWant wants[] = {
      {{0, 255, 130, 31, 1, 1, 0, 1, -1, -1, -1, -1, 1, 3, 1, 2, 1, 4},
       {1, 255, 130, 256, 128, 32, 2, 2, 1, 2, 1, 2, 1, 1, 0, 66048, 1, 1, 1}},
      {{1, 33, 1, 33, 2, 0, 1, 0, -1, -1, -1, -1, 2, 3, 1, 2, 4, 16},
       {1, 48, 16, 48, 32, 64, 2, 2, 1, 1, 1, 1, 1, 1, 0, 5120, 1, 1, 1}},
      {{0, 128, 1000, 384, 2, 1, 1, 0, -1, -1, -1, -1, 1, 3, 1, 1, 4, 16},
       {1, 128, 1000, 128, 256, 128, 2, 2, 3, 12, 1, 4, 3, 3, 0, 442368, 1, 1, 1}},
      {{1, 256, 1000, 192, 2, 0, 1, 1, -1, -1, -1, -1, 2, 3, 1, 2, 1, 4},
       {24, 86, 126, 96, 128, 192, 2, 2, 1, 1, 1, 1, 1, 1, 0, 43520, 24, 3, 8}},
      {{1, 130, 256, 33, 0, 0, 0, 0, 24, -1, -1, -1, 1, 3, 1, 2, 2, 8},
       {9, 16, 256, 16, 256, 48, 2, 2, 1, 1, 1, 1, 1, 1, 0, 26112, 9, 9, 1}},
      {{0, 1024, 255, 100, 0, 0, 1, 0, -1, -1, -1, -1, 2, 2, 2, 2, 4, 2},
       {1, 1024, 255, 128, 256, 64, 2, 2, 16, 2, 8, 1, 2, 2, 0, 327680, 1, 1, 1}},
      {{0, 17, 777, 128, 2, 1, 0, 0, -1, -1, -1, 131072, 2, 1, 1, 1, 2, 1},
       {1, 17, 777, 32, 416, 64, 2, 2, 2, 4, 1, 1, 2, 2, 1, 110592, 1, 1, 1}},
      {{1, 8192, 1000, 7, 0, 1, 0, 0, -1, -1, -1, -1, 2, 4, 4, 2, 1, 32}, {-1}},
      {{1, 192, 33, 500, 0, 0, 1, 0, 4, -1, -1, 131072, 2, 2, 2, 2, 1, 3}, {-1}},
      {{0, 3000, 3000, 777, 3, 1, 1, 0, -1, -1, -1, 262144, 2, 4, 4, 2, 1, 16}, {-1}},
  };
  for (const LineWant& w : wants) ExpectAsCanns(w, "batches of A");
}

// Without SetShape, over several 910B cores: CANN's SPLIT_MN (M >= 128, M x N over 26214 a core)
// and SPLIT_SMALL_MN (M x N under that) splits, base blocks and K steps; GetCoreNum's mDim and
// nDim are CANN's division of the unset SetShape (0). A step of K that comes out 0 (CANN
// returns that tiling unchecked) is refused.
TEST(MatmulTilingAsCann, SplitMnAsCanns) {
  const LineWant wants[] = {
      {{2, 1000, 777, 1000, 0, 0, 0, 0, 24, -1, -1, -1, 1, 4, 4, 2, 1, -1},
       {24, 126, 384, 128, 256, 64, 2, 2, 8, 8, 1, 1, 4, 4, 0, 393216, 24, 0, 0}},
      {{2, 256, 7000, 7, 0, 1, 0, 0, 8, -1, -1, -1, 2, 2, 1, 2, 4, -1},
       {8, 128, 1792, 128, 256, 64, 2, 2, 8, 8, 1, 1, 4, 4, 1, 393216, 8, 0, 0}},
      {{2, 3000, 8192, 31, 3, 0, 0, 0, 4, -1, -1, 262144, 0, 1, 1, 1, 2, -1},
       {4, 1504, 4096, 128, 256, 64, 2, 2, 8, 4, 1, 1, 4, 2, 0, 262144, 4, 0, 0}},
      {{2, 300, 640, 128, 1, 1, 0, 1, 2, -1, -1, -1, 2, 1, 1, 2, 2, -1},
       {2, 304, 320, 128, 256, 32, 2, 2, 8, 8, 1, 1, 4, 4, 0, 394240, 2, 0, 0}},
      {{2, 640, 8192, 16, 0, 0, 1, 1, -1, -1, -1, -1, 1, 4, 4, 2, 4, -1},
       {24, 107, 2048, 128, 256, 64, 2, 2, 8, 8, 1, 1, 4, 4, 1, 394240, 24, 0, 0}},
      {{2, 7, 777, 192, 0, 0, 0, 1, -1, -1, -1, 262144, 0, 3, 1, 2, 1, -1},
       {22, 16, 36, 16, 48, 192, 2, 2, 18, 6, 1, 1, 9, 3, 0, 221376, 22, 0, 0}},
      {{2, 384, 256, 512, 3, 0, 1, 0, 8, 64, 256, 131072, 0, 8, 8, 1, 4, -1},
       {8, 96, 128, 96, 128, 128, 2, 2, 2, 2, 1, 1, 1, 1, 0, 114688, 8, 0, 0}},
      {{2, 500, 1, 1, 1, 1, 0, 1, 4, -1, -1, -1, 1, 1, 1, 1, 1, -1},
       {4, 128, 16, 128, 16, 8, 2, 2, 62, 2, 1, 1, 31, 1, 0, 255040, 4, 0, 0}},
      {{2, 1536, 17, 4096, 1, 0, 1, 0, 4, -1, -1, -1, 0, 2, 1, 1, 4, -1},
       {4, 384, 32, 128, 32, 64, 2, 2, 4, 32, 1, 1, 2, 16, 0, 393216, 4, 0, 0}},
      {{2, 300, 130, 7, 0, 0, 1, 0, 8, -1, -1, -1, 0, 2, 2, 2, 4, -1},
       {8, 76, 128, 80, 80, 16, 2, 2, 102, 102, 1, 1, 51, 51, 1, 522240, 8, 0, 0}},
      {{2, 512, 64, 33, 0, 1, 0, 1, 24, -1, -1, -1, 2, 4, 4, 1, 1, -1},
       {12, 128, 22, 128, 32, 48, 2, 2, 20, 80, 1, 1, 10, 40, 0, 491648, 12, 0, 0}},
      {{2, 192, 31, 32, 1, 0, 0, 1, -1, -1, -1, -1, 0, 8, 8, 2, 1, -1},
       {20, 20, 16, 32, 16, 32, 2, 2, 62, 124, 1, 1, 31, 62, 0, 507968, 20, 0, 0}},
      {{2, 32, 31, 31, 0, 1, 1, 0, -1, -1, -1, -1, 1, 2, 1, 1, 2, -1},
       {20, 7, 8, 16, 16, 32, 2, 2, 254, 254, 1, 1, 127, 127, 0, 520192, 20, 0, 0}},
      {{2, 17, 16, 3000, 0, 0, 0, 1, -1, -1, -1, 131072, 0, 4, 4, 1, 4, -1}, {-1}},
  };
  for (const LineWant& w : wants) ExpectAsCanns(w, "stepKa = 0");
}

// DT_BFLOAT16, CANN's second name for bfloat16 (its whole DataType enum is there): the same
// tiling as DT_BF16.
TEST(MatmulTilingAsCann, BFloat16IsBf16) {
  TCubeTiling bf16, bfloat16;
  for (DataType t : {DataType::DT_BF16, DataType::DT_BFLOAT16}) {
    MultiCoreMatmulTiling api(Platform910B());
    api.SetAType(TPosition::GM, CubeFormat::ND, t);
    api.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_BF16, true);
    api.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    api.SetShape(2048, 1024, 512);
    ASSERT_EQ(api.GetTiling(t == DataType::DT_BF16 ? bf16 : bfloat16), 0) << api.GetLastError();
  }
  EXPECT_EQ(std::memcmp(&bf16, &bfloat16, sizeof bf16), 0);
  EXPECT_EQ(bfloat16.baseK, 64);
  EXPECT_EQ(static_cast<int32_t>(DataType::DT_BFLOAT16), 33);
  EXPECT_EQ(static_cast<int32_t>(DataType::DT_FLOAT4_E1M2), 39);
}

// GetBaseM/N/K (CANN's MatmulApiTilingBase): SetFixSplit's before a tiling (-1 unset), the last
// tiling's after it.
TEST(MatmulTilingAsCann, BaseGettersAnswerTheLastTiling) {
  MultiCoreMatmulTiling api = Make({512, 128, 128, 0, 0, 0, 1, 2, 128, 64});
  EXPECT_EQ(api.GetBaseM(), 128);
  EXPECT_EQ(api.GetBaseN(), 64);
  EXPECT_EQ(api.GetBaseK(), -1);
  TCubeTiling t;
  ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  EXPECT_EQ(api.GetBaseM(), t.baseM);
  EXPECT_EQ(api.GetBaseN(), t.baseN);
  EXPECT_EQ(api.GetBaseK(), 128);
}

}  // namespace
