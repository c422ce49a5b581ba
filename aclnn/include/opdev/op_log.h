// nnopbase's logging and check macros for op-API layers (opdev/op_log.h). A reported error
// (OP_LOGE) joins the thread's recent error, which aclGetRecentErrMsg returns, as a line
// prefixed with the function that logged it (a first stage starts with none: CREATE_EXECUTOR
// clears it); the other levels, OP_LOGE_WITHOUT_REPORT included, go to stderr when
// OPSIM_OPAPI_LOG=1.
#pragma once

#include <cstdint>

#include "opdev/op_errno.h"

namespace op::internal {
// printf-style; `level` 'E' adds the message to the recent error as well.
void OpLog(char level, int32_t code, const char* func, const char* fmt, ...);
}  // namespace op::internal

#define OP_LOGE(errno, ...) op::internal::OpLog('E', (errno), __func__, __VA_ARGS__)
#define OP_LOGE_WITHOUT_REPORT(errno, ...) op::internal::OpLog('e', (errno), __func__, __VA_ARGS__)
#define OP_LOGW(...) op::internal::OpLog('W', 0, __func__, __VA_ARGS__)
#define OP_LOGI(...) op::internal::OpLog('I', 0, __func__, __VA_ARGS__)
#define OP_LOGD(...) op::internal::OpLog('D', 0, __func__, __VA_ARGS__)
#define OP_EVENT(...) op::internal::OpLog('I', 0, __func__, __VA_ARGS__)

#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif

#define OP_CHECK_NOTNULL(val)                                                    \
  do {                                                                           \
    if (unlikely((val) == nullptr)) {                                            \
      OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Parameter[%s] must not be null.", #val); \
      return ACLNN_ERR_INNER_NULLPTR;                                            \
    }                                                                            \
  } while (false)

#define RET_IF_NOT_SUCCESS(x)

#define CHECK_RET(condition, ret_value)                                        \
  do {                                                                         \
    if (unlikely(!(condition))) {                                              \
      OP_LOGE_WITHOUT_REPORT(ACLNN_ERR_INNER, "check %s failed.", #condition); \
      return ret_value;                                                        \
    }                                                                          \
  } while (false)

#define CHECK_RET_CODE(func, fmt, ...)     \
  do {                                     \
    aclnnStatus __rc = func;               \
    if (unlikely(__rc != ACLNN_SUCCESS)) { \
      OP_LOGE(__rc, fmt, ##__VA_ARGS__);   \
      return __rc;                         \
    }                                      \
  } while (false)

#define OP_CHECK(cond, log_func, return_expr) \
  do {                                        \
    if (unlikely(!(cond))) {                  \
      log_func;                               \
      return_expr;                            \
    }                                         \
  } while (false)

#define OP_CHECK_NO_RETURN(cond, log_func) \
  do {                                     \
    if (unlikely(!(cond))) {               \
      log_func;                            \
    }                                      \
  } while (false)

#define CHECK_COND(cond, ret, fmt, ...) \
  do {                                  \
    if (unlikely(!(cond))) {            \
      OP_LOGE(ret, fmt, ##__VA_ARGS__); \
      return ret;                       \
    }                                   \
  } while (false)
