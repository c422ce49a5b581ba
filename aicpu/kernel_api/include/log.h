// CANN's AI CPU kernel log and check macros (KERNEL_LOG_*, KERNEL_CHECK_*, KERNEL_HANDLE_ERROR).
// opsim's log: an error is appended to the run's message (opsim_cpu_kernel_error.h), which the
// runtime reports with the kernel's status; every level prints to stdout when
// ASCEND_SLOG_PRINT_TO_STDOUT=1 and the level is at least ASCEND_GLOBAL_LOG_LEVEL (0 debug,
// 1 info, 2 warning, 3 error; 3 when unset), as CANN's log does.
#ifndef AICPU_COMMON_CONTEXT_LOG_H
#define AICPU_COMMON_CONTEXT_LOG_H

#include <cstdint>

#include "cpu_types.h"

namespace aicpu {
AICPU_VISIBILITY int64_t GetTid();
// level: 0 debug, 1 info, 2 warning, 3 error, 4 event. printf-style.
AICPU_VISIBILITY void OpsimKernelLog(int level, const char* file, int line, const char* func,
                                     const char* fmt, ...);
}  // namespace aicpu

#define KERNEL_LOG_DEBUG(fmt, ...) \
  ::aicpu::OpsimKernelLog(0, __FILE__, __LINE__, __func__, fmt, ##__VA_ARGS__)
#define KERNEL_LOG_INFO(fmt, ...) \
  ::aicpu::OpsimKernelLog(1, __FILE__, __LINE__, __func__, fmt, ##__VA_ARGS__)
#define KERNEL_LOG_WARN(fmt, ...) \
  ::aicpu::OpsimKernelLog(2, __FILE__, __LINE__, __func__, fmt, ##__VA_ARGS__)
#define KERNEL_LOG_ERROR(fmt, ...) \
  ::aicpu::OpsimKernelLog(3, __FILE__, __LINE__, __func__, fmt, ##__VA_ARGS__)
#define KERNEL_LOG_EVENT(fmt, ...) \
  ::aicpu::OpsimKernelLog(4, __FILE__, __LINE__, __func__, fmt, ##__VA_ARGS__)

#define KERNEL_CHECK_NULLPTR_VOID(value, logText...) \
  if ((value) == nullptr) {                          \
    KERNEL_LOG_ERROR(logText);                       \
    return;                                          \
  }

#define KERNEL_CHECK_FALSE(condition, errorCode, logText...) \
  if (!(condition)) {                                        \
    KERNEL_LOG_ERROR(logText);                               \
    return errorCode;                                        \
  }

#define KERNEL_CHECK_NULLPTR(value, errorCode, logText...) \
  if ((value) == nullptr) {                                \
    KERNEL_LOG_ERROR(logText);                             \
    return errorCode;                                      \
  }

#define KERNEL_CHECK_ASSIGN_64S_MULTI(A, B, result, errorCode)                                  \
  if ((A) != 0 && (B) != 0 && ((INT64_MAX) / (A)) <= (B)) {                                     \
    KERNEL_LOG_ERROR("Integer reversed multiA: %lld * multiB: %lld", static_cast<long long>(A), \
                     static_cast<long long>(B));                                                \
    return errorCode;                                                                           \
  }                                                                                             \
  (result) = ((A) * (B));

#define KERNEL_CHECK_FALSE_RUN_INFO(condition, errorCode, logText...) \
  if (!(condition)) {                                                 \
    KERNEL_LOG_EVENT(logText);                                        \
    return errorCode;                                                 \
  }

#define KERNEL_CHECK_FALSE_VOID(condition, logText...) \
  if (!(condition)) {                                  \
    KERNEL_LOG_ERROR(logText);                         \
    return;                                            \
  }

#define KERNEL_HANDLE_ERROR(expression, logText...) \
  {                                                 \
    uint32_t ret = (expression);                    \
    if (ret != 0U) {                                \
      KERNEL_LOG_ERROR(logText);                    \
      return ret;                                   \
    }                                               \
  }

#define KERNEL_CHECK_ERROR(expression) \
  do {                                 \
    uint32_t ret = (expression);       \
    if (ret != 0U) {                   \
      return ret;                      \
    }                                  \
  } while (0)

#define KERNEL_CHECK_FALSE_EXEC(condition, execExpr...) \
  if (!(condition)) {                                   \
    execExpr;                                           \
  }

#define KERNEL_CHECK_RET(condition, errorCode) \
  do {                                         \
    if (condition) {                           \
      return errorCode;                        \
    }                                          \
  } while (0)

#endif  // AICPU_COMMON_CONTEXT_LOG_H
