// The high-level AscendQuant (lib/quantization/ascend_quant.h) as the 910B's implementation
// computes it, all in half: a float src, scale or offset is first cast to half (round to nearest
// even), then half(src * scale), half(+ offset), and the cast to int8 rounds to nearest even and
// saturates to [-128, 127] (NaN gives 0). The documented rules are faults: a sharedTmpBuffer
// below the minimum GetAscendQuantMaxMinTmpSize gives, calCount beyond src, and per channel a
// scaleCount that is 0, not a whole number of 32-byte blocks, not a divisor of calCount, or (with
// an offset tensor) not equal to offsetCount.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_quant.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace quant_impl {

// GetAscendQuantMaxMinTmpSize's minimum: two repeats of half.
constexpr uint32_t kMinTmpBytes = 2 * 256;

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "AscendQuant", message);
}

int8_t ToInt8(opsim::Half v) {
  const double x = std::nearbyint(static_cast<float>(v));
  if (std::isnan(x)) return 0;
  if (x <= -128) return -128;
  if (x >= 127) return 127;
  return static_cast<int8_t>(x);
}

opsim::Half HalfAt(ElemType t, const uint8_t* base, uint64_t i) {
  return opsim::Half(static_cast<float>(Load(t, base + i * ElemBytes(t))));
}

void Compute(const QuantCall& c, uint32_t count, uint32_t channels) {
  const opsim::Half scale(c.scale), offset(c.offset);
  auto* dst = reinterpret_cast<int8_t*>(c.dst->ptr);
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t ch = channels == 0 ? 0 : i % channels;
    const opsim::Half s = c.scale_tensor ? HalfAt(c.type, c.scale_tensor->ptr, ch) : scale;
    const opsim::Half o = c.offset_tensor ? HalfAt(c.type, c.offset_tensor->ptr, ch) : offset;
    dst[i] = ToInt8(HalfAt(c.type, c.src->ptr, i) * s + o);
  }
}

// The counts the call runs with: config's compile-time counts replace the call's when set.
void Counts(const QuantCall& c, uint32_t* count, uint32_t* channels) {
  *count = c.config.calcCount != 0 ? c.config.calcCount : c.cal_count;
  *channels = 0;
  if (c.scale_tensor == nullptr) return;
  *channels = c.config.scaleCount != 0 ? c.config.scaleCount : c.scale_count;
  const uint32_t b = ElemBytes(c.type);
  if (*channels == 0) Fail("scaleCount is 0: it must be above 0");
  if (uint64_t{*channels} * b % 32 != 0) {
    Fail("scaleCount " + std::to_string(*channels) + " is " + std::to_string(*channels * b) +
         " bytes: it must be a whole number of 32-byte blocks");
  }
  if (*count % *channels != 0) {
    Fail("calCount " + std::to_string(*count) + " is not a multiple of scaleCount " +
         std::to_string(*channels));
  }
  if (c.offset_tensor != nullptr) {
    const uint32_t offsets = c.config.offsetCount != 0 ? c.config.offsetCount : c.offset_count;
    if (offsets != *channels) {
      Fail("offsetCount " + std::to_string(offsets) + " differs from scaleCount " +
           std::to_string(*channels) + ": they must be equal");
    }
  }
}

void Run(const QuantCall& c) {
  const uint32_t b = ElemBytes(c.type);
  uint32_t count = 0, channels = 0;
  Counts(c, &count, &channels);
  if (uint64_t{count} * b > c.src->bytes) {
    Fail("calCount " + std::to_string(count) + " is beyond srcTensor's " +
         std::to_string(c.src->bytes / b) + " elements");
  }
  if (c.tmp != nullptr && c.tmp->bytes < kMinTmpBytes) {
    Fail("sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
         " bytes; this call needs at least " + std::to_string(kMinTmpBytes) +
         " (the minimum GetAscendQuantMaxMinTmpSize gives)");
  }
  detail::UbRef srcs[3] = {*c.src};
  uint64_t src_bytes[3] = {uint64_t{count} * b};
  int nsrc = 1;
  if (c.scale_tensor != nullptr) {
    srcs[nsrc] = *c.scale_tensor;
    src_bytes[nsrc++] = uint64_t{channels} * b;
  }
  if (c.offset_tensor != nullptr) {
    srcs[nsrc] = *c.offset_tensor;
    src_bytes[nsrc++] = uint64_t{channels} * b;
  }
  // Cost (an assumption): a pass each for the multiply, the add and the cast to int8, one more
  // for a float src's cast to half.
  detail::VectorPasses passes;
  passes.passes = c.type == ElemType::kFloat ? 4 : 3;
  if (c.tmp != nullptr) {
    passes.work = c.tmp;
    passes.work_bytes = c.tmp->bytes;
  }
  detail::VectorOpLanes(
      "AscendQuant", *c.dst, count, srcs, src_bytes, nsrc, 0, [&] { Compute(c, count, channels); },
      passes);
}

}  // namespace quant_impl

void RunAscendQuant(const QuantCall& call) { quant_impl::Run(call); }

}  // namespace opsim::sim::hl
