// vector_bench's rows for the high-level math and activation library (hl_math.h, hl_activation.h)
// and, as their yardstick, the kernel API's Add: each through the kernel API, on UB tiles of
// 8192 elements inside one launch on one simulated core (so the rows include what every call
// costs the runtime: operand checks, the V-pipe charge, the pipe tracking). Bytes per second
// count the destination's bytes, as BM_Instr's rows do. Names: BM_Kernel/<api>[/f16].
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bench_device.h"
#include "kernel_operator.h"
#include "opsim/sim/launch.h"

namespace opsim::sim::hl {
namespace {

constexpr uint32_t kCount = 8192;

struct KernelRow {
  const char* name;
  MathApi api;  // ignored by the Add row
  ElemType type;
  bool two_tensors;    // src1 is a second tensor (Power, Fmod, Xor, the GLUs)
  ScalarAt scalar_at;  // ClampMax/ClampMin: a scalar on the right
  double scalar;       // the scalar operand or parameter (Swish's, SwiGLU's beta; Axpy's)
  double lo, hi;       // inputs are uniform in [lo, hi)
};

// Inputs as raw element bytes of `type` (float, half or int16 for Xor).
std::vector<uint8_t> Inputs(const KernelRow& row, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(row.lo, row.hi);
  const size_t eb = row.type == ElemType::kFloat ? 4 : 2;
  std::vector<uint8_t> out(kCount * eb);
  for (uint32_t i = 0; i < kCount; ++i) {
    const double v = u(rng);
    if (row.type == ElemType::kFloat) {
      const float f = static_cast<float>(v);
      std::memcpy(&out[i * eb], &f, 4);
    } else if (row.type == ElemType::kHalf) {
      const uint16_t h = ::half(static_cast<float>(v)).bits();
      std::memcpy(&out[i * eb], &h, 2);
    } else {
      const auto s = static_cast<int16_t>(v);
      std::memcpy(&out[i * eb], &s, 2);
    }
  }
  return out;
}

void BM_Kernel(benchmark::State& state, const KernelRow& row, bool is_add) {
  const std::vector<uint8_t> a = Inputs(row, 1), b = Inputs(row, 2);
  const uint32_t bytes = static_cast<uint32_t>(a.size());
  LaunchOptions o;
  o.host_threads = 1;
  o.timeout_ns = 0;      // the loop's simulated time grows with the iterations
  o.wall_timeout_s = 0;  // and so does its host time
  const LaunchResult r = Launch(bench::Device(), 1, o, [&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> bx, by, bd;
    pipe.InitBuffer(bx, bytes);
    pipe.InitBuffer(by, bytes);
    pipe.InitBuffer(bd, bytes);
    const auto x = bx.Get<uint8_t>(), y = by.Get<uint8_t>(), d = bd.Get<uint8_t>();
    std::memcpy(x.data(), a.data(), bytes);
    std::memcpy(y.data(), b.data(), bytes);
    std::memcpy(d.data(), b.data(), bytes);  // Axpy reads dst
    detail::HostWroteUb(x.ref());
    detail::HostWroteUb(y.ref());
    detail::HostWroteUb(d.ref());
    const auto xf = x.ReinterpretCast<float>(), yf = y.ReinterpretCast<float>();
    auto df = d.ReinterpretCast<float>();
    const MathCall call{row.api,
                        row.type,
                        row.type,
                        false,
                        &d.ref(),
                        &x.ref(),
                        row.two_tensors ? &y.ref() : nullptr,
                        nullptr,
                        row.scalar_at,
                        row.scalar,
                        kCount};
    for (auto _ : state) {
      if (is_add) {
        AscendC::Add(df, xf, yf, kCount);
      } else {
        RunMath(call);
      }
    }
  });
  if (r.fault) state.SkipWithError(r.fault->message.c_str());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * bytes);
}

constexpr ElemType kF = ElemType::kFloat;
constexpr ElemType kH = ElemType::kHalf;
constexpr ScalarAt kNo = ScalarAt::kNone;
const KernelRow kRows[] = {
    {"Add", MathApi::kTanh, kF, true, kNo, 0, -1, 1},
    {"Tanh", MathApi::kTanh, kF, false, kNo, 0, -3, 3},
    {"Sin", MathApi::kSin, kF, false, kNo, 0, -10, 10},
    {"Cos", MathApi::kCos, kF, false, kNo, 0, -10, 10},
    {"Tan", MathApi::kTan, kF, false, kNo, 0, -1.5, 1.5},
    {"Asin", MathApi::kAsin, kF, false, kNo, 0, -1, 1},
    {"Acos", MathApi::kAcos, kF, false, kNo, 0, -1, 1},
    {"Atan", MathApi::kAtan, kF, false, kNo, 0, -10, 10},
    {"Sinh", MathApi::kSinh, kF, false, kNo, 0, -5, 5},
    {"Cosh", MathApi::kCosh, kF, false, kNo, 0, -5, 5},
    {"Asinh", MathApi::kAsinh, kF, false, kNo, 0, -10, 10},
    {"Acosh", MathApi::kAcosh, kF, false, kNo, 0, 1, 10},
    {"Atanh", MathApi::kAtanh, kF, false, kNo, 0, -1, 1},
    {"Erf", MathApi::kErf, kF, false, kNo, 0, -3, 3},
    {"Erfc", MathApi::kErfc, kF, false, kNo, 0, -3, 3},
    {"Exp", MathApi::kExp, kF, false, kNo, 0, -10, 10},
    {"Log", MathApi::kLog, kF, false, kNo, 0, 0.01, 100},
    {"Log2", MathApi::kLog2, kF, false, kNo, 0, 0.01, 100},
    {"Log10", MathApi::kLog10, kF, false, kNo, 0, 0.01, 100},
    {"Floor", MathApi::kFloor, kF, false, kNo, 0, -100, 100},
    {"Ceil", MathApi::kCeil, kF, false, kNo, 0, -100, 100},
    {"Round", MathApi::kRound, kF, false, kNo, 0, -100, 100},
    {"Trunc", MathApi::kTrunc, kF, false, kNo, 0, -100, 100},
    {"Frac", MathApi::kFrac, kF, false, kNo, 0, -100, 100},
    {"Sign", MathApi::kSign, kF, false, kNo, 0, -1, 1},
    {"Lgamma", MathApi::kLgamma, kF, false, kNo, 0, 0.1, 20},
    {"Digamma", MathApi::kDigamma, kF, false, kNo, 0, 0.1, 20},
    {"Power", MathApi::kPower, kF, true, kNo, 0, 0.5, 2},
    {"Fmod", MathApi::kFmod, kF, true, kNo, 0, 1, 100},
    {"Xor", MathApi::kXor, ElemType::kInt16, true, kNo, 0, -30000, 30000},
    {"ClampMax", MathApi::kClampMax, kF, false, ScalarAt::kRight, 0.5, -1, 1},
    {"ClampMin", MathApi::kClampMin, kF, false, ScalarAt::kRight, 0.5, -1, 1},
    {"Axpy", MathApi::kAxpy, kF, false, kNo, 0.75, -1, 1},
    {"Sigmoid", MathApi::kSigmoid, kF, false, kNo, 0, -8, 8},
    {"Silu", MathApi::kSilu, kF, false, kNo, 0, -8, 8},
    {"Swish", MathApi::kSwish, kF, false, kNo, 1.5, -8, 8},
    {"Gelu", MathApi::kGelu, kF, false, kNo, 0, -8, 8},
    {"FasterGelu", MathApi::kFasterGelu, kF, false, kNo, 0, -8, 8},
    {"SwiGLU", MathApi::kSwiGLU, kF, true, kNo, 1.0, -8, 8},
    {"GeGLU", MathApi::kGeGLU, kF, true, kNo, 0, -8, 8},
    {"ReGlu", MathApi::kReGlu, kF, true, kNo, 0, -8, 8},
    {"Tanh/f16", MathApi::kTanh, kH, false, kNo, 0, -3, 3},
    {"Exp/f16", MathApi::kExp, kH, false, kNo, 0, -10, 10},
    {"Sigmoid/f16", MathApi::kSigmoid, kH, false, kNo, 0, -8, 8},
    {"Gelu/f16", MathApi::kGelu, kH, false, kNo, 0, -8, 8},
};

const bool kRegistered = [] {
  for (const KernelRow& row : kRows) {
    const bool is_add = std::string(row.name) == "Add";
    benchmark::RegisterBenchmark((std::string("BM_Kernel/") + row.name).c_str(), BM_Kernel, row,
                                 is_add)
        ->UseRealTime();
  }
  return true;
}();

}  // namespace
}  // namespace opsim::sim::hl
