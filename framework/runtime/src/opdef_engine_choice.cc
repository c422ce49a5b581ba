#include "opdef_engine_choice.h"

#include <utility>

#include "opsim/framework/context.h"

namespace opsim {
namespace {

class EngineChoice final : public Operation, public InfersFromValues {
 public:
  EngineChoice(std::unique_ptr<EngineCandidate> aicore, std::unique_ptr<EngineCandidate> aicpu)
      : aicore_(std::move(aicore)), aicpu_(std::move(aicpu)) {}

  std::string GetName() const override { return aicore_->GetName(); }
  uint32_t GetInputNum() const override { return aicore_->GetInputNum(); }
  uint32_t GetOutputNum() const override { return aicore_->GetOutputNum(); }

  Status InferShape(const SVector<TensorDesc>& in, SVector<TensorDesc>& out) const override {
    EngineCandidate* engine = nullptr;
    OPSIM_RETURN_IF_ERROR(Choose(in, nullptr, nullptr, &engine));
    return engine->InferShape(in, out);
  }

  Status InferShapeOfPack(const VariantPack& pack, SVector<TensorDesc>& out,
                          std::vector<bool>* unset) const override {
    EngineCandidate* engine = nullptr;
    OPSIM_RETURN_IF_ERROR(Choose(Descriptions(pack), &pack, nullptr, &engine));
    return engine->InferShapeOfPack(pack, out, unset);
  }

  Status Setup(const VariantPack& pack, uint64_t& workspace, Context* context) override {
    EngineCandidate* engine = chosen_;
    chosen_ = nullptr;
    if (context == nullptr) return aicore_->Setup(pack, workspace, context);
    // The choice depends on the descriptions and the device only: a repeated Setup keeps it.
    SVector<TensorDesc> in = Descriptions(pack);
    if (engine == nullptr || context != chosen_context_ ||
        context->device_generation() != chosen_generation_ || !(in == chosen_in_)) {
      OPSIM_RETURN_IF_ERROR(Choose(in, &pack, &context->device().name, &engine));
    }
    OPSIM_RETURN_IF_ERROR(engine->Setup(pack, workspace, context));
    chosen_ = engine;
    chosen_context_ = context;
    chosen_generation_ = context->device_generation();
    chosen_in_ = std::move(in);
    return Status::Ok();
  }

  Status Execute(const VariantPack& pack, uint8_t* workspace, uint64_t workspace_size,
                 Context* context) override {
    if (chosen_ == nullptr) {
      return {ErrorCode::kOperationNullRunner,
              GetName() + ": Execute: Setup has not succeeded (call Setup first)"};
    }
    return chosen_->Execute(pack, workspace, workspace_size, context);
  }

 private:
  static SVector<TensorDesc> Descriptions(const VariantPack& pack) {
    SVector<TensorDesc> in;
    for (const Tensor& t : pack.inTensors) in.push_back(t.desc);
    return in;
  }

  Status Choose(const SVector<TensorDesc>& in, const VariantPack* pack, const std::string* device,
                EngineCandidate** engine) const {
    const Status on_aicore = aicore_->Supports(in, pack, device);
    if (on_aicore.ok()) {
      *engine = aicore_.get();
      return Status::Ok();
    }
    const Status on_aicpu = aicpu_->Supports(in, pack, device);
    if (on_aicpu.ok()) {
      *engine = aicpu_.get();
      return Status::Ok();
    }
    return {on_aicore.code(),
            on_aicore.message() + "; nor does its AI CPU OpDef take it: " + on_aicpu.message()};
  }

  std::unique_ptr<EngineCandidate> aicore_;
  std::unique_ptr<EngineCandidate> aicpu_;
  EngineCandidate* chosen_ = nullptr;  // the engine the last successful Setup ran, for Execute
  const Context* chosen_context_ = nullptr;
  uint64_t chosen_generation_ = 0;
  SVector<TensorDesc> chosen_in_;
};

}  // namespace

std::unique_ptr<Operation> ChooseEngine(std::unique_ptr<EngineCandidate> aicore,
                                        std::unique_ptr<EngineCandidate> aicpu) {
  return std::make_unique<EngineChoice>(std::move(aicore), std::move(aicpu));
}

}  // namespace opsim
