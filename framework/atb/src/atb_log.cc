#include "atb_log.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace opsim::atb_facade {
namespace {

// -1: not set by SetLogLevel, read the environment.
std::atomic<int> g_level{-1};

bool EnvIs(const char* name, const char* value) {
  const char* v = std::getenv(name);
  return v != nullptr && std::strcmp(v, value) == 0;
}

int EffectiveLevel() {
  const int set = g_level.load();
  if (set >= 0) return set;
  const char* env = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  if (env != nullptr && env[0] >= '0' && env[0] <= '4' && env[1] == '\0') return env[0] - '0';
  return static_cast<int>(atb::LogLevel::ERROR);
}

}  // namespace

void LogError(std::string_view call, const Status& status) {
  if (status.ok()) return;
  if (EffectiveLevel() > static_cast<int>(atb::LogLevel::ERROR)) return;
  if (!EnvIs("ASCEND_SLOG_PRINT_TO_STDOUT", "1") && !EnvIs("ASDOPS_LOG_TO_STDOUT", "1")) return;
  const std::string line = "[ERROR] ATB " + std::string(call) + ": " + status.ToString() + "\n";
  std::fputs(line.c_str(), stdout);
  std::fflush(stdout);
}

void SetLogLevel(atb::LogLevel level) { g_level.store(static_cast<int>(level)); }

void ResetLogLevel() { g_level.store(-1); }

}  // namespace opsim::atb_facade
