// CANN's CPU-debug kernel logging and assertion: KERNEL_LOG(KERNEL_ERROR, fmt, ...) and
// ASCENDC_ASSERT(cond, behavior), which public kernels use together:
//   ASCENDC_ASSERT(key < 4, { KERNEL_LOG(KERNEL_ERROR, "Invalid tilingKey %u", key); });
// A log line names its level, block, file and line; a failed ASCENDC_ASSERT runs its behaviour
// (usually a KERNEL_LOG) and then faults the kernel (assert_failed) where CANN's CPU debug
// raises SIGABRT: the launcher reports it like any other fault instead of killing the process.
#pragma once

#include <cstdio>
#include <mutex>
#include <string>

#include "opsim/sim/ascendc/debug.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

// The levels' names are CANN's (KERNEL_LOG pastes the first argument after the scope).
enum class KernelLogLevel { KERNEL_DEBUG, KERNEL_INFO, KERNEL_WARN, KERNEL_ERROR };

inline const char* KernelLogLevelName(KernelLogLevel level) {
  switch (level) {
    case KernelLogLevel::KERNEL_DEBUG: return "DEBUG";
    case KernelLogLevel::KERNEL_INFO: return "INFO";
    case KernelLogLevel::KERNEL_WARN: return "WARN";
    case KernelLogLevel::KERNEL_ERROR: return "ERROR";
  }
  return "?";
}

template <typename... Args>
void KernelLog(KernelLogLevel level, const char* file, int line, const char* fmt, Args... args) {
  std::string text;
  if constexpr (sizeof...(Args) > 0) {
    char buffer[512];
    std::snprintf(buffer, sizeof(buffer), fmt, args...);
    text = buffer;
  } else {
    text = fmt;
  }
  std::lock_guard<std::mutex> lock(KernelPrintMutex());
  std::fprintf(stderr, "[%s][Core_%lld][%s:%d] %s\n", KernelLogLevelName(level),
               static_cast<long long>(AscendC::GetBlockIdx()), file, line, text.c_str());
}

[[noreturn]] inline void AscendcAssertFailed(const char* expr, const char* file, int line) {
  RaiseFault(
      FaultKind::kAssertFailed, "ASCENDC_ASSERT",
      std::string("assertion '") + expr + "' failed at " + file + ":" + std::to_string(line));
}

}  // namespace opsim::sim::detail

#define KERNEL_LOG(level, ...)                                                                     \
  ::opsim::sim::detail::KernelLog(::opsim::sim::detail::KernelLogLevel::level, __FILE__, __LINE__, \
                                  __VA_ARGS__)

#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior)                                      \
  do {                                                                      \
    if (!(cond)) {                                                          \
      behavior;                                                             \
      ::opsim::sim::detail::AscendcAssertFailed(#cond, __FILE__, __LINE__); \
    }                                                                       \
  } while (0)
#endif
