// What the reduction layers (reduce.cc, prod.cc) chain: self cast to the type the reduction
// computes in, the registry's reduction, and its result cast to out's type; a reduction of every
// dim without keepDim also writes an out of shape [1].
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"

namespace opsim::aclnn::opapi {

struct Reduction {
  const char* api;
  const char* op_type;
  const aclIntArray* dims;  // the function's dims (null is refused), when `dims_name` is set
  const char* dims_name;
  const std::vector<int64_t>* axes;  // else these axes; both unset: every dim
  bool keep_dims;
  ::aclDataType compute;  // self is cast to it
};

// out of `dtype` (`what` names it: "dtype", "self"), or refused naming both.
aclnnStatus CheckOut(const char* api, const char* what, ::aclDataType dtype, const aclTensor* out);

aclnnStatus Reduce(const Reduction& r, const aclTensor* self, aclTensor* out,
                   uint64_t* workspace_size, aclOpExecutor** executor);

}  // namespace opsim::aclnn::opapi
