// The elementwise kernels are templates on their element type, instantiated once per dtype of
// the family (not per op): the op is a runtime field of the tiling. This maps the tiling's dtype
// number to the C++ type. Bool is held as uint8_t (ONNX bool is one byte, 0 or 1).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "kernel_operator.h"
#include "opsim/core/dtype.h"

namespace opsim::kernels::elementwise {

template <typename Fn>
void WithDType(uint32_t dtype, const char* kernel, Fn&& fn) {
  switch (static_cast<DType>(dtype)) {
    case DType::kFloat32: fn(float{}); return;
    case DType::kFloat16: fn(half{}); return;
    case DType::kBFloat16: fn(bfloat16_t{}); return;
    case DType::kFloat64: fn(double{}); return;
    case DType::kInt8: fn(int8_t{}); return;
    case DType::kUInt8: fn(uint8_t{}); return;
    case DType::kBool: fn(uint8_t{}); return;
    case DType::kInt32: fn(int32_t{}); return;
    case DType::kUInt32: fn(uint32_t{}); return;
    case DType::kInt64: fn(int64_t{}); return;
    case DType::kUInt64: fn(uint64_t{}); return;
    case DType::kInt16:
    case DType::kUInt16: break;  // no elementwise OpDef lists them: not built
  }
  ascendc_assert(false, "%s: the tiling names dtype %u, which no kernel build takes", kernel,
                 dtype);
}

template <typename T>
constexpr bool kIsFloat = std::is_same_v<T, float> || std::is_same_v<T, half> ||
                          std::is_same_v<T, bfloat16_t> || std::is_same_v<T, double>;

// Elements [begin, end) of the output this block handles.
struct BlockRange {
  uint64_t begin = 0;
  uint64_t end = 0;
};
inline BlockRange RangeOfBlock(uint64_t total, uint64_t per_core) {
  const uint64_t begin = per_core * static_cast<uint64_t>(AscendC::GetBlockIdx());
  if (begin >= total) return {};
  return {begin, begin + per_core < total ? begin + per_core : total};
}

}  // namespace opsim::kernels::elementwise
