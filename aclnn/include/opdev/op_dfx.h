// nnopbase's profiling and registration macros for op-API layers (opdev/op_dfx.h). opsim keeps
// no profile of the host calls; what the macros check, it checks: L2_DFX_PHASE_1 refuses a null
// workspaceSize or executor pointer, and OP_TYPE_REGISTER gives the level-0 operator its id.
#pragma once

#include <cstdint>
#include <tuple>

#include "aclnn/acl_meta.h"
#include "graph/ascend_string.h"
#include "opdev/format_utils.h"
#include "opdev/op_arg_def.h"
#include "opdev/op_def.h"

namespace op {
// The id of `op_type` (the registry's operation of that name), made on first use.
uint32_t GenOpTypeId(const char* op_type);
}  // namespace op

// ACLNN_ERR_PARAM_NULLPTR, recorded, when either out-parameter of a first stage is null.
aclnnStatus CheckPhase1Params(aclOpExecutor** executor, uint64_t* workspaceSize);

#define OP_TYPE_REGISTER(kernelName)                                          \
  [[maybe_unused]] uint32_t kernelName##_kernelName_Be_Defined_Multi_Times__; \
  [[maybe_unused]] inline uint32_t kernelName##OpTypeId() {                   \
    kernelName##_kernelName_Be_Defined_Multi_Times__ = 0;                     \
    static uint32_t kernelName##OpTypeId = op::GenOpTypeId(#kernelName);      \
    return kernelName##OpTypeId;                                              \
  }

#define DFX_IN(...) std::make_tuple(__VA_ARGS__)
#define DFX_OUT(...) std::make_tuple(__VA_ARGS__)

#define L2_DFX_PHASE_1(APIName, IN, OUT)                             \
  if (CheckPhase1Params(executor, workspaceSize) != ACLNN_SUCCESS) { \
    return ACLNN_ERR_PARAM_NULLPTR;                                  \
  }                                                                  \
  static_cast<void>(IN);                                             \
  static_cast<void>(OUT)
#define L2_DFX_PHASE_1_WITHOUT_CACHE(APIName, IN, OUT) L2_DFX_PHASE_1(APIName, IN, OUT)
#define L2_DFX_PHASE_2(APIName) static_cast<void>(executor)
#define L0_DFX(profilingName, ...) static_cast<void>(std::make_tuple(__VA_ARGS__))
