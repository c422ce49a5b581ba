#include "common/dtype_rules.h"

#include "common/opapi_common.h"

namespace opsim::aclnn::opapi {
namespace {

bool IsComplex(::aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128; }

// Signed integers and UINT8 by width in bytes; 0 for the other types.
int SignedWidth(::aclDataType d) {
  switch (d) {
    case ACL_INT8: return 1;
    case ACL_INT16: return 2;
    case ACL_INT32: return 4;
    case ACL_INT64: return 8;
    default: return 0;
  }
}

::aclDataType SignedOfWidth(int width) {
  switch (width) {
    case 1: return ACL_INT8;
    case 2: return ACL_INT16;
    case 4: return ACL_INT32;
    default: return ACL_INT64;
  }
}

::aclDataType PromoteFloats(::aclDataType a, ::aclDataType b) {
  if (a == ACL_DOUBLE || b == ACL_DOUBLE) return ACL_DOUBLE;
  return ACL_FLOAT;  // two different 16-bit floats, or one with FLOAT
}

::aclDataType PromoteIntegers(::aclDataType a, ::aclDataType b) {
  if (a == ACL_UINT8 || b == ACL_UINT8) {
    const int other = SignedWidth(a == ACL_UINT8 ? b : a);
    if (other == 0) return ACL_DT_UNDEFINED;  // UINT8 with a wider unsigned type
    return SignedOfWidth(other < 2 ? 2 : other);
  }
  const int wa = SignedWidth(a);
  const int wb = SignedWidth(b);
  if (wa == 0 || wb == 0) return ACL_DT_UNDEFINED;
  return SignedOfWidth(wa > wb ? wa : wb);
}

}  // namespace

bool IsFloating(::aclDataType d) {
  return d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_DOUBLE;
}

::aclDataType PromoteTypes(::aclDataType a, ::aclDataType b) {
  if (a == b) return a;
  if (IsComplex(a) || IsComplex(b)) return ACL_DT_UNDEFINED;
  if (a == ACL_BOOL) return b;
  if (b == ACL_BOOL) return a;
  if (IsFloating(a) && IsFloating(b)) return PromoteFloats(a, b);
  if (IsFloating(a) && IsIntegral(b)) return a;
  if (IsFloating(b) && IsIntegral(a)) return b;
  if (IsIntegral(a) && IsIntegral(b)) return PromoteIntegers(a, b);
  return ACL_DT_UNDEFINED;
}

bool CanCast(::aclDataType from, ::aclDataType to) {
  if (IsComplex(from) && !IsComplex(to)) return false;
  if (IsFloating(from) && IsIntegral(to)) return false;  // bool is integral here
  if (from != ACL_BOOL && to == ACL_BOOL) return false;
  return true;
}

::aclDataType PromoteWithScalar(::aclDataType tensor, ::aclDataType scalar) {
  if (IsIntegral(tensor) && IsFloating(scalar)) return ACL_FLOAT;
  if (tensor == ACL_BOOL && IsIntegral(scalar) && scalar != ACL_BOOL) return ACL_INT64;
  return tensor;
}

int64_t OnnxCastNumber(::aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return 1;
    case ACL_UINT8: return 2;
    case ACL_INT8: return 3;
    case ACL_INT32: return 6;
    case ACL_INT64: return 7;
    case ACL_BOOL: return 9;
    case ACL_FLOAT16: return 10;
    case ACL_DOUBLE: return 11;
    case ACL_UINT32: return 12;
    case ACL_UINT64: return 13;
    case ACL_BF16: return 16;
    default: return 0;
  }
}

}  // namespace opsim::aclnn::opapi
