// The elementwise kernels are templates on their element type, instantiated once per dtype of
// the family (not per op): the op is a runtime field of the tiling. This maps the tiling's dtype
// number to the C++ type. Bool is held as uint8_t (ONNX bool is one byte, 0 or 1).
#pragma once

#include "elementwise/kernel_traits.h"
#include "kernel_operator.h"

namespace op_kernel::elementwise {

template <typename Fn>
__aicore__ void WithDType(uint32_t dtype, const char* kernel, Fn&& fn) {
  switch (static_cast<DataType>(dtype)) {
    case DataType::kFloat32: fn(float{}); return;
    case DataType::kFloat16: fn(half{}); return;
    case DataType::kBFloat16: fn(bfloat16_t{}); return;
    case DataType::kFloat64: fn(double{}); return;
    case DataType::kInt8: fn(int8_t{}); return;
    case DataType::kUInt8: fn(uint8_t{}); return;
    case DataType::kBool: fn(uint8_t{}); return;
    case DataType::kInt32: fn(int32_t{}); return;
    case DataType::kUInt32: fn(uint32_t{}); return;
    case DataType::kInt64: fn(int64_t{}); return;
    case DataType::kUInt64: fn(uint64_t{}); return;
  }
  ascendc_assert(false, "%s: the tiling names dtype %u, which no kernel build takes", kernel,
                 dtype);
}

// The element types the binary and unary kernels take: those the 910B's vector instructions
// compute (bfloat16 through float32). The family's other types run on the AI CPU
// (op_kernel_aicpu/elementwise), where the OpDefs send them.
template <typename Fn>
__aicore__ void WithVectorDType(uint32_t dtype, const char* kernel, Fn&& fn) {
  switch (static_cast<DataType>(dtype)) {
    case DataType::kFloat32: fn(float{}); return;
    case DataType::kFloat16: fn(half{}); return;
    case DataType::kBFloat16: fn(bfloat16_t{}); return;
    case DataType::kInt32: fn(int32_t{}); return;
    default: break;
  }
  ascendc_assert(false, "%s: the tiling names dtype %u, which runs on the AI CPU, not here", kernel,
                 dtype);
}

// Elements [begin, end) of the output this block handles.
struct BlockRange {
  uint64_t begin = 0;
  uint64_t end = 0;
};
__aicore__ inline BlockRange RangeOfBlock(uint64_t total, uint64_t per_core) {
  const uint64_t begin = per_core * static_cast<uint64_t>(AscendC::GetBlockIdx());
  if (begin >= total) return {};
  return {begin, begin + per_core < total ? begin + per_core : total};
}

}  // namespace op_kernel::elementwise
