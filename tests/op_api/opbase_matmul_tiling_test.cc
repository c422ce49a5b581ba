// The host Matmul tiling (tiling/tiling_api.h): every tiling it returns satisfies the chip's
// constraints (whole fractals, L0A/L0B/L0C/L1 capacities, cores, coverage of the shape), over a
// sweep of shapes, dtypes, fixed splits and core counts; shapes that cannot fit are -1 with a
// message naming the memory; optiling::TCubeTiling carries the kernel struct's bytes.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "opsim/op_api/platform_figures.h"
#include "tiling/tiling_api.h"

namespace {

using namespace matmul_tiling;

struct Case {
  int32_t m, n, k;
  DataType in, out;
  int32_t dim;
  int32_t fix_m, fix_n;
  bool bias;
  bool ta = false;  // A transposed
};

int64_t Bits(DataType t) {
  switch (t) {
    case DataType::DT_FLOAT: return 32;
    case DataType::DT_INT8: return 8;
    case DataType::DT_INT4: return 4;
    default: return 16;
  }
}

// The rules a chip's Matmul kernel relies on, for the 910B's memories.
void ExpectValid(const Case& c, const TCubeTiling& t) {
  const int64_t bits = Bits(c.in), k0 = 256 / bits;
  const auto bytes = [&](int64_t elems) { return elems * bits / 8; };
  EXPECT_EQ(t.baseM % 16, 0);
  EXPECT_EQ(t.baseN % 16, 0);
  EXPECT_EQ(t.baseK % k0, 0);
  EXPECT_GT(t.baseK, 0);
  // Float A transposed leaves K aligned to 16 in L0A (LoadData3DV2's transposed load).
  const int64_t a_k = c.ta && c.in == DataType::DT_FLOAT ? (t.baseK + 15) / 16 * 16 : t.baseK;
  EXPECT_LE(bytes(int64_t{t.baseM} * a_k) * t.dbL0A, 65536);
  // Float B as stored (Make's B) leaves K aligned to 16 in L0B (LoadData3DV2's img2col load).
  const int64_t b_k = c.in == DataType::DT_FLOAT ? (t.baseK + 15) / 16 * 16 : t.baseK;
  EXPECT_LE(bytes(int64_t{t.baseN} * b_k) * t.dbL0B, 65536);
  EXPECT_LE(int64_t{t.baseM} * t.baseN * 4 * t.dbL0C, 131072);
  EXPECT_LE(bytes(int64_t{t.depthA1} * t.baseM * t.baseK) +
                bytes(int64_t{t.depthB1} * t.baseN * t.baseK) + (c.bias ? t.baseN * 4 : 0),
            524288);
  EXPECT_GE(t.depthA1, t.stepKa * t.stepM);
  EXPECT_GE(t.depthB1, t.stepKb * t.stepN);
  // CFG_MDL's groups: more than one base block of M (N) only where A's (B's) K fits one L1
  // load, a factor of the tile count.
  if (t.stepM > 1) {
    EXPECT_GE(int64_t{t.stepKa} * t.baseK, t.singleCoreK);
  }
  if (t.stepN > 1) {
    EXPECT_GE(int64_t{t.stepKb} * t.baseK, t.singleCoreK);
  }
  EXPECT_EQ((t.singleCoreM + t.baseM - 1) / t.baseM % t.stepM, 0);
  EXPECT_EQ((t.singleCoreN + t.baseN - 1) / t.baseN % t.stepN, 0);
  EXPECT_GE(t.usedCoreNum, 1);
  EXPECT_LE(t.usedCoreNum, c.dim);
  // The blocks cover the shape, one block per core.
  const int64_t blocks = (int64_t{c.m} + t.singleCoreM - 1) / t.singleCoreM *
                         ((int64_t{c.n} + t.singleCoreN - 1) / t.singleCoreN);
  EXPECT_EQ(blocks, t.usedCoreNum);
  EXPECT_EQ(t.M, c.m);
  EXPECT_EQ(t.N, c.n);
  EXPECT_EQ(t.Ka, c.k);
  EXPECT_EQ(t.singleCoreK, c.k);
  EXPECT_EQ(t.isBias, c.bias ? 1 : 0);
  if (c.fix_m > 0) {
    EXPECT_EQ(t.baseM, c.fix_m);
  }
  if (c.fix_n > 0) {
    EXPECT_EQ(t.baseN, c.fix_n);
  }
}

MultiCoreMatmulTiling Make(const Case& c) {
  MultiCoreMatmulTiling api;
  api.SetDim(c.dim);
  api.SetAType(TPosition::GM, CubeFormat::ND, c.in, c.ta);
  api.SetBType(TPosition::GM, CubeFormat::ND, c.in, false);
  api.SetCType(TPosition::GM, CubeFormat::ND, c.out);
  api.SetOrgShape(c.m, c.n, c.k);
  api.SetShape(c.m, c.n, c.k);
  api.SetFixSplit(c.fix_m, c.fix_n, -1);
  api.SetBias(c.bias);
  api.SetBufferSpace(-1, -1, -1);
  return api;
}

TEST(MatmulTiling, EveryTilingFitsTheChip) {
  std::vector<Case> cases = {
      {512, 1024, 512, DataType::DT_FLOAT16, DataType::DT_FLOAT, 2, 128, 256, false},  // the sample
      {1, 1, 1, DataType::DT_FLOAT16, DataType::DT_FLOAT, 1, -1, -1, false},
      {17, 33, 20, DataType::DT_BF16, DataType::DT_FLOAT, 4, -1, -1, true},
      {4096, 4096, 4096, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, false},
      {300, 70, 1000, DataType::DT_FLOAT, DataType::DT_FLOAT, 8, -1, -1, true},
      {96, 4000, 64, DataType::DT_INT8, DataType::DT_INT32, 20, -1, -1, false},
      {96, 4000, 1000, DataType::DT_INT4, DataType::DT_INT32, 20, -1, -1, false},
      {17, 33, 20, DataType::DT_INT4, DataType::DT_INT32, 4, -1, -1, false},
      {2048, 16, 8192, DataType::DT_FLOAT16, DataType::DT_FLOAT16, 24, 64, 16, false},
      {40, 32, 300, DataType::DT_FLOAT, DataType::DT_FLOAT, 1, -1, -1, false, true},
      {300, 70, 1000, DataType::DT_FLOAT, DataType::DT_FLOAT, 8, -1, -1, true, true},
      {64, 176, 100, DataType::DT_FLOAT, DataType::DT_FLOAT, 1, -1, 176, false},  // bk 40 -> 32
  };
  for (const Case& c : cases) {
    MultiCoreMatmulTiling api = Make(c);
    TCubeTiling t;
    ASSERT_EQ(api.GetTiling(t), 0) << c.m << "x" << c.n << "x" << c.k << ": " << api.GetLastError();
    ExpectValid(c, t);
    int32_t dim = 0, md = 0, nd = 0;
    api.GetCoreNum(dim, md, nd);
    EXPECT_EQ(dim, t.usedCoreNum);
    EXPECT_EQ(md * nd, dim);
  }
}

// The sample's own figures: 2 cores split N, baseK from double-buffered L0B.
TEST(MatmulTiling, SampleShape) {
  MultiCoreMatmulTiling api =
      Make({512, 1024, 512, DataType::DT_FLOAT16, DataType::DT_FLOAT, 2, 128, 256, false});
  TCubeTiling t;
  ASSERT_EQ(api.GetTiling(t), 0);
  EXPECT_EQ(t.usedCoreNum, 2);
  EXPECT_EQ(t.singleCoreM * t.singleCoreN, 512 * 512);
  EXPECT_EQ(t.baseK, 64);  // 64 KiB L0B / (2 buffers x 256 x 2 B)
}

// DT_INT4 (CANN's DTYPE_BIT_TAB: 4 bits): C0 is 64 elements and L0 holds twice int8's K.
TEST(MatmulTiling, Int4CountsHalfBytes) {
  TCubeTiling t8, t4;
  MultiCoreMatmulTiling i8 =
      Make({512, 1024, 2048, DataType::DT_INT8, DataType::DT_INT32, 1, 128, 256, false});
  MultiCoreMatmulTiling i4 =
      Make({512, 1024, 2048, DataType::DT_INT4, DataType::DT_INT32, 1, 128, 256, false});
  ASSERT_EQ(i8.GetTiling(t8), 0) << i8.GetLastError();
  ASSERT_EQ(i4.GetTiling(t4), 0) << i4.GetLastError();
  EXPECT_EQ(t8.baseK, 128);  // 64 KiB L0B / (2 buffers x 256 x 1 B)
  EXPECT_EQ(t4.baseK, 256);  // ... x 0.5 B
  EXPECT_EQ(t4.baseK % 64, 0);
  // An int32 bias (the Matmul page's int4b_t row; the kernel's since session 35).
  MultiCoreMatmulTiling bias =
      Make({64, 64, 128, DataType::DT_INT4, DataType::DT_INT32, 1, -1, -1, true});
  EXPECT_EQ(bias.GetTiling(t4), 0) << bias.GetLastError();
  EXPECT_EQ(t4.isBias, 1);
  MultiCoreMatmulTiling to_half =
      Make({64, 64, 128, DataType::DT_INT4, DataType::DT_FLOAT16, 1, -1, -1, false});
  EXPECT_EQ(to_half.GetTiling(t4), -1);
  EXPECT_NE(to_half.GetLastError().find("INT4 -> INT32"), std::string::npos);
}

// Where K fits one L1 load the tiling groups base blocks for CFG_MDL: the operand the order
// keeps (B's column with M first, A's row with N first) takes the most that fit beside one
// double-buffered block of the other, the other what is left; where K does not fit, one each.
TEST(MatmulTiling, GroupsBaseBlocksWhereKFitsOneLoad) {
  struct Want {
    Case c;
    MatrixTraverse order;
    int32_t step_m, step_n, depth_a, depth_b;  // depths in base blocks of K
  };
  // CANN's L1 choice (GetL1Factors; the values of CANN's tiling itself, docs/CUBE.md): the
  // traverse does not change it.
  const Want wants[] = {
      // 8 x 8 tiles of 128 x 64 over K = 256 (two base blocks of 128): B's whole block (8 tiles,
      // 256 KiB) in one buffer, A two tiles double-buffered in the other 256 KiB (Make's L1 of
      // 524288 B; the 910B1 platform's 524032 B leave A one tile).
      {{1024, 512, 256, DataType::DT_FLOAT16, DataType::DT_FLOAT, 1, 128, 64, false},
       MatrixTraverse::FIRSTM,
       2,
       8,
       2 * 2 * 2,
       2 * 8},
      {{1024, 512, 256, DataType::DT_FLOAT16, DataType::DT_FLOAT, 1, 128, 64, false},
       MatrixTraverse::FIRSTN,
       2,
       8,
       2 * 2 * 2,
       2 * 8},
      // 1366 x 512 per core (CANN's 3 x 8 split) in 128 x 256 tiles over K = 256 (4 base
      // blocks of 64): B's K whole for two tiles, A two base K double-buffered.
      {{4096, 4096, 256, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, false},
       MatrixTraverse::FIRSTM,
       1,
       2,
       2 * 2,
       4 * 2},
      {{4096, 4096, 4096, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, false},
       MatrixTraverse::FIRSTM,
       1,
       1,
       8 * 2,
       2 * 2},  // K in many loads: no groups
  };
  for (const Want& w : wants) {
    MultiCoreMatmulTiling api = Make(w.c);
    api.SetTraverse(w.order);
    TCubeTiling t;
    ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
    ExpectValid(w.c, t);
    const std::string what = std::to_string(w.c.m) + "x" + std::to_string(w.c.n) + "x" +
                             std::to_string(w.c.k) + " order " +
                             std::to_string(static_cast<int>(w.order));
    EXPECT_EQ(t.stepM, w.step_m) << what;
    EXPECT_EQ(t.stepN, w.step_n) << what;
    EXPECT_EQ(t.depthA1, w.depth_a) << what;
    EXPECT_EQ(t.depthB1, w.depth_b) << what;
  }
}

TEST(MatmulTiling, ShapesThatCannotFitAreRefusedWithTheReason) {
  struct Bad {
    Case c;
    const char* phrase;
  };
  const Bad bad[] = {
      {{128, 512, 64, DataType::DT_FLOAT16, DataType::DT_FLOAT, 1, 128, 512, false},
       "262144 B of L0C does not fit the 131072 B available"},
      {{64, 64, 64, DataType::DT_FLOAT16, DataType::DT_FLOAT, 1, 24, 64, false}, "multiples of 16"},
      {{64, 64, 64, DataType::DT_FLOAT16, DataType::DT_INT32, 1, -1, -1, false},
       "is not a cube Matmul"},
      {{0, 64, 64, DataType::DT_FLOAT16, DataType::DT_FLOAT, 1, -1, -1, false},
       "every extent must be positive"},
  };
  for (const Bad& b : bad) {
    MultiCoreMatmulTiling api = Make(b.c);
    TCubeTiling t;
    EXPECT_EQ(api.GetTiling(t), -1) << b.phrase;
    EXPECT_NE(api.GetLastError().find(b.phrase), std::string::npos) << api.GetLastError();
  }
  MatmulApiTiling untyped;
  untyped.SetShape(16, 16, 16);
  TCubeTiling t;
  EXPECT_EQ(untyped.GetTiling(t), -1);
  EXPECT_NE(untyped.GetLastError().find("SetAType"), std::string::npos);
}

// The host tiling-data class writes exactly the kernel struct's bytes.
TEST(MatmulTiling, OptilingImageIsTheKernelStruct) {
  MultiCoreMatmulTiling api =
      Make({300, 70, 1000, DataType::DT_FLOAT, DataType::DT_FLOAT, 8, -1, -1, true});
  TCubeTiling kernel;
  ASSERT_EQ(api.GetTiling(kernel), 0);
  optiling::TCubeTiling host;
  ASSERT_EQ(api.GetTiling(host), 0);
  ASSERT_EQ(host.GetDataSize(), sizeof(TCubeTiling));
  std::vector<uint8_t> image(host.GetDataSize());
  host.SaveToBuffer(image.data(), image.size());
  EXPECT_EQ(std::memcmp(image.data(), &kernel, sizeof(kernel)), 0);
}

// The platform's memories drive the budgets: a smaller L0C (SetBufferSpace) shrinks the blocks.
TEST(MatmulTiling, BufferSpaceAndPlatformFigures) {
  fe::PlatFormInfos info;
  opsim::op_api::PlatformDescription d;
  d.profile = "ascend910b";
  d.soc_version = d.short_soc_version = "Ascend910B";
  d.npu_arch = 2201;
  d.split_vector_cube = true;
  d.vector_cores = 48;
  d.ub_bytes = 196608;
  d.l1_bytes = 524288;
  d.l0_a_bytes = d.l0_b_bytes = 65536;
  d.l0_c_bytes = 131072;
  opsim::op_api::MakePlatformInfos(d, &info);
  platform_ascendc::PlatformAscendC platform(&info);
  MultiCoreMatmulTiling api(platform);
  api.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  api.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  api.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  api.SetShape(1024, 1024, 1024);
  api.SetBufferSpace(-1, 32768, -1);
  TCubeTiling t;
  ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  EXPECT_LE(t.baseM * t.baseN * 4, 32768);
  EXPECT_EQ(t.usedCoreNum, 24);  // SetDim not called: every AIC core of the platform
}

}  // namespace

namespace {

// BC10's host calls: SetShape's -1 (the org shape's extent), SetMatmulConfigParams (its
// traverse is SetTraverse's; the rest leaves the tiling valid), EnableMultiCoreSplitK (kept;
// opsim splits M and N only).
TEST(MatmulTiling, ConfigParamsAndShapeFromTheOrgShape) {
  MultiCoreMatmulTiling api;
  api.SetDim(1);
  api.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  api.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  api.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
  api.SetOrgShape(96, 80, 64);
  api.SetShape(-1, -1, 48);
  api.SetMatmulConfigParams(
      MatmulConfigParams(0, false, ScheduleType::OUTER_PRODUCT, MatrixTraverse::FIRSTN, false));
  api.EnableMultiCoreSplitK(true);
  TCubeTiling t;
  ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  EXPECT_EQ(t.singleCoreM, 96);
  EXPECT_EQ(t.singleCoreN, 80);
  EXPECT_EQ(t.singleCoreK, 48);
  EXPECT_EQ(t.Ka, 64);
  EXPECT_EQ(t.iterateOrder, 1);
  EXPECT_EQ(t.usedCoreNum, 1);
  int32_t sm = 0, sn = 0, sk = 0;  // the computed single-core shape, not SetSingleShape's -1
  api.GetSingleShape(sm, sn, sk);
  EXPECT_EQ(sm, 96);
  EXPECT_EQ(sn, 80);
  EXPECT_EQ(sk, 48);
}

}  // namespace

namespace {

// N_BUFFER_33 over several cores: CANN's split (figures from CANN's own tiling algorithm run on
// these shapes): M in blocks of three base M (128), K within three base K (64 for half), nDim by
// cube cycles per byte loaded, the core's whole A and one column of B in L1, single-buffered.
TEST(MatmulTiling, NBuffer33SplitsAsCann) {
  // usedCoreNum, singleCoreM, singleCoreN, depthA1, depthB1, stepM, stepKa (= stepKb),
  // iterateOrder, mDim, nDim.
  struct Want {
    Case c;
    int32_t f[10];
  };
  const Want wants[] = {
      // matmul_nbuffer33's shape: N in two halves, not three blocks of 176 with a tail.
      {{256, 512, 192, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, true},
       {2, 256, 256, 6, 3, 2, 3, 0, 1, 2}},
      {{1000, 2000, 64, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, false},
       {24, 336, 250, 3, 1, 3, 1, 0, 3, 8}},
      // nDim runs to one past the cores: 25 blocks of N, of which CANN's tiling keeps 24.
      {{16, 8000, 64, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, false},
       {24, 16, 320, 1, 1, 1, 1, 1, 1, 25}},
      // 20 blocks of M x 2 of N > 24 cores: CANN's tiling keeps 24 cores of 384 rows.
      {{7680, 480, 192, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, true},
       {24, 384, 240, 9, 3, 3, 3, 0, 20, 2}},
  };
  for (const Want& w : wants) {
    MultiCoreMatmulTiling api = Make(w.c);
    api.SetMatmulConfigParams(1, false, ScheduleType::N_BUFFER_33);
    TCubeTiling t;
    ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
    const std::string what = std::to_string(w.c.m) + "x" + std::to_string(w.c.n);
    EXPECT_EQ(t.usedCoreNum, w.f[0]) << what;
    EXPECT_EQ(t.singleCoreM, w.f[1]) << what;
    EXPECT_EQ(t.singleCoreN, w.f[2]) << what;
    EXPECT_EQ(t.singleCoreK, w.c.k) << what;
    EXPECT_EQ(t.baseM, 128) << what;
    EXPECT_EQ(t.baseN, 256) << what;
    EXPECT_EQ(t.baseK, 64) << what;
    EXPECT_EQ(t.depthA1, w.f[3]) << what;
    EXPECT_EQ(t.depthB1, w.f[4]) << what;
    EXPECT_EQ(t.stepM, w.f[5]) << what;
    EXPECT_EQ(t.stepN, 1) << what;
    EXPECT_EQ(t.stepKa, w.f[6]) << what;
    EXPECT_EQ(t.stepKb, w.f[6]) << what;
    EXPECT_EQ(t.iterateOrder, w.f[7]) << what;
    EXPECT_EQ(t.dbL0A, 2) << what;
    EXPECT_EQ(t.dbL0B, 2) << what;
    EXPECT_EQ(t.shareL1Size, (w.f[3] * 128 + w.f[4] * 256) * 64 * 2 + (w.c.bias ? 1024 : 0))
        << what;
    int32_t dim = 0, md = 0, nd = 0;
    api.GetCoreNum(dim, md, nd);
    EXPECT_EQ(dim, w.f[0]) << what;
    EXPECT_EQ(md, w.f[8]) << what;
    EXPECT_EQ(nd, w.f[9]) << what;
  }
  // A and B both transposed: CANN's base block is 256 x 128, so N goes to 4 cores of 128.
  Case both{256, 512, 192, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, true, true};
  MultiCoreMatmulTiling trans = Make(both);
  trans.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16, true);
  trans.SetMatmulConfigParams(1, false, ScheduleType::N_BUFFER_33);
  TCubeTiling tt;
  ASSERT_EQ(trans.GetTiling(tt), 0) << trans.GetLastError();
  EXPECT_EQ(tt.usedCoreNum, 4);
  EXPECT_EQ(tt.singleCoreN, 128);
  EXPECT_EQ(tt.baseM, 256);
  EXPECT_EQ(tt.baseN, 128);
  EXPECT_EQ(tt.depthA1, 3);
  EXPECT_EQ(tt.shareL1Size, 147968);
  // K deeper than three base K: CANN's tiling refuses (it asks to slice K).
  MultiCoreMatmulTiling deep =
      Make({256, 512, 512, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, -1, -1, false});
  deep.SetMatmulConfigParams(1, false, ScheduleType::N_BUFFER_33);
  TCubeTiling t;
  EXPECT_EQ(deep.GetTiling(t), -1);
  EXPECT_NE(deep.GetLastError().find("K = 512 takes 8 base blocks"), std::string::npos)
      << deep.GetLastError();
  // A fixed base block too big for L0C is refused by name, not split.
  MultiCoreMatmulTiling big =
      Make({256, 512, 192, DataType::DT_FLOAT16, DataType::DT_FLOAT, 24, 256, 512, false});
  big.SetMatmulConfigParams(1, false, ScheduleType::N_BUFFER_33);
  EXPECT_EQ(big.GetTiling(t), -1);
  EXPECT_NE(big.GetLastError().find("baseM x baseN x 4 B fit L0C (131072 B)"), std::string::npos)
      << big.GetLastError();
  // One core: the schedule's split does not apply (CANN's numOfBlock_ 1), the usual tiling does.
  MultiCoreMatmulTiling one =
      Make({256, 512, 512, DataType::DT_FLOAT16, DataType::DT_FLOAT, 1, -1, -1, false});
  one.SetMatmulConfigParams(1, false, ScheduleType::N_BUFFER_33);
  ASSERT_EQ(one.GetTiling(t), 0) << one.GetLastError();
  EXPECT_EQ(t.usedCoreNum, 1);
}

}  // namespace
