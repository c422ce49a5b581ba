// The high-level math APIs (lib/math): operand and temporary-buffer checks, the V-pipe charge of
// the chip's implementation (SpecOf(api).passes repeats over the data), and the per-element
// computation in double, rounded to float32 and then to the element type (one-operand APIs of
// half: looked up in a table of that computation).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_math.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "opsim/sim/vector_hl_lanes.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_math_model.h"

namespace opsim::sim::hl {
namespace {

using detail::UbRef;

void StoreInt(ElemType t, uint8_t* p, int64_t v) {
  if (t == ElemType::kInt32) {
    const int32_t i = static_cast<int32_t>(static_cast<uint32_t>(v));
    std::memcpy(p, &i, 4);
  } else {
    const uint16_t i = static_cast<uint16_t>(v);
    std::memcpy(p, &i, 2);
  }
}

// The APIs whose result depends on the element alone (no second operand, scalar or parameter).
bool DependsOnElementOnly(MathApi api) {
  switch (api) {
    case MathApi::kPower:
    case MathApi::kFmod:
    case MathApi::kXor:
    case MathApi::kClampMax:
    case MathApi::kClampMin:
    case MathApi::kAxpy:
    case MathApi::kSwish:
    case MathApi::kSwiGLU:
    case MathApi::kGeGLU:
    case MathApi::kReGlu: return false;
    default: return true;
  }
}

// half has 2^16 values, so a one-operand API of half is a table: the loop below's result for
// every bit pattern, computed at the first such call and looked up afterwards (the same bits;
// a lookup instead of a double evaluation per element). Null when the call does not qualify.
const uint16_t* HalfTable(const MathCall& c) {
  if (c.type != ElemType::kHalf || c.src_type != ElemType::kHalf || c.src1 != nullptr ||
      c.scalar_at != ScalarAt::kNone || c.scalar != 0.0 || !DependsOnElementOnly(c.api)) {
    return nullptr;
  }
  struct Table {
    std::once_flag built;
    std::unique_ptr<uint16_t[]> values;
  };
  static Table tables[static_cast<size_t>(MathApi::kReGlu) + 1];
  Table& t = tables[static_cast<size_t>(c.api)];
  std::call_once(t.built, [&t, api = c.api] {
    t.values = std::make_unique<uint16_t[]>(size_t{1} << 16);
    for (uint32_t bits = 0; bits < (uint32_t{1} << 16); ++bits) {
      const uint16_t in = static_cast<uint16_t>(bits);
      const double x = Load(ElemType::kHalf, reinterpret_cast<const uint8_t*>(&in));
      Store(ElemType::kHalf, reinterpret_cast<uint8_t*>(&t.values[bits]), Model(api, x, 0.0, 0.0));
    }
  });
  return t.values.get();
}

// dst[i] = table[src[i]] for n half elements, by byte copies (a UB operand need not be aligned
// for uint16_t); element i is read before it is written, so dst may be src.
// Blocks through local buffers: the lookups then never wait on a store to the UB whose address
// may alias a table line's in its low bits (measured: 1.7x slower in one binary's layout).
void LookUp(const uint16_t* table, const uint8_t* src, uint8_t* dst, uint32_t n) {
  constexpr uint32_t kBlock = 512;
  uint16_t in[kBlock], out[kBlock];
  for (uint32_t start = 0; start < n; start += kBlock) {
    const uint32_t m = std::min(kBlock, n - start);
    std::memcpy(in, src + size_t{start} * 2, size_t{m} * 2);
    for (uint32_t i = 0; i < m; ++i) out[i] = table[in[i]];
    std::memcpy(dst + size_t{start} * 2, out, size_t{m} * 2);
  }
}

bool IsFloating(ElemType t) { return t == ElemType::kHalf || t == ElemType::kFloat; }

// A float or half call on Highway lanes (vector_hl_lanes.h), in chunks; the lanes it leaves are
// computed here by the model, from the operands it saved. False when the call does not qualify.
// Not inlined: its buffers would cost the table lookup loop beside it its registers (measured:
// Tanh of half 1.8x slower).
[[gnu::noinline]] bool ComputeLanes(const MathCall& c) {
  if (!IsFloating(c.type) || !IsFloating(c.src_type) ||
      !vec::HlLanesSupport(static_cast<uint8_t>(c.api))) {
    return false;
  }
  const bool axpy = c.api == MathApi::kAxpy;
  if (!axpy && c.src_type != c.type) return false;
  constexpr uint32_t kChunk = 1024;
  uint32_t index[kChunk];
  double xs[kChunk], ys[kChunk];
  const uint32_t db = ElemBytes(c.type), sb = ElemBytes(c.src_type);
  for (uint32_t start = 0; start < c.count; start += kChunk) {
    const uint32_t m = std::min(kChunk, c.count - start);
    uint8_t* const d = c.dst->ptr + size_t{start} * db;
    const vec::HlLanesCall call{static_cast<uint8_t>(c.api),
                                c.type == ElemType::kHalf,
                                c.src_type == ElemType::kHalf,
                                c.scalar_at == ScalarAt::kLeft,
                                d,
                                c.src0->ptr + size_t{start} * sb,
                                c.src1 != nullptr ? c.src1->ptr + size_t{start} * db : nullptr,
                                c.scalar};
    const size_t left = vec::HlMathLanes(call, m, vec::HlLeftLanes{index, xs, ys});
    for (size_t k = 0; k < left; ++k) {
      uint8_t* const out = d + size_t{index[k]} * db;
      const double x = xs[k], y = ys[k];
      if (axpy) {
        Store(c.type, out, y + x * c.scalar);
      } else if (c.scalar_at == ScalarAt::kLeft) {
        Store(c.type, out, Model(c.api, c.scalar, x, c.scalar));
      } else {
        Store(c.type, out, Model(c.api, x, y, c.scalar));
      }
    }
  }
  return true;
}

// Xor of two integer tensors: the model's x ^ y of the sign-extended values, truncated to the
// element, is the XOR of the elements' bytes (a loop the compiler vectorises).
bool XorBytes(const MathCall& c) {
  const bool is_int =
      c.type == ElemType::kInt32 || c.type == ElemType::kInt16 || c.type == ElemType::kUInt16;
  if (c.api != MathApi::kXor || !is_int || c.src1 == nullptr || c.scalar_at != ScalarAt::kNone) {
    return false;
  }
  const size_t bytes = size_t{c.count} * ElemBytes(c.type);
  const uint8_t* const a = c.src0->ptr;
  const uint8_t* const b = c.src1->ptr;
  uint8_t* const d = c.dst->ptr;
  for (size_t i = 0; i < bytes; ++i) d[i] = static_cast<uint8_t>(a[i] ^ b[i]);
  return true;
}

void Compute(const MathCall& c) {
  if (const uint16_t* table = HalfTable(c)) return LookUp(table, c.src0->ptr, c.dst->ptr, c.count);
  if (XorBytes(c) || ComputeLanes(c)) return;
  const uint32_t db = ElemBytes(c.type), sb = ElemBytes(c.src_type);
  const bool is_int =
      c.type == ElemType::kInt32 || c.type == ElemType::kInt16 || c.type == ElemType::kUInt16;
  uint8_t* const d = c.dst->ptr;
  const uint8_t* const a = c.src0->ptr;
  const uint8_t* const b = c.src1 != nullptr ? c.src1->ptr : nullptr;
  for (uint32_t i = 0; i < c.count; ++i) {
    const double x = Load(c.src_type, a + size_t{i} * sb);
    double y = c.scalar;  // the scalar operand, or the second tensor's element
    if (b != nullptr) y = Load(c.type, b + size_t{i} * db);
    if (c.api == MathApi::kAxpy) {
      Store(c.type, d + size_t{i} * db, Load(c.type, d + size_t{i} * db) + x * c.scalar);
      continue;
    }
    double lhs = x, rhs = y;
    if (c.scalar_at == ScalarAt::kLeft) {
      lhs = c.scalar;
      rhs = x;
    }
    if (is_int) {
      StoreInt(c.type, d + size_t{i} * db,
               IntModel(c.api, static_cast<int64_t>(lhs), static_cast<int64_t>(rhs)));
    } else {
      Store(c.type, d + size_t{i} * db, Model(c.api, lhs, rhs, c.scalar));
    }
  }
}

// The temporary buffer the call uses: none when the form takes none or when this type and
// form need none (Log2 of float, Axpy of float, ...), where the chip's implementation never
// touches it, so an empty tensor passed there is no fault.
const UbRef* UsedTmp(const MathCall& c) {
  if (c.tmp == nullptr) return nullptr;
  return MinTmpBytes(c.api, c.src_type, c.reuse_source, c.scalar_at) == 0 ? nullptr : c.tmp;
}

void CheckTmp(const MathCall& c, const char* name) {
  if (UsedTmp(c) == nullptr) return;
  const uint32_t min = MinTmpBytes(c.api, c.src_type, c.reuse_source, c.scalar_at);
  if (c.tmp->bytes < min) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               std::string("sharedTmpBuffer holds ") + std::to_string(c.tmp->bytes) +
                   " bytes; this call needs at least " + std::to_string(min) + " (the minimum Get" +
                   name + "MaxMinTmpSize gives)");
  }
}

}  // namespace

void RunMath(const MathCall& c) {
  const MathSpec& spec = SpecOf(c.api);
  const char* name = spec.name;
  CheckTmp(c, name);
  const uint64_t dst_bytes = uint64_t{c.count} * ElemBytes(c.type);
  const uint64_t src_bytes = uint64_t{c.count} * ElemBytes(c.src_type);
  UbRef srcs[3];
  uint64_t sizes[3];
  int n = 0;
  srcs[n] = *c.src0;
  sizes[n++] = src_bytes;
  if (c.src1 != nullptr) {
    srcs[n] = *c.src1;
    sizes[n++] = dst_bytes;
  }
  if (c.api == MathApi::kAxpy) {  // reads dst
    srcs[n] = *c.dst;
    sizes[n++] = dst_bytes;
  }
  const UbRef* const tmp = UsedTmp(c);
  // The chip's implementation: SpecOf(api).passes over the data, two more for half's casts.
  const detail::VectorPasses passes{spec.passes + (c.type == ElemType::kHalf ? 2u : 0u), tmp,
                                    tmp != nullptr ? tmp->bytes : 0};
  detail::VectorOpLanes(
      name, *c.dst, dst_bytes, srcs, sizes, n, c.count, [&] { Compute(c); }, passes);
}

}  // namespace opsim::sim::hl
