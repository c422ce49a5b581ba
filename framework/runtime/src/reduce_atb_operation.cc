#include "opsim/framework/reduce_atb_operation.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <utility>

#include "desc_check.h"
#include "opsim/framework/context.h"
#include "reduce/reduce_operation.h"
#include "reduce/reduce_request.h"

namespace opsim {
namespace {

constexpr const char* kOp = kReduceOperationName;

Status Error(ErrorCode code, const std::string& what) {
  return {code, std::string(kOp) + ": " + what};
}

std::string Str(uint64_t v) { return std::to_string(v); }

// Rank, dims, format and dtype of one input; then the parameters through ATB's front door.
Status LowerInput(const infer::ReduceParam& param, const TensorDesc& desc, bool strict,
                  ReduceRequest* request) {
  Shape shape;
  OPSIM_RETURN_IF_ERROR(ShapeFromDims(desc.shape, &shape, std::string(kOp) + ": inTensors[0]"));
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
  return LowerAtb(param, *dtype, shape, strict, request);
}

Status CheckInCount(size_t n, const char* what) {
  if (n == 1) return Status::Ok();
  return Error(ErrorCode::kInvalidInTensorNum,
               std::string(what) + " holds " + Str(n) + " tensors (expected 1)");
}

TensorDesc OutputDesc(const ReduceRequest& request) {
  TensorDesc desc;
  desc.dtype = AclFromDType(request.dtype);
  desc.format = ACL_FORMAT_ND;
  desc.shape = DimsFromShape(request.output);
  return desc;
}

class AtbReduceOperation final : public Operation {
 public:
  explicit AtbReduceOperation(const infer::ReduceParam& param) : param_(param) {}

  std::string GetName() const override { return kOp; }
  uint32_t GetInputNum() const override { return 1; }
  uint32_t GetOutputNum() const override { return 1; }

  Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                    SVector<TensorDesc>& outTensorDescs) const override {
    OPSIM_RETURN_IF_ERROR(CheckInCount(inTensorDescs.size(), "inTensorDescs"));
    ReduceRequest request;
    OPSIM_RETURN_IF_ERROR(LowerInput(param_, inTensorDescs[0], /*strict=*/false, &request));
    outTensorDescs.clear();
    outTensorDescs.push_back(OutputDesc(request));
    return Status::Ok();
  }

  Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize, Context* context) override {
    impl_.reset();  // a failed Setup leaves nothing Execute could run
    if (context == nullptr) {
      return Error(ErrorCode::kInvalidContextAddr, "Setup: context is null");
    }
    OPSIM_RETURN_IF_ERROR(CheckInCount(variantPack.inTensors.size(), "inTensors"));
    ReduceRequest request;
    OPSIM_RETURN_IF_ERROR(LowerInput(param_, variantPack.inTensors[0].desc,
                                     context->options().strict_atb_dtypes, &request));
    if (variantPack.outTensors.size() != 1) {
      return Error(
          ErrorCode::kInvalidTensorNum,
          "outTensors holds " + Str(variantPack.outTensors.size()) + " tensors (expected 1)");
    }
    const TensorDesc out_desc = OutputDesc(request);
    OPSIM_RETURN_IF_ERROR(
        CheckDescMatches(kOp, "outTensors[0]", variantPack.outTensors[0].desc, out_desc));
    OPSIM_RETURN_IF_ERROR(CheckDataSize(kOp, "inTensors[0]", variantPack.inTensors[0]));
    OPSIM_RETURN_IF_ERROR(CheckDataSize(kOp, "outTensors[0]", variantPack.outTensors[0]));

    auto impl = std::make_unique<ReduceOperation>(request);
    uint64_t bytes = 0;
    OPSIM_RETURN_IF_ERROR(impl->Setup(context->device(), &bytes));
    impl_ = std::move(impl);
    in_desc_ = variantPack.inTensors[0].desc;
    out_desc_ = out_desc;
    context_ = context;
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
    OPSIM_RETURN_IF_ERROR(CheckDataSize(kOp, "inTensors[0]", x));
    OPSIM_RETURN_IF_ERROR(CheckDataSize(kOp, "outTensors[0]", y));
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

  infer::ReduceParam param_;
  std::unique_ptr<ReduceOperation> impl_;
  TensorDesc in_desc_;
  TensorDesc out_desc_;
  const Context* context_ = nullptr;
  uint64_t device_generation_ = 0;
  uint64_t workspace_size_ = 0;
};

std::optional<int64_t> ParseReduceType(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  if (text.rfind("REDUCE_", 0) == 0) text = text.substr(7);
  if (text == "MAX") return infer::ReduceParam::REDUCE_MAX;
  if (text == "MIN") return infer::ReduceParam::REDUCE_MIN;
  if (text == "SUM") return infer::ReduceParam::REDUCE_SUM;
  if (text == "PROD") return infer::ReduceParam::REDUCE_PROD;
  return std::nullopt;
}

}  // namespace

Status CreateReduceOperation(const infer::ReduceParam& param, std::unique_ptr<Operation>* out) {
  if (out == nullptr) return Error(ErrorCode::kInvalidParam, "operation is null");
  for (size_t i = 0; i < sizeof(param.rsv); ++i) {
    if (param.rsv[i] != 0) {
      return Error(ErrorCode::kInvalidParam, "rsv[" + Str(i) +
                                                 "] = " + std::to_string(param.rsv[i]) +
                                                 " is not 0 (reserved bytes must be all zero)");
    }
  }
  *out = std::make_unique<AtbReduceOperation>(param);
  return Status::Ok();
}

Status CreateReduceOperationFromAttrs(const AttrMap& attrs, std::unique_ptr<Operation>* out) {
  constexpr std::string_view kName = "Reduce";
  OPSIM_RETURN_IF_ERROR(CheckAttrKeys(kName, attrs, {"reduceType", "axis"}));
  infer::ReduceParam param;
  const auto type = attrs.find("reduceType");
  if (type != attrs.end()) {
    int64_t value = 0;
    if (const auto* text = std::get_if<std::string>(&type->second)) {
      const std::optional<int64_t> parsed = ParseReduceType(*text);
      if (!parsed) {
        return {ErrorCode::kInvalidParam,
                "Reduce: attribute 'reduceType' = \"" + *text +
                    "\" is not a reducer (expected sum, max, min or prod)"};
      }
      value = *parsed;
    } else {
      OPSIM_RETURN_IF_ERROR(GetAttr(kName, attrs, "reduceType", &value));
    }
    if (value < 0 || value > 255) {
      return {ErrorCode::kInvalidParam,
              "Reduce: attribute 'reduceType' = " + std::to_string(value) +
                  " is not a reducer (expected 1..4)"};
    }
    param.reduceType = static_cast<infer::ReduceParam::ReduceType>(value);
  }
  std::vector<int64_t> axis;
  OPSIM_RETURN_IF_ERROR(GetAttr(kName, attrs, "axis", &axis));
  for (int64_t a : axis) param.axis.push_back(a);  // overflow is reported by the operation
  return CreateReduceOperation(param, out);
}

}  // namespace opsim
