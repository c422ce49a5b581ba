// The high-level FasterGeluV2 (lib/activation/gelu.h) as the 910B's implementation computes it
// (asc-devkit gelu_impl.h, FastGeluV2CalcSimplified), one instruction at a time, each result
// rounded to the working type (T; float for half with highPrecision, the input cast in and the
// result cast out to nearest even):
//   a = 0.7071 x; a = |a|; a = min(a, 1.769); a += -1.769; a *= a; a *= -0.1444; a += 0.5
//   b = x + 1e-12 (0 in half); c = |b|; b = b / c (highPerformance: c = 1 / c; b *= c)
//   a *= b; a += 0.5; dst = x * a
// so half's x = 0 gives 0 / 0 = NaN, as the chip's sequence does. The constants are the working
// type's roundings of CANN's.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_fastergeluv2.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace geluv2_impl {

constexpr uint32_t kMinTmp = 3 * 256;  // GetGeluMaxMinTmpSize's minimum (three tiles)

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "FasterGeluV2", message);
}

// The working type: float, or each value rounded to half.
struct Working {
  bool half;
  float R(float v) const { return half ? static_cast<float>(opsim::Half(v)) : v; }
  float C(double v) const {
    return half ? static_cast<float>(opsim::Half(static_cast<float>(v))) : static_cast<float>(v);
  }
};

float GeluV2(const Working& w, bool perf, float x) {
  float a = w.R(x * w.C(0.7071));
  a = std::fabs(a);
  if (!std::isnan(a)) a = std::fmin(a, w.C(1.769));
  a = w.R(a + w.C(-1.769));
  a = w.R(a * a);
  a = w.R(a * w.C(-0.1444));
  a = w.R(a + w.C(0.5));
  float b = w.R(x + w.C(0.000000000001));
  float c = std::fabs(b);
  if (perf) {
    c = w.R(1.0f / c);
    b = w.R(b * c);
  } else {
    b = w.R(b / c);
  }
  a = w.R(a * b);
  a = w.R(a + w.C(0.5));
  return w.R(x * a);
}

bool Overlaps(const detail::UbRef& a, uint64_t an, const detail::UbRef& b, uint64_t bn) {
  return a.ptr < b.ptr + bn && b.ptr < a.ptr + an;
}

void Run(const GeluV2Call& c) {
  const uint32_t tb = c.is_float ? 4 : 2;
  const uint64_t bytes = uint64_t{c.count} * tb;
  if (c.tmp != nullptr) {
    if (c.tmp->bytes < kMinTmp) {
      Fail("sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) + " bytes; it needs at least " +
           std::to_string(kMinTmp) + " (the minimum GetGeluMaxMinTmpSize gives)");
    }
    if (Overlaps(*c.tmp, kMinTmp, *c.src, bytes) || Overlaps(*c.tmp, kMinTmp, *c.dst, bytes)) {
      Fail("sharedTmpBuffer overlaps src or dst: CANN does not allow them to share memory");
    }
  }
  const Working w{!c.is_float && !c.high_precision};
  detail::VectorPasses passes;
  passes.passes = 14 + (c.high_performance ? 1 : 0) + (!c.is_float && c.high_precision ? 2 : 0);
  if (c.tmp != nullptr) {
    passes.work = c.tmp;
    passes.work_bytes = kMinTmp;
  }
  const uint64_t src_bytes[1] = {bytes};
  detail::VectorOpLanes(
      "FasterGeluV2", *c.dst, bytes, c.src, src_bytes, 1, c.count,
      [&] {
        for (uint64_t e = 0; e < c.count; ++e) {
          float x;
          if (c.is_float) {
            std::memcpy(&x, c.src->ptr + e * 4, 4);
            const float y = GeluV2(w, c.high_performance, x);
            std::memcpy(c.dst->ptr + e * 4, &y, 4);
          } else {
            uint16_t bits;
            std::memcpy(&bits, c.src->ptr + e * 2, 2);
            x = static_cast<float>(opsim::Half::FromBits(bits));
            bits = opsim::Half(GeluV2(w, c.high_performance, x)).bits();
            std::memcpy(c.dst->ptr + e * 2, &bits, 2);
          }
        }
      },
      passes);
}

}  // namespace geluv2_impl

void RunFasterGeluV2(const GeluV2Call& call) { geluv2_impl::Run(call); }

}  // namespace opsim::sim::hl
