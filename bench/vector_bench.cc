// Throughput of the vector unit's hot reductions and casts, on UB-sized tiles that sit in
// L1/L2 (what a Reduce kernel feeds them) and on arrays far larger than the caches.
// Bytes per second count the source bytes read once.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/vector_fused_cast_unit.h"
#include "opsim/sim/vector_gather_unit.h"
#include "opsim/sim/vector_unit.h"
#include "opsim/sim/vector_widened.h"

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

// A deferred widening's Add (the 16-bit column rows' folds): float32 += widened 16-bit row
// (Args: elements, 0), or widened row + widened row (elements, 1). Bytes: the operands read.
void BM_AddWidened(benchmark::State& state, DType h) {
  const size_t n = static_cast<size_t>(state.range(0));
  const bool both = state.range(1) != 0;
  const auto f = RandomFloats(2 * n);
  std::vector<uint16_t> src(2 * n);
  for (size_t i = 0; i < 2 * n; ++i) {
    src[i] = h == DType::kFloat16 ? FloatToHalfBits(f[i]) : FloatToBFloat16Bits(f[i]);
  }
  std::vector<float> acc(f.begin(), f.begin() + static_cast<std::ptrdiff_t>(n));
  for (auto _ : state) {
    if (both) {
      BinaryWidened(BinaryOp::kAdd, acc.data(), src.data(), h, src.data() + n, h, n);
    } else {
      BinaryWidened(BinaryOp::kAdd, acc.data(), acc.data(), DType::kFloat32, src.data(), h, n);
    }
    benchmark::DoNotOptimize(acc.data());
  }
  SetBytes(state, n * (both ? 4 : 6));
}
void BM_AddWidenedF16(benchmark::State& s) { BM_AddWidened(s, DType::kFloat16); }
void BM_AddWidenedBF16(benchmark::State& s) { BM_AddWidened(s, DType::kBFloat16); }
BENCHMARK(BM_AddWidenedF16)->Args({2352, 0})->Args({2048, 1});
BENCHMARK(BM_AddWidenedBF16)->Args({2352, 0})->Args({2048, 1});

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

// Every instruction of the vector unit on a UB-sized tile (16384 elements of 4 bytes, float32
// unless named; 16-bit rows take 16384 float16), against the Highway Add (BM_Instr/Add): bytes
// per second count the destination's bytes, so rows compare per byte. Inputs are ordinary
// values (Ln and Sqrt get positive ones); the level-0 forms are in simulator_bench.
struct Tile {
  std::vector<float> a, b, pos, out;
  std::vector<uint16_t> h, h_pos, h_out, bf, bf_pos;
  std::vector<int32_t> i32;
  std::vector<uint8_t> bits;
  explicit Tile(size_t n)
      : a(RandomFloats(n)),
        b(RandomFloats(n)),
        pos(a),
        out(n),
        h(n),
        h_pos(n),
        h_out(n),
        bf(n),
        bf_pos(n),
        i32(n),
        bits(n / 8 + 1) {
    for (float& x : pos) x = x < 0 ? -x + 0.5f : x + 0.5f;
    for (size_t i = 0; i < n; ++i) h[i] = FloatToHalfBits(a[i] * 4);
    for (size_t i = 0; i < n; ++i) h_pos[i] = FloatToHalfBits(pos[i] * 4);
    for (size_t i = 0; i < n; ++i) bf[i] = FloatToBFloat16Bits(a[i] * 4);
    for (size_t i = 0; i < n; ++i) bf_pos[i] = FloatToBFloat16Bits(pos[i] * 4);
    for (size_t i = 0; i < n; ++i) i32[i] = static_cast<int32_t>(a[i] * 100000);
    Compare(CmpMode::kLt, DType::kFloat32, bits.data(), a.data(), b.data(), false, n);
  }
};

struct Instr {
  const char* name;
  size_t dst_bytes;  // per element
  void (*run)(Tile& t, size_t n);
};

constexpr DType kF32 = DType::kFloat32;
constexpr Instr kInstrs[] = {
    {"Add", 4,
     [](Tile& t, size_t n) {
       Binary(BinaryOp::kAdd, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Sub", 4,
     [](Tile& t, size_t n) {
       Binary(BinaryOp::kSub, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Mul", 4,
     [](Tile& t, size_t n) {
       Binary(BinaryOp::kMul, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Div", 4,
     [](Tile& t, size_t n) {
       Binary(BinaryOp::kDiv, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Max", 4,
     [](Tile& t, size_t n) {
       Binary(BinaryOp::kMax, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Min", 4,
     [](Tile& t, size_t n) {
       Binary(BinaryOp::kMin, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Adds", 4,
     [](Tile& t, size_t n) {
       Scalar(ScalarOp::kAdd, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Muls", 4,
     [](Tile& t, size_t n) {
       Scalar(ScalarOp::kMul, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Maxs", 4,
     [](Tile& t, size_t n) {
       Scalar(ScalarOp::kMax, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Mins", 4,
     [](Tile& t, size_t n) {
       Scalar(ScalarOp::kMin, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Abs", 4, [](Tile& t, size_t n) { Unary(UnaryOp::kAbs, kF32, t.out.data(), t.a.data(), n); }},
    {"Duplicate", 4, [](Tile& t, size_t n) { Fill(kF32, t.out.data(), t.a.data(), n); }},
    {"Exp", 4, [](Tile& t, size_t n) { Math(MathOp::kExp, kF32, t.out.data(), t.a.data(), n); }},
    {"Ln", 4, [](Tile& t, size_t n) { Math(MathOp::kLn, kF32, t.out.data(), t.pos.data(), n); }},
    {"Sqrt", 4,
     [](Tile& t, size_t n) { Math(MathOp::kSqrt, kF32, t.out.data(), t.pos.data(), n); }},
    {"Rsqrt", 4,
     [](Tile& t, size_t n) { Math(MathOp::kRsqrt, kF32, t.out.data(), t.pos.data(), n); }},
    {"Reciprocal", 4,
     [](Tile& t, size_t n) { Math(MathOp::kReciprocal, kF32, t.out.data(), t.a.data(), n); }},
    {"Relu", 4, [](Tile& t, size_t n) { Math(MathOp::kRelu, kF32, t.out.data(), t.a.data(), n); }},
    {"LeakyRelu", 4, [](Tile& t, size_t n) { LeakyRelu(kF32, t.out.data(), t.a.data(), 0.01, n); }},
    {"AddRelu", 4,
     [](Tile& t, size_t n) {
       Fused(FusedOp::kAddRelu, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"SubRelu", 4,
     [](Tile& t, size_t n) {
       Fused(FusedOp::kSubRelu, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"MulAddDst", 4,
     [](Tile& t, size_t n) {
       Fused(FusedOp::kMulAddDst, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"FusedMulAdd", 4,
     [](Tile& t, size_t n) {
       Fused(FusedOp::kFusedMulAdd, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"Axpy", 4,
     [](Tile& t, size_t n) {
       Fused(FusedOp::kAxpy, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"MulAddRelu", 4,
     [](Tile& t, size_t n) {
       Fused(FusedOp::kMulAddRelu, kF32, t.out.data(), t.a.data(), t.b.data(), n);
     }},
    {"And", 4,
     [](Tile& t, size_t n) { Bitwise(BitOp::kAnd, 4, t.out.data(), t.a.data(), t.b.data(), n); }},
    {"Or", 4,
     [](Tile& t, size_t n) { Bitwise(BitOp::kOr, 4, t.out.data(), t.a.data(), t.b.data(), n); }},
    {"Not", 4,
     [](Tile& t, size_t n) { Bitwise(BitOp::kNot, 4, t.out.data(), t.a.data(), nullptr, n); }},
    {"ShiftLeft", 4,
     [](Tile& t, size_t n) { Shift(true, 4, true, t.out.data(), t.i32.data(), 3, n); }},
    {"ShiftRight", 4,
     [](Tile& t, size_t n) { Shift(false, 4, true, t.out.data(), t.i32.data(), 3, n); }},
    // Compare's destination is bits: its bytes are the sources' (4 per element) so that the
    // row reads as a per-element cost like the others.
    {"Compare", 4,
     [](Tile& t, size_t n) {
       Compare(CmpMode::kLt, kF32, t.bits.data(), t.a.data(), t.b.data(), false, n);
     }},
    {"CompareScalar", 4,
     [](Tile& t, size_t n) {
       Compare(CmpMode::kLt, kF32, t.bits.data(), t.a.data(), t.b.data(), true, n);
     }},
    {"Select", 4,
     [](Tile& t, size_t n) {
       Select(4, t.out.data(), t.bits.data(), t.a.data(), t.b.data(), false, n);
     }},
    {"SelectScalar", 4,
     [](Tile& t, size_t n) {
       Select(4, t.out.data(), t.bits.data(), t.a.data(), t.b.data(), true, n);
     }},
    {"CastDeq", 2,
     [](Tile& t, size_t n) { DeqInt32ToHalf(t.h_out.data(), t.i32.data(), 0.001f, n); }},
    // The fused arithmetic-and-convert instructions (session 25): the wider operand's bytes.
    {"AddReluCast/f32-f16", 4,
     [](Tile& t, size_t n) {
       FusedCast(FusedCastOp::kAddRelu, DType::kFloat16, t.h_out.data(), kF32, t.a.data(),
                 t.b.data(), 1.0f, n);
     }},
    {"SubReluCast/f16-s8", 2,
     [](Tile& t, size_t n) {
       FusedCast(FusedCastOp::kSubRelu, DType::kInt8, t.h_out.data(), DType::kFloat16, t.h.data(),
                 t.h_pos.data(), 1.0f, n);
     }},
    {"AddReluCast/s16-s8", 2,
     [](Tile& t, size_t n) {
       FusedCast(FusedCastOp::kAddRelu, DType::kInt8, t.h_out.data(), DType::kInt16, t.h.data(),
                 t.h_pos.data(), 1.0f, n);
     }},
    {"MulCast/f16-s8", 2,
     [](Tile& t, size_t n) {
       FusedCast(FusedCastOp::kMul, DType::kInt8, t.h_out.data(), DType::kFloat16, t.h.data(),
                 t.h_pos.data(), 1.0f, n);
     }},
    {"MulCast/f16-u8", 2,
     [](Tile& t, size_t n) {
       FusedCast(FusedCastOp::kMul, DType::kUInt8, t.h_out.data(), DType::kFloat16, t.h.data(),
                 t.h_pos.data(), 1.0f, n);
     }},
    {"AddDeqRelu", 4,
     [](Tile& t, size_t n) {
       FusedCast(FusedCastOp::kAddDeqRelu, DType::kFloat16, t.h_out.data(), DType::kInt32,
                 t.i32.data(), t.i32.data(), 0.001f, n);
     }},
    {"Exp/f16", 2,
     [](Tile& t, size_t n) { Math(MathOp::kExp, DType::kFloat16, t.h_out.data(), t.h.data(), n); }},
    {"Ln/f16", 2,
     [](Tile& t, size_t n) {
       Math(MathOp::kLn, DType::kFloat16, t.h_out.data(), t.h_pos.data(), n);
     }},
    {"AddRelu/f16", 2,
     [](Tile& t, size_t n) {
       Fused(FusedOp::kAddRelu, DType::kFloat16, t.h_out.data(), t.h.data(), t.h.data(), n);
     }},
    // Rows added in session 18: the other 16-bit forms, Copy and the main Cast pairs.
    {"Add/f16", 2,
     [](Tile& t, size_t n) {
       Binary(BinaryOp::kAdd, DType::kFloat16, t.h_out.data(), t.h.data(), t.h_pos.data(), n);
     }},
    {"Sqrt/f16", 2,
     [](Tile& t, size_t n) {
       Math(MathOp::kSqrt, DType::kFloat16, t.h_out.data(), t.h_pos.data(), n);
     }},
    {"Rsqrt/f16", 2,
     [](Tile& t, size_t n) {
       Math(MathOp::kRsqrt, DType::kFloat16, t.h_out.data(), t.h_pos.data(), n);
     }},
    {"Reciprocal/f16", 2,
     [](Tile& t, size_t n) {
       Math(MathOp::kReciprocal, DType::kFloat16, t.h_out.data(), t.h.data(), n);
     }},
    {"Relu/f16", 2,
     [](Tile& t, size_t n) {
       Math(MathOp::kRelu, DType::kFloat16, t.h_out.data(), t.h.data(), n);
     }},
    {"Exp/bf16", 2,
     [](Tile& t, size_t n) {
       Math(MathOp::kExp, DType::kBFloat16, t.h_out.data(), t.bf.data(), n);
     }},
    {"Ln/bf16", 2,
     [](Tile& t, size_t n) {
       Math(MathOp::kLn, DType::kBFloat16, t.h_out.data(), t.bf_pos.data(), n);
     }},
    {"LeakyRelu/f16", 2,
     [](Tile& t, size_t n) { LeakyRelu(DType::kFloat16, t.h_out.data(), t.h.data(), 0.01, n); }},
    {"MulAddDst/f16", 2,
     [](Tile& t, size_t n) {
       Fused(FusedOp::kMulAddDst, DType::kFloat16, t.h_out.data(), t.h.data(), t.h_pos.data(), n);
     }},
    // MulAddDst<float, half>: half sources into a float dst (4 bytes, the wider operand).
    {"MulAddDst/f16-f32", 4,
     [](Tile& t, size_t n) { MulAddDstHalfToFloat(t.out.data(), t.h.data(), t.h_pos.data(), n); }},
    {"Copy", 4,
     [](Tile& t, size_t n) { Unary(UnaryOp::kCopy, kF32, t.out.data(), t.a.data(), n); }},
    // Casts count the wider operand's bytes (4 per element unless both are 16-bit or narrower).
    {"Cast/f32-f16", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kFloat16, t.h_out.data(), kF32, t.a.data(), Round::kRint, n);
     }},
    {"Cast/f32-f16/odd", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kFloat16, t.h_out.data(), kF32, t.a.data(), Round::kOdd, n);
     }},
    {"Cast/f16-f32", 4,
     [](Tile& t, size_t n) {
       Cast(kF32, t.out.data(), DType::kFloat16, t.h.data(), Round::kNone, n);
     }},
    {"Cast/f32-bf16", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kBFloat16, t.h_out.data(), kF32, t.a.data(), Round::kRint, n);
     }},
    {"Cast/bf16-f32", 4,
     [](Tile& t, size_t n) {
       Cast(kF32, t.out.data(), DType::kBFloat16, t.bf.data(), Round::kNone, n);
     }},
    {"Cast/f32-s32/rint", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kInt32, t.out.data(), kF32, t.b.data(), Round::kRint, n);
     }},
    {"Cast/f32-s32/floor", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kInt32, t.out.data(), kF32, t.b.data(), Round::kFloor, n);
     }},
    {"Cast/f32-s32/ceil", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kInt32, t.out.data(), kF32, t.b.data(), Round::kCeil, n);
     }},
    {"Cast/f32-s32/round", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kInt32, t.out.data(), kF32, t.b.data(), Round::kRound, n);
     }},
    {"Cast/f32-s32/trunc", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kInt32, t.out.data(), kF32, t.b.data(), Round::kTrunc, n);
     }},
    {"Cast/s32-f32", 4,
     [](Tile& t, size_t n) {
       Cast(kF32, t.out.data(), DType::kInt32, t.i32.data(), Round::kNone, n);
     }},
    {"Cast/s32-f16", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kFloat16, t.h_out.data(), DType::kInt32, t.i32.data(), Round::kNone, n);
     }},
    {"Cast/f16-s32/round", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kInt32, t.out.data(), DType::kFloat16, t.h.data(), Round::kRound, n);
     }},
    {"Cast/f32-s16/rint", 4,
     [](Tile& t, size_t n) {
       Cast(DType::kInt16, t.h_out.data(), kF32, t.b.data(), Round::kRint, n);
     }},
    {"Cast/f16-s8/trunc", 2,
     [](Tile& t, size_t n) {
       Cast(DType::kInt8, t.h_out.data(), DType::kFloat16, t.h.data(), Round::kTrunc, n);
     }},
};

void BM_Instr(benchmark::State& state, const Instr& instr) {
  const size_t n = static_cast<size_t>(state.range(0));
  Tile tile(n);
  for (auto _ : state) {
    instr.run(tile, n);
    benchmark::ClobberMemory();
  }
  SetBytes(state, n * instr.dst_bytes);
}

const bool kRegistered = [] {
  for (const Instr& instr : kInstrs) {
    benchmark::RegisterBenchmark((std::string("BM_Instr/") + instr.name).c_str(), BM_Instr, instr)
        ->Arg(16384);
  }
  return true;
}();

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

// Gatherb's block moves: 64 KiB of 32 B blocks gathered from a shuffled block table (8 blocks a
// repeat, dstBlkStride 1, dstRepStride 8); bytes are the bytes moved.
void BM_Gatherb(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  const auto src = RandomFloats(n);
  const size_t blocks = n * sizeof(float) / 32;
  std::vector<uint32_t> offsets(blocks);
  std::mt19937 rng(5);
  for (size_t i = 0; i < blocks; ++i) offsets[i] = static_cast<uint32_t>(rng() % blocks) * 32;
  std::vector<float> out(n);
  for (auto _ : state) {
    GatherBlocks(reinterpret_cast<uint8_t*>(out.data()),
                 reinterpret_cast<const uint8_t*>(src.data()), offsets.data(),
                 static_cast<uint32_t>(blocks / 8), 1, 8);
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, n * sizeof(float));
}
BENCHMARK(BM_Gatherb)->Arg(16384);

// TransDataTo5HD's moves: 64 KiB as 128 repeats of 16 source blocks (16-bit elements, the
// NCHW -> NC1HWC0 layout: sources the planes, destinations contiguous); bytes are the bytes moved.
void BM_TransDataTo5HD(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));  // float32-sized elements: n * 4 bytes
  std::vector<uint8_t> src(n * 4), out(n * 4);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 131);
  const size_t repeats = src.size() / 512, plane = src.size() / 16;
  for (auto _ : state) {
    for (size_t r = 0; r < repeats; ++r) {
      uint8_t in[16][32];
      uint8_t* dst[16];
      for (size_t k = 0; k < 16; ++k) {
        std::memcpy(in[k], src.data() + k * plane + r * 32, 32);
        dst[k] = out.data() + r * 512 + k * 32;
      }
      TransposeBlocks16(2, in, dst, false, false);
    }
    benchmark::DoNotOptimize(out.data());
  }
  SetBytes(state, n * 4);
}
BENCHMARK(BM_TransDataTo5HD)->Arg(16384);

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
