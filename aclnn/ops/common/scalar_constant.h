// A host scalar (aclScalar) as a rank-0 constant input of a first stage (StageTensor::constant):
// aclnnAdds' other, aclnnAdd's alpha. The conversion to the type the operation computes in is
// exact or refused: a value outside an integer type, a floating value for an integer type, a
// 16-bit float whose conversion through float would round twice.
#pragma once

#include "aclnn/acl_meta.h"
#include "opsim/aclnn/two_stage.h"

namespace opsim::aclnn::opapi {

// `scalar` (the parameter `name`) as a constant input of `dtype` into *out (name, bytes, type).
aclnnStatus ScalarConstant(const char* api, const char* name, const aclScalar* scalar,
                           ::aclDataType dtype, StageTensor* out);

}  // namespace opsim::aclnn::opapi
