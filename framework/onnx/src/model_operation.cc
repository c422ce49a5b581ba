#include "model_operation.h"

#include <string>
#include <utility>

namespace opsim::onnx_import {
namespace {

class ModelOperation final : public Operation {
 public:
  ModelOperation(std::string name, std::unique_ptr<Operation> graph, std::vector<TensorDesc> inputs,
                 std::vector<OnnxTensor> constants)
      : name_(std::move(name)),
        graph_(std::move(graph)),
        inputs_(std::move(inputs)),
        constants_(std::move(constants)) {}

  std::string GetName() const override { return name_; }
  uint32_t GetInputNum() const override { return static_cast<uint32_t>(inputs_.size()); }
  uint32_t GetOutputNum() const override { return graph_->GetOutputNum(); }

  Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                    SVector<TensorDesc>& outTensorDescs) const override {
    SVector<TensorDesc> descs;
    for (const TensorDesc& d : inTensorDescs) descs.push_back(d);
    OPSIM_RETURN_IF_ERROR(CheckInputs(descs, "inTensorDescs"));
    for (const OnnxTensor& c : constants_) descs.push_back(c.Desc());
    return graph_->InferShape(descs, outTensorDescs);
  }

  Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize, Context* context) override {
    VariantPack pack;
    OPSIM_RETURN_IF_ERROR(Bind(variantPack, &pack));
    return graph_->Setup(pack, workspaceSize, context);
  }

  Status Execute(const VariantPack& variantPack, uint8_t* workspace, uint64_t workspaceSize,
                 Context* context) override {
    VariantPack pack;
    OPSIM_RETURN_IF_ERROR(Bind(variantPack, &pack));
    return graph_->Execute(pack, workspace, workspaceSize, context);
  }

 private:
  Status CheckInputs(const SVector<TensorDesc>& descs, const char* what) const {
    if (descs.size() != inputs_.size()) {
      return {ErrorCode::kInvalidInTensorNum,
              name_ + ": " + what + " holds " + std::to_string(descs.size()) +
                  " tensors (expected " + std::to_string(inputs_.size()) + ")"};
    }
    for (size_t i = 0; i < descs.size(); ++i) {
      if (!(descs[i] == inputs_[i])) {
        return {ErrorCode::kInvalidTensorIniMatch,
                name_ + ": " + what + "[" + std::to_string(i) + "] is " + ToString(descs[i]) +
                    " but the model declares " + ToString(inputs_[i])};
      }
    }
    return Status::Ok();
  }

  Status Bind(const VariantPack& from, VariantPack* to) {
    SVector<TensorDesc> descs;
    for (const Tensor& t : from.inTensors) descs.push_back(t.desc);
    OPSIM_RETURN_IF_ERROR(CheckInputs(descs, "inTensors"));
    to->inTensors = from.inTensors;
    for (OnnxTensor& c : constants_) {
      Tensor t;
      t.desc = c.Desc();
      t.deviceData = c.data.empty() ? nullptr : c.data.data();
      t.dataSize = c.data.size();
      to->inTensors.push_back(t);
    }
    to->outTensors = from.outTensors;
    return Status::Ok();
  }

  std::string name_;
  std::unique_ptr<Operation> graph_;
  std::vector<TensorDesc> inputs_;
  std::vector<OnnxTensor> constants_;
};

}  // namespace

std::unique_ptr<Operation> MakeModelOperation(std::string name, std::unique_ptr<Operation> graph,
                                              std::vector<TensorDesc> inputs,
                                              std::vector<OnnxTensor> constants) {
  return std::make_unique<ModelOperation>(std::move(name), std::move(graph), std::move(inputs),
                                          std::move(constants));
}

}  // namespace opsim::onnx_import
