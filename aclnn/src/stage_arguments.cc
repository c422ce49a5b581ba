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

}  // namespace opsim::aclnn
