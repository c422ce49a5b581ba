// Simulator overheads: a launch, the cost accounting with tracing off and on, checked mode, and
// a small Reduce through ReduceOperation (Setup on a cached tiling, Execute).
#include <benchmark/benchmark.h>

#include <vector>

#include "add/add_custom.h"
#include "bench_device.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/launch.h"
#include "reduce/reduce_operation.h"

namespace {

using opsim::bench::Device;

// The add kernel over 1 Mi floats on 8 blocks; arg 0: 0 plain, 1 trace, 2 checked.
void BM_AddKernel(benchmark::State& state) {
  op_kernel::AddTilingData tiling;
  tiling.tile = 4096;
  tiling.total = 8 * tiling.tile * 32;
  std::vector<float> x(tiling.total, 1.0f), y(tiling.total, 2.0f), z(tiling.total);
  opsim::sim::LaunchOptions o;
  o.host_threads = 1;
  o.trace = state.range(0) == 1;
  o.checked = state.range(0) == 2;
  o.regions = {
      {x.data(), x.size() * 4, "x"}, {y.data(), y.size() * 4, "y"}, {z.data(), z.size() * 4, "z"}};
  auto* t = reinterpret_cast<uint8_t*>(&tiling);
  for (auto _ : state) {
    const auto r = opsim::sim::Launch(Device(), 8, o, [&] {
      op_kernel::add_custom_f32(reinterpret_cast<uint8_t*>(x.data()),
                                reinterpret_cast<uint8_t*>(y.data()),
                                reinterpret_cast<uint8_t*>(z.data()), nullptr, t);
    });
    benchmark::DoNotOptimize(r.stats.device_ns);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * tiling.total * 12);
}
BENCHMARK(BM_AddKernel)->Arg(0)->Arg(1)->Arg(2)->ArgNames({"mode"});

void BM_EmptyLaunch(benchmark::State& state) {
  opsim::sim::LaunchOptions o;
  o.host_threads = 2;
  const uint32_t blocks = static_cast<uint32_t>(state.range(0));
  for (auto _ : state) {
    const auto r = opsim::sim::Launch(Device(), blocks, o, [] {});
    benchmark::DoNotOptimize(r.stats.device_ns);
  }
}
BENCHMARK(BM_EmptyLaunch)->Arg(1)->Arg(2)->Arg(48);

opsim::ReduceRequest SmallSum() {
  opsim::ReduceRequest req;
  const std::vector<int64_t> axes = {1};
  (void)opsim::LowerOnnx(opsim::ReduceKind::kSum, opsim::DType::kFloat32, {2, 3},
                         std::span<const int64_t>(axes), false, false, &req);
  return req;
}

void BM_SmallReduceSetupCached(benchmark::State& state) {
  opsim::ReduceOperation op(SmallSum());
  uint64_t ws = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(op.Setup(Device(), &ws));
  }
}
BENCHMARK(BM_SmallReduceSetupCached);

void BM_SmallReduceExecute(benchmark::State& state) {
  opsim::ReduceOperation op(SmallSum());
  uint64_t ws = 0;
  (void)op.Setup(Device(), &ws);
  float x[6] = {1, 2, 3, 4, 5, 6};
  float y[2];
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        op.Execute(x, sizeof(x), y, sizeof(y), nullptr, 0, opsim::ReduceExecOptions{}));
  }
}
BENCHMARK(BM_SmallReduceExecute);

}  // namespace

BENCHMARK_MAIN();
