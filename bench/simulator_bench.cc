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

// A sum written as public reductions write one, in documented Ascend C only (issue 29's yardstick
// for the simulator's speed on real instruction sequences): each block copies its share of x in
// tiles of 8192 floats (double buffered), reduces each tile with a level-2 ReduceSum into one
// element of a partials tile, then reduces the partials with one more ReduceSum and writes its
// sum to y[block * 8]. 64 MiB of float32; arg 0: host threads.
constexpr uint32_t kPublicTile = 8192;

void PublicStyleSum(GM_ADDR x, GM_ADDR y, uint64_t total, uint64_t per_block) {
  const uint64_t begin = per_block * static_cast<uint64_t>(AscendC::GetBlockIdx());
  const uint64_t end = begin + per_block < total ? begin + per_block : total;
  if (begin >= end) return;
  const uint32_t tiles = static_cast<uint32_t>((end - begin + kPublicTile - 1) / kPublicTile);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 2> in;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> work_buf, partial_buf, out_buf;
  pipe.InitBuffer(in, 2, kPublicTile * sizeof(float));
  pipe.InitBuffer(work_buf, kPublicTile / 64 * sizeof(float));
  pipe.InitBuffer(partial_buf, (tiles + 7) / 8 * 32);
  pipe.InitBuffer(out_buf, 32);
  AscendC::GlobalTensor<float> x_gm, y_gm;
  x_gm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), total);
  y_gm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), (total / per_block + 1) * 8);
  const AscendC::LocalTensor<float> work = work_buf.Get<float>();
  const AscendC::LocalTensor<float> partials = partial_buf.Get<float>();
  for (uint32_t i = 0; i < tiles; ++i) {
    const uint64_t at = begin + uint64_t{i} * kPublicTile;
    const uint32_t n = static_cast<uint32_t>(end - at < kPublicTile ? end - at : kPublicTile);
    AscendC::LocalTensor<float> t = in.AllocTensor<float>();
    AscendC::DataCopy(t, x_gm[at], n);
    in.EnQue(t);
    t = in.DeQue<float>();
    AscendC::ReduceSum(partials[i], t, work, static_cast<int32_t>(n));
    in.FreeTensor(t);
  }
  const AscendC::LocalTensor<float> out = out_buf.Get<float>();
  AscendC::ReduceSum(out, partials, work, static_cast<int32_t>(tiles));
  AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::DataCopy(y_gm[begin / per_block * 8], out, 8);
}

void BM_PublicStyleReduceSum64MiB(benchmark::State& state) {
  constexpr uint64_t kTotal = uint64_t{64} << 20 >> 2;
  const uint32_t blocks = Device().vector_cores;
  const uint64_t per_block =
      ((kTotal + blocks - 1) / blocks + kPublicTile - 1) / kPublicTile * kPublicTile;
  std::vector<float> x(kTotal, 1.0f), y((blocks + 1) * 8);
  opsim::sim::LaunchOptions o;
  o.host_threads = static_cast<uint32_t>(state.range(0));
  o.regions = {{x.data(), x.size() * 4, "x"}, {y.data(), y.size() * 4, "y"}};
  for (auto _ : state) {
    const auto r = opsim::sim::Launch(Device(), blocks, o, [&] {
      PublicStyleSum(reinterpret_cast<uint8_t*>(x.data()), reinterpret_cast<uint8_t*>(y.data()),
                     kTotal, per_block);
    });
    benchmark::DoNotOptimize(r.stats.device_ns);
    state.counters["device_us"] = static_cast<double>(r.stats.device_ns) / 1000.0;
  }
  // x is all ones: each block's sum is its element count (exact in float32 below 2^24).
  if (y[0] != static_cast<float>(per_block)) state.SkipWithError("wrong sum in y[0]");
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kTotal * 4);
}
BENCHMARK(BM_PublicStyleReduceSum64MiB)->Arg(1)->Arg(2)->ArgNames({"threads"})->UseRealTime();

// The level-0 sums over a UB tile of 255 repeats of 64 floats, 64 times per launch on one core:
// arg 0: 0 WholeReduceSum, 1 BlockReduceSum, 2 PairReduceSum, 3 WholeReduceSum with a bit mask
// (the lane-plan path), 4 ReduceSum's count form over the tile (issue 29: the host speed of
// the instructions public reductions use); 5 Add of each odd repeat into the even one before it
// (a fold of neighbouring repeats: repeat strides 16, 127 repeats), a run a repeat
// (RunWholeRepeats), 6 the same with lane 0 masked off (the lane-plan path).
void BM_LevelZeroSums(benchmark::State& state) {
  constexpr int32_t kRepeats = 255;
  constexpr int32_t kLoops = 64;
  const int64_t which = state.range(0);
  opsim::sim::LaunchOptions o;
  o.host_threads = 1;
  for (auto _ : state) {
    const auto r = opsim::sim::Launch(Device(), 1, o, [&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::QuePosition::VECCALC> src_buf, dst_buf, work_buf;
      pipe.InitBuffer(src_buf, kRepeats * 256);
      pipe.InitBuffer(dst_buf, kRepeats * 128);
      pipe.InitBuffer(work_buf, kRepeats * 4 + 32);
      const AscendC::LocalTensor<float> src = src_buf.Get<float>();
      const AscendC::LocalTensor<float> dst = dst_buf.Get<float>();
      AscendC::Duplicate(src, 1.0f, kRepeats * 64);
      const uint64_t bits[2] = {~0ull, 0};
      const uint64_t odd_bits[2] = {~1ull, 0};
      const AscendC::BinaryRepeatParams pairs(1, 1, 1, 8, 16, 16);
      for (int32_t i = 0; i < kLoops; ++i) {
        if (which == 0) AscendC::WholeReduceSum(dst, src, 64, kRepeats, 1, 1, 8);
        if (which == 1) AscendC::BlockReduceSum(dst, src, kRepeats, 64, 1, 1, 8);
        if (which == 2) AscendC::PairReduceSum(dst, src, kRepeats, 64, 1, 1, 8);
        if (which == 3) AscendC::WholeReduceSum(dst, src, bits, kRepeats, 1, 1, 8);
        if (which == 4) AscendC::ReduceSum(dst, src, work_buf.Get<float>(), kRepeats * 64);
        if (which == 5) AscendC::Add(dst, src, src[64], bits, kRepeats / 2, pairs);
        if (which == 6) AscendC::Add(dst, src, src[64], odd_bits, kRepeats / 2, pairs);
      }
    });
    benchmark::DoNotOptimize(r.stats.device_ns);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kLoops * kRepeats * 256);
}
BENCHMARK(BM_LevelZeroSums)->DenseRange(0, 6)->ArgNames({"instr"})->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
