#include "common/dtype_rules.h"

#include "opdev/data_type_utils.h"

namespace opsim::aclnn::opapi {
namespace {

op::DataType Op(::aclDataType d) { return op::ToOpDataType(d); }

}  // namespace

bool IsFloating(::aclDataType d) { return op::IsFloatingType(Op(d)); }

// opsim's Cast holds no complex tensors, so a promotion to a complex type (which nnopbase's
// table has) is refused here as having none.
::aclDataType PromoteTypes(::aclDataType a, ::aclDataType b) {
  if (op::IsComplexType(Op(a)) || op::IsComplexType(Op(b))) return ACL_DT_UNDEFINED;
  return op::ToAclDataType(op::PromoteType(Op(a), Op(b)));
}

bool CanCast(::aclDataType from, ::aclDataType to) { return op::CanCast(Op(from), Op(to)); }

::aclDataType PromoteWithScalar(::aclDataType tensor, ::aclDataType scalar) {
  const bool integral = op::IsIntegralType(Op(tensor), true);
  if (integral && IsFloating(scalar)) return ACL_FLOAT;
  if (tensor == ACL_BOOL && op::IsIntegralType(Op(scalar), false)) return ACL_INT64;
  return tensor;
}

}  // namespace opsim::aclnn::opapi
