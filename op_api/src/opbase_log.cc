// The slog entry points and OP_LOG* of CANN's op-base headers (op_common/log/log.h,
// base/err_msg.h), and their ToString helpers. Errors go to opsim's per-thread operator error
// (opsim/op_api/op_error.h), which the OpDef operation returns when a host function fails.
#include "op_common/log/log.h"

#include <unistd.h>

#include <sys/time.h>
#include <cerrno>  // program_invocation_short_name
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <utility>

#include "opsim/op_api/op_error.h"

namespace opsim::opbase {
namespace {

constexpr int kLevelNone = 4;  // ASCEND_GLOBAL_LOG_LEVEL=4: nothing is written

// Read on every call, not cached: a test (or a user) may change it while the process runs.
int GlobalLevel() {
  const char* env = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  if (env != nullptr && env[0] >= '0' && env[0] <= '4' && env[1] == '\0') return env[0] - '0';
  return DLOG_ERROR;
}

const char* LevelName(int32_t level) {
  switch (level) {
    case DLOG_DEBUG: return "DEBUG";
    case DLOG_INFO: return "INFO";
    case DLOG_WARN: return "WARNING";
    default: return "ERROR";
  }
}

std::string VFormat(const char* fmt, va_list args) {
  if (fmt == nullptr) return {};
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n <= 0) return {};
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::vsnprintf(out.data(), out.size(), fmt, args);
  out.resize(static_cast<size_t>(n));
  return out;
}

// slog's line head: "[ERROR] OP(<pid>,<program>):2026-12-03-20:41:07.123.456 ".
std::string LineHead(int32_t level) {
  timeval now{};
  gettimeofday(&now, nullptr);
  tm local{};
  localtime_r(&now.tv_sec, &local);
  char stamp[64];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H:%M:%S", &local);
  const long usec = static_cast<long>(now.tv_usec);
  char head[160];
  std::snprintf(head, sizeof head, "[%s] OP(%d,%s):%s.%03ld.%03ld ", LevelName(level),
                static_cast<int>(getpid()), program_invocation_short_name, stamp, usec / 1000,
                usec % 1000);
  return head;
}

void WriteLine(int32_t level, const std::string& text) {
  const char* to_stdout = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  std::FILE* out = (to_stdout != nullptr && std::strcmp(to_stdout, "1") == 0) ? stdout : stderr;
  const std::string line = LineHead(level) + text + "\n";
  std::fputs(line.c_str(), out);  // one write per line, so threads do not interleave within it
  std::fflush(out);
}

void Record(const std::string& text) { op_api::AppendOpError(text); }

const char* BaseName(const char* file) {
  const char* slash = std::strrchr(file, '/');
  return slash == nullptr ? file : slash + 1;
}

}  // namespace

void OpLog(int32_t level, bool record, const char* file, int line, const char* func, const char* op,
           const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const std::string text = VFormat(fmt, args);
  va_end(args);
  if (record) Record(std::string(op) + ": " + text);
  if (CheckLogLevel(OP_MODULE_ID, level) != 1) return;
  DlogRecord(OP_MODULE_ID, level, "[%s:%d][%s][%s][%llu] OpName:[%s] %s", BaseName(file), line,
             OP_SUBMOD_NAME, func, static_cast<unsigned long long>(Ops::Base::GetTid()), op,
             text.c_str());
}

int ReportInnerErrMsg(const char* code, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const std::string text = VFormat(fmt, args);
  va_end(args);
  Record(std::string(code == nullptr ? "" : code) + ": " + text);
  return 0;
}

int ReportPredefinedErrMsg(const char* code, const std::vector<const char*>& keys,
                           const std::vector<const char*>& values) {
  std::string text = std::string(code == nullptr ? "" : code) + ":";
  for (size_t i = 0; i < keys.size() && i < values.size(); ++i) {
    text += std::string(i == 0 ? " " : ", ") + Ops::Base::GetSafeStr(keys[i]) + "=" +
            Ops::Base::GetSafeStr(values[i]);
  }
  Record(text);
  return 0;
}

}  // namespace opsim::opbase

extern "C" int32_t CheckLogLevel(int32_t moduleId, int32_t level) {
  (void)moduleId;  // one level for every module, as ASCEND_GLOBAL_LOG_LEVEL sets
  const int global = opsim::opbase::GlobalLevel();
  return global != opsim::opbase::kLevelNone && level >= global ? 1 : 0;
}

extern "C" void DlogRecord(int32_t moduleId, int32_t level, const char* fmt, ...) {
  if (CheckLogLevel(moduleId, level) != 1) return;
  va_list args;
  va_start(args, fmt);
  const std::string text = opsim::opbase::VFormat(fmt, args);
  va_end(args);
  opsim::opbase::WriteLine(level, text);
}

namespace Ops::Base {

int32_t CheckLogLevelInner(int32_t moduleId, int32_t level) {
  return ::CheckLogLevel(moduleId, level);
}

void DlogRecordInner(int32_t moduleId, int32_t level, const char* fmt, ...) {
  if (::CheckLogLevel(moduleId, level) != 1) return;
  va_list args;
  va_start(args, fmt);
  const std::string text = opsim::opbase::VFormat(fmt, args);
  va_end(args);
  opsim::opbase::WriteLine(level, text);
}

std::string ToString(ge::DataType type) { return ge::DataTypeName(type); }

std::string ToString(ge::Format format) { return ge::FormatName(format); }

std::string ToString(const gert::Shape& shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    out += (i == 0 ? "" : ", ") + std::to_string(shape.GetDim(i));
  }
  return out + "]";
}

std::string ToString(const std::vector<const gert::Shape*>& shapes) {
  std::string out = "[";
  for (size_t i = 0; i < shapes.size(); ++i) {
    out +=
        (i == 0 ? "" : ", ") + (shapes[i] == nullptr ? std::string("nil") : ToString(*shapes[i]));
  }
  return out + "]";
}

}  // namespace Ops::Base
