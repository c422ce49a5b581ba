#include "opsim/core/dtype.h"

#include <array>

namespace opsim {
namespace {

struct DTypeInfo {
  DType dtype;
  size_t size;
  bool floating;
  bool is_signed;
  std::string_view name;
};

constexpr std::array<DTypeInfo, 16> kInfo = {{
    {DType::kFloat32, 4, true, true, "float32"},
    {DType::kFloat16, 2, true, true, "float16"},
    {DType::kBFloat16, 2, true, true, "bfloat16"},
    {DType::kFloat64, 8, true, true, "float64"},
    {DType::kInt8, 1, false, true, "int8"},
    {DType::kUInt8, 1, false, false, "uint8"},
    {DType::kInt32, 4, false, true, "int32"},
    {DType::kUInt32, 4, false, false, "uint32"},
    {DType::kInt64, 8, false, true, "int64"},
    {DType::kUInt64, 8, false, false, "uint64"},
    {DType::kBool, 1, false, false, "bool"},
    {DType::kInt16, 2, false, true, "int16"},
    {DType::kUInt16, 2, false, false, "uint16"},
    // Neither floating nor signed: every numeric path asks those two, and none may take a pair.
    {DType::kComplex64, 8, false, false, "complex64"},
    {DType::kComplex32, 4, false, false, "complex32"},
    // Size 1: the byte two elements share; DTypeBits and DTypeBytes say what it holds.
    {DType::kInt4, 1, false, true, "int4"},
}};

constexpr std::array<DType, kInfo.size()> kAll = [] {
  std::array<DType, kInfo.size()> all{};
  for (size_t i = 0; i < kInfo.size(); ++i) all[i] = kInfo[i].dtype;
  return all;
}();

const DTypeInfo* Find(DType dtype) {
  for (const DTypeInfo& info : kInfo) {
    if (info.dtype == dtype) return &info;
  }
  return nullptr;
}

}  // namespace

std::span<const DType> AllDTypes() { return kAll; }

size_t DTypeSize(DType dtype) {
  const DTypeInfo* info = Find(dtype);
  return info ? info->size : 0;
}

size_t DTypeBits(DType dtype) { return dtype == DType::kInt4 ? 4 : 8 * DTypeSize(dtype); }

bool IsSubByte(DType dtype) { return dtype == DType::kInt4; }

std::optional<int64_t> DTypeBytes(DType dtype, int64_t elements) {
  const auto bits = static_cast<int64_t>(DTypeBits(dtype));
  if (elements < 0 || bits == 0 || elements > (INT64_MAX - 7) / bits) return std::nullopt;
  return (elements * bits + 7) / 8;
}

bool IsFloating(DType dtype) {
  const DTypeInfo* info = Find(dtype);
  return info && info->floating;
}

bool IsSigned(DType dtype) {
  const DTypeInfo* info = Find(dtype);
  return info && info->is_signed;
}

bool IsComplex(DType dtype) { return dtype == DType::kComplex64 || dtype == DType::kComplex32; }

std::string_view DTypeName(DType dtype) {
  const DTypeInfo* info = Find(dtype);
  return info ? info->name : "unknown";
}

std::optional<DType> ParseDType(std::string_view name) {
  for (const DTypeInfo& info : kInfo) {
    if (info.name == name) return info.dtype;
  }
  struct Alias {
    std::string_view name;
    DType dtype;
  };
  static constexpr Alias kAliases[] = {
      {"f32", DType::kFloat32},   {"float", DType::kFloat32}, {"fp32", DType::kFloat32},
      {"f16", DType::kFloat16},   {"fp16", DType::kFloat16},  {"half", DType::kFloat16},
      {"bf16", DType::kBFloat16}, {"f64", DType::kFloat64},   {"double", DType::kFloat64},
      {"i8", DType::kInt8},       {"u8", DType::kUInt8},      {"i32", DType::kInt32},
      {"u32", DType::kUInt32},    {"i64", DType::kInt64},     {"u64", DType::kUInt64},
      {"i16", DType::kInt16},     {"u16", DType::kUInt16},    {"c64", DType::kComplex64},
      {"c32", DType::kComplex32}, {"i4", DType::kInt4},       {"int4b_t", DType::kInt4},
  };
  for (const Alias& alias : kAliases) {
    if (alias.name == name) return alias.dtype;
  }
  return std::nullopt;
}

bool IsKnownDType(int32_t value) { return Find(static_cast<DType>(value)) != nullptr; }

}  // namespace opsim
