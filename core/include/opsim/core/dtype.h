// Element types, numbered as ACL's aclDataType so descriptions pass through unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#if __cplusplus >= 202002L
#include <span>
#endif
#include <string_view>

namespace opsim {

enum class DType : int32_t {
  kFloat32 = 0,
  kFloat16 = 1,
  kInt8 = 2,
  kInt32 = 3,
  kUInt8 = 4,
  kInt16 = 6,
  kUInt16 = 7,
  kUInt32 = 8,
  kInt64 = 9,
  kUInt64 = 10,
  kFloat64 = 11,
  kBool = 12,
  // Complex numbers as CANN stores them: interleaved (real, imaginary) pairs of float32
  // (complex64) or float16 (complex32). aclDataType and ge::DataType both number them 16 and 33.
  // opsim carries them as bytes (tensors, copies, OpDef columns, npy); no arithmetic takes them.
  kComplex64 = 16,
  kBFloat16 = 27,
  // 4-bit signed integers packed two a byte, element 2i in the low nibble (CANN's int4b_t and
  // ACL_INT4/DT_INT4): a tensor of n elements holds DTypeBytes(kInt4, n) = ceil(n / 2) bytes.
  kInt4 = 29,
  kComplex32 = 33,
};

// Every dtype the package knows, in a fixed order (for tables and tests). C++20 only: kernels
// and CPU-debug programs include this header as C++17 and never need the list.
#if __cplusplus >= 202002L
std::span<const DType> AllDTypes();
#endif

// Bytes of one element; 1 for int4, whose elements share a byte (size data with DTypeBytes).
size_t DTypeSize(DType dtype);
// Bits of one element: 4 for int4, 8 * DTypeSize otherwise (0 for an unknown dtype).
size_t DTypeBits(DType dtype);
// Bytes of `elements` elements as a tensor stores them (int4: two a byte, rounded up); nullopt
// for a negative count, an unknown dtype or overflow.
std::optional<int64_t> DTypeBytes(DType dtype, int64_t elements);
bool IsSubByte(DType dtype);   // int4
bool IsFloating(DType dtype);  // f16, bf16, f32, f64
bool IsSigned(DType dtype);    // floats and signed integers
bool IsComplex(DType dtype);   // complex64, complex32: IsFloating and IsSigned are false
// Lower-case names as docs/SPEC.md spells them: float32, float16, bfloat16, float64, int8, ...
std::string_view DTypeName(DType dtype);
// Accepts the names above plus the common aliases (f32, fp16, bf16, half, double, ...).
std::optional<DType> ParseDType(std::string_view name);
// True for a value that is one of the enumerators above.
bool IsKnownDType(int32_t value);

}  // namespace opsim
