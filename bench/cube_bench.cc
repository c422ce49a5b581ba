// The cube on the simulated 910B (docs/PERFORMANCE.md, issue 30): BM_Matmul910B/M/N/K/order
// runs the high-level Matmul (float16 in, float32 out) over every AIC of the profile, tiled by
// MultiCoreMatmulTiling (order 0: M first, 1: N first), with CFG_NORM (BM_Matmul910B) or CFG_MDL
// (BM_Matmul910BMdl; BM_Matmul910BMdlUnitFlag with unitFlag on), or CFG_NORM with unitFlag off
// (BM_Matmul910BNoUnitFlag): host time per run
// (and host MACs per second, to set beside numpy/torch on this machine), and the simulated time
// against the profile's cube roofline (counters), with the share of GM reads the L2 served.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "bench_device.h"
#include "kernel_operator.h"
// Launched explicitly on the AIC cores: not a MIX kernel.
#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "opsim/sim/launch.h"
#include "tiling/tiling_api.h"

namespace {

using namespace AscendC;
namespace mt = matmul_tiling;

TCubeTiling Tiling(int32_t m, int32_t n, int32_t k, int32_t cores, int64_t order) {
  mt::MultiCoreMatmulTiling api;
  api.SetDim(cores);
  api.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  api.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16);
  api.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  api.SetShape(m, n, k);
  api.SetOrgShape(m, n, k);
  api.SetBias(false);
  api.SetTraverse(order == 0 ? mt::MatrixTraverse::FIRSTM : mt::MatrixTraverse::FIRSTN);
  TCubeTiling t;
  if (api.GetTiling(t) != 0) t.usedCoreNum = 0;
  return t;
}

template <const matmul::MatmulConfig& kConfig>
void MatmulBench(benchmark::State& state) {
  const auto m = static_cast<uint32_t>(state.range(0)), n = static_cast<uint32_t>(state.range(1));
  const auto k = static_cast<uint32_t>(state.range(2));
  const opsim::sim::DeviceProfile& d = opsim::bench::Device();
  const TCubeTiling t =
      Tiling(static_cast<int32_t>(m), static_cast<int32_t>(n), static_cast<int32_t>(k),
             static_cast<int32_t>(d.cube_cores), state.range(3));
  if (t.usedCoreNum == 0) {
    state.SkipWithError("no tiling");
    return;
  }
  std::vector<half> a(size_t{m} * k, half(0.5f)), b(size_t{k} * n, half(0.25f));
  std::vector<float> c(size_t{m} * n, 0.0f);
  opsim::sim::LaunchOptions o;
  o.core_type = opsim::sim::CoreType::kAic;
  o.regions = {{a.data(), a.size() * 2, "a"},
               {b.data(), b.size() * 2, "b"},
               {c.data(), c.size() * 4, "c", c.size() * 4}};
  const auto kernel = [&] {
    const auto blk = static_cast<uint32_t>(GetBlockIdx());
    const uint32_t m_blocks = (m + t.singleCoreM - 1) / t.singleCoreM;
    const uint32_t m0 = blk % m_blocks * t.singleCoreM, n0 = blk / m_blocks * t.singleCoreN;
    if (m0 >= m || n0 >= n) return;
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gc;
    ga.SetGlobalBuffer(a.data(), a.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
                   matmul::MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>,
                   matmul::MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>,
                   matmul::MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>, kConfig>
        mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(ga[m0 * k]);
    mm.SetTensorB(gb[n0]);
    mm.SetTail(static_cast<int>(std::min<uint32_t>(m - m0, t.singleCoreM)),
               static_cast<int>(std::min<uint32_t>(n - n0, t.singleCoreN)));
    mm.IterateAll(gc[m0 * n + n0]);
    mm.End();
  };
  opsim::sim::LaunchResult r;
  for (auto _ : state) {
    r = opsim::sim::Launch(d, static_cast<uint32_t>(t.usedCoreNum), o, kernel);
    if (!r.status.ok()) {
      state.SkipWithError(r.status.ToString().c_str());
      return;
    }
  }
  const double macs = static_cast<double>(m) * n * k;
  const double roofline_ns = macs / (d.cube_cores * d.cube_f16_macs_per_cycle) / d.clock_ghz;
  state.counters["sim_us"] = r.stats.device_ns / 1000.0;
  state.counters["roofline_us"] = roofline_ns / 1000.0;
  state.counters["x_roofline"] = r.stats.device_ns / roofline_ns;
  state.counters["MTE2_busy_us"] =
      r.stats.pipes[static_cast<int>(opsim::sim::Pipe::kMte2)].busy_ns / 1000.0 / t.usedCoreNum;
  const opsim::sim::PipeStats& mte2 = r.stats.pipes[static_cast<int>(opsim::sim::Pipe::kMte2)];
  state.counters["L2_hit_%"] =
      mte2.bytes == 0 ? 0.0 : 100.0 * static_cast<double>(mte2.l2_hit_bytes) / mte2.bytes;
  state.counters["M_busy_us"] =
      r.stats.pipes[static_cast<int>(opsim::sim::Pipe::kM)].busy_ns / 1000.0 / t.usedCoreNum;
  state.counters["MTE1_busy_us"] =
      r.stats.pipes[static_cast<int>(opsim::sim::Pipe::kMte1)].busy_ns / 1000.0 / t.usedCoreNum;
  state.counters["FIX_busy_us"] =
      r.stats.pipes[static_cast<int>(opsim::sim::Pipe::kFix)].busy_ns / 1000.0 / t.usedCoreNum;
  // The tiling the numbers come from.
  state.counters["singleM"] = t.singleCoreM;
  state.counters["singleN"] = t.singleCoreN;
  state.counters["baseMNK"] = t.baseM * 1000000.0 + t.baseN * 1000.0 + t.baseK;
  state.counters["stepKa"] = t.stepKa;
  state.counters["stepMN"] = t.stepM * 1000.0 + t.stepN;
  state.counters["MTE2_copies"] =
      static_cast<double>(mte2.instructions) / static_cast<double>(t.usedCoreNum);
  state.counters["host_GMAC/s"] = benchmark::Counter(macs / 1e9, benchmark::Counter::kIsRate);
}
void BM_Matmul910B(benchmark::State& state) { MatmulBench<matmul::CFG_NORM>(state); }
void BM_Matmul910BMdl(benchmark::State& state) { MatmulBench<matmul::CFG_MDL>(state); }
// CFG_NORM without unitFlag: each tile's Fixpipe behind a CO1 queue hand-off, as before session 24.
constexpr matmul::MatmulConfig NormWithoutUnitFlag() {
  matmul::MatmulConfig c = matmul::GetNormalConfig();
  c.enUnitFlag = false;
  return c;
}
constexpr matmul::MatmulConfig kNormNoUnitFlag = NormWithoutUnitFlag();
void BM_Matmul910BNoUnitFlag(benchmark::State& state) { MatmulBench<kNormNoUnitFlag>(state); }
// CFG_MDL with unitFlag (GetMDLConfig's seventh parameter): its loads without the Fixpipe hand-off.
constexpr matmul::MatmulConfig kMdlUnitFlag =
    matmul::GetMDLConfig(false, false, 0, false, false, false, true);
void BM_Matmul910BMdlUnitFlag(benchmark::State& state) { MatmulBench<kMdlUnitFlag>(state); }

void Shapes(benchmark::internal::Benchmark* b) {
  for (const int64_t order : {0, 1}) {
    b->Args({512, 1024, 512, order})
        ->Args({1024, 1024, 1024, order})
        ->Args({4096, 4096, 4096, order})
        ->Args({4096, 4096, 256, order});  // K in one L1 load: CFG_MDL's groups apply
  }
  b->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
}
BENCHMARK(BM_Matmul910B)->Apply(Shapes);
BENCHMARK(BM_Matmul910BMdl)->Apply(Shapes);
BENCHMARK(BM_Matmul910BNoUnitFlag)->Apply(Shapes);
BENCHMARK(BM_Matmul910BMdlUnitFlag)->Apply(Shapes);

}  // namespace

BENCHMARK_MAIN();
