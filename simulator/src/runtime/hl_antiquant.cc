// The high-level AscendAntiQuant (lib/quantization/ascend_antiquant.h) as the 910B's
// implementation computes it. half out: src cast to half (exact for int8), plus offset in half,
// times scale in half, each step rounded to nearest even. bfloat16_t out: src to half to float,
// plus the offset widened to float, times the scale widened to float, the sum and product in
// float, then cast to bfloat16_t (CAST_RINT). The per-channel factor of element [i][j]:
// offset[i / groupSize][j] for src [K, N], offset[i][j / groupSize] with isTranspose (src [N, K]),
// the group count from AntiQuantShapeInfo or, left 0, one group (the [1, N] / [N, 1] factor
// rows the 910B's fast path reads). int4b_t src (two elements a byte, low nibble first) takes the
// same steps: its values are exact in half. Documented rules are faults naming the value.
#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_antiquant.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace antiquant_impl {

constexpr uint32_t kBlock = 32;
constexpr uint32_t kMinScalarTmp = 1024;  // CANN's ANTI_QUANT_MIN_TMP_SIZE
constexpr uint32_t kRepeatFloats = 64;    // one 256-byte repeat of float
constexpr uint32_t kBrcbFloats = 8;       // Brcb's block of float

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "AscendAntiQuant", message);
}

// The factor tensors' layout: `rows` x `cols`, and which element of it src[i][j] takes.
struct Factors {
  uint32_t rows = 0, cols = 0, group = 1;
  bool along_rows = true;  // groups along i (src [K, N]); else along j (isTranspose)
  uint64_t At(uint64_t i, uint64_t j) const {
    return along_rows ? (i / group) * cols + j : i * cols + j / group;
  }
};

// The shape one factor tensor (`what`, `elems` of it) takes: (height, width) from shapeInfo, or
// the default one group.
Factors Resolve(uint32_t height, uint32_t width, uint64_t elems, uint32_t k, uint32_t n,
                bool transpose, const char* what) {
  Factors f;
  f.along_rows = !transpose;
  // src [K, N]: factors [groups, N]; transposed src [N, K]: factors [N, groups].
  const uint32_t want_fixed = n;
  uint32_t groups = transpose ? width : height;
  uint32_t fixed = transpose ? height : width;
  if (groups == 0) groups = 1;
  if (fixed == 0) fixed = want_fixed;
  const std::string axis = transpose ? "Width" : "Height";
  if (fixed != want_fixed) {
    Fail(std::string("shapeInfo.") + what + (transpose ? "Height " : "Width ") +
         std::to_string(fixed) + " must be N = " + std::to_string(n) + " (src's elements / k)");
  }
  if (k % groups != 0) {
    Fail(std::string("shapeInfo.") + what + axis + " " + std::to_string(groups) +
         " must divide k " + std::to_string(k) + " (groupSize = k / groups)");
  }
  if (uint64_t{groups} * fixed > elems) {
    Fail(std::string(what) + " holds " + std::to_string(elems) + " elements, fewer than its " +
         std::to_string(groups) + " x " + std::to_string(fixed) + " shape");
  }
  f.group = k / groups;
  f.rows = transpose ? fixed : groups;
  f.cols = transpose ? groups : fixed;
  return f;
}

float FactorAt(const detail::UbRef& t, bool bf16, uint64_t idx) {
  uint16_t bits;
  std::memcpy(&bits, t.ptr + idx * 2, 2);
  return bf16 ? static_cast<float>(opsim::BFloat16::FromBits(bits))
              : static_cast<float>(opsim::Half::FromBits(bits));
}

// GetAscendAntiQuantMaxMinTmpSize's minimum for this call (bfloat16_t out; half needs none).
uint64_t MinTmp(const AntiQuantCall& c, uint64_t scale_elems, uint32_t k) {
  if (!c.bf16) return 0;
  if (c.scale == nullptr) return kMinScalarTmp;
  if (c.transpose) return (2 * kBrcbFloats + kRepeatFloats) * scale_elems * 4;
  return scale_elems * 2 * 4 + uint64_t{kRepeatFloats} * k * 4;
}

float Compute(const AntiQuantCall& c, int8_t x, float off, float scale) {
  if (!c.bf16) {
    opsim::Half h(static_cast<float>(x));
    if (c.has_offset) h = opsim::Half(static_cast<float>(h) + off);
    return static_cast<float>(opsim::Half(static_cast<float>(h) * scale));
  }
  float f = static_cast<float>(x);
  if (c.has_offset) f += off;
  return f * scale;
}

void Run(const AntiQuantCall& c) {
  const uint64_t src_len = c.src->bytes;
  const uint64_t count = c.int4 ? src_len * 2 : src_len;  // elements
  if (c.k == 0 || count % c.k != 0) {
    Fail("k " + std::to_string(c.k) + " must be above 0 and divide src's " + std::to_string(count) +
         " elements");
  }
  if (src_len % kBlock != 0) {
    Fail("src holds " + std::to_string(count) + (c.int4 ? " int4b_t" : " int8") +
         " elements: its length must be a whole number of 32-byte blocks");
  }
  if (c.transpose && c.k % kBlock != 0) {
    Fail("with isTranspose, k " + std::to_string(c.k) + " must be a multiple of 32 (32 bytes)");
  }
  const uint32_t n = static_cast<uint32_t>(count / c.k);
  Factors fs, fo;
  uint64_t scale_used = 1;
  if (c.scale != nullptr) {
    fs = Resolve(c.shape.scaleHeight, c.shape.scaleWidth, c.scale->bytes / 2, c.k, n, c.transpose,
                 "scale");
    scale_used = uint64_t{fs.rows} * fs.cols;
    if (c.offset != nullptr) {
      fo = Resolve(c.shape.offsetHeight, c.shape.offsetWidth, c.offset->bytes / 2, c.k, n,
                   c.transpose, "offset");
    }
  }
  const uint64_t min_tmp = MinTmp(c, scale_used, c.k);
  if (c.tmp != nullptr && c.tmp->bytes < min_tmp) {
    Fail("sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
         " bytes; this call needs at least " + std::to_string(min_tmp) +
         " (the minimum GetAscendAntiQuantMaxMinTmpSize gives)");
  }
  const uint64_t dst_bytes = count * 2;
  if (c.dst->ptr < c.src->ptr + src_len && c.src->ptr < c.dst->ptr + dst_bytes) {
    Fail("dst and src overlap: CANN does not allow them to share memory");
  }
  detail::UbRef srcs[3] = {*c.src, *c.src, *c.src};
  uint64_t src_bytes[3] = {src_len, 0, 0};
  int nsrc = 1;
  if (c.scale != nullptr) {
    srcs[nsrc] = *c.scale;
    src_bytes[nsrc++] = scale_used * 2;
  }
  if (c.offset != nullptr) {
    srcs[nsrc] = *c.offset;
    src_bytes[nsrc++] = uint64_t{fo.rows} * fo.cols * 2;
  }
  detail::VectorPasses passes;
  passes.passes = c.bf16 ? 5 : 3;  // the casts in (and out), the add and the multiply
  if (c.tmp != nullptr && min_tmp > 0) {
    passes.work = c.tmp;
    passes.work_bytes = min_tmp;
  }
  const bool rows_are_k = !c.transpose;
  detail::VectorOpLanes(
      "AscendAntiQuant", *c.dst, dst_bytes, srcs, src_bytes, nsrc, 0,
      [&] {
        for (uint64_t e = 0; e < count; ++e) {
          const uint64_t i = e / (rows_are_k ? n : c.k), j = e % (rows_are_k ? n : c.k);
          const float scale =
              c.scale != nullptr ? FactorAt(*c.scale, c.bf16, fs.At(i, j)) : c.scale_value;
          const float off =
              c.offset != nullptr ? FactorAt(*c.offset, c.bf16, fo.At(i, j)) : c.offset_value;
          const int8_t x = c.int4 ? static_cast<int8_t>(detail::Int4Nibble(c.src->ptr[e / 2], e))
                                  : static_cast<int8_t>(c.src->ptr[e]);
          const float v = Compute(c, x, off, scale);
          const uint16_t bits = c.bf16 ? opsim::BFloat16(v).bits() : opsim::Half(v).bits();
          std::memcpy(c.dst->ptr + e * 2, &bits, 2);
        }
      },
      passes);
}

}  // namespace antiquant_impl

void RunAscendAntiQuant(const AntiQuantCall& call) { antiquant_impl::Run(call); }

}  // namespace opsim::sim::hl
