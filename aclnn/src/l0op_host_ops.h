// Level-0 operators of CANN's built-in package that op-API layers launch by op type
// (ADD_TO_LAUNCHER_LIST_AICORE(BroadcastTo, ...), INFER_SHAPE(BroadcastTo, ...)) and that no
// loaded operator library defines: ops-math's own kernels of them are built for the 950 only
// (conversion/broadcast_to, conversion/fill: arch35). opsim's op-API layer runs them itself, as
// it runs l0op::Contiguous: a copy from a view whose broadcast dims have stride 0 into the output,
// a host step of the executor's chain charged no simulated time. An operator library that
// defines the type (OP_ADD) takes precedence: the launcher asks for these only when none does.
#pragma once

#include <string>
#include <vector>

#include "aclnn_objects.h"
#include "opdev/op_executor.h"

namespace opsim::aclnn {

struct HostLevel0Op {
  const char* type;  // CANN's op type: "BroadcastTo", "Fill"
  // INFER_SHAPE: the dims of output 0 from the inputs (their values where the op depends on
  // them, which must then be host tensors: ConvertToTensor, AllocHostTensor).
  aclnnStatus (*infer)(const char* api, const aclOpExecutor& e,
                       const std::vector<const aclTensor*>& inputs, std::vector<int64_t>* dims);
  // ADD_TO_LAUNCHER_LIST_AICORE: the op's steps appended to `e`'s chain.
  aclnnStatus (*launch)(const char* api, aclOpExecutor* e,
                        const std::vector<const aclTensor*>& inputs,
                        const std::vector<const aclTensor*>& outputs);
};

// The op of `type`, or null.
const HostLevel0Op* FindHostLevel0Op(const std::string& type);

}  // namespace opsim::aclnn
