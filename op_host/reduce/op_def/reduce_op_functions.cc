// InferShape and the tiling function every Reduce op type shares: each lowers the
// call through its reading's front door (reduce_op_call.h); the tiling turns the request's plan
// into the one launch that runs all its passes.
#include "reduce_op_functions.h"

#include <cstring>

#include "opsim/op_api/op_error.h"
#include "reduce/reduce_tiling.h"
#include "reduce_op_call.h"

namespace opsim::reduce_op {
namespace {

constexpr size_t kAxesInput = 1;

ge::graphStatus Fail(Status status) {
  op_api::ReportOpError(std::move(status));
  return ge::GRAPH_FAILED;
}

std::vector<int64_t> DimsOf(const gert::Shape& shape) {
  std::vector<int64_t> dims;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) dims.push_back(shape.GetDim(i));
  return dims;
}

// Reduce (ATB) has one input; the other readings an optional or required axes input.
const gert::Tensor* AxesOf(const ReduceCall& call, const gert::Tensor* input1) {
  const std::optional<ReduceOpType> type = FindReduceOpType(call.op_type);
  return type && type->reading != Reading::kAtb ? input1 : nullptr;
}

// The device figures the plan needs, as the platform tells them.
sim::DeviceProfile DeviceOf(const fe::PlatFormInfos& platform) {
  sim::DeviceProfile device;
  device.name = platform.profile;
  device.vector_cores = platform.vector_cores;
  device.ub_bytes = static_cast<uint32_t>(platform.ub_bytes);
  device.has_data_copy_pad = platform.has_data_copy_pad;
  return device;
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
  kernels::ReduceLaunchTiling launch;
  uint32_t block_dim = 1;
  if (Status st = MakeReduceLaunchTiling(*plan, &launch, &block_dim); !st.ok()) {
    return Fail(std::move(st));
  }
  gert::TilingData* raw = context->GetRawTilingData();
  if (raw->GetCapacity() < sizeof(launch)) {
    return Fail({ErrorCode::kInvalidParam, call.op_type + ": the tiling needs " +
                                               std::to_string(sizeof(launch)) + " B, over the " +
                                               std::to_string(raw->GetCapacity()) + " B buffer"});
  }
  std::memcpy(raw->GetData(), &launch, sizeof(launch));
  raw->SetDataSize(sizeof(launch));
  context->SetBlockDim(block_dim);
  context->GetWorkspaceSizes(1)[0] = plan->workspace_bytes;
  return ge::GRAPH_SUCCESS;
}

}  // namespace opsim::reduce_op
