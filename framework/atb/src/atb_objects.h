// The objects behind the facade's interfaces: an atb::Context over an opsim::Context, and an
// atb::Operation over an opsim::Operation. Each keeps the last error of its calls (code and
// message) for atb::OpsimLastError, logs it, and returns ATB's int32 Status.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "atb/context.h"
#include "atb/infer_op_params.h"
#include "atb/operation.h"
#include "opsim/core/operation.h"
#include "opsim/framework/context.h"

namespace opsim::atb_facade {

class ContextObject final : public atb::Context {
 public:
  explicit ContextObject(std::unique_ptr<opsim::Context> context) : context_(std::move(context)) {}

  atb::Status SetExecuteStream(aclrtStream stream) override;
  aclrtStream GetExecuteStream() const override { return stream_; }
  atb::Status SetAsyncTilingCopyStatus(bool enable) override;
  bool GetAsyncTilingCopyStatus() const override { return async_tiling_copy_; }
  atb::Status SetExecuteStreams(const std::vector<aclrtStream>& streams) override;
  std::vector<aclrtStream> GetExecuteStreams() override { return streams_; }
  atb::Status SetExecuteType(atb::ExecuteType type) override;
  atb::ExecuteType GetExecuteType() override { return execute_type_; }
  atb::Status SetLaunchMode(atb::LaunchMode mode) override;
  atb::LaunchMode GetLaunchMode() override { return launch_mode_; }

  opsim::Context& inner() { return *context_; }
  const opsim::Context& inner() const { return *context_; }
  // Records the outcome of a call that used this context, logs an error, returns ATB's code.
  atb::Status Record(std::string_view call, Status status);
  const Status& last_error() const { return last_error_; }

 private:
  std::unique_ptr<opsim::Context> context_;
  aclrtStream stream_ = nullptr;
  std::vector<aclrtStream> streams_;
  bool async_tiling_copy_ = false;
  atb::ExecuteType execute_type_ = atb::EXECUTE_NORMAL;
  atb::LaunchMode launch_mode_ = atb::KERNEL_LAUNCH_MODE;
  Status last_error_;
};

// The opsim context behind an atb::Context the facade created; nullptr for null or another
// implementation.
ContextObject* AsContextObject(atb::Context* context);

class OperationObject : public atb::Operation {
 public:
  explicit OperationObject(std::unique_ptr<opsim::Operation> operation)
      : owned_(std::move(operation)), impl_(owned_.get()) {}

  std::string GetName() const override { return impl_->GetName(); }
  uint32_t GetInputNum() const override { return impl_->GetInputNum(); }
  uint32_t GetOutputNum() const override { return impl_->GetOutputNum(); }
  atb::Status InferShape(const atb::SVector<atb::TensorDesc>& inTensorDescs,
                         atb::SVector<atb::TensorDesc>& outTensorDescs) const override;
  atb::Status Setup(const atb::VariantPack& variantPack, uint64_t& workspaceSize,
                    atb::Context* context) override;
  atb::Status Execute(const atb::VariantPack& variantPack, uint8_t* workspace,
                      uint64_t workspaceSize, atb::Context* context) override;

  opsim::Operation* impl() const { return impl_; }
  // Hands the opsim operation to a graph, which then owns it; this object keeps a view of it and
  // belongs to the graph's object from then on.
  std::unique_ptr<opsim::Operation> ReleaseToGraph() {
    in_graph_ = true;
    return std::move(owned_);
  }
  bool in_graph() const { return in_graph_; }

  // The ATB ReduceParam it was built from; nullopt for a graph.
  const std::optional<atb::infer::ReduceParam>& reduce_param() const { return reduce_param_; }
  void set_reduce_param(const atb::infer::ReduceParam& param) { reduce_param_ = param; }
  // Replaces the opsim operation (new parameters or rules); refused once in a graph.
  void Replace(std::unique_ptr<opsim::Operation> operation,
               std::optional<atb::infer::ReduceParam> param) {
    owned_ = std::move(operation);
    impl_ = owned_.get();
    reduce_param_ = std::move(param);
  }
  bool extensions() const { return extensions_; }
  void set_extensions(bool on) { extensions_ = on; }
  uint32_t stream_id = 0;

  atb::Status Record(std::string_view call, Status status) const;
  const Status& last_error() const { return last_error_; }

 protected:
  // A graph's own InferShape (GraphParam::inferShapeFunc) replaces the node-by-node one.
  atb::InferShapeFunc infer_shape_func_;
  // The node objects of a graph, owned here (their opsim operations are owned by the graph).
  std::vector<std::unique_ptr<atb::Operation>> nodes_;
  friend atb::Status MakeGraphObject(const atb::GraphParam&, atb::Operation**);

 private:
  std::unique_ptr<opsim::Operation> owned_;
  opsim::Operation* impl_;
  std::optional<atb::infer::ReduceParam> reduce_param_;
  bool extensions_ = false;
  bool in_graph_ = false;
  mutable Status last_error_;
  // Reused between calls so that a Setup or Execute does not build opsim's 64-slot pack anew.
  opsim::VariantPack pack_;
};

OperationObject* AsOperationObject(atb::Operation* operation);
const OperationObject* AsOperationObject(const atb::Operation* operation);

}  // namespace opsim::atb_facade
