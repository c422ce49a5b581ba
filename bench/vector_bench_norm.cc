// vector_bench's rows for the high-level normalisation library (hl_norm.h): LayerNorm, RmsNorm,
// DeepNorm, GroupNorm and BatchNorm through the kernel API on 8192 elements (64 rows of 128, or
// GroupNorm's [2, 8, 512] in 4 groups, BatchNorm's [64, 128] over 64 rows) inside one launch on one
// simulated core, and the kernel API's Add on the same bytes as their yardstick. Bytes per second
// count the destination's bytes, as the other rows do. Names: BM_Norm/<api>[/f16].
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "bench_device.h"
#include "kernel_operator.h"
#include "opsim/sim/launch.h"

namespace opsim::sim::hl {
namespace {

constexpr uint32_t kRows = 64, kH = 128, kCount = kRows * kH;
constexpr uint32_t kPiece = kCount / 4;                  // each API's pieces: a quarter of the data
constexpr uint32_t kWorkBytes = (256 + 3 * kPiece) * 4;  // and the half paths' float statistics

enum class NormRow : uint8_t { kAdd, kLayerNorm, kRmsNorm, kDeepNorm, kGroupNorm, kBatchNorm };

template <typename T>
struct Tilings {
  AscendC::tiling::LayerNormTiling ln;
  AscendC::tiling::DeepNormTiling dn;
  AscendC::tiling::RmsNormTiling rms;
  AscendC::tiling::GroupNormTiling gn;
  AscendC::tiling::BatchNormTiling bn;
  Tilings() {
    const uint32_t stats = sizeof(T) == 2 ? 16 : 0;
    ln.bLength = dn.bLength = rms.bLength = 1;
    ln.sLength = dn.sLength = rms.sLength = kRows;
    ln.hLength = dn.hLength = rms.hLength = kH;
    ln.originalHLength = dn.originalHLength = rms.originalHLength = kH;
    ln.numberOfTmpBuf = dn.numberOfTmpBuf = gn.numberOfTmpBuf = 3;
    ln.oneTmpSize = dn.oneTmpSize = gn.oneTmpSize = bn.oneTmpSize = kPiece;
    ln.firstTmpStartPos = dn.firstTmpStartPos = gn.firstTmpStartPos = stats;
    ln.lastDimValueBack = dn.lastDimValueBack = rms.reciprocalOfHLength = 1.0f / kH;
    rms.mainBsLength = 8;
    gn.n = 2;
    gn.c = 8;
    gn.hw = gn.hwAlignSize = kCount / 16;
    gn.g = 4;
    gn.d = 2;
    gn.dhwAlignSize = 2 * gn.hwAlignSize;
    gn.factor = 1.0f / gn.dhwAlignSize;
    bn.originalBLength = kRows;
    bn.meanVarSize = kH;
    bn.firstTmpStartPos = sizeof(T) == 2 ? 2 * kH : 0;
    bn.firstDimValueBack = 1.0f / kRows;
  }
};

template <typename T>
void BM_Norm(benchmark::State& state, NormRow row) {
  LaunchOptions o;
  o.host_threads = 1;
  o.timeout_ns = 0;      // the loop's simulated time grows with the iterations
  o.wall_timeout_s = 0;  // and so does its host time
  const LaunchResult r = Launch(bench::Device(), 1, o, [&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bgx, bd, bp, bs, bt;
    pipe.InitBuffer(bx, kCount * sizeof(T));
    pipe.InitBuffer(bgx, kCount * sizeof(T));
    pipe.InitBuffer(bd, kCount * sizeof(T));
    pipe.InitBuffer(bp, 2 * kH * sizeof(T));
    pipe.InitBuffer(bs, 2 * kH * sizeof(T));
    pipe.InitBuffer(bt, kWorkBytes);
    AscendC::LocalTensor<T> x = bx.Get<T>(), gx = bgx.Get<T>(), d = bd.Get<T>();
    AscendC::LocalTensor<T> p = bp.Get<T>(), s = bs.Get<T>();
    AscendC::LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();
    for (uint32_t i = 0; i < kCount; ++i) {
      x.SetValue(i, static_cast<T>(static_cast<float>(i % 97) * 0.03f - 1.0f));
      gx.SetValue(i, static_cast<T>(static_cast<float>(i % 13) * 0.1f));
    }
    for (uint32_t i = 0; i < 2 * kH; ++i) p.SetValue(i, static_cast<T>(1.0f + 0.001f * i));
    Tilings<T> t;
    const T eps = static_cast<T>(1e-5f), alpha = static_cast<T>(0.5f);
    for (auto _ : state) {
      switch (row) {
        case NormRow::kAdd: AscendC::Add(d, x, gx, kCount); break;
        case NormRow::kLayerNorm:
          AscendC::LayerNorm<T>(d, s, s[kRows], x, p, p[kH], tmp, eps, t.ln);
          break;
        case NormRow::kRmsNorm: AscendC::RmsNorm<T>(d, x, p, tmp, eps, t.rms); break;
        case NormRow::kDeepNorm:
          AscendC::DeepNorm<T>(d, s, s[kRows], x, gx, p[kH], p, tmp, alpha, eps, t.dn);
          break;
        case NormRow::kGroupNorm:
          AscendC::GroupNorm<T>(d, s, s[kRows], x, p, p[kH], tmp, eps, t.gn);
          break;
        case NormRow::kBatchNorm:
          AscendC::BatchNorm<T>(d, s, s[kH], x, p, p[kRows], tmp, eps, t.bn);
          break;
      }
    }
  });
  if (r.fault) state.SkipWithError(r.fault->message.c_str());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kCount * sizeof(T));
}

const bool kRegistered = [] {
  const std::pair<const char*, NormRow> rows[] = {{"Add", NormRow::kAdd},
                                                  {"LayerNorm", NormRow::kLayerNorm},
                                                  {"RmsNorm", NormRow::kRmsNorm},
                                                  {"DeepNorm", NormRow::kDeepNorm},
                                                  {"GroupNorm", NormRow::kGroupNorm},
                                                  {"BatchNorm", NormRow::kBatchNorm}};
  for (const auto& [name, row] : rows) {
    benchmark::RegisterBenchmark((std::string("BM_Norm/") + name).c_str(), BM_Norm<float>, row)
        ->UseRealTime();
    benchmark::RegisterBenchmark((std::string("BM_Norm/") + name + "/f16").c_str(), BM_Norm<half>,
                                 row)
        ->UseRealTime();
  }
  return true;
}();

}  // namespace
}  // namespace opsim::sim::hl
