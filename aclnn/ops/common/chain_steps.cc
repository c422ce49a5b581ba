#include "common/chain_steps.h"

#include <string>
#include <vector>

#include "common/dtype_rules.h"
#include "common/opapi_common.h"

namespace opsim::aclnn::opapi {
namespace {

// A Cast opsim's Cast runs exactly: both types held by opsim, and not DOUBLE to a 16-bit float,
// which it rounds through FLOAT (twice).
aclnnStatus CheckCast(const char* api, const char* name, ::aclDataType from, ::aclDataType to) {
  for (::aclDataType d : {from, to}) {
    if (OnnxCastNumber(d) == 0) {
      return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                    std::string(name) + " needs a Cast from " + DTypeName(from) + " to " +
                        DTypeName(to) + ", and opsim's Cast takes no " + DTypeName(d));
    }
  }
  if (from == ACL_DOUBLE && (to == ACL_FLOAT16 || to == ACL_BF16)) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  std::string(name) + " needs a Cast from DOUBLE to " + DTypeName(to) +
                      ", which opsim's Cast rounds through FLOAT (twice)");
  }
  return ACLNN_SUCCESS;
}

aclnnStatus AddCast(StageChain* chain, const char* api, const aclTensor* from, aclTensor* to,
                    ::aclDataType dtype) {
  chain->Then({api, "Cast", {{"self", from}}, {{"to", OnnxCastNumber(dtype)}}, {{"out", to}}});
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CastInput(StageChain* chain, const char* api, const char* name, const aclTensor* tensor,
                      ::aclDataType dtype, const aclTensor** as_dtype) {
  ::aclDataType from = ACL_DT_UNDEFINED;
  std::vector<int64_t> shape;
  if (const aclnnStatus st = TensorDType(api, name, tensor, &from); st != ACLNN_SUCCESS) return st;
  if (from == dtype) {
    *as_dtype = tensor;
    return ACLNN_SUCCESS;
  }
  if (const aclnnStatus st = CheckCast(api, name, from, dtype); st != ACLNN_SUCCESS) return st;
  if (const aclnnStatus st = TensorShape(api, name, tensor, &shape); st != ACLNN_SUCCESS) {
    return st;
  }
  aclTensor* cast = chain->Intermediate(shape, dtype);
  if (cast == nullptr) return ACLNN_ERR_INNER;
  *as_dtype = cast;
  return AddCast(chain, api, tensor, cast, dtype);
}

aclnnStatus PlanOutput(StageChain* chain, const char* api, aclTensor* out, ::aclDataType dtype,
                       aclTensor** result) {
  ::aclDataType to = ACL_DT_UNDEFINED;
  std::vector<int64_t> shape;
  if (const aclnnStatus st = TensorDType(api, "out", out, &to); st != ACLNN_SUCCESS) return st;
  if (to == dtype) {
    *result = out;
    return ACLNN_SUCCESS;
  }
  if (!CanCast(dtype, to)) {
    return Refuse(ACLNN_ERR_PARAM_INVALID, api,
                  "the result is " + DTypeName(dtype) + " and out is " + DTypeName(to) + ": a " +
                      DTypeName(dtype) + " result cannot be cast to " + DTypeName(to) +
                      " (CANN's CanCast: no float to an integer, nothing but bool to bool)");
  }
  if (const aclnnStatus st = CheckCast(api, "out", dtype, to); st != ACLNN_SUCCESS) return st;
  if (const aclnnStatus st = TensorShape(api, "out", out, &shape); st != ACLNN_SUCCESS) return st;
  *result = chain->Intermediate(shape, dtype);
  return *result == nullptr ? ACLNN_ERR_INNER : ACLNN_SUCCESS;
}

aclnnStatus FinishOutput(StageChain* chain, const char* api, aclTensor* result, aclTensor* out) {
  if (result == out) return ACLNN_SUCCESS;
  ::aclDataType to = ACL_DT_UNDEFINED;
  if (const aclnnStatus st = TensorDType(api, "out", out, &to); st != ACLNN_SUCCESS) return st;
  return AddCast(chain, api, result, out, to);
}

aclnnStatus RankZeroTarget(StageChain* chain, const char* api, aclTensor* result,
                           aclTensor** target) {
  std::vector<int64_t> shape;
  if (const aclnnStatus st = TensorShape(api, "out", result, &shape); st != ACLNN_SUCCESS) {
    return st;
  }
  *target = result;
  for (int64_t dim : shape) {
    if (dim != 1) return ACLNN_SUCCESS;  // the operation's own check names the shape
  }
  if (shape.empty()) return ACLNN_SUCCESS;
  *target = chain->Alias(result, {});
  return *target == nullptr ? ACLNN_ERR_INNER : ACLNN_SUCCESS;
}

}  // namespace opsim::aclnn::opapi
