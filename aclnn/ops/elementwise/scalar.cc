// aclnnAdds, aclnnSubs, aclnnMuls, aclnnDivs: the binary operators with a host scalar `other`,
// which becomes a rank-0 constant of self's data type in the workspace (StageTensor::constant),
// broadcast by the registry's Add, Sub, Mul, Div. The conversion is exact or refused: an integer
// self with a floating scalar (CANN promotes to a float type), a value outside self's type, a
// 16-bit float self whose scalar would round twice (through float). As for the tensor forms,
// alpha must be 1 and aclnnDivs of integers is refused (CANN divides them as floats).
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_sub.h"
#include "common/opapi_common.h"
#include "opsim/core/float16.h"

namespace {

using opsim::aclnn::Refuse;
using opsim::aclnn::opapi::DTypeName;
using opsim::aclnn::opapi::IsIntegral;

template <typename T>
std::vector<uint8_t> Bytes(T value) {
  std::vector<uint8_t> bytes(sizeof(T));
  std::memcpy(bytes.data(), &value, sizeof(T));
  return bytes;
}

// An integer value into integer type T: exact, or refused naming the value and the type.
template <typename T>
aclnnStatus IntegerBytes(const char* api, double v, ::aclDataType dtype,
                         std::vector<uint8_t>* out) {
  // Bounds as doubles: T's maximum rounds up for 64-bit T, so the comparison is `<`.
  const double lo = static_cast<double>(std::numeric_limits<T>::lowest());
  const double hi = static_cast<double>(std::numeric_limits<T>::max());
  if (v < lo || v >= hi + 1.0) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  "other = " + std::to_string(v) + " is outside self's " + DTypeName(dtype) +
                      ": the scalar must convert to self's data type exactly");
  }
  *out = Bytes(static_cast<T>(v));
  return ACLNN_SUCCESS;
}

aclnnStatus FloatBytes(const char* api, double v, ::aclDataType dtype, std::vector<uint8_t>* out) {
  const float f = static_cast<float>(v);
  switch (dtype) {
    case ACL_FLOAT: *out = Bytes(f); return ACLNN_SUCCESS;
    case ACL_DOUBLE: *out = Bytes(v); return ACLNN_SUCCESS;
    default: break;
  }
  // 16-bit types convert from float: one rounding only when the float step is exact.
  if (!std::isnan(v) && static_cast<double>(f) != v) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  "other = " + std::to_string(v) + " is not a float value, and opsim converts a " +
                      "scalar to " + DTypeName(dtype) + " through float, which would round twice");
  }
  *out = Bytes(dtype == ACL_FLOAT16 ? opsim::FloatToHalfBits(f) : opsim::FloatToBFloat16Bits(f));
  return ACLNN_SUCCESS;
}

// `other` as a rank-0 tensor of self's `dtype`, its bytes in *out.
aclnnStatus ConstantOf(const char* api, const aclScalar* other, ::aclDataType dtype,
                       std::vector<uint8_t>* out) {
  ::aclDataType scalar_dtype = ACL_DT_UNDEFINED;
  double v = 0;
  if (const aclnnStatus st = opsim::aclnn::ScalarDType(api, "other", other, &scalar_dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (const aclnnStatus st = opsim::aclnn::ScalarValue(api, "other", other, &v);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (!IsIntegral(dtype)) return FloatBytes(api, v, dtype, out);
  if (!IsIntegral(scalar_dtype)) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  "other is a " + DTypeName(scalar_dtype) + " scalar and self is " +
                      DTypeName(dtype) + ": CANN promotes them to a float type with a Cast, " +
                      "which opsim does not run; refused");
  }
  if (std::fabs(v) > 9007199254740992.0) {  // 2^53: beyond it the double may not be the value
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  "other = " + std::to_string(v) + " is beyond 2^53, which opsim reads exactly");
  }
  switch (dtype) {
    case ACL_INT8: return IntegerBytes<int8_t>(api, v, dtype, out);
    case ACL_UINT8: return IntegerBytes<uint8_t>(api, v, dtype, out);
    case ACL_INT32: return IntegerBytes<int32_t>(api, v, dtype, out);
    case ACL_UINT32: return IntegerBytes<uint32_t>(api, v, dtype, out);
    case ACL_INT64: return IntegerBytes<int64_t>(api, v, dtype, out);
    case ACL_UINT64: return IntegerBytes<uint64_t>(api, v, dtype, out);
    default:
      return Refuse(
          ACLNN_ERR_PARAM_INVALID, api,
          "self is " + DTypeName(dtype) + ": opsim's arithmetic operators take no such tensors");
  }
}

// self (op) other, with alpha (null: the function has none) 1 only.
aclnnStatus WithScalar(const char* api, const char* op_type, const aclTensor* self,
                       const aclScalar* other, const aclScalar* alpha, bool has_alpha,
                       aclTensor* out, uint64_t* workspace_size, aclOpExecutor** executor) {
  ::aclDataType dtype = ACL_DT_UNDEFINED;
  const std::string why = std::string("opsim's ") + op_type +
                          " writes self's data type and runs no Cast, so out must have self's";
  if (const aclnnStatus st =
          opsim::aclnn::opapi::SameDType(api, "self", self, "out", out, why, &dtype);
      st != ACLNN_SUCCESS) {
    return st;
  }
  if (has_alpha) {
    double a = 0;
    if (const aclnnStatus st = opsim::aclnn::ScalarValue(api, "alpha", alpha, &a);
        st != ACLNN_SUCCESS) {
      return st;
    }
    if (a != 1.0) {
      return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                    "alpha = " + std::to_string(a) + " is not 1: opsim runs the one " + op_type +
                        " with no Mul before it; alpha must be 1");
    }
  }
  if (std::string(op_type) == "Div" && IsIntegral(dtype)) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  "self is " + DTypeName(dtype) +
                      ": CANN's aclnnDivs divides integers as floats (true division), while "
                      "opsim's Div (ONNX's) truncates; integer self is refused");
  }
  opsim::aclnn::StageTensor constant;
  constant.name = "other";
  constant.constant_dtype = dtype;
  if (const aclnnStatus st = ConstantOf(api, other, dtype, &constant.constant);
      st != ACLNN_SUCCESS) {
    return st;
  }
  const opsim::aclnn::FirstStage stage{
      api, op_type, {{"self", self}, constant}, {}, {{"out", out}}};
  return opsim::aclnn::GetWorkspaceSize(stage, workspace_size, executor);
}

}  // namespace

extern "C" {

aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor* self, const aclScalar* other,
                                      const aclScalar* alpha, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnAddsGetWorkspaceSize", "Add", self, other, alpha, true, out,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Adds)

aclnnStatus aclnnSubsGetWorkspaceSize(const aclTensor* self, const aclScalar* other,
                                      const aclScalar* alpha, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnSubsGetWorkspaceSize", "Sub", self, other, alpha, true, out,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Subs)

aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor* self, const aclScalar* other, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnMulsGetWorkspaceSize", "Mul", self, other, nullptr, false, out,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Muls)

aclnnStatus aclnnDivsGetWorkspaceSize(const aclTensor* self, const aclScalar* other, aclTensor* out,
                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnDivsGetWorkspaceSize", "Div", self, other, nullptr, false, out,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(Divs)

// The in-place forms: selfRef is also the output. aclnnInplaceAdds' document declares selfRef
// const, yet the function writes it (its purpose).
aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor* selfRef, const aclScalar* other,
                                             const aclScalar* alpha, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  return WithScalar("aclnnInplaceAddsGetWorkspaceSize", "Add", selfRef, other, alpha, true,
                    const_cast<aclTensor*>(selfRef), workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceAdds)

aclnnStatus aclnnInplaceSubsGetWorkspaceSize(aclTensor* selfRef, const aclScalar* other,
                                             const aclScalar* alpha, uint64_t* workspaceSize,
                                             aclOpExecutor** executor) {
  return WithScalar("aclnnInplaceSubsGetWorkspaceSize", "Sub", selfRef, other, alpha, true, selfRef,
                    workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceSubs)

aclnnStatus aclnnInplaceMulsGetWorkspaceSize(aclTensor* selfRef, const aclScalar* other,
                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnInplaceMulsGetWorkspaceSize", "Mul", selfRef, other, nullptr, false,
                    selfRef, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceMuls)

aclnnStatus aclnnInplaceDivsGetWorkspaceSize(aclTensor* selfRef, const aclScalar* other,
                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  return WithScalar("aclnnInplaceDivsGetWorkspaceSize", "Div", selfRef, other, nullptr, false,
                    selfRef, workspaceSize, executor);
}
OPSIM_OPAPI_SECOND_STAGE(InplaceDivs)

}  // extern "C"
