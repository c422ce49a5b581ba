// CANN's op-base logging header (opbase include/op_common/log/log.h), reached by operators as
// "log/log.h" or "op_common/log/log.h": the OP_LOG* macros, OP_CHECK_IF,
// OP_CHECK_NULL_WITH_CONTEXT, unlikely/likely, and Ops::Base's ToString helpers.
//
// A line goes through DlogRecord when CheckLogLevel(OP_MODULE_ID, level) allows it
// (ASCEND_GLOBAL_LOG_LEVEL: 0 debug, 1 info, 2 warning, 3 error (default), 4 none) to stdout
// with ASCEND_SLOG_PRINT_TO_STDOUT=1, else to stderr, as
//   [ERROR] OP(<pid>,<program>):<date-time> [<file>:<line>][OPS_BASE][<func>][<tid>] OpName:[<op>]
//   <text>
// OP_LOGE and the OP_LOGE_WITH_INVALID_* family also record "<op>: <text>" as the thread's
// operator error whatever the level, so that opsim returns it when the function fails.
#pragma once

#include <sys/syscall.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdint>
#include <sstream>  // operator code uses std::ostringstream through this header, as CANN's
#include <string>
#include <type_traits>
#include <vector>

#include "base/err_msg.h"
#include "exe_graph/runtime/shape.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"
#include "op_common/op_host/util/opbase_export.h"

#ifndef DLOG_DEBUG
#define DLOG_DEBUG 0
#endif
#ifndef DLOG_INFO
#define DLOG_INFO 1
#endif
#ifndef DLOG_WARN
#define DLOG_WARN 2
#endif
#ifndef DLOG_ERROR
#define DLOG_ERROR 3
#endif

constexpr int32_t OP_MODULE_ID = 63;

// The slog entry points: 1 when a line of `level` would be written, else 0; and write one line.
extern "C" {
OPBASE_API int32_t CheckLogLevel(int32_t moduleId, int32_t level);
OPBASE_API void DlogRecord(int32_t moduleId, int32_t level, const char* fmt, ...);
}

#ifndef OP_SUBMOD_NAME
#define OP_SUBMOD_NAME "OPS_BASE"
#endif

namespace opsim {
namespace opbase {

// One OP_LOG* line: formats `fmt` with the arguments and writes it with CANN's prefix through
// DlogRecord (when `level` is enabled); with `record`, also records "<op>: <text>".
OPBASE_API void OpLog(int32_t level, bool record, const char* file, int line, const char* func,
                      const char* op, const char* fmt, ...);

}  // namespace opbase
}  // namespace opsim

namespace Ops {
namespace Base {

// The same slog entry points under the names newer op-base code calls.
OPBASE_API int32_t CheckLogLevelInner(int32_t moduleId, int32_t level);
OPBASE_API void DlogRecordInner(int32_t moduleId, int32_t level, const char* fmt, ...);

inline uint64_t GetTid() { return static_cast<uint64_t>(syscall(SYS_gettid)); }

inline const char* GetSafeStr(const char* name) { return name == nullptr ? "nil" : name; }
inline const char* GetSafeStr(const std::string& name) { return name.c_str(); }

// What a log line names the operator by: a name given as a string is itself ("nil" for a null
// one); a context (anything else with GetNodeType/GetNodeName) is "<type>:<name>".
inline const char* GetOpInfo(const char* name) { return name == nullptr ? "nil" : name; }
inline const std::string& GetOpInfo(const std::string& name) { return name; }
inline const char* GetOpInfo(std::nullptr_t) { return "nil"; }
template <class T, typename std::enable_if<std::is_pointer<T>::value &&
                                               !std::is_convertible<T, const char*>::value,
                                           int>::type = 0>
std::string GetOpInfo(T context) {
  if (context == nullptr) return "nil:nil";
  const char* type = context->GetNodeType();
  const char* name = context->GetNodeName();
  return std::string(type == nullptr ? "nil" : type) + ":" + (name == nullptr ? "nil" : name);
}

// CANN's names: "DT_FLOAT16", "ND"; a shape as "[2, 3]" ("[]" for a scalar); a list of shapes as
// "[[2, 3], [4]]" (a null entry as "nil").
OPBASE_API std::string ToString(ge::DataType type);
OPBASE_API std::string ToString(ge::Format format);
OPBASE_API std::string ToString(const gert::Shape& shape);
OPBASE_API std::string ToString(const std::vector<const gert::Shape*>& shapes);

}  // namespace Base
}  // namespace Ops

#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif

// The format follows the operator and may be absent (OP_LOGI(name) logs an empty text); it must
// be a string literal, as in CANN, whose macros paste the prefix onto it. The level is checked
// first so that the arguments of a disabled line are not evaluated.
#define OPSIM_OPBASE_LOG(level, op, ...)                                                           \
  do {                                                                                             \
    if (::Ops::Base::CheckLogLevelInner(OP_MODULE_ID, (level)) == 1) {                             \
      ::opsim::opbase::OpLog((level), false, __FILE__, __LINE__, __FUNCTION__,                     \
                             ::Ops::Base::GetSafeStr(::Ops::Base::GetOpInfo(op)), "" __VA_ARGS__); \
    }                                                                                              \
  } while (0)

#define OP_LOGD(opName, ...) OPSIM_OPBASE_LOG(DLOG_DEBUG, opName, __VA_ARGS__)
#define OP_LOGI(opName, ...) OPSIM_OPBASE_LOG(DLOG_INFO, opName, __VA_ARGS__)
#define OP_LOGW(opName, ...) OPSIM_OPBASE_LOG(DLOG_WARN, opName, __VA_ARGS__)
#define OP_LOGE_WITHOUT_REPORT(opName, ...) OPSIM_OPBASE_LOG(DLOG_ERROR, opName, __VA_ARGS__)
// Logged and recorded (CANN: logged and reported to the error manager as EZ9999).
#define OP_LOGE(opName, ...)                                                 \
  ::opsim::opbase::OpLog(DLOG_ERROR, true, __FILE__, __LINE__, __FUNCTION__, \
                         ::Ops::Base::GetSafeStr(::Ops::Base::GetOpInfo(opName)), "" __VA_ARGS__)

// op-base's level below: `opInfo` is already the text a line names the operator by (what
// GetOpInfo gives, which the macros above pass it), the format a string literal. ops-nn's
// error_util.h writes its OPS_LOG_* through these. D_OP_LOGE logs without recording: op-base's
// OP_LOGE_WITHOUT_REPORT is D_OP_LOGE of the operator's text.
#define D_OP_LOGD(opInfo, ...) OPSIM_OPBASE_LOG(DLOG_DEBUG, opInfo, __VA_ARGS__)
#define D_OP_LOGI(opInfo, ...) OPSIM_OPBASE_LOG(DLOG_INFO, opInfo, __VA_ARGS__)
#define D_OP_LOGW(opInfo, ...) OPSIM_OPBASE_LOG(DLOG_WARN, opInfo, __VA_ARGS__)
#define D_OP_LOGE(opInfo, ...) OPSIM_OPBASE_LOG(DLOG_ERROR, opInfo, __VA_ARGS__)

// `log` and `return_expr` are statements of the caller's (e.g. OP_LOGE(...) and
// return ge::GRAPH_FAILED), run in that order when `condition` holds.
#define OP_CHECK_IF(condition, log, return_expr) \
  do {                                           \
    if (unlikely(condition)) {                   \
      log;                                       \
      return_expr;                               \
    }                                            \
  } while (0)

// Returns ge::GRAPH_FAILED from the calling function, logging "<ptr> is nullptr!" for the
// context's node (or "nil"), when `ptr` is null.
#define OP_CHECK_NULL_WITH_CONTEXT(context, ptr)                                                   \
  do {                                                                                             \
    if (unlikely((ptr) == nullptr)) {                                                              \
      const char* opsim_node_name_ = ((context) == nullptr || (context)->GetNodeName() == nullptr) \
                                         ? "nil"                                                   \
                                         : (context)->GetNodeName();                               \
      OP_LOGE(opsim_node_name_, "%s is nullptr!", #ptr);                                           \
      return ge::GRAPH_FAILED;                                                                     \
    }                                                                                              \
  } while (0)

#include "op_common/log/log_predefined.h"  // IWYU pragma: export
