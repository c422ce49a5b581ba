// The Matmul tiling of the general schedule against CANN's own (docs/CUBE.md, "CANN's split
// and base block (session 38)"): usedCoreNum, singleCoreM/N, the base block with its L0
// buffers, the L1 steps and depths, iterateOrder and shareL1Size for shapes over the four input
// types, transposes, bias, SetDim and SetFixSplit, as CANN's MultiCoreMatmulTiling (asc-devkit's
// matmul_tiling_algorithm.cpp, built in /tmp with opsim's 910B1 platform) gives them; the values
// are that run's.
#include <gtest/gtest.h>

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

}  // namespace
