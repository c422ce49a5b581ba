// nnopbase's data-type helpers for op-API layers (opdev/data_type_utils.h): membership, kinds,
// sizes, conversions between ge::DataType and aclDataType, and PyTorch's promotion and cast
// rules as CANN applies them.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string>

#include "opdev/common_types.h"

namespace op {

inline bool CheckType(const DataType dtype, const std::initializer_list<DataType>& valid_types) {
  return std::find(valid_types.begin(), valid_types.end(), dtype) != valid_types.end();
}

inline bool IsComplexType(const DataType type) {
  return type == DataType::DT_COMPLEX32 || type == DataType::DT_COMPLEX64 ||
         type == DataType::DT_COMPLEX128;
}

inline bool IsFloatingType(const DataType type) {
  return type == DataType::DT_DOUBLE || type == DataType::DT_FLOAT || type == DataType::DT_BF16 ||
         type == DataType::DT_FLOAT16;
}

inline bool IsIntegralType(const DataType type) {
  return type == DataType::DT_INT8 || type == DataType::DT_INT16 || type == DataType::DT_INT32 ||
         type == DataType::DT_INT64 || type == DataType::DT_UINT8 || type == DataType::DT_UINT16 ||
         type == DataType::DT_UINT32 || type == DataType::DT_UINT64;
}

inline bool IsIntegralType(const DataType type, const bool include_bool) {
  return IsIntegralType(type) || (include_bool && type == DataType::DT_BOOL);
}

inline bool IsBasicType(const DataType dtype) {
  return IsFloatingType(dtype) || IsIntegralType(dtype) || dtype == DataType::DT_COMPLEX64 ||
         dtype == DataType::DT_COMPLEX128;
}

inline bool IsNumberType(const DataType dtype) { return IsBasicType(dtype); }

inline bool IsRealNumberType(const DataType dtype) {
  return IsFloatingType(dtype) || IsIntegralType(dtype);
}

// Bytes of one element; 16 (a complex128's) for a type without whole-byte elements.
size_t TypeSize(DataType dataType);

constexpr DataType ToOpDataType(aclDataType type) {
  return type == ACL_DT_UNDEFINED ? DataType::DT_UNDEFINED : static_cast<DataType>(type);
}

aclDataType ToAclDataType(DataType type);

// Whether a result of `from` may be written to `to`: not complex to real, not a float to an
// integer, nothing but bool to bool.
inline bool CanCast(const DataType from, const DataType to) {
  if (IsComplexType(from) && !IsComplexType(to)) return false;
  if (IsFloatingType(from) && IsIntegralType(to, false)) return false;
  return !(from != DataType::DT_BOOL && to == DataType::DT_BOOL);
}

// The type two operands promote to (PyTorch's table, which CANN's follows): bool yields; an
// integer yields to a float; two floats give the wider (FLOAT16 with BFLOAT16: FLOAT); UINT8
// with a signed type gives the smallest signed type holding both; DT_UNDEFINED without a rule.
DataType PromoteType(DataType type_a, DataType type_b);

ge::AscendString ToString(const std::initializer_list<DataType>& dataTypes);

}  // namespace op
