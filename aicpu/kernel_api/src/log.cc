// The AI CPU API's log (log.h) and the run's error message (opsim_cpu_kernel_error.h).
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "api_impl.h"
#include "log.h"
#include "opsim_cpu_kernel_error.h"

namespace aicpu {

namespace {

// Per thread: concurrent runs on different threads keep their messages apart.
thread_local std::string tLastError;

const char* LevelName(int level) {
  switch (level) {
    case 0: return "DEBUG";
    case 1: return "INFO";
    case 2: return "WARN";
    case 3: return "ERROR";
    default: return "EVENT";
  }
}

bool PrintsLevel(int level) {
  const char* toStdout = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  if (toStdout == nullptr || std::string(toStdout) != "1") return false;
  const char* min = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  const int minLevel = min == nullptr ? 3 : std::atoi(min);
  return level >= minLevel;
}

std::string FormatMessage(const char* fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n <= 0) return std::string();
  std::vector<char> buf(static_cast<size_t>(n) + 1);
  std::vsnprintf(buf.data(), buf.size(), fmt, args);
  return std::string(buf.data(), static_cast<size_t>(n));
}

}  // namespace

int64_t GetTid() {
  thread_local const int64_t tid = static_cast<int64_t>(syscall(SYS_gettid));
  return tid;
}

void OpsimKernelLog(int level, const char* file, int line, const char* func, const char* fmt, ...) {
  const bool prints = PrintsLevel(level);
  if (level != 3 && !prints) return;
  va_list args;
  va_start(args, fmt);
  const std::string message = fmt == nullptr ? std::string() : FormatMessage(fmt, args);
  va_end(args);
  if (level == 3) AppendKernelError(message);
  if (prints) {
    std::printf("[%s] AICPU [%s:%d][%s][tid:%lld]%s\n", LevelName(level), file, line, func,
                static_cast<long long>(GetTid()), message.c_str());
  }
}

void AppendKernelError(const std::string& message) {
  // Bounded: errors logged outside any run (nothing clears them) must not grow without end.
  constexpr size_t kMaxErrorLog = 16 * 1024;
  if (tLastError.size() >= kMaxErrorLog) return;
  if (!tLastError.empty()) tLastError += '\n';
  tLastError += message;
}

}  // namespace aicpu

namespace opsim {

std::string CpuKernelLastError() { return aicpu::tLastError; }
void ClearCpuKernelLastError() { aicpu::tLastError.clear(); }

}  // namespace opsim
