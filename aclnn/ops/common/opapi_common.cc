#include "common/opapi_common.h"

#include <string>

#include "opdev/data_type_utils.h"

namespace opsim::aclnn::opapi {

std::string DTypeName(::aclDataType dtype) {
  switch (dtype) {
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_BF16: return "BFLOAT16";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_INT8: return "INT8";
    case ACL_UINT8: return "UINT8";
    case ACL_INT16: return "INT16";
    case ACL_UINT16: return "UINT16";
    case ACL_INT32: return "INT32";
    case ACL_UINT32: return "UINT32";
    case ACL_INT64: return "INT64";
    case ACL_UINT64: return "UINT64";
    case ACL_BOOL: return "BOOL";
    case ACL_COMPLEX64: return "COMPLEX64";
    case ACL_COMPLEX128: return "COMPLEX128";
    case ACL_COMPLEX32: return "COMPLEX32";
    default: return "data type " + std::to_string(static_cast<int>(dtype));
  }
}

bool IsIntegral(::aclDataType dtype) {
  return op::IsIntegralType(op::ToOpDataType(dtype), /*include_bool=*/true);
}

aclnnStatus SameDType(const char* api, const char* a_name, const aclTensor* a, const char* b_name,
                      const aclTensor* b, const std::string& why, ::aclDataType* dtype) {
  ::aclDataType da = ACL_DT_UNDEFINED;
  ::aclDataType db = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = TensorDType(api, a_name, a, &da); st != ACLNN_SUCCESS) return st;
  if (const aclnnStatus st = TensorDType(api, b_name, b, &db); st != ACLNN_SUCCESS) return st;
  if (da != db) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  std::string(a_name) + " is " + DTypeName(da) + " and " + b_name + " is " +
                      DTypeName(db) + ": " + why);
  }
  if (dtype != nullptr) *dtype = da;
  return ACLNN_SUCCESS;
}

}  // namespace opsim::aclnn::opapi
