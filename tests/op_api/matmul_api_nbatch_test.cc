// IterateNBatch (MatmulConfig::isNBatch) against a scalar model: BSNGD A and B^T over two
// loops of two (n, g) slices each, into SetWorkspace's GM as BSNGD or BNGS1S2 C, with a bias
// per batch; the asynchronous form's GetBatchTensorC; and the misuses as faults.
#include <gtest/gtest.h>

#include <string>
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
namespace nbt = matmul_tiling;

// The layouts' B (= the loops), A's S, B's S, D; two (n, g) slices a b, one loop each.
constexpr int32_t kNbB = 2, kNbM = 32, kNbN = 24, kNbK = 40, kNbNG = 2;
constexpr MatmulConfig kNBatchCfg = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(
    MatmulBatchParams{true, BatchMode::BATCH_LESS_THAN_L1, true});

TCubeTiling NBatchTiling() {
  nbt::BatchMatmulTiling api;
  api.SetAType(nbt::TPosition::GM, nbt::CubeFormat::ND, nbt::DataType::DT_FLOAT16);
  api.SetBType(nbt::TPosition::GM, nbt::CubeFormat::ND, nbt::DataType::DT_FLOAT16, true);
  api.SetCType(nbt::TPosition::GM, nbt::CubeFormat::ND, nbt::DataType::DT_FLOAT);
  api.SetBiasType(nbt::TPosition::GM, nbt::CubeFormat::ND, nbt::DataType::DT_FLOAT);
  api.SetShape(kNbM, kNbN, kNbK);
  api.SetOrgShape(kNbM, kNbN, kNbK);
  api.SetBias(true);
  api.SetFixSplit(32, 16, -1);
  api.SetALayout(kNbB, kNbM, kNbNG, 1, kNbK);
  api.SetBLayout(kNbB, kNbN, kNbNG, 1, kNbK);
  api.SetCLayout(kNbB, kNbM, kNbNG, 1, kNbN);
  api.SetBatchNum(kNbNG);
  TCubeTiling t;
  EXPECT_EQ(api.GetTiling(t), 0) << api.GetLastError();
  return t;
}

// mode 0: synchronous; 1: asynchronous, each loop's results fetched by GetBatchTensorC (then its
// other name GetBatchC; their offsets from C written to `got`); faults: 2 without SetWorkspace, 3
// GetBatchTensorC after the synchronous form, 4 GetBatchTensorC into a LocalTensor.
template <LayoutMode kC, const MatmulConfig& kCfg = kNBatchCfg>
void NBatchKernel(const TCubeTiling& t, int mode, half* a, half* b, float* bias, float* c,
                  std::vector<int64_t>* got) {
  using AT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half, false, LayoutMode::BSNGD>;
  using BT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half, true, LayoutMode::BSNGD>;
  using CT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float, false, kC>;
  using BiasT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc, gbias;
  ga.SetGlobalBuffer(a);
  gb.SetGlobalBuffer(b);
  gc.SetGlobalBuffer(c, static_cast<uint64_t>(kNbB * kNbNG * kNbM * kNbN));
  gbias.SetGlobalBuffer(bias);
  TPipe pipe;
  Matmul<AT, BT, CT, BiasT, kCfg> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb, true);
  mm.SetBias(gbias);
  if (mode != 2) mm.SetWorkspace(gc);
  if (mode == 1) {
    mm.template IterateNBatch<false>(kNbB, kNbNG, kNbNG, false);
    for (int32_t l = 0; l < kNbB; ++l) {
      GlobalTensor<float> part = l == 0 ? mm.template GetBatchTensorC<false>(kNbNG, kNbNG)
                                        : mm.template GetBatchC<false>(kNbNG, kNbNG);
      got->push_back(part.GetPhyAddr() - c);
      got->push_back(static_cast<int64_t>(part.GetSize()));
    }
    return;
  }
  mm.IterateNBatch(kNbB, kNbNG, kNbNG, false);
  if (mode == 3) mm.template GetBatchTensorC<false>(kNbNG, kNbNG);
  if (mode == 4) mm.template GetBatchTensorC<false>(LocalTensor<float>(), kNbNG, kNbNG);
  mm.End();
}

// Runs the kernel; "ok" when C (and the async offsets) are the model's, else the first miss or
// the fault (its kind in *kind).
template <LayoutMode kC, const MatmulConfig& kCfg = kNBatchCfg>
std::string NBatchCheck(int mode, FaultKind* kind = nullptr, bool reduce_g = false) {
  TCubeTiling t = NBatchTiling();
  if (reduce_g) t.ALayoutInfoG = 2;   // C's G stays 1: CANN's reduce over G
  const size_t row_a = kNbNG * kNbK;  // BSNGD: a row of A is N x G x D
  std::vector<half> a(static_cast<size_t>(kNbB * kNbM) * row_a);
  std::vector<half> b(static_cast<size_t>(kNbB * kNbN) * row_a);
  std::vector<float> bias(static_cast<size_t>(kNbB * kNbNG * kNbN));
  std::vector<float> c(static_cast<size_t>(kNbB * kNbNG * kNbM * kNbN), -7.0f);
  for (size_t i = 0; i < a.size(); ++i) a[i] = half(static_cast<float>(int(i % 7) - 3));
  for (size_t i = 0; i < b.size(); ++i) b[i] = half(static_cast<float>(int(i % 5) - 2));
  for (size_t i = 0; i < bias.size(); ++i) bias[i] = static_cast<float>(int(i % 9) - 4);
  std::vector<int64_t> got;
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size() * 2, "a"},
               {b.data(), b.size() * 2, "b"},
               {bias.data(), bias.size() * 4, "bias"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
    NBatchKernel<kC, kCfg>(t, mode, a.data(), b.data(), bias.data(), c.data(), &got);
  });
  if (r.fault) {
    if (kind != nullptr) *kind = r.fault->kind;
    return r.fault->ToString();
  }
  if (!r.status.ok()) return r.status.ToString();
  const int64_t part = kNbNG * kNbM * kNbN;  // CANN's client: max(batchA, batchB) x M x N a call
  if (mode == 1 && got != std::vector<int64_t>{0, part, part, part}) return "GetBatchTensorC";
  for (int32_t bb = 0; bb < kNbB; ++bb) {
    for (int32_t j = 0; j < kNbNG; ++j) {
      for (int32_t i = 0; i < kNbM; ++i) {
        for (int32_t x = 0; x < kNbN; ++x) {
          double want = bias[static_cast<size_t>((bb * kNbNG + j) * kNbN + x)];
          for (int32_t d = 0; d < kNbK; ++d) {
            want +=
                static_cast<double>(static_cast<float>(
                    a[static_cast<size_t>(bb * kNbM + i) * row_a + j * kNbK + d])) *
                static_cast<float>(b[static_cast<size_t>(bb * kNbN + x) * row_a + j * kNbK + d]);
          }
          const int32_t at = kC == LayoutMode::BSNGD ? ((bb * kNbM + i) * kNbNG + j) * kNbN + x
                                                     : ((bb * kNbNG + j) * kNbM + i) * kNbN + x;
          if (c[static_cast<size_t>(at)] != static_cast<float>(want)) {
            return "b " + std::to_string(bb) + " slice " + std::to_string(j) + " C[" +
                   std::to_string(i) + "][" + std::to_string(x) +
                   "] = " + std::to_string(c[static_cast<size_t>(at)]) + ", expected " +
                   std::to_string(want);
          }
        }
      }
    }
  }
  return "ok";
}

TEST(MatmulApi, IterateNBatchAgainstTheBatchedProduct) {
  EXPECT_EQ(NBatchCheck<LayoutMode::BSNGD>(0), "ok");
  EXPECT_EQ(NBatchCheck<LayoutMode::BNGS1S2>(0), "ok");
  EXPECT_EQ(NBatchCheck<LayoutMode::BNGS1S2>(1), "ok");
}

TEST(MatmulApiFaults, IterateNBatchMisuseIsReported) {
  FaultKind kind{};
  std::string msg = NBatchCheck<LayoutMode::BNGS1S2>(2, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("Matmul::IterateNBatch"), std::string::npos) << msg;
  EXPECT_NE(msg.find("no workspace: IterateNBatch writes"), std::string::npos) << msg;
  msg = NBatchCheck<LayoutMode::BNGS1S2>(3, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("no IterateNBatch<false> before it"), std::string::npos) << msg;
  msg = NBatchCheck<LayoutMode::BNGS1S2>(4, &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("GetBatchTensorC into a LocalTensor"), std::string::npos) << msg;
  msg = NBatchCheck<LayoutMode::BNGS1S2, CFG_NORM>(0, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("MatmulConfig::isNBatch is false"), std::string::npos) << msg;
  msg = NBatchCheck<LayoutMode::BNGS1S2>(0, &kind, true);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("CLayoutInfoG = 1 with ALayoutInfoG = 2"), std::string::npos) << msg;
}

}  // namespace
