// What the hand-written aclnn layers read of their arguments (opsim/aclnn/two_stage.h): a
// tensor's data type and a scalar's value, checked as every other call checks its handles. Apart
// from two_stage.cc, whose runtime headers declare opsim's own aclDataType.
#include <string>
#include <vector>

#include "aclnn_objects.h"
#include "opsim/aclnn/two_stage.h"

namespace opsim::aclnn {

aclnnStatus Refuse(aclnnStatus code, const char* api, const std::string& message) {
  return Fail(code, api, message);
}

aclnnStatus TensorDType(const char* api, const char* name, const aclTensor* tensor,
                        ::aclDataType* dtype) {
  if (tensor == nullptr) return FailNull(api, name);
  if (!IsLive(tensor, HandleKind::kTensor, api, name)) return ACLNN_ERR_PARAM_INVALID;
  *dtype = tensor->dtype;
  return ACLNN_SUCCESS;
}

aclnnStatus TensorShape(const char* api, const char* name, const aclTensor* tensor,
                        std::vector<int64_t>* shape) {
  if (tensor == nullptr) return FailNull(api, name);
  if (!IsLive(tensor, HandleKind::kTensor, api, name)) return ACLNN_ERR_PARAM_INVALID;
  *shape = tensor->view_dims;
  return ACLNN_SUCCESS;
}

aclnnStatus ScalarDType(const char* api, const char* name, const aclScalar* scalar,
                        ::aclDataType* dtype) {
  if (scalar == nullptr) return FailNull(api, name);
  if (!IsLive(scalar, HandleKind::kScalar, api, name)) return ACLNN_ERR_PARAM_INVALID;
  *dtype = scalar->dtype;
  return ACLNN_SUCCESS;
}

aclnnStatus ScalarValue(const char* api, const char* name, const aclScalar* scalar, double* value) {
  if (scalar == nullptr) return FailNull(api, name);
  if (!IsLive(scalar, HandleKind::kScalar, api, name)) return ACLNN_ERR_PARAM_INVALID;
  if (scalar->dtype == ACL_COMPLEX64 || scalar->dtype == ACL_COMPLEX128 ||
      aclDataTypeSize(scalar->dtype) == 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                std::string(name) + "'s data type " +
                    std::to_string(static_cast<int>(scalar->dtype)) +
                    " is not a real number (a complex scalar is not read here)");
  }
  *value = scalar->ToDouble();
  return ACLNN_SUCCESS;
}

aclnnStatus AddScalarInput(FirstStage* stage, const char* name, const char* param,
                           const aclScalar* scalar, bool optional) {
  StageTensor s;
  s.name = name;
  s.param = param;
  s.optional = optional;
  if (scalar == nullptr && optional) {
    stage->inputs.push_back(s);
    return ACLNN_SUCCESS;
  }
  ::aclDataType dtype = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = ScalarDType(stage->api, name, scalar, &dtype); st != ACLNN_SUCCESS) {
    return st;
  }
  const size_t bytes = aclDataTypeSize(dtype);
  if (bytes == 0 || bytes > sizeof(scalar->bits)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, stage->api,
                std::string(name) + "'s data type " + std::to_string(static_cast<int>(dtype)) +
                    " has no fixed size: it cannot be a scalar input");
  }
  const auto* value = reinterpret_cast<const uint8_t*>(scalar->bits);
  s.constant.assign(value, value + bytes);
  s.constant_dtype = dtype;
  stage->inputs.push_back(s);
  return ACLNN_SUCCESS;
}

}  // namespace opsim::aclnn
