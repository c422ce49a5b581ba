// Which Cast pairs the AI Core kernel computes, and through which conversions of the 910B's Cast
// row (docs/OPERATORS.md, "The dtypes each instruction takes on the 910B": CANN's dav_c220 list).
// One table for the host and the kernel: the OpDef's AI Core columns and the tiling come from it
// (op_host/elementwise), and the kernel instantiates exactly these pairs. Every other pair runs on
// the AI CPU (op_kernel_aicpu/elementwise/elementwise_cast_aicpu.cc). A chain stays here only
// when it gives what one conversion would, bit for bit: each step but the last is exact (int8 ->
// half, half -> float, ...), or the chain is the one ONNX Runtime itself takes (an int64 rounds to
// float32 first, then to half or bfloat16).
#pragma once

#include "elementwise/elementwise_tiling_data.h"

namespace op_kernel::elementwise {

enum class CastRoute : uint32_t {
  kAiCpu = 0,         // not on the AI Core
  kToBool = 1,        // x != 0 on the scalar unit (no vector instruction has a bool destination)
  kCopy = 2,          // Muls by 1: float, half, int32 (a copy on the V pipe)
  kCopyBits16 = 3,    // Muls by 1 of the bits as int16_t: bfloat16, which Muls does not take
  kDirect = 4,        // one Cast of the row
  kViaHalf = 5,       // source -> half -> destination
  kViaFloat = 6,      // source -> float -> destination
  kViaHalfFloat = 7,  // source -> half -> float -> destination
};

// The route of src -> dst. Bool is held as uint8 (bytes 0 or 1): as a source it converts as
// uint8 does, and where its two values make a chain exact that uint8's values do not (to int8,
// which wraps 128..255), bool stays here and uint8 goes to the AI CPU.
constexpr CastRoute CastRouteOf(DataType src, DataType dst) {
  using D = DataType;
  using R = CastRoute;
  const bool from_byte = src == D::kInt8 || src == D::kUInt8 || src == D::kBool;
  if (dst == D::kBool) {
    // The sources the vector unit's Cast reads (and bool itself); the 64-bit and unsigned 32-bit
    // integers and double the AI Core does not hold as data.
    return src == D::kFloat64 || src == D::kUInt32 || src == D::kUInt64 ? R::kAiCpu : R::kToBool;
  }
  if (src == dst) {
    if (src == D::kFloat32 || src == D::kFloat16 || src == D::kInt32) return R::kCopy;
    if (src == D::kBFloat16) return R::kCopyBits16;
    // int8 -> half -> int8 and uint8 -> half -> uint8 are exact (half holds every byte value).
    return src == D::kInt8 || src == D::kUInt8 ? R::kViaHalf : R::kAiCpu;
  }
  switch (src) {
    case D::kFloat32:
      return dst == D::kFloat16 || dst == D::kBFloat16 || dst == D::kInt32 || dst == D::kInt64
                 ? R::kDirect
                 : R::kAiCpu;
    case D::kFloat16:
      if (dst == D::kFloat32 || dst == D::kInt32 || dst == D::kInt8 || dst == D::kUInt8) {
        return R::kDirect;
      }
      return dst == D::kBFloat16 || dst == D::kInt64 ? R::kViaFloat : R::kAiCpu;
    case D::kBFloat16:
      if (dst == D::kFloat32) return R::kDirect;
      // To half: one rounding (bfloat16 -> float is exact). To the integers: truncation of the
      // exact float, whose range check (ReduceMax/Min) takes float and not bfloat16.
      return dst == D::kFloat16 || dst == D::kInt32 || dst == D::kInt64 ? R::kViaFloat : R::kAiCpu;
    case D::kInt32:
      if (dst == D::kFloat32 || dst == D::kFloat16 || dst == D::kInt64) return R::kDirect;
      // To bfloat16 as ONNX Runtime converts (static_cast<float>, then to nearest even): the
      // direct int32 -> bfloat16 Cast rounds once, which differs where float32's rounding
      // lands on a bfloat16 midpoint (0x1010001 -> 0x1010000 -> 0x1000000, directly 0x1020000).
      return dst == D::kBFloat16 ? R::kViaFloat : R::kAiCpu;
    case D::kInt64:
      if (dst == D::kInt32 || dst == D::kFloat32) return R::kDirect;
      return dst == D::kFloat16 || dst == D::kBFloat16 ? R::kViaFloat : R::kAiCpu;
    default: break;
  }
  if (!from_byte) return R::kAiCpu;  // double, uint32, uint64
  // int8, uint8 and bool: exact in half, whose integers are exact in float and int32.
  if (dst == D::kFloat16) return R::kDirect;
  if (dst == D::kFloat32 || dst == D::kInt32) return R::kViaHalf;
  if (dst == D::kBFloat16 || dst == D::kInt64) return R::kViaHalfFloat;
  // Between the byte types: exact through half only where the value fits the destination.
  // bool to int8 or uint8: 0 and 1. int8 <-> uint8 wrap, where half -> int8 / uint8 saturate.
  return src == D::kBool && (dst == D::kInt8 || dst == D::kUInt8) ? R::kViaHalf : R::kAiCpu;
}

constexpr bool CastOnAiCore(DataType src, DataType dst) {
  return CastRouteOf(src, dst) != CastRoute::kAiCpu;
}

// UB bytes of a route's intermediate tiles (`tile` elements each: half, then float).
constexpr uint32_t CastHalfTempBytes(CastRoute route, uint32_t tile) {
  return route == CastRoute::kViaHalf || route == CastRoute::kViaHalfFloat ? tile * 2 : 0;
}
constexpr uint32_t CastFloatTempBytes(CastRoute route, uint32_t tile) {
  return route == CastRoute::kViaFloat || route == CastRoute::kViaHalfFloat ? tile * 4 : 0;
}
// The range check of a float source truncated to an integer: two 32 B result slots, then
// ReduceMax/ReduceMin's work, one partial per 256 B repeat of float (the widest it reads).
constexpr uint32_t CastRangeCheckBytes(uint32_t tile) {
  return 64 + ((tile * 4 + 255) / 256 * 4 + 31) / 32 * 32;
}

}  // namespace op_kernel::elementwise
