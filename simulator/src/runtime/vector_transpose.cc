// The basic 16 x 16 Transpose of 16-bit elements.
#include <cstring>

#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/ascendc/vector_transpose.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

void Transpose16x16(const UbRef& dst, const UbRef& src) {
  const char* name = "Transpose";
  constexpr uint64_t kBytes = 16 * 16 * 2;
  CheckVectorOperand(dst, kBytes, name, "dst");
  CheckVectorOperand(src, kBytes, name, "src");
  Core& core = Cur();
  if (core.checked) CheckWritten(core, src, 0, kBytes, name, "src");
  ChargeRepeat(name, 2, &dst, &src, 1);  // 512 B: two repeats of 256 B
  uint16_t in[256];
  std::memcpy(in, src.ptr, kBytes);  // dst may be src
  uint16_t out[256];
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) out[j * 16 + i] = in[i * 16 + j];
  }
  std::memcpy(dst.ptr, out, kBytes);
}

}  // namespace opsim::sim::detail
