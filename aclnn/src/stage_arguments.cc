// What the hand-written aclnn layers read of their arguments (opsim/aclnn/two_stage.h): a
// tensor's data type and a scalar's value, checked as every other call checks its handles. Apart
// from two_stage.cc, whose runtime headers declare opsim's own aclDataType.
#include <cstring>
#include <string>
#include <vector>

#include "aclnn_objects.h"
#include "opsim/aclnn/two_stage.h"
#include "opsim/core/float16.h"

namespace opsim::aclnn {
namespace {

template <typename T>
double Read(const aclScalar& s) {
  T v;
  std::memcpy(&v, s.bits, sizeof(T));
  return static_cast<double>(v);
}

uint16_t Bits16(const aclScalar& s) {
  uint16_t v;
  std::memcpy(&v, s.bits, sizeof(v));
  return v;
}

}  // namespace

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
  const aclScalar& s = *scalar;
  switch (s.dtype) {
    case ACL_FLOAT: *value = Read<float>(s); break;
    case ACL_DOUBLE: *value = Read<double>(s); break;
    case ACL_FLOAT16: *value = HalfBitsToFloat(Bits16(s)); break;
    case ACL_BF16: *value = BFloat16BitsToFloat(Bits16(s)); break;
    case ACL_INT8: *value = Read<int8_t>(s); break;
    case ACL_UINT8: *value = Read<uint8_t>(s); break;
    case ACL_INT16: *value = Read<int16_t>(s); break;
    case ACL_UINT16: *value = Read<uint16_t>(s); break;
    case ACL_INT32: *value = Read<int32_t>(s); break;
    case ACL_UINT32: *value = Read<uint32_t>(s); break;
    case ACL_INT64: *value = Read<int64_t>(s); break;
    case ACL_UINT64: *value = Read<uint64_t>(s); break;
    case ACL_BOOL: *value = s.bits[0] & 0xFFu ? 1.0 : 0.0; break;
    default:
      return Fail(ACLNN_ERR_PARAM_INVALID, api,
                  std::string(name) + "'s data type " + std::to_string(static_cast<int>(s.dtype)) +
                      " is not a real number (a complex scalar is not read here)");
  }
  return ACLNN_SUCCESS;
}

}  // namespace opsim::aclnn
