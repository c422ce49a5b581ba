// ArithProgression (high-level library, lib/index): dst[i] = firstValue + i * diffValue for
// i < count. Built from the basic API the way the chip has to do it: the scalar unit writes the
// first 32 B of values, then each vector Adds doubles the filled prefix (dst[n, 2n) = dst[0, n) +
// n * diffValue), so the instruction trace, the pipes and the checks see what a kernel would
// issue. Every Adds writes at a 32 B boundary. Float values are therefore sums of the seed and
// whole multiples of diffValue, rounded once per doubling, as on the chip.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

// a + b * k in T: 16-bit floats in float with one rounding, integers wrapping as the chip's do.
template <typename T>
T ProgressionTerm(T a, T b, int64_t k) {
  if constexpr (std::is_integral_v<T>) {
    // In uint64_t, where wrapping is defined; the narrowing keeps the low bits.
    const uint64_t sum = static_cast<uint64_t>(static_cast<int64_t>(a)) +
                         static_cast<uint64_t>(static_cast<int64_t>(b)) * static_cast<uint64_t>(k);
    return static_cast<T>(sum);
  } else {
    return static_cast<T>(static_cast<float>(a) + static_cast<float>(b) * static_cast<float>(k));
  }
}

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void ArithProgression(const LocalTensor<T>& dstLocal, const T firstValue, const T diffValue,
                      const int32_t count) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, int16_t> ||
                    std::is_same_v<T, int32_t>,
                "ArithProgression takes half, float, int16_t or int32_t");
  using opsim::sim::detail::ProgressionTerm;
  if (count <= 0 || static_cast<uint64_t>(count) > dstLocal.GetSize()) {
    opsim::sim::RaiseFault(opsim::sim::FaultKind::kInvalidArgument, "ArithProgression",
                           "count " + std::to_string(count) + " must be in [1, " +
                               std::to_string(dstLocal.GetSize()) + "] (the elements of dstLocal)");
  }
  constexpr int32_t kSeed = static_cast<int32_t>(32 / sizeof(T));
  const int32_t seeded = count < kSeed ? count : kSeed;
  for (int32_t i = 0; i < seeded; ++i) {
    dstLocal.SetValue(static_cast<uint32_t>(i), ProgressionTerm(firstValue, diffValue, i));
  }
  // The scalar writes must land before the vector unit reads them.
  PipeBarrier<PIPE_ALL>();
  for (int32_t filled = seeded; filled < count; filled *= 2) {
    const int32_t n = count - filled < filled ? count - filled : filled;
    Adds(dstLocal[static_cast<uint32_t>(filled)], dstLocal,
         ProgressionTerm(T(0), diffValue, filled), n);
    PipeBarrier<PIPE_V>();
  }
  // A kernel may read the result with GetValue next.
  PipeBarrier<PIPE_ALL>();
}

}  // namespace AscendC
