// The 16-bit float math tables (vector_math_table.h): built from the model on first use.
#include "vector/vector_math_table.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>

#include "opsim/sim/vector_math_model.h"

namespace opsim::sim::vec::detail {
namespace {

constexpr size_t kPatterns = size_t{1} << 16;
constexpr size_t kOps = static_cast<size_t>(MathOp::kRelu) + 1;

struct Table {
  std::once_flag built;
  std::unique_ptr<uint16_t[]> values;  // values[bits] = the model's result for input `bits`
};

const uint16_t* ValuesOf(MathOp op, DType dtype) {
  static Table tables[kOps][2];
  Table& t = tables[static_cast<size_t>(op)][dtype == DType::kFloat16 ? 1 : 0];
  std::call_once(t.built, [&t, op, dtype] {
    auto inputs = std::make_unique<uint16_t[]>(kPatterns);
    for (size_t i = 0; i < kPatterns; ++i) inputs[i] = static_cast<uint16_t>(i);
    t.values = std::make_unique<uint16_t[]>(kPatterns);
    model::Math(op, dtype, t.values.get(), inputs.get(), kPatterns);
  });
  return t.values.get();
}

}  // namespace

bool MathByTable16(MathOp op, DType dtype, void* dst, const void* src, size_t n) {
  if (dtype != DType::kFloat16 && dtype != DType::kBFloat16) return false;
  if (static_cast<size_t>(op) >= kOps) return false;
  const uint16_t* const table = ValuesOf(op, dtype);
  auto* out = static_cast<unsigned char*>(dst);
  const auto* in = static_cast<const unsigned char*>(src);
  // Through local blocks (byte copies in and out: a UB operand need not be aligned for
  // uint16_t; a block is read before it is written, so dst == src works): a lookup then never
  // waits on a store to the operand whose address may alias a table line's in its low 12 bits
  // (measured: 1.7x slower in some layouts of the heap).
  constexpr size_t kBlock = 512;
  uint16_t bits[kBlock], values[kBlock];
  for (size_t start = 0; start < n; start += kBlock) {
    const size_t m = std::min(kBlock, n - start);
    std::memcpy(bits, in + 2 * start, 2 * m);
    for (size_t i = 0; i < m; ++i) values[i] = table[bits[i]];
    std::memcpy(out + 2 * start, values, 2 * m);
  }
  return true;
}

}  // namespace opsim::sim::vec::detail
