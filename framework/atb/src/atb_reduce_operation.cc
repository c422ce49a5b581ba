#include "atb_reduce_operation.h"

#include <string>
#include <utility>

#include "atb_reduce_rules.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"

namespace opsim {
namespace {

// ATB's stage checks (atb_reduce_rules.h) in front of the registry's Reduce operator (the ATB
// reading of op_host/reduce, an OpDef), which then lowers the parameters (the axes), checks the
// output shape, tiles and runs.
class AtbReduceOperation final : public Operation {
 public:
  AtbReduceOperation(const infer::ReduceParam& param, AtbRules rules,
                     std::unique_ptr<Operation> inner)
      : param_(param), rules_(rules), inner_(std::move(inner)) {}

  std::string GetName() const override { return kReduceOperationName; }
  uint32_t GetInputNum() const override { return 1; }
  uint32_t GetOutputNum() const override { return 1; }

  Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                    SVector<TensorDesc>& outTensorDescs) const override {
    const bool extended = rules_ != AtbRules::kStrict;
    OPSIM_RETURN_IF_ERROR(CheckAtbReduceInferShape(param_, inTensorDescs, extended));
    return inner_->InferShape(inTensorDescs, outTensorDescs);
  }

  Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize, Context* context) override {
    if (SameAsLastSetup(variantPack, context)) {
      workspaceSize = setup_.workspace_size;
      return Status::Ok();
    }
    set_up_ = false;
    const bool extended = context != nullptr && Extended(*context);
    OPSIM_RETURN_IF_ERROR(CheckAtbReduceSetup(param_, variantPack, context != nullptr, extended));
    // ATB checks dataSize at Execute, not here: hand the shared checks the sizes the
    // descriptions need, and check the caller's at Execute.
    VariantPack sized = variantPack;
    for (Tensor& t : sized.inTensors) t.dataSize = TensorDescBytes(t.desc).value_or(0);
    for (Tensor& t : sized.outTensors) t.dataSize = TensorDescBytes(t.desc).value_or(0);
    uint64_t bytes = 0;
    OPSIM_RETURN_IF_ERROR(inner_->Setup(sized, bytes, context));
    setup_.in_bytes = sized.inTensors[0].dataSize;
    setup_.out_bytes = sized.outTensors[0].dataSize;
    setup_.workspace_size = bytes;
    in_desc_ = variantPack.inTensors[0].desc;
    out_desc_ = variantPack.outTensors[0].desc;
    context_ = context;
    device_generation_ = context->device_generation();
    context_strict_ = context->options().strict_atb_dtypes;
    set_up_ = true;
    workspaceSize = bytes;
    return Status::Ok();
  }

  Status Execute(const VariantPack& variantPack, uint8_t* workspace, uint64_t workspaceSize,
                 Context* context) override {
    if (!set_up_) {
      return AtbReduceError(ErrorCode::kOperationNullRunner,
                            "Execute: Setup has not succeeded (call Setup first)");
    }
    if (context != context_) {
      return AtbReduceError(ErrorCode::kInvalidParam,
                            context == nullptr
                                ? "Execute: context is null"
                                : "Execute: context differs from the one Setup was called "
                                  "with (call Setup again on this context)");
    }
    OPSIM_RETURN_IF_ERROR(CheckAtbReduceExecute(variantPack, workspace, workspaceSize, setup_));
    return inner_->Execute(variantPack, workspace, workspaceSize, context);
  }

 private:
  bool Extended(const Context& context) const {
    return rules_ == AtbRules::kExtended || !context.options().strict_atb_dtypes;
  }

  // The common loop (Setup, Execute, Setup, ...) on what the last successful Setup saw: every
  // check still holds, so it costs a comparison of descriptions.
  bool SameAsLastSetup(const VariantPack& pack, const Context* context) const {
    return set_up_ && context != nullptr && context == context_ &&
           context->device_generation() == device_generation_ &&
           context->options().strict_atb_dtypes == context_strict_ && pack.inTensors.size() == 1 &&
           pack.outTensors.size() == 1 && pack.inTensors[0].desc == in_desc_ &&
           pack.outTensors[0].desc == out_desc_;
  }

  infer::ReduceParam param_;
  AtbRules rules_;
  std::unique_ptr<Operation> inner_;
  bool set_up_ = false;
  AtbSetupRecord setup_;
  TensorDesc in_desc_;
  TensorDesc out_desc_;
  const Context* context_ = nullptr;
  uint64_t device_generation_ = 0;
  bool context_strict_ = true;
};

}  // namespace

Status CreateReduceOperation(const infer::ReduceParam& param, std::unique_ptr<Operation>* out,
                             AtbRules rules) {
  if (out == nullptr) return AtbReduceError(ErrorCode::kInvalidParam, "operation is null");
  for (size_t i = 0; i < sizeof(param.rsv); ++i) {
    if (param.rsv[i] != 0) {
      return AtbReduceError(ErrorCode::kInvalidParam,
                            "rsv[" + std::to_string(i) + "] = " + std::to_string(param.rsv[i]) +
                                " is not 0 (reserved bytes must be all zero)");
    }
  }
  // ATB's number goes through as it is: the operator's own check refuses one outside the enum.
  AttrMap attrs;
  attrs["reduceType"] = std::to_string(static_cast<int>(param.reduceType));
  attrs["axis"] = std::vector<int64_t>(param.axis.begin(), param.axis.end());
  std::unique_ptr<Operation> inner;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create("Reduce", attrs, &inner));
  *out = std::make_unique<AtbReduceOperation>(param, rules, std::move(inner));
  return Status::Ok();
}

}  // namespace opsim
