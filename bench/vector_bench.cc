// Throughput of the vector unit's hot reductions and casts, on UB-sized tiles that sit in
// L1/L2 (what a Reduce kernel feeds them) and on arrays far larger than the caches.
// Bytes per second count the source bytes read once.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/vector_gather_unit.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec {
namespace {

constexpr int64_t kBig = int64_t{64} << 20;  // elements of float32: 256 MiB

std::vector<float> RandomFloats(size_t n) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = u(rng);
  return v;
}

void SetBytes(benchmark::State& state, size_t bytes) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes));
}

// Arg: element count.
void BM_Reduce(benchmark::State& state, ReduceOp op) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto v = RandomFloats(n);
  float out = 0;
  for (auto _ : state) {
    Reduce(op, DType::kFloat32, &out, v.data(), n, nullptr);
    benchmark::DoNotOptimize(out);
  }
  SetBytes(state, n * sizeof(float));
}
void BM_ReduceSum(benchmark::State& s) { BM_Reduce(s, ReduceOp::kSum); }
void BM_ReduceMax(benchmark::State& s) { BM_Reduce(s, ReduceOp::kMax); }
BENCHMARK(BM_ReduceSum)->Arg(4096)->Arg(8192)->Arg(16384)->Arg(24576)->Arg(kBig);
BENCHMARK(BM_ReduceMax)->Arg(4096)->Arg(8192)->Arg(16384)->Arg(24576)->Arg(kBig);

// Args: total elements, cols (rows = total / cols, dense rows).
void BM_ReduceRows(benchmark::State& state, ReduceOp op) {
  const size_t total = static_cast<size_t>(state.range(0));
  const size_t cols = static_cast<size_t>(state.range(1));
  const size_t rows = total / cols;
  const auto v = RandomFloats(rows * cols);
  std::vector<float> out(rows);
  for (auto _ : state) {
    ReduceRows(op, DType::kFloat32, out.data(), v.data(), rows, cols, cols);
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, rows * cols * sizeof(float));
}
void BM_ReduceRowsSum(benchmark::State& s) { BM_ReduceRows(s, ReduceOp::kSum); }
void BM_ReduceRowsMax(benchmark::State& s) { BM_ReduceRows(s, ReduceOp::kMax); }
BENCHMARK(BM_ReduceRowsSum)
    ->Args({16384, 8192})
    ->Args({16384, 3})
    ->Args({16384, 5})
    ->Args({16384, 16})
    ->Args({16384, 24})
    ->Args({16384, 64})
    ->Args({kBig, 8192})
    ->Args({kBig, 16});
BENCHMARK(BM_ReduceRowsMax)->Args({16384, 8192})->Args({16384, 16})->Args({16384, 3});

// Args: rows, cols (dense).
void BM_Accumulate(benchmark::State& state, ReduceOp op) {
  const size_t rows = static_cast<size_t>(state.range(0));
  const size_t cols = static_cast<size_t>(state.range(1));
  const auto v = RandomFloats(rows * cols);
  std::vector<float> acc(cols, 0.0f);
  for (auto _ : state) {
    AccumulateRows(op, DType::kFloat32, acc.data(), v.data(), rows, cols, cols);
    benchmark::DoNotOptimize(acc.data());
  }
  SetBytes(state, rows * cols * sizeof(float));
}
void BM_AccumulateSum(benchmark::State& s) { BM_Accumulate(s, ReduceOp::kSum); }
void BM_AccumulateMax(benchmark::State& s) { BM_Accumulate(s, ReduceOp::kMax); }
BENCHMARK(BM_AccumulateSum)
    ->Args({8, 2048})
    ->Args({16, 1024})
    ->Args({64, 256})
    ->Args({512, 32})
    ->Args({8192, 8192});
BENCHMARK(BM_AccumulateMax)->Args({8, 2048})->Args({16, 1024})->Args({64, 256})->Args({8192, 8192});

// Arg: element count; bytes are the 16-bit source bytes.
void BM_Cast(benchmark::State& state, DType src_type) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto f = RandomFloats(n);
  std::vector<uint16_t> src(n);
  for (size_t i = 0; i < n; ++i) {
    src[i] = src_type == DType::kFloat16 ? FloatToHalfBits(f[i]) : FloatToBFloat16Bits(f[i]);
  }
  std::vector<float> out(n);
  for (auto _ : state) {
    Cast(DType::kFloat32, out.data(), src_type, src.data(), Round::kNone, n);
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, n * sizeof(uint16_t));
}
void BM_CastF16ToF32(benchmark::State& s) { BM_Cast(s, DType::kFloat16); }
void BM_CastBF16ToF32(benchmark::State& s) { BM_Cast(s, DType::kBFloat16); }
BENCHMARK(BM_CastF16ToF32)->Arg(8192)->Arg(16384)->Arg(kBig);
BENCHMARK(BM_CastBF16ToF32)->Arg(8192)->Arg(16384)->Arg(kBig);

// ---- float16 rows reduced in float32: fused widening vs Cast to a float32 tile + float32 ----

std::vector<uint16_t> RandomHalves(size_t n) {
  const auto f = RandomFloats(n);
  std::vector<uint16_t> h(n);
  for (size_t i = 0; i < n; ++i) h[i] = FloatToHalfBits(f[i]);
  return h;
}

// Args: total elements, cols (dense rows), fused (1) or Cast + float32 form (0).
void BM_ReduceRowsF16(benchmark::State& state, ReduceOp op) {
  const size_t total = static_cast<size_t>(state.range(0));
  const size_t cols = static_cast<size_t>(state.range(1));
  const bool fused = state.range(2) != 0;
  const size_t rows = total / cols;
  const auto v = RandomHalves(rows * cols);
  std::vector<float> wide(fused ? 0 : rows * cols);
  std::vector<float> out(rows);
  for (auto _ : state) {
    if (fused) {
      ReduceRowsWiden(op, DType::kFloat16, out.data(), v.data(), rows, cols, cols);
    } else {
      Cast(DType::kFloat32, wide.data(), DType::kFloat16, v.data(), Round::kNone, rows * cols);
      ReduceRows(op, DType::kFloat32, out.data(), wide.data(), rows, cols, cols);
    }
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, rows * cols * sizeof(uint16_t));
}
void BM_ReduceRowsSumF16(benchmark::State& s) { BM_ReduceRowsF16(s, ReduceOp::kSum); }
void BM_ReduceRowsMaxF16(benchmark::State& s) { BM_ReduceRowsF16(s, ReduceOp::kMax); }
BENCHMARK(BM_ReduceRowsSumF16)
    ->ArgsProduct({{32768}, {16384, 512, 16, 3}, {0, 1}})
    ->Args({kBig, 16384, 0})
    ->Args({kBig, 16384, 1});
BENCHMARK(BM_ReduceRowsMaxF16)->ArgsProduct({{32768}, {16384, 16}, {0, 1}});

// Args: rows, cols (dense), fused (1) or Cast + float32 form (0).
void BM_AccumulateF16(benchmark::State& state, ReduceOp op) {
  const size_t rows = static_cast<size_t>(state.range(0));
  const size_t cols = static_cast<size_t>(state.range(1));
  const bool fused = state.range(2) != 0;
  const auto v = RandomHalves(rows * cols);
  std::vector<float> wide(fused ? 0 : rows * cols);
  std::vector<float> acc(cols, 0.0f);
  for (auto _ : state) {
    if (fused) {
      AccumulateRowsWiden(op, DType::kFloat16, acc.data(), v.data(), rows, cols, cols);
    } else {
      Cast(DType::kFloat32, wide.data(), DType::kFloat16, v.data(), Round::kNone, rows * cols);
      AccumulateRows(op, DType::kFloat32, acc.data(), wide.data(), rows, cols, cols);
    }
    benchmark::DoNotOptimize(acc.data());
  }
  SetBytes(state, rows * cols * sizeof(uint16_t));
}
void BM_AccumulateSumF16(benchmark::State& s) { BM_AccumulateF16(s, ReduceOp::kSum); }
void BM_AccumulateMaxF16(benchmark::State& s) { BM_AccumulateF16(s, ReduceOp::kMax); }
BENCHMARK(BM_AccumulateSumF16)
    ->ArgsProduct({{4, 16, 64, 256}, {8192}, {0, 1}})
    ->ArgsProduct({{512}, {32}, {0, 1}});
BENCHMARK(BM_AccumulateMaxF16)->ArgsProduct({{16}, {8192}, {0, 1}});

// The per-element math kernels (Exp, Ln, Sqrt, ...) on a UB-sized tile: how far the scalar
// loops are from the Highway elementwise ops (Add is the yardstick).
void BM_Math(benchmark::State& state, MathOp op) {
  const size_t n = static_cast<size_t>(state.range(0));
  auto v = RandomFloats(n);
  for (float& x : v) x = x < 0 ? -x + 0.5f : x + 0.5f;  // positive: Ln, Sqrt defined
  std::vector<float> out(n);
  for (auto _ : state) {
    Math(op, DType::kFloat32, out.data(), v.data(), n);
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, n * sizeof(float));
}
void BM_MathExp(benchmark::State& s) { BM_Math(s, MathOp::kExp); }
void BM_MathLn(benchmark::State& s) { BM_Math(s, MathOp::kLn); }
void BM_MathSqrt(benchmark::State& s) { BM_Math(s, MathOp::kSqrt); }
BENCHMARK(BM_MathExp)->Arg(16384);
BENCHMARK(BM_MathLn)->Arg(16384);
BENCHMARK(BM_MathSqrt)->Arg(16384);

void BM_AddYardstick(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto a = RandomFloats(n);
  std::vector<float> out(n);
  for (auto _ : state) {
    Binary(BinaryOp::kAdd, DType::kFloat32, out.data(), a.data(), a.data(), n);
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, n * sizeof(float));
}
BENCHMARK(BM_AddYardstick)->Arg(16384);

void BM_CompareSelect(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto a = RandomFloats(n), b = RandomFloats(n);
  std::vector<uint8_t> bits(n / 8);
  std::vector<float> out(n);
  for (auto _ : state) {
    Compare(CmpMode::kLt, DType::kFloat32, bits.data(), a.data(), b.data(), false, n);
    Select(sizeof(float), out.data(), bits.data(), a.data(), b.data(), false, n);
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, 2 * n * sizeof(float));
}
BENCHMARK(BM_CompareSelect)->Arg(16384);

// Gather and GatherMask's element moves (per-element loops): bytes are the elements moved
// (16384 float32 gathered from a shuffled offset table; GatherMask keeps every other one of
// 64 KiB, pattern 1, and reads all of it).
void BM_Gather(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto src = RandomFloats(n);
  std::vector<uint32_t> offsets(n);
  std::mt19937 rng(3);
  for (size_t i = 0; i < n; ++i) offsets[i] = static_cast<uint32_t>(rng() % n) * 4;
  std::vector<float> out(n);
  for (auto _ : state) {
    GatherElements(reinterpret_cast<uint8_t*>(out.data()),
                   reinterpret_cast<const uint8_t*>(src.data()), offsets.data(), 0, 4, n);
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, n * sizeof(float));
}
BENCHMARK(BM_Gather)->Arg(16384);

void BM_GatherMask(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto src = RandomFloats(n);
  std::vector<float> out(n);
  const PackShape shape{4, static_cast<uint32_t>(n / 64), 64, 1, 8, nullptr, 0, 1};
  for (auto _ : state) {
    benchmark::DoNotOptimize(PackElements(reinterpret_cast<uint8_t*>(out.data()),
                                          reinterpret_cast<const uint8_t*>(src.data()), shape));
  }
  SetBytes(state, n * sizeof(float));
}
BENCHMARK(BM_GatherMask)->Arg(16384);

}  // namespace
}  // namespace opsim::sim::vec

BENCHMARK_MAIN();
