// InferShape and the tiling function every Reduce op type shares: each lowers the
// call through its reading's front door (reduce_op_call.h); the tiling turns the request's plan
// into the one launch that runs all its passes.
#include "reduce_op_functions.h"

#include "op_def_support.h"
#include "reduce/reduce_tiling.h"
#include "reduce_op_call.h"

namespace opsim::reduce_op {
namespace {

using op_def::DeviceOf;
using op_def::DimsOf;
using op_def::Fail;

constexpr size_t kAxesInput = 1;

// Reduce (ATB) has one input; the other readings an optional or required axes input.
const gert::Tensor* AxesOf(const ReduceCall& call, const gert::Tensor* input1) {
  const std::optional<ReduceOpType> type = FindReduceOpType(call.op_type);
  return type && type->reading != Reading::kAtb ? input1 : nullptr;
}

}  // namespace

ge::graphStatus InferShape(gert::InferShapeContext* context) {
  ReduceCall call;
  call.op_type = context->GetNodeType();
  call.attrs = context->GetAttrs();
  call.dtype = context->GetInputDesc(0)->GetDataType();
  call.dims = DimsOf(*context->GetInputShape(0));
  call.axes = AxesOf(call, context->GetOptionalInputTensor(kAxesInput));
  ReduceRequest request;
  if (Status st = LowerReduceCall(call, &request); !st.ok()) return Fail(std::move(st));
  gert::Shape* out = context->GetOutputShape(0);
  out->SetDimNum(0);
  for (int i = 0; i < request.output.rank(); ++i) out->AppendDim(request.output[i]);
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus Tiling(gert::TilingContext* context) {
  ReduceCall call;
  call.op_type = context->GetNodeType();
  call.attrs = context->GetAttrs();
  call.dtype = context->GetInputDesc(0)->GetDataType();
  call.dims = DimsOf(context->GetInputShape(0)->GetOriginShape());
  call.axes = AxesOf(call, context->GetOptionalInputTensor(kAxesInput));
  ReduceRequest request;
  if (Status st = LowerReduceCall(call, &request); !st.ok()) return Fail(std::move(st));

  std::shared_ptr<const ReducePlan> plan;
  if (Status st = CachedReducePlan(request, DeviceOf(*context->GetPlatformInfo()), &plan);
      !st.ok()) {
    return Fail(std::move(st));
  }
  ::op_kernel::ReduceLaunchTiling launch;
  uint32_t block_dim = 1;
  if (Status st = MakeReduceLaunchTiling(*plan, &launch, &block_dim); !st.ok()) {
    return Fail(std::move(st));
  }
  if (const ge::graphStatus rc = op_def::SetTiling(context, call.op_type, launch, block_dim);
      rc != ge::GRAPH_SUCCESS) {
    return rc;
  }
  context->GetWorkspaceSizes(1)[0] = plan->workspace_bytes;
  return ge::GRAPH_SUCCESS;
}

}  // namespace opsim::reduce_op
