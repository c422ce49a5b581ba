#include "reduce/reduce_operation.h"

#include "reduce/reduce_kernel.h"

namespace opsim {

Status ReduceOperation::Setup(const sim::DeviceProfile& device, uint64_t* workspace_bytes) {
  OPSIM_RETURN_IF_ERROR(CachedReducePlan(request_, device, &plan_));
  if (!device_ || device_->name != device.name) {
    device_ = std::make_shared<const sim::DeviceProfile>(device);
  }
  if (workspace_bytes != nullptr) *workspace_bytes = plan_->workspace_bytes;
  return Status::Ok();
}

Status ReduceOperation::Execute(const void* x, uint64_t x_bytes, void* y, uint64_t y_bytes,
                                void* workspace, uint64_t workspace_bytes,
                                const ReduceExecOptions& options, ReduceExecStats* stats) {
  const char* op = "ReduceOperation::Execute";
  if (!plan_) {
    return {ErrorCode::kOperationNullRunner, std::string(op) + ": Setup has not been called"};
  }
  const size_t es = DTypeSize(request_.dtype);
  const uint64_t want_x = static_cast<uint64_t>(*request_.input.NumElements()) * es;
  const uint64_t want_y = static_cast<uint64_t>(*request_.output.NumElements()) * es;
  if (x_bytes != want_x) {
    return {ErrorCode::kInvalidTensorSize,
            std::string(op) + ": input holds " + std::to_string(x_bytes) + " B but shape " +
                request_.input.ToString() + " of " + std::string(DTypeName(request_.dtype)) +
                " needs " + std::to_string(want_x) + " B"};
  }
  if (y_bytes != want_y) {
    return {ErrorCode::kInvalidTensorSize,
            std::string(op) + ": output holds " + std::to_string(y_bytes) + " B but shape " +
                request_.output.ToString() + " needs " + std::to_string(want_y) + " B"};
  }
  if ((want_x > 0 && x == nullptr) || (want_y > 0 && y == nullptr)) {
    return {ErrorCode::kInvalidTensorAddr,
            std::string(op) + ": the input or output data pointer is null"};
  }
  if (workspace_bytes < plan_->workspace_bytes ||
      (plan_->workspace_bytes > 0 && workspace == nullptr)) {
    return {ErrorCode::kInvalidWorkspaceSize,
            std::string(op) + ": workspace of " + std::to_string(workspace_bytes) +
                " B is smaller than the " + std::to_string(plan_->workspace_bytes) +
                " B Setup asked for"};
  }
  if (stats != nullptr) *stats = ReduceExecStats{};

  auto* ws = static_cast<uint8_t*>(workspace);
  ::op_kernel::ReduceLaunchTiling tiling;
  uint32_t block_dim = 1;
  OPSIM_RETURN_IF_ERROR(MakeReduceLaunchTiling(*plan_, &tiling, &block_dim));
  if (plan_->passes.empty()) return Status::Ok();  // nothing to write
  sim::LaunchOptions launch;
  launch.host_threads = options.host_threads;
  launch.checked = options.checked;
  launch.trace = options.trace;
  launch.regions = {{x, want_x, "x"}, {y, want_y, "y"}};
  if (plan_->workspace_bytes > 0) launch.regions.push_back({ws, workspace_bytes, "workspace"});
  auto* x_gm = static_cast<uint8_t*>(const_cast<void*>(x));
  auto* y_gm = static_cast<uint8_t*>(y);
  auto* tiling_gm = reinterpret_cast<uint8_t*>(&tiling);
  sim::LaunchResult r = sim::Launch(*device_, block_dim, launch,
                                    [&] { opsim_reduce_launch(x_gm, y_gm, ws, tiling_gm); });
  if (!r.status.ok()) return r.status;
  if (stats != nullptr) {
    stats->device_ns += r.stats.device_ns;
    stats->passes.push_back(std::move(r.stats));
  }
  return Status::Ok();
}

}  // namespace opsim
