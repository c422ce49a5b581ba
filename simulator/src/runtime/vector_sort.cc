// Sort32: operand checks, V-pipe cost and the per-repeat stable sort of 32 proposals.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/ascendc/vector_sort.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

thread_local std::vector<uint8_t> tls_scores, tls_indices;

// A total order key, largest first: NaN above +inf, then the numbers.
double SortKey(float v) { return std::isnan(v) ? HUGE_VAL : static_cast<double>(v); }

}  // namespace

void Sort32Run(const UbRef& dst, const UbRef& scores, const UbRef& indices, bool half_scores,
               int32_t repeat) {
  const char* name = "Sort32";
  if (repeat < 0 || repeat > 255) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               "repeatTimes " + std::to_string(repeat) + " is outside [0, 255]");
  }
  const uint64_t score_bytes = half_scores ? 2 : 4;
  const uint64_t n = static_cast<uint64_t>(repeat) * 32;
  CheckVectorOperand(dst, n * 8, name, "dst");
  CheckVectorOperand(scores, n * score_bytes, name, "src0");
  CheckVectorOperand(indices, n * 4, name, "src1");
  Core& core = Cur();
  if (core.checked && n > 0) {
    CheckWritten(core, scores, 0, n * score_bytes, name, "src0");
    CheckWritten(core, indices, 0, n * 4, name, "src1");
  }
  const UbRef srcs[2] = {scores, indices};
  ChargeRepeat(name, static_cast<uint32_t>(repeat), &dst, srcs, 2);
  // Every source is read before dst is written: dst may overlap them.
  tls_scores.assign(scores.ptr, scores.ptr + n * score_bytes);
  tls_indices.assign(indices.ptr, indices.ptr + n * 4);
  for (int32_t r = 0; r < repeat; ++r) {
    struct Entry {
      double key;
      uint8_t score[4];
      uint32_t index;
    } e[32];
    const uint8_t* s = tls_scores.data() + static_cast<uint64_t>(r) * 32 * score_bytes;
    const uint8_t* ix = tls_indices.data() + static_cast<uint64_t>(r) * 128;
    for (int i = 0; i < 32; ++i) {
      std::memset(e[i].score, 0, 4);
      std::memcpy(e[i].score, s + i * score_bytes, score_bytes);
      std::memcpy(&e[i].index, ix + i * 4, 4);
      float v;
      if (half_scores) {
        Half h;
        std::memcpy(static_cast<void*>(&h), e[i].score, 2);
        v = static_cast<float>(h);
      } else {
        std::memcpy(&v, e[i].score, 4);
      }
      e[i].key = SortKey(v);
    }
    std::stable_sort(e, e + 32, [](const Entry& a, const Entry& b) { return a.key > b.key; });
    uint8_t* out = dst.ptr + static_cast<uint64_t>(r) * 256;
    for (int i = 0; i < 32; ++i) {
      std::memcpy(out + i * 8, e[i].score, 4);  // half: score then the 2 reserved bytes (0)
      std::memcpy(out + i * 8 + 4, &e[i].index, 4);
    }
  }
}

}  // namespace opsim::sim::detail
