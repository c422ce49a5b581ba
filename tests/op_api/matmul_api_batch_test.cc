// The batch Matmul (IterateBatch, NORMAL layout) against a scalar batched model: tilings from
// BatchMatmulTiling with SetBatchInfoForNormal/SetBatchNum, the pure-cube form (SetBatchNum),
// equal batches and broadcast ones, B transposed, a bias per batch or one for all
// (isBiasBatch), a matrix stride; the host tiling's
// layouts and L1 rule; and the misuses as faults.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace {

using namespace AscendC;
using opsim::sim::CoreType;
using opsim::sim::FaultKind;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;
namespace bt = matmul_tiling;

struct BatchCase {
  int32_t m, n, k, batch_a, batch_b;
  bool tb = false, bias = false;
  uint32_t stride_a = 0;   // IterateBatch's matrixStrideA (0: M x K)
  bool bias_batch = true;  // MatmulConfig::isBiasBatch: a bias row per batch, else one for all
};

// isBiasBatch = false through GetMMConfig's batch parameters (batch_matmul_bias_reuse's form).
constexpr MatmulConfig kBiasOnce = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(
    MatmulBatchParams{false, BatchMode::BATCH_LESS_THAN_L1, false});

TCubeTiling BatchTilingOf(const BatchCase& bc) {
  bt::BatchMatmulTiling api;
  api.SetAType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT16);
  api.SetBType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT16, bc.tb);
  api.SetCType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT);
  if (bc.bias) api.SetBiasType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT);
  api.SetShape(bc.m, bc.n, bc.k);
  api.SetOrgShape(bc.m, bc.n, bc.k);
  api.SetBias(bc.bias);
  api.SetFixSplit(32, 16, -1);
  EXPECT_EQ(api.SetBatchInfoForNormal(bc.batch_a, bc.batch_b, bc.m, bc.n, bc.k), 0);
  EXPECT_EQ(api.SetBatchNum(std::max(bc.batch_a, bc.batch_b)), 0);
  TCubeTiling t;
  EXPECT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  return t;
}

template <bool kTransB, const MatmulConfig& kCfg = CFG_NORM>
void BatchKernel(const BatchCase& bc, const TCubeTiling& t, half* a, half* b, float* bias,
                 float* c) {
  using AT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half, false, LayoutMode::NORMAL>;
  using BT =
      MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half, kTransB, LayoutMode::NORMAL>;
  using CT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float, false, LayoutMode::NORMAL>;
  using BiasT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc, gbias;
  ga.SetGlobalBuffer(a);
  gb.SetGlobalBuffer(b);
  gc.SetGlobalBuffer(c);
  gbias.SetGlobalBuffer(bias);
  TPipe pipe;
  Matmul<AT, BT, CT, BiasT, kCfg> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb, kTransB);
  if (bc.bias) mm.SetBias(gbias);
  mm.SetBatchNum(bc.batch_a, bc.batch_b);
  mm.IterateBatch(gc, false, 0, false, bc.stride_a);
  mm.End();
}

std::string BatchCheck(const BatchCase& bc) {
  const TCubeTiling t = BatchTilingOf(bc);
  const int32_t batches = std::max(bc.batch_a, bc.batch_b);
  const size_t sa = bc.stride_a != 0 ? bc.stride_a : static_cast<size_t>(bc.m * bc.k);
  std::vector<half> a(sa * static_cast<size_t>(bc.batch_a));
  std::vector<half> b(static_cast<size_t>(bc.k * bc.n * bc.batch_b));
  std::vector<float> bias(static_cast<size_t>(bc.n * (bc.bias_batch ? batches : 1)));
  std::vector<float> c(static_cast<size_t>(batches * bc.m * bc.n));
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = half(static_cast<float>(static_cast<int>(i % 7) - 3));
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = half(static_cast<float>(static_cast<int>(i % 5) - 2));
  for (size_t i = 0; i < bias.size(); ++i)
    bias[i] = static_cast<float>(static_cast<int>(i % 9) - 4);
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size() * 2, "a"},
               {b.data(), b.size() * 2, "b"},
               {bias.data(), bias.size() * 4, "bias"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
    if (!bc.bias_batch) {
      BatchKernel<false, kBiasOnce>(bc, t, a.data(), b.data(), bias.data(), c.data());
    } else if (bc.tb) {
      BatchKernel<true>(bc, t, a.data(), b.data(), bias.data(), c.data());
    } else {
      BatchKernel<false>(bc, t, a.data(), b.data(), bias.data(), c.data());
    }
  });
  if (!r.status.ok()) return r.status.ToString();
  for (int32_t i = 0; i < batches; ++i) {
    const size_t ia = static_cast<size_t>(i / (batches / bc.batch_a));
    const size_t ib = static_cast<size_t>(i / (batches / bc.batch_b));
    for (int32_t r0 = 0; r0 < bc.m; ++r0) {
      for (int32_t j = 0; j < bc.n; ++j) {
        const int32_t row = bc.bias_batch ? i : 0;
        double want = bc.bias ? bias[static_cast<size_t>(row * bc.n + j)] : 0.0;
        for (int32_t k = 0; k < bc.k; ++k) {
          const size_t bi =
              bc.tb ? static_cast<size_t>(j * bc.k + k) : static_cast<size_t>(k * bc.n + j);
          want += static_cast<double>(
                      static_cast<float>(a[ia * sa + static_cast<size_t>(r0 * bc.k + k)])) *
                  static_cast<float>(b[ib * static_cast<size_t>(bc.k * bc.n) + bi]);
        }
        const float got = c[static_cast<size_t>((i * bc.m + r0) * bc.n + j)];
        if (got != static_cast<float>(want)) {
          return "batch " + std::to_string(i) + " C[" + std::to_string(r0) + "][" +
                 std::to_string(j) + "] = " + std::to_string(got) + ", expected " +
                 std::to_string(want);
        }
      }
    }
  }
  return "ok";
}

TEST(MatmulApi, IterateBatchAgainstTheBatchedProduct) {
  EXPECT_EQ(BatchCheck({40, 24, 50, 3, 3}), "ok");
  EXPECT_EQ(BatchCheck({40, 24, 50, 4, 2, true}), "ok");
  EXPECT_EQ(BatchCheck({20, 40, 36, 1, 3, false, true}), "ok");
  EXPECT_EQ(BatchCheck({20, 24, 32, 2, 2, true, false, 20 * 32 + 48}), "ok");
  // isBiasBatch = false: one bias row for every batch (the default reads a row per batch).
  EXPECT_EQ(BatchCheck({20, 40, 36, 1, 3, false, true, 0, false}), "ok");
}

// BSNGD/SBNGD A and B^T (one call's batches are the (n, g) slices of the first b, D apart, rows
// N x G x D, or B x N x G x D, long) into BNGS1S2 C (whole S1 x S2 matrices), or C in A's layout
// as NZ or ND_ALIGN float, placed as CANN's GetBatchResult and copy-out place them: batch j
// S2 (ND_ALIGN: aligned to 8) results on, ND_ALIGN rows N x G x S2 aligned to 8 (SBNGD: x B)
// long, NZ fractal columns S1 (SBNGD: B x S1) rows high.
struct LayoutCase {
  LayoutMode layout;                      // A's and B's
  int32_t b, m, n, k;                     // the layouts' B, A's S, B's S, D
  int32_t a_ng[2], b_ng[2];               // A's and B's N, G
  ::CubeFormat c_fmt = ::CubeFormat::ND;  // ND: C in BNGS1S2; NZ, ND_ALIGN: in A's layout
};

template <LayoutMode kL, LayoutMode kCL, ::CubeFormat kCF>
void LayoutKernel(const LayoutCase& lc, const TCubeTiling& t, half* a, half* b, float* c) {
  using AT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half, false, kL>;
  using BT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half, true, kL>;
  using CT = MatmulType<AscendC::TPosition::GM, kCF, float, false, kCL>;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer(a);
  gb.SetGlobalBuffer(b);
  gc.SetGlobalBuffer(c);
  TPipe pipe;
  Matmul<AT, BT, CT> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb, true);
  mm.SetBatchNum(lc.a_ng[0] * lc.a_ng[1], lc.b_ng[0] * lc.b_ng[1]);
  mm.IterateBatch(gc, false, 0, false);
  mm.End();
}

template <LayoutMode kL>
void LayoutKernelOf(const LayoutCase& lc, const TCubeTiling& t, half* a, half* b, float* c) {
  if (lc.c_fmt == ::CubeFormat::NZ) return LayoutKernel<kL, kL, ::CubeFormat::NZ>(lc, t, a, b, c);
  if (lc.c_fmt == ::CubeFormat::ND_ALIGN) {
    return LayoutKernel<kL, kL, ::CubeFormat::ND_ALIGN>(lc, t, a, b, c);
  }
  LayoutKernel<kL, LayoutMode::BNGS1S2, ::CubeFormat::ND>(lc, t, a, b, c);
}

// Where C's batch j, row i, column x lies (elements), and C's size: {place, size}.
std::pair<std::function<size_t(int32_t, int32_t, int32_t)>, size_t> LayoutPlace(
    const LayoutCase& lc, int32_t batches, int32_t ng) {
  const int32_t rows_of = lc.layout == LayoutMode::SBNGD ? lc.b : 1;
  if (lc.c_fmt == ::CubeFormat::NZ) {
    const auto h = static_cast<size_t>(rows_of * lc.m);  // GetOrgM
    const auto n = static_cast<size_t>(lc.n);
    return {[=](int32_t j, int32_t i, int32_t x) {
              return size_t(j) * n + size_t(x / 16) * h * 16 + size_t(i) * 16 + size_t(x % 16);
            },
            size_t(batches) * n + (n + 15) / 16 * h * 16};
  }
  if (lc.c_fmt == ::CubeFormat::ND_ALIGN) {
    const auto n8 = static_cast<size_t>((lc.n + 7) / 8 * 8);
    const size_t row = size_t(rows_of * ng) * n8;
    return {[=](int32_t j, int32_t i, int32_t x) { return size_t(j) * n8 + size_t(i) * row + x; },
            size_t(lc.m) * row};
  }
  const auto mn = static_cast<size_t>(lc.m * lc.n);
  return {[=](int32_t j, int32_t i, int32_t x) { return size_t(j) * mn + size_t(i * lc.n + x); },
          size_t(batches) * mn};
}

std::string LayoutCheck(const LayoutCase& lc) {
  const int32_t ba = lc.a_ng[0] * lc.a_ng[1], bb = lc.b_ng[0] * lc.b_ng[1];
  const int32_t batches = std::max(ba, bb);
  bt::BatchMatmulTiling api;
  api.SetAType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT16);
  api.SetBType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT16, true);
  api.SetCType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT);
  api.SetShape(lc.m, lc.n, lc.k);
  api.SetOrgShape(lc.m, lc.n, lc.k);
  api.SetFixSplit(32, 16, -1);
  api.SetALayout(lc.b, lc.m, lc.a_ng[0], lc.a_ng[1], lc.k);
  api.SetBLayout(lc.b, lc.n, lc.b_ng[0], lc.b_ng[1], lc.k);
  api.SetCLayout(lc.b, lc.m, std::max(lc.a_ng[0], lc.b_ng[0]), std::max(lc.a_ng[1], lc.b_ng[1]),
                 lc.n);
  api.SetBatchNum(batches);
  TCubeTiling t;
  if (api.GetTiling(t) != 0) return "tiling: " + api.GetLastError();
  // Row pitches: BSNGD N x G x D, SBNGD B x N x G x D.
  const int32_t rows_of = lc.layout == LayoutMode::SBNGD ? lc.b : 1;
  const int32_t pa = rows_of * ba * lc.k, pb = rows_of * bb * lc.k;
  std::vector<half> a(static_cast<size_t>(lc.b * lc.m * pa / rows_of));
  std::vector<half> b(static_cast<size_t>(lc.b * lc.n * pb / rows_of));
  const int32_t ng = std::max(lc.a_ng[0], lc.b_ng[0]) * std::max(lc.a_ng[1], lc.b_ng[1]);
  const auto [place, c_size] = LayoutPlace(lc, batches, ng);
  std::vector<float> c(c_size, -7.0f);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = half(static_cast<float>(static_cast<int>(i % 7) - 3));
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = half(static_cast<float>(static_cast<int>(i % 5) - 2));
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size() * 2, "a"},
               {b.data(), b.size() * 2, "b"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  // C in A's layout holds only the first b's rows and the batches' columns: not all written.
  if (lc.c_fmt != ::CubeFormat::ND) o.regions.back() = {c.data(), c.size() * 4, "c"};
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
    if (lc.layout == LayoutMode::SBNGD) {
      LayoutKernelOf<LayoutMode::SBNGD>(lc, t, a.data(), b.data(), c.data());
    } else {
      LayoutKernelOf<LayoutMode::BSNGD>(lc, t, a.data(), b.data(), c.data());
    }
  });
  if (!r.status.ok()) return r.status.ToString();
  // Each element's last writer (batches go out in order; an NZ C's overlap) holds its product,
  // unless it is a padding column (NZ: to 16, ND_ALIGN: to 8), whose values are no result.
  const int32_t to = lc.c_fmt == ::CubeFormat::NZ ? 16 : lc.c_fmt == ::CubeFormat::ND ? 1 : 8;
  std::vector<int64_t> writer(c.size(), -1);
  for (int32_t j = 0; j < batches; ++j) {
    for (int32_t i = 0; i < lc.m; ++i) {
      for (int32_t x = 0; x < (lc.n + to - 1) / to * to; ++x) {
        writer[place(j, i, x)] = x < lc.n ? (int64_t{j} * lc.m + i) * lc.n + x : -2;
      }
    }
  }
  for (size_t at = 0; at < c.size(); ++at) {
    if (writer[at] < 0) continue;
    const auto j = static_cast<int32_t>(writer[at] / lc.n / lc.m);
    const auto i = static_cast<int32_t>(writer[at] / lc.n % lc.m);
    const auto x = static_cast<int32_t>(writer[at] % lc.n);
    const int32_t ja = j / (batches / ba), jb = j / (batches / bb);
    double want = 0;
    for (int32_t d = 0; d < lc.k; ++d) {
      want +=
          static_cast<double>(static_cast<float>(a[static_cast<size_t>(i * pa + ja * lc.k + d)])) *
          static_cast<float>(b[static_cast<size_t>(x * pb + jb * lc.k + d)]);
    }
    if (c[at] != static_cast<float>(want)) {
      return "batch " + std::to_string(j) + " C[" + std::to_string(i) + "][" + std::to_string(x) +
             "] = " + std::to_string(c[at]) + ", expected " + std::to_string(want);
    }
  }
  return "ok";
}

TEST(MatmulApi, IterateBatchOverTheAttentionLayouts) {
  EXPECT_EQ(LayoutCheck({LayoutMode::BSNGD, 1, 32, 24, 40, {2, 1}, {2, 1}}), "ok");
  EXPECT_EQ(LayoutCheck({LayoutMode::BSNGD, 1, 20, 40, 24, {1, 2}, {1, 1}}), "ok");
  EXPECT_EQ(LayoutCheck({LayoutMode::SBNGD, 2, 36, 16, 32, {2, 1}, {2, 1}}), "ok");
}

// C in BSNGD / SBNGD as NZ or ND_ALIGN (S2 of 20 and 24: NZ fractal columns with padding,
// ND_ALIGN rows padded from 20 to 24).
TEST(MatmulApi, IterateBatchNzAndNdAlignInTheAttentionLayouts) {
  for (::CubeFormat f : {::CubeFormat::NZ, ::CubeFormat::ND_ALIGN}) {
    EXPECT_EQ(LayoutCheck({LayoutMode::BSNGD, 1, 32, 20, 40, {2, 1}, {2, 1}, f}), "ok");
    EXPECT_EQ(LayoutCheck({LayoutMode::BSNGD, 1, 20, 24, 24, {1, 2}, {1, 1}, f}), "ok");
    EXPECT_EQ(LayoutCheck({LayoutMode::SBNGD, 2, 36, 20, 32, {2, 1}, {2, 1}, f}), "ok");
  }
}

TEST(MatmulApiFaults, BatchMisuseIsReported) {
  auto fault_of = [](int32_t batch_a, int32_t batch_b, bool sequential, FaultKind* kind) {
    BatchCase bc{32, 16, 32, 2, 2};
    const TCubeTiling t = BatchTilingOf(bc);
    std::vector<half> a(32 * 32 * 4, half(1.0f));
    std::vector<float> c(32 * 16 * 4);
    LaunchOptions o;
    o.checked = true;
    o.core_type = CoreType::kAic;
    o.regions = {{a.data(), a.size() * 2, "a"}, {c.data(), c.size() * 4, "c"}};
    const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
      using NT =
          MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half, false, LayoutMode::NORMAL>;
      using CT =
          MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float, false, LayoutMode::NORMAL>;
      GlobalTensor<half> ga;
      GlobalTensor<float> gc;
      ga.SetGlobalBuffer(a.data(), a.size());
      gc.SetGlobalBuffer(c.data(), c.size());
      TPipe pipe;
      Matmul<NT, NT, CT> mm;
      REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
      mm.SetTensorA(ga);
      mm.SetTensorB(ga);
      mm.SetBatchNum(batch_a, batch_b);
      mm.IterateBatch(gc, false, 0, sequential);
    });
    if (!r.fault) return std::string("no fault");
    *kind = r.fault->kind;
    return r.fault->ToString();
  };
  FaultKind kind{};
  std::string msg = fault_of(3, 2, false, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("batchA = 3 and batchB = 2: one must be a multiple"), std::string::npos)
      << msg;
  msg = fault_of(4, 2, false, &kind);
  EXPECT_NE(msg.find("max(batchA, batchB) = 4 exceeds the tiling's BatchNum 2"), std::string::npos)
      << msg;
  msg = fault_of(0, 2, false, &kind);
  EXPECT_NE(msg.find("batchA = 0, batchB = 2 (expected >= 1"), std::string::npos) << msg;
  msg = fault_of(2, 2, true, &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("enSequentialWrite = true"), std::string::npos) << msg;
}

// A BSNGD Matmul whose tiling has no layout axes (SetALayout not called on the host).
TEST(MatmulApiFaults, BatchLayoutNeedsTheTilingsAxes) {
  TCubeTiling t;
  t.usedCoreNum = 1;
  t.M = t.N = t.Ka = t.Kb = t.singleCoreM = t.singleCoreN = t.singleCoreK = 32;
  t.baseM = t.baseN = t.baseK = 32;
  t.depthA1 = t.depthB1 = t.stepKa = t.stepKb = t.stepM = t.stepN = 1;
  t.dbL0A = t.dbL0B = t.dbL0C = 1;
  t.CLayoutInfoS1 = t.CLayoutInfoS2 = 32;  // C's axes set, A's not
  std::vector<half> a(32 * 32 * 2, half(1.0f));
  std::vector<float> c(32 * 32 * 2);
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size() * 2, "a"}, {c.data(), c.size() * 4, "c"}};
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
    using AT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half, false, LayoutMode::BSNGD>;
    using CT =
        MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float, false, LayoutMode::BNGS1S2>;
    GlobalTensor<half> ga;
    GlobalTensor<float> gc;
    ga.SetGlobalBuffer(a.data(), a.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    Matmul<AT, AT, CT> mm;
    REGIST_MATMUL_OBJ(&pipe, nullptr, mm, &t);
    mm.SetTensorA(ga);
    mm.SetTensorB(ga, true);
    mm.SetBatchNum(2, 2);
    mm.IterateBatch(gc, false, 0, false);
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->ToString().find("the tiling's ALayoutInfoB = 0 (expected >= 1: SetALayout"),
            std::string::npos)
      << r.fault->ToString();
}

TEST(MatmulApiFaults, BatchTilingRules) {
  bt::BatchMatmulTiling api;
  api.SetAType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT16);
  api.SetBType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT16, true);
  api.SetCType(bt::TPosition::GM, bt::CubeFormat::ND, bt::DataType::DT_FLOAT);
  api.SetShape(128, 128, 128);
  EXPECT_EQ(api.SetBatchNum(0), -1);
  EXPECT_NE(api.GetLastError().find("SetBatchNum: batch = 0"), std::string::npos);
  EXPECT_EQ(api.SetALayout(2, 128, 0, 1, 128), -1);
  EXPECT_NE(api.GetLastError().find("SetALayout: N = 0"), std::string::npos);
  // BSNGD: 16 batches of 128 x 128 A and B in half = 1 MiB, more than L1's 512 KiB.
  EXPECT_EQ(api.SetALayout(2, 128, 8, 1, 128), 0);
  EXPECT_EQ(api.SetBLayout(2, 128, 8, 1, 128), 0);
  EXPECT_EQ(api.SetCLayout(2, 128, 8, 1, 128), 0);
  EXPECT_EQ(api.SetBatchNum(16), 0);
  TCubeTiling t;
  EXPECT_EQ(api.GetTiling(t), -1);
  EXPECT_NE(api.GetLastError().find("BatchNum 16 batches of A (128 x 128)"), std::string::npos)
      << api.GetLastError();
  EXPECT_EQ(api.SetBatchNum(4), 0);
  ASSERT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  EXPECT_EQ(t.ALayoutInfoN, 8);
  EXPECT_EQ(t.CLayoutInfoS2, 128);
  EXPECT_EQ(t.BatchNum, 4);
  int32_t dim = 0, m_dim = 0, n_dim = 0, bm = 0, bn = 0;
  EXPECT_EQ(api.GetCoreNum(dim, m_dim, n_dim, bm, bn), 0);
  EXPECT_EQ(dim, 1);
}

}  // namespace
