// nnopbase's executor macros for op-API layers (opdev/make_op_executor.h).
#pragma once

#include "opdev/op_arg_def.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/platform.h"

#define CREATE_EXECUTOR() UniqueExecutor(__func__)

// `executor` is the level-0 function's parameter, as in CANN's macro.
// The OpDef's InferShape on the inputs and attributes given, laying out the outputs (those of
// AllocTensor without a shape take their workspace place then): ACLNN_SUCCESS or the error.
#define INFER_SHAPE(KERNEL_NAME, op_args...)                                           \
  ({                                                                                   \
    op::OpArgContext* opArgCtx = op::GetOpArgContext(op_args);                         \
    OpsimInferShapeByOpDef(#KERNEL_NAME, KERNEL_NAME##OpTypeId(), executor, opArgCtx); \
  })

#define ADD_TO_LAUNCHER_LIST_AICORE(KERNEL_NAME, op_args...)                              \
  ({                                                                                      \
    op::OpArgContext* opArgCtx = op::GetOpArgContext(op_args);                            \
    CreatAiCoreKernelLauncher(#KERNEL_NAME, KERNEL_NAME##OpTypeId(), executor, opArgCtx); \
  })
