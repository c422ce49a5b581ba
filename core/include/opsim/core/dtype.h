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
  kBFloat16 = 27,
};

// Every dtype the package knows, in a fixed order (for tables and tests). C++20 only: kernels
// and CPU-debug programs include this header as C++17 and never need the list.
#if __cplusplus >= 202002L
std::span<const DType> AllDTypes();
#endif

size_t DTypeSize(DType dtype);
bool IsFloating(DType dtype);  // f16, bf16, f32, f64
bool IsSigned(DType dtype);    // floats and signed integers
// Lower-case names as docs/SPEC.md spells them: float32, float16, bfloat16, float64, int8, ...
std::string_view DTypeName(DType dtype);
// Accepts the names above plus the common aliases (f32, fp16, bf16, half, double, ...).
std::optional<DType> ParseDType(std::string_view name);
// True for a value that is one of the enumerators above.
bool IsKnownDType(int32_t value);

}  // namespace opsim
