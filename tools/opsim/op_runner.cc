#include "op_runner.h"

#include <utility>

namespace opsim::cli {

std::string_view OnnxOpName(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kSum: return "ReduceSum";
    case ReduceKind::kMax: return "ReduceMax";
    case ReduceKind::kMin: return "ReduceMin";
    case ReduceKind::kProd: return "ReduceProd";
  }
  return "ReduceSum";
}

Status OpRunner::Create(const OpCall& call, Context* context, const void* input,
                        uint64_t input_bytes, std::unique_ptr<OpRunner>* out) {
  std::unique_ptr<OpRunner> r(new OpRunner());
  r->context_ = context;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(call.op, call.attrs, &r->op_));
  if (r->op_->GetInputNum() != 1 || r->op_->GetOutputNum() != 1) {
    return {ErrorCode::kUnsupported, "operation '" + call.op + "' takes " +
                                         std::to_string(r->op_->GetInputNum()) + " inputs and " +
                                         std::to_string(r->op_->GetOutputNum()) +
                                         " outputs (this command runs one input, one output)"};
  }
  Shape shape;
  OPSIM_RETURN_IF_ERROR(Shape::Make(call.shape.data(), call.shape.size(), &shape, "input shape"));
  Tensor in;
  in.desc.dtype = AclFromDType(call.dtype);
  in.desc.format = ACL_FORMAT_ND;
  in.desc.shape = DimsFromShape(shape);
  in.deviceData = const_cast<void*>(input);  // operations never write their inputs
  in.dataSize = input_bytes;
  SVector<TensorDesc> in_descs;
  in_descs.push_back(in.desc);
  SVector<TensorDesc> out_descs;
  OPSIM_RETURN_IF_ERROR(r->op_->InferShape(in_descs, out_descs));
  if (out_descs.size() != 1) {
    return {ErrorCode::kInternalError, "operation '" + call.op + "' inferred " +
                                           std::to_string(out_descs.size()) + " outputs"};
  }
  const std::optional<uint64_t> out_bytes = TensorDescBytes(out_descs[0]);
  if (!out_bytes) {
    return {ErrorCode::kInternalError, "operation '" + call.op + "' inferred an output " +
                                           ToString(out_descs[0]) + " of unknown size"};
  }
  r->output_.assign(*out_bytes, 0);
  Tensor out_tensor;
  out_tensor.desc = out_descs[0];
  out_tensor.deviceData = r->output_.empty() ? nullptr : r->output_.data();
  out_tensor.dataSize = *out_bytes;
  r->pack_.inTensors.push_back(in);
  r->pack_.outTensors.push_back(out_tensor);
  uint64_t ws = 0;
  OPSIM_RETURN_IF_ERROR(r->op_->Setup(r->pack_, ws, context));
  r->workspace_.assign(ws, 0);
  *out = std::move(r);
  return Status::Ok();
}

Shape OpRunner::output_shape() const {
  Shape s;
  (void)ShapeFromDims(output_desc().shape, &s, "output");
  return s;
}

Status OpRunner::Execute() {
  return op_->Execute(pack_, workspace_.empty() ? nullptr : workspace_.data(), workspace_.size(),
                      context_);
}

}  // namespace opsim::cli
