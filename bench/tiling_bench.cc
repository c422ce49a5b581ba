// Host tiling cost: a fresh ComputeReducePlan for the five benchmark layouts (what a first Setup
// pays), and the memoised CachedReducePlan lookup (what every later Setup pays).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "bench_device.h"
#include "opsim/sim/device_profile.h"
#include "reduce/reduce_tiling.h"

namespace {

using opsim::bench::Device;

struct Layout {
  std::vector<int64_t> dims;
  std::vector<int64_t> axes;
};

const std::vector<Layout>& Layouts() {
  static const std::vector<Layout> layouts = {{{67108864}, {0}},
                                              {{8192, 8192}, {1}},
                                              {{8192, 8192}, {0}},
                                              {{256, 1024, 256}, {1}},
                                              {{256, 1024, 256}, {0, 2}}};
  return layouts;
}

opsim::ReduceRequest Request(int64_t index) {
  const Layout& l = Layouts()[static_cast<size_t>(index)];
  opsim::Shape shape;
  (void)opsim::Shape::Make(l.dims.data(), l.dims.size(), &shape, "x");
  opsim::ReduceRequest req;
  (void)opsim::LowerOnnx(opsim::ReduceKind::kSum, opsim::DType::kFloat32, shape,
                         std::span<const int64_t>(l.axes), false, false, &req);
  return req;
}

void BM_ComputeReducePlan(benchmark::State& state) {
  const opsim::ReduceRequest req = Request(state.range(0));
  for (auto _ : state) {
    opsim::ReducePlan plan;
    benchmark::DoNotOptimize(opsim::ComputeReducePlan(req, Device(), &plan));
  }
}
BENCHMARK(BM_ComputeReducePlan)->DenseRange(0, 4)->ArgNames({"layout"});

void BM_CachedReducePlan(benchmark::State& state) {
  const opsim::ReduceRequest req = Request(state.range(0));
  std::shared_ptr<const opsim::ReducePlan> plan;
  for (auto _ : state) {
    benchmark::DoNotOptimize(opsim::CachedReducePlan(req, Device(), &plan));
  }
}
BENCHMARK(BM_CachedReducePlan)->DenseRange(0, 4)->ArgNames({"layout"});

}  // namespace

BENCHMARK_MAIN();
