#include "common/scalar_constant.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "common/opapi_common.h"
#include "opsim/core/float16.h"

namespace opsim::aclnn::opapi {
namespace {

template <typename T>
std::vector<uint8_t> Bytes(T value) {
  std::vector<uint8_t> bytes(sizeof(T));
  std::memcpy(bytes.data(), &value, sizeof(T));
  return bytes;
}

// An integer value into integer type T: exact, or refused naming the value and the type.
template <typename T>
aclnnStatus IntegerBytes(const char* api, const char* name, double v, ::aclDataType dtype,
                         std::vector<uint8_t>* out) {
  // Bounds as doubles: T's maximum rounds up for 64-bit T, so the comparison is `<`.
  const double lo = static_cast<double>(std::numeric_limits<T>::lowest());
  const double hi = static_cast<double>(std::numeric_limits<T>::max());
  if (v < lo || v >= hi + 1.0) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  std::string(name) + " = " + std::to_string(v) + " is outside " +
                      DTypeName(dtype) + ", the type it is computed in: it must convert exactly");
  }
  *out = Bytes(static_cast<T>(v));
  return ACLNN_SUCCESS;
}

aclnnStatus FloatBytes(const char* api, const char* name, double v, ::aclDataType dtype,
                       std::vector<uint8_t>* out) {
  const float f = static_cast<float>(v);
  switch (dtype) {
    case ACL_FLOAT: *out = Bytes(f); return ACLNN_SUCCESS;
    case ACL_DOUBLE: *out = Bytes(v); return ACLNN_SUCCESS;
    default: break;
  }
  // 16-bit types convert from float: one rounding only when the float step is exact.
  if (!std::isnan(v) && static_cast<double>(f) != v) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  std::string(name) + " = " + std::to_string(v) +
                      " is not a float value, and opsim converts a scalar to " + DTypeName(dtype) +
                      " through float, which would round twice");
  }
  *out = Bytes(dtype == ACL_FLOAT16 ? opsim::FloatToHalfBits(f) : opsim::FloatToBFloat16Bits(f));
  return ACLNN_SUCCESS;
}

aclnnStatus IntegerOf(const char* api, const char* name, double v, ::aclDataType dtype,
                      std::vector<uint8_t>* out) {
  if (std::fabs(v) > 9007199254740992.0) {  // 2^53: beyond it the double may not be the value
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  std::string(name) + " = " + std::to_string(v) +
                      " is beyond 2^53, which opsim reads exactly");
  }
  switch (dtype) {
    case ACL_BOOL: *out = Bytes(static_cast<uint8_t>(v != 0)); return ACLNN_SUCCESS;
    case ACL_INT8: return IntegerBytes<int8_t>(api, name, v, dtype, out);
    case ACL_UINT8: return IntegerBytes<uint8_t>(api, name, v, dtype, out);
    case ACL_INT32: return IntegerBytes<int32_t>(api, name, v, dtype, out);
    case ACL_UINT32: return IntegerBytes<uint32_t>(api, name, v, dtype, out);
    case ACL_INT64: return IntegerBytes<int64_t>(api, name, v, dtype, out);
    case ACL_UINT64: return IntegerBytes<uint64_t>(api, name, v, dtype, out);
    default:
      return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                    "the computation is in " + DTypeName(dtype) +
                        ": opsim's arithmetic operators take no such tensors");
  }
}

}  // namespace

aclnnStatus ScalarConstant(const char* api, const char* name, const aclScalar* scalar,
                           ::aclDataType dtype, StageTensor* out) {
  ::aclDataType scalar_dtype = ACL_DT_UNDEFINED;
  double v = 0;
  if (const aclnnStatus st = ScalarDType(api, name, scalar, &scalar_dtype); st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st = ScalarValue(api, name, scalar, &v); st != ACLNN_SUCCESS) return st;
  out->name = name;
  out->constant_dtype = dtype;
  if (!IsIntegral(dtype)) return FloatBytes(api, name, v, dtype, &out->constant);
  if (!IsIntegral(scalar_dtype)) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  std::string(name) + " is a " + DTypeName(scalar_dtype) +
                      " scalar and the computation is in " + DTypeName(dtype) +
                      ": a floating scalar cannot be cast to an integer type (CANN's CanCast)");
  }
  return IntegerOf(api, name, v, dtype, &out->constant);
}

}  // namespace opsim::aclnn::opapi
