// The plain tiling struct the elementwise host functions compute and the elementwise kernels
// read (GET_TILING_DATA_WITH_STRUCT). One struct for the whole family: unary ops and Cast see a
// flat rank-1 view; binary ops see the output as rows (the last coalesced dim) with each
// operand's strides, 0 on a broadcast dim.
#pragma once

#include <cstdint>

namespace op_kernel {

// The dtype numbers of our tilings: aclDataType's (and ge::DataType's), as the host tiling
// functions write them (op_host/elementwise/elementwise_tiling.cc checks that they agree).
// Packed, so as not to repeat the shape of opsim::DType's list line by line.
// clang-format off
enum class DataType : uint32_t {
  kFloat32 = 0, kFloat16 = 1, kInt8 = 2, kInt32 = 3, kUInt8 = 4, kUInt32 = 8, kInt64 = 9,
  kUInt64 = 10, kFloat64 = 11, kBool = 12, kBFloat16 = 27
};
// clang-format on

// What the kernel computes; the numbers are part of the tiling (keep them stable).
enum class ElementwiseOp : uint32_t {
  kAbs = 1,
  kNeg = 2,
  kExp = 3,
  kLog = 4,
  kSqrt = 5,
  kReciprocal = 6,
  kAdd = 11,
  kSub = 12,
  kMul = 13,
  kDiv = 14,
  kCast = 21,
};

// Coalesced ranks above this are refused by the tiling (ONNX tensors of opsim hold at most 8).
constexpr uint32_t kElementwiseMaxRank = 8;

struct ElementwiseTiling {
  uint32_t op = 0;         // ElementwiseOp
  uint32_t src_dtype = 0;  // the DataType number (elementwise/kernel_traits.h) of the (first) input
  uint32_t dst_dtype = 0;  // the DataType number (elementwise/kernel_traits.h) of the output
  uint32_t rank = 1;       // of dims / a_strides / b_strides, 1..kElementwiseMaxRank
  uint64_t total = 0;      // output elements
  uint64_t per_core = 0;   // output elements each block handles (the last block fewer)
  uint32_t tile = 0;       // elements per UB tile: a whole number of 32 B blocks of every type
  uint32_t has_pad = 0;    // DataCopyPad exists on the device
  uint64_t dims[kElementwiseMaxRank] = {};       // output dims after coalescing
  uint64_t a_strides[kElementwiseMaxRank] = {};  // element strides of input 0 (0: broadcast)
  uint64_t b_strides[kElementwiseMaxRank] = {};  // of input 1 (binary ops)
};

}  // namespace op_kernel
