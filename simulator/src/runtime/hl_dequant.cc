// The high-level AscendDequant (lib/quantization/ascend_dequant.h) as the 910B's implementation
// computes it: each int32 of src cast to float (round to nearest even), the first calCount of
// each row multiplied by deqScale[j] (a uint64_t deqScale's low 32 bits are the float factor; a
// bfloat16_t one widened; a scalar for every column), and the whole row (n elements: past
// calCount the cast values unscaled, as the chip's cast covers the row) cast to dstT (round to
// nearest even) into a dst row padded to 32 bytes. Documented rules are faults naming the value.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_dequant.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace dequant_impl {

constexpr uint32_t kFloatsPerBlock = 8;
constexpr uint32_t kFloatsPerRepeat = 64;

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "AscendDequant", message);
}

uint32_t Bytes(DqType t) {
  switch (t) {
    case DqType::kHalf:
    case DqType::kBFloat16: return 2;
    case DqType::kFloat: return 4;
    case DqType::kUInt64: return 8;
  }
  return 4;
}

float ScaleAt(const DequantCall& c, uint32_t j) {
  if (c.scale == nullptr) return c.scale_value;
  const uint8_t* p = c.scale->ptr + uint64_t{j} * Bytes(c.scale_type);
  float f;
  if (c.scale_type == DqType::kBFloat16) {
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    return static_cast<float>(opsim::BFloat16::FromBits(bits));
  }
  std::memcpy(&f, p, 4);  // float, or a uint64_t's low 32 bits (little-endian)
  return f;
}

void Store(DqType t, uint8_t* p, float v) {
  if (t == DqType::kFloat) {
    std::memcpy(p, &v, 4);
  } else {
    const uint16_t bits = t == DqType::kHalf ? opsim::Half(v).bits() : opsim::BFloat16(v).bits();
    std::memcpy(p, &bits, 2);
  }
}

// The call's shape: the DequantParams, or for the calCount forms rows of deqScale's size.
struct Shape {
  uint32_t m, n, cal, dst_inner;
  uint64_t count;  // src elements computed, row after row
};

Shape Resolve(const DequantCall& c) {
  const uint64_t src_elems = c.src->bytes / 4;
  Shape s{};
  if (c.has_params) {
    s = {c.params.m, c.params.n, c.params.calCount, 0, uint64_t{c.params.m} * c.params.n};
    if (s.n == 0 || s.n % kFloatsPerBlock != 0) {
      Fail("params.n " + std::to_string(s.n) + " must be above 0 and a multiple of 8 (whole " +
           "32-byte blocks of int32)");
    }
    if (s.cal == 0 || s.cal > s.n) {
      Fail("params.calCount " + std::to_string(s.cal) + " must be in (0, params.n " +
           std::to_string(s.n) + "]");
    }
    if (s.count > src_elems) {
      Fail("params.m " + std::to_string(s.m) + " x params.n " + std::to_string(s.n) +
           " is beyond srcTensor's " + std::to_string(src_elems) + " elements");
    }
  } else {
    s.n = c.scale->bytes / Bytes(c.scale_type);
    s.cal = s.n;
    s.count = c.cal_count;
    if (s.n == 0 || s.n % kFloatsPerBlock != 0) {
      Fail("deqScale holds " + std::to_string(s.n) +
           " elements: the calCount forms take rows of that many, a multiple of 8");
    }
    if (s.count == 0 || s.count > src_elems) {
      Fail("calCount " + std::to_string(s.count) + " must be in (0, srcTensor's " +
           std::to_string(src_elems) + " elements]");
    }
    s.m = static_cast<uint32_t>((s.count + s.n - 1) / s.n);
  }
  if (c.scale != nullptr && uint64_t{s.cal} * Bytes(c.scale_type) > c.scale->bytes) {
    Fail("calCount " + std::to_string(s.cal) + " is beyond deqScale's " +
         std::to_string(c.scale->bytes / Bytes(c.scale_type)) + " elements");
  }
  return s;
}

void Run(const DequantCall& c) {
  Shape s = Resolve(c);
  // GetAscendDequantMaxMinTmpSize's minimum for rows of n: a 256-byte repeat of slack, one row
  // of float src and the float factors (n + 8).
  const uint64_t min_tmp = (kFloatsPerRepeat + 2ull * s.n + kFloatsPerBlock) * 4;
  if (c.tmp != nullptr && c.tmp->bytes < min_tmp) {
    Fail("sharedTmpBuffer holds " + std::to_string(c.tmp->bytes) +
         " bytes; this call needs at least " + std::to_string(min_tmp) +
         " (the minimum GetAscendDequantMaxMinTmpSize gives)");
  }
  const uint32_t db = Bytes(c.dst_type), blk = 32 / db;
  // DEQUANT_WITH_SINGLE_ROW: {1, n, calCount} with calCount whole dst blocks dividing n runs as
  // calCount-long rows (documented).
  if (c.has_params && c.single_row && s.m == 1 && s.cal % blk == 0 && s.n % s.cal == 0) {
    s = {s.n / s.cal, s.cal, s.cal, 0, s.count};
  }
  s.dst_inner = (s.n + blk - 1) / blk * blk;
  const uint64_t rows = (s.count + s.n - 1) / s.n;
  const uint64_t dst_bytes = ((rows - 1) * s.dst_inner + (s.count - (rows - 1) * s.n)) * db;
  const detail::UbRef srcs[2] = {*c.src, c.scale != nullptr ? *c.scale : *c.src};
  const uint64_t src_bytes[2] = {s.count * 4, uint64_t{s.cal} * Bytes(c.scale_type)};
  detail::VectorPasses passes;
  passes.passes = 3;  // an assumption: the casts in and out and the multiply
  if (c.tmp != nullptr) {
    passes.work = c.tmp;
    passes.work_bytes = c.tmp->bytes;
  }
  detail::VectorOpLanes(
      "AscendDequant", *c.dst, dst_bytes, srcs, src_bytes, c.scale != nullptr ? 2 : 1, 0,
      [&] {
        for (uint64_t k = 0; k < s.count; ++k) {
          const uint64_t row = k / s.n;
          const uint32_t j = static_cast<uint32_t>(k % s.n);
          int32_t x;
          std::memcpy(&x, c.src->ptr + k * 4, 4);
          float v = static_cast<float>(x);
          if (j < s.cal) v *= ScaleAt(c, j);
          Store(c.dst_type, c.dst->ptr + (row * s.dst_inner + j) * db, v);
        }
      },
      passes);
}

}  // namespace dequant_impl

void RunAscendDequant(const DequantCall& call) { dequant_impl::Run(call); }

}  // namespace opsim::sim::hl
