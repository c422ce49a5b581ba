// The high-level Arange (lib/index/arithprogression.h): its documented rules (count > 0,
// diffValue >= 0, int16_t/half/int32_t/float) and the values in the order the chip's sequence
// builds them: the first 32-byte block by the scalar unit (first + diff * i), each further block
// of the first repeat by an Adds of diff * (block elements) to the block before, and each further
// repeat by an Adds of diff * (repeat elements) to the repeat before. In float and half each
// element therefore carries the rounding of its chain of adds, as on the chip, and the last
// block is written whole (the Adds run on whole blocks).
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_index.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace arange_impl {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kRepeatBytes = 256;

[[noreturn]] void Fail(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, "Arange", message);
}

// One element type's arithmetic as the chip does it: V adds wrap for integers and round once for
// float and half; the scalar unit computes half's first block in float.
template <typename T>
struct Seq {
  static T From(uint32_t bits) {
    if constexpr (std::is_same_v<T, float>) {
      float v;
      std::memcpy(&v, &bits, 4);
      return v;
    } else if constexpr (std::is_same_v<T, opsim::Half>) {
      return opsim::Half::FromBits(static_cast<uint16_t>(bits));
    } else {
      return static_cast<T>(static_cast<int32_t>(bits));
    }
  }
  static T Base(T first, T diff, int32_t i) {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(static_cast<uint32_t>(first) +
                            static_cast<uint32_t>(diff) * static_cast<uint32_t>(i));
    } else {
      return T(static_cast<float>(first) + static_cast<float>(diff) * static_cast<float>(i));
    }
  }
  static T Step(T diff, int32_t n) {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(static_cast<int64_t>(diff) * n);
    } else {
      return T(static_cast<float>(diff) * static_cast<float>(n));
    }
  }
  static T Add(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
    } else {
      return a + b;
    }
  }
};

// The elements the chip's sequence writes (whole blocks past count; see the file comment).
uint64_t WrittenElems(int32_t count, uint32_t block, uint32_t repeat) {
  const uint64_t n = static_cast<uint64_t>(count);
  if (n <= block) return n;
  if (n <= repeat) return (n + block - 1) / block * block;
  const uint64_t tail = n % repeat;
  return n / repeat * repeat + (tail + block - 1) / block * block;
}

template <typename T>
void Compute(uint8_t* dst, const ArangeCall& c, uint64_t written) {
  const uint32_t block = kBlockBytes / sizeof(T), repeat = kRepeatBytes / sizeof(T);
  const T first = Seq<T>::From(c.first_bits), diff = Seq<T>::From(c.diff_bits);
  std::vector<T> v(written);
  for (uint64_t i = 0; i < written && i < block; ++i) {
    v[i] = Seq<T>::Base(first, diff, static_cast<int32_t>(i));
  }
  const T block_step = Seq<T>::Step(diff, block), repeat_step = Seq<T>::Step(diff, repeat);
  for (uint64_t i = block; i < written && i < repeat; ++i) {
    v[i] = Seq<T>::Add(v[i - block], block_step);
  }
  for (uint64_t i = repeat; i < written; ++i) v[i] = Seq<T>::Add(v[i - repeat], repeat_step);
  std::memcpy(dst, v.data(), written * sizeof(T));
}

double DiffValue(const ArangeCall& c) {
  switch (c.type) {
    case ElemType::kHalf: return static_cast<float>(Seq<opsim::Half>::From(c.diff_bits));
    case ElemType::kFloat: return Seq<float>::From(c.diff_bits);
    default: return static_cast<int32_t>(c.diff_bits);
  }
}

void Run(const ArangeCall& c) {
  const uint32_t b = ElemBytes(c.type);
  if (c.count <= 0) Fail("count is " + std::to_string(c.count) + ": it must be above 0");
  const double diff = DiffValue(c);
  if (!(diff >= 0)) Fail("diffValue is " + std::to_string(diff) + ": it must be 0 or above");
  const uint64_t written = WrittenElems(c.count, kBlockBytes / b, kRepeatBytes / b);
  const uint64_t bytes = written * b;
  // Cost (an assumption): one vector pass over what the sequence writes; its up to 8 scalar
  // stores and the single-block Adds are not charged apart.
  detail::VectorOp("Arange", *c.dst, bytes, nullptr, nullptr, 0, [&] {
    uint8_t* dst = c.dst->ptr;
    switch (c.type) {
      case ElemType::kHalf: return Compute<opsim::Half>(dst, c, written);
      case ElemType::kFloat: return Compute<float>(dst, c, written);
      case ElemType::kInt32: return Compute<int32_t>(dst, c, written);
      case ElemType::kInt16: return Compute<int16_t>(dst, c, written);
      case ElemType::kUInt16: break;
    }
  });
}

}  // namespace arange_impl

void RunArange(const ArangeCall& call) { arange_impl::Run(call); }

}  // namespace opsim::sim::hl
