// aclnnInit/aclnnFinalize: the optional configuration file's debug switch. opsim needs nothing
// else set up, so the aclnn calls work without aclnnInit too, and a second aclnnInit (or one
// after aclInit, as CANN allows) succeeds.
#include <nlohmann/json.hpp>

#include <atomic>
#include <string>

#include "aclnn/aclnn_base.h"
#include "aclnn_objects.h"
#include "opsim/core/file_read.h"

namespace opsim::aclnn {
namespace {

std::atomic<bool> g_debug_kernel{false};

// op_debug_config.enable_debug_kernel of the file at `path`, "on" or "off" (absent: off).
aclnnStatus ReadConfig(const char* call, const char* path) {
  std::string text;
  constexpr uint64_t kMaxConfigBytes = 1 << 20;
  if (const Status st = ReadRegularFile(path, kMaxConfigBytes, "an aclnn configuration", &text);
      !st.ok()) {
    return Fail(ACLNN_ERR_PARAM_INVALID, call, st.message());
  }
  const nlohmann::json config = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (config.is_discarded() || !config.is_object()) {
    return Fail(ACLNN_ERR_PARAM_INVALID, call,
                std::string(path) + " is not a JSON object (the configuration is JSON)");
  }
  const auto debug = config.find("op_debug_config");
  if (debug == config.end()) return ACLNN_SUCCESS;
  const auto kernel = debug->is_object() ? debug->find("enable_debug_kernel") : debug->end();
  if (!debug->is_object() ||
      (kernel != debug->end() && (!kernel->is_string() || (*kernel != "on" && *kernel != "off")))) {
    return Fail(ACLNN_ERR_PARAM_INVALID, call,
                std::string(path) +
                    ": op_debug_config must be an object whose enable_debug_kernel "
                    "is \"on\" or \"off\"");
  }
  g_debug_kernel.store(kernel != debug->end() && *kernel == "on");
  return ACLNN_SUCCESS;
}

}  // namespace

bool DebugKernelEnabled() { return g_debug_kernel.load(); }

}  // namespace opsim::aclnn

aclnnStatus aclnnInit(const char* configPath) {
  if (configPath == nullptr) return ACLNN_SUCCESS;
  return opsim::aclnn::ReadConfig("aclnnInit", configPath);
}

aclnnStatus aclnnFinalize() { return ACLNN_SUCCESS; }
