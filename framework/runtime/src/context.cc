#include "opsim/framework/context.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace opsim {

Status Context::Create(const ContextOptions& options, std::unique_ptr<Context>* out) {
  if (out == nullptr) return {ErrorCode::kInvalidParam, "Context::Create: out is null"};
  sim::DeviceProfile device;
  OPSIM_RETURN_IF_ERROR(sim::LoadNamedDeviceProfile(options.device, &device));
  *out = std::make_unique<Context>(std::move(device), options);
  return Status::Ok();
}

Context::Context(sim::DeviceProfile device, const ContextOptions& options)
    : device_(std::make_shared<const sim::DeviceProfile>(std::move(device))), options_(options) {
  options_.device = device_->name;
}

Status Context::SetDevice(const std::string& name) {
  sim::DeviceProfile device;
  OPSIM_RETURN_IF_ERROR(sim::LoadNamedDeviceProfile(name, &device));
  device_ = std::make_shared<const sim::DeviceProfile>(std::move(device));
  options_.device = device_->name;
  ++device_generation_;
  return Status::Ok();
}

void Context::RecordLaunch(const sim::KernelStats& stats) {
  device_ns_ += stats.device_ns;
  elided_copy_bytes_ += stats.elided_copy_bytes;
  ++launches_;
  if (options_.trace) traces_.push_back(stats);
}

void Context::RecordWarnings(const std::string& op, const std::vector<sim::Warning>& warnings) {
  for (const sim::Warning& w : warnings) {
    if (warnings_.size() >= kMaxWarnings) return;
    const std::string text = op + ": " + w.ToString();
    // A repeated launch (bench, a graph node run twice) says the same once.
    if (std::find(warnings_.begin(), warnings_.end(), text) == warnings_.end()) {
      warnings_.push_back(text);
    }
  }
}

void Context::PrintWarnings(std::FILE* out, size_t first) const {
  for (size_t i = first; i < warnings_.size(); ++i) {
    std::fprintf(out, "warning: %s\n", warnings_[i].c_str());
  }
}

void Context::ClearRecord() {
  device_ns_ = 0;
  elided_copy_bytes_ = 0;
  launches_ = 0;
  traces_.clear();
  warnings_.clear();
}

}  // namespace opsim
