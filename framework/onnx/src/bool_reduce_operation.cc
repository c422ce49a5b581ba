#include "bool_reduce_operation.h"

#include <string>
#include <utility>

namespace opsim::onnx_import {
namespace {

class BoolReduceOperation final : public Operation {
 public:
  explicit BoolReduceOperation(std::unique_ptr<Operation> inner) : inner_(std::move(inner)) {}

  std::string GetName() const override { return inner_->GetName() + " (bool as uint8)"; }
  uint32_t GetInputNum() const override { return inner_->GetInputNum(); }
  uint32_t GetOutputNum() const override { return inner_->GetOutputNum(); }

  Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                    SVector<TensorDesc>& outTensorDescs) const override {
    SVector<TensorDesc> in;
    for (size_t i = 0; i < inTensorDescs.size(); ++i) {
      OPSIM_RETURN_IF_ERROR(CheckBool(inTensorDescs[i].dtype, "inTensorDescs", i));
      in.push_back(AsUInt8(inTensorDescs[i]));
    }
    OPSIM_RETURN_IF_ERROR(inner_->InferShape(in, outTensorDescs));
    for (TensorDesc& d : outTensorDescs) d.dtype = ACL_BOOL;
    return Status::Ok();
  }

  Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize, Context* context) override {
    VariantPack pack;
    OPSIM_RETURN_IF_ERROR(Translate(variantPack, &pack));
    return inner_->Setup(pack, workspaceSize, context);
  }

  Status Execute(const VariantPack& variantPack, uint8_t* workspace, uint64_t workspaceSize,
                 Context* context) override {
    VariantPack pack;
    OPSIM_RETURN_IF_ERROR(Translate(variantPack, &pack));
    return inner_->Execute(pack, workspace, workspaceSize, context);
  }

 private:
  static TensorDesc AsUInt8(TensorDesc desc) {
    desc.dtype = ACL_UINT8;
    return desc;
  }

  Status CheckBool(aclDataType dtype, const char* what, size_t i) const {
    if (dtype == ACL_BOOL) return Status::Ok();
    return {ErrorCode::kInvalidTensorDtype,
            GetName() + ": " + what + "[" + std::to_string(i) +
                "] dtype = " + std::to_string(static_cast<int32_t>(dtype)) +
                " (expected bool = 12: this node was imported for bool input)"};
  }

  Status Translate(const VariantPack& from, VariantPack* to) const {
    for (size_t i = 0; i < from.inTensors.size(); ++i) {
      OPSIM_RETURN_IF_ERROR(CheckBool(from.inTensors[i].desc.dtype, "inTensors", i));
      Tensor t = from.inTensors[i];
      t.desc = AsUInt8(t.desc);
      to->inTensors.push_back(t);
    }
    for (size_t i = 0; i < from.outTensors.size(); ++i) {
      OPSIM_RETURN_IF_ERROR(CheckBool(from.outTensors[i].desc.dtype, "outTensors", i));
      Tensor t = from.outTensors[i];
      t.desc = AsUInt8(t.desc);
      to->outTensors.push_back(t);
    }
    return Status::Ok();
  }

  std::unique_ptr<Operation> inner_;
};

}  // namespace

std::unique_ptr<Operation> MakeBoolReduceOperation(std::unique_ptr<Operation> uint8_op) {
  return std::make_unique<BoolReduceOperation>(std::move(uint8_op));
}

}  // namespace opsim::onnx_import
