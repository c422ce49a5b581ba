#include "reduce_front_door_operation.h"

#include <optional>
#include <string>
#include <utility>

#include "desc_check.h"
#include "opsim/framework/context.h"
#include "reduce/reduce_operation.h"

namespace opsim {
namespace {

std::string Str(uint64_t v) { return std::to_string(v); }

TensorDesc OutputDesc(const ReduceRequest& request) {
  TensorDesc desc;
  desc.dtype = AclFromDType(request.dtype);
  desc.format = ACL_FORMAT_ND;
  desc.shape = DimsFromShape(request.output);
  return desc;
}

class ReduceFrontDoorOperation final : public Operation {
 public:
  explicit ReduceFrontDoorOperation(ReduceFrontDoor door) : door_(std::move(door)) {}

  std::string GetName() const override { return door_.name; }
  uint32_t GetInputNum() const override { return 1; }
  uint32_t GetOutputNum() const override { return 1; }

  Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                    SVector<TensorDesc>& outTensorDescs) const override {
    OPSIM_RETURN_IF_ERROR(CheckInCount(inTensorDescs.size(), "inTensorDescs"));
    ReduceRequest request;
    OPSIM_RETURN_IF_ERROR(LowerInput(inTensorDescs[0], /*strict=*/false, &request));
    outTensorDescs.clear();
    outTensorDescs.push_back(OutputDesc(request));
    return Status::Ok();
  }

  Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize, Context* context) override {
    if (SameAsLastSetup(variantPack, context)) {
      workspaceSize = workspace_size_;
      return Status::Ok();
    }
    impl_.reset();  // a failed Setup leaves nothing Execute could run
    if (context == nullptr) {
      return Error(ErrorCode::kInvalidContextAddr, "Setup: context is null");
    }
    OPSIM_RETURN_IF_ERROR(CheckInCount(variantPack.inTensors.size(), "inTensors"));
    ReduceRequest request;
    OPSIM_RETURN_IF_ERROR(
        LowerInput(variantPack.inTensors[0].desc, context->options().strict_atb_dtypes, &request));
    if (variantPack.outTensors.size() != 1) {
      return Error(
          ErrorCode::kInvalidTensorNum,
          "outTensors holds " + Str(variantPack.outTensors.size()) + " tensors (expected 1)");
    }
    const TensorDesc out_desc = OutputDesc(request);
    OPSIM_RETURN_IF_ERROR(
        CheckDescMatches(door_.name, "outTensors[0]", variantPack.outTensors[0].desc, out_desc));
    OPSIM_RETURN_IF_ERROR(CheckDataSize(door_.name, "inTensors[0]", variantPack.inTensors[0]));
    OPSIM_RETURN_IF_ERROR(CheckDataSize(door_.name, "outTensors[0]", variantPack.outTensors[0]));

    auto impl = std::make_unique<ReduceOperation>(request);
    uint64_t bytes = 0;
    OPSIM_RETURN_IF_ERROR(impl->Setup(context->device(), &bytes));
    impl_ = std::move(impl);
    in_desc_ = variantPack.inTensors[0].desc;
    out_desc_ = out_desc;
    context_ = context;
    strict_ = context->options().strict_atb_dtypes;
    device_generation_ = context->device_generation();
    workspace_size_ = bytes;
    workspaceSize = bytes;
    return Status::Ok();
  }

  Status Execute(const VariantPack& variantPack, uint8_t* workspace, uint64_t workspaceSize,
                 Context* context) override {
    if (!impl_) {
      return Error(ErrorCode::kOperationNullRunner,
                   "Execute: Setup has not succeeded (call Setup first)");
    }
    if (context == nullptr) {
      return Error(ErrorCode::kInvalidContextAddr, "Execute: context is null");
    }
    if (context != context_) {
      return Error(ErrorCode::kInvalidContextAddr,
                   "Execute: context differs from the one Setup was called with (call Setup "
                   "again on this context)");
    }
    if (context->device_generation() != device_generation_) {
      return Error(ErrorCode::kInvalidContextAddr, "Execute: the context's device changed to " +
                                                       context->device().name +
                                                       " after Setup (call Setup again)");
    }
    OPSIM_RETURN_IF_ERROR(CheckSamePack(variantPack));
    const Tensor& x = variantPack.inTensors[0];
    const Tensor& y = variantPack.outTensors[0];
    OPSIM_RETURN_IF_ERROR(CheckDataSize(door_.name, "inTensors[0]", x));
    OPSIM_RETURN_IF_ERROR(CheckDataSize(door_.name, "outTensors[0]", y));
    if ((x.dataSize > 0 && x.deviceData == nullptr) ||
        (y.dataSize > 0 && y.deviceData == nullptr)) {
      return Error(ErrorCode::kInvalidTensorAddr,
                   std::string("Execute: ") +
                       (x.deviceData == nullptr ? "inTensors[0]" : "outTensors[0]") +
                       " deviceData is null");
    }
    if (workspaceSize < workspace_size_) {
      return Error(ErrorCode::kInvalidWorkspaceSize,
                   "Execute: workspaceSize = " + Str(workspaceSize) + " B is smaller than the " +
                       Str(workspace_size_) + " B Setup asked for");
    }
    if (workspace_size_ > 0 && workspace == nullptr) {
      return Error(ErrorCode::kInvalidWorkspaceAddr,
                   "Execute: workspace is null but Setup asked for " + Str(workspace_size_) + " B");
    }
    ReduceExecOptions options;
    options.host_threads = context->options().host_threads;
    options.checked = context->options().checked;
    options.trace = context->options().trace;
    ReduceExecStats stats;
    OPSIM_RETURN_IF_ERROR(impl_->Execute(x.deviceData, x.dataSize, y.deviceData, y.dataSize,
                                         workspace, workspaceSize, options, &stats));
    for (const sim::KernelStats& pass : stats.passes) context->RecordLaunch(pass);
    return Status::Ok();
  }

 private:
  Status Error(ErrorCode code, const std::string& what) const {
    return {code, door_.name + ": " + what};
  }

  Status CheckInCount(size_t n, const char* what) const {
    if (n == 1) return Status::Ok();
    return Error(ErrorCode::kInvalidInTensorNum,
                 std::string(what) + " holds " + Str(n) + " tensors (expected 1)");
  }

  // Rank, dims, format and dtype of one input; then the parameters through the front door.
  Status LowerInput(const TensorDesc& desc, bool strict, ReduceRequest* request) const {
    Shape shape;
    OPSIM_RETURN_IF_ERROR(ShapeFromDims(desc.shape, &shape, door_.name + ": inTensors[0]"));
    if (desc.format != ACL_FORMAT_ND) {
      return Error(ErrorCode::kInvalidTensorFormat,
                   "inTensors[0] format = " + FormatName(desc.format) + " (" +
                       std::to_string(static_cast<int32_t>(desc.format)) +
                       ") is not supported (expected ACL_FORMAT_ND = 2)");
    }
    const std::optional<DType> dtype = DTypeFromAcl(desc.dtype);
    if (!dtype) {
      return Error(ErrorCode::kInvalidTensorDtype,
                   "inTensors[0] dtype = " + std::to_string(static_cast<int32_t>(desc.dtype)) +
                       " is not a dtype opsim knows");
    }
    return door_.lower(*dtype, shape, strict, request);
  }

  // A repeated Setup (the common loop: Setup, Execute, Setup, ...) on what the last successful
  // one saw: its checks and tiling still hold, so it costs a comparison of descriptions.
  bool SameAsLastSetup(const VariantPack& pack, const Context* context) const {
    return impl_ && context != nullptr && context == context_ &&
           context->device_generation() == device_generation_ &&
           context->options().strict_atb_dtypes == strict_ && pack.inTensors.size() == 1 &&
           pack.outTensors.size() == 1 && pack.inTensors[0].desc == in_desc_ &&
           pack.outTensors[0].desc == out_desc_ &&
           CheckDataSize(door_.name, "inTensors[0]", pack.inTensors[0]).ok() &&
           CheckDataSize(door_.name, "outTensors[0]", pack.outTensors[0]).ok();
  }

  Status CheckSamePack(const VariantPack& pack) const {
    if (pack.inTensors.size() != 1 || pack.outTensors.size() != 1) {
      return Error(ErrorCode::kInvalidTensorNum,
                   "Execute: the pack holds " + Str(pack.inTensors.size()) + " inputs and " +
                       Str(pack.outTensors.size()) + " outputs (expected 1 and 1, as at Setup)");
    }
    if (!(pack.inTensors[0].desc == in_desc_)) {
      return Error(ErrorCode::kInvalidParam,
                   "Execute: inTensors[0] is " + ToString(pack.inTensors[0].desc) +
                       " but Setup saw " + ToString(in_desc_) + " (call Setup again)");
    }
    if (!(pack.outTensors[0].desc == out_desc_)) {
      return Error(ErrorCode::kInvalidParam,
                   "Execute: outTensors[0] is " + ToString(pack.outTensors[0].desc) +
                       " but Setup saw " + ToString(out_desc_) + " (call Setup again)");
    }
    return Status::Ok();
  }

  ReduceFrontDoor door_;
  std::unique_ptr<ReduceOperation> impl_;
  TensorDesc in_desc_;
  TensorDesc out_desc_;
  const Context* context_ = nullptr;
  bool strict_ = true;
  uint64_t device_generation_ = 0;
  uint64_t workspace_size_ = 0;
};

}  // namespace

std::unique_ptr<Operation> MakeReduceFrontDoorOperation(ReduceFrontDoor door) {
  return std::make_unique<ReduceFrontDoorOperation>(std::move(door));
}

}  // namespace opsim
