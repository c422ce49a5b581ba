#include "opsim/op_api/op_error.h"

#include <string>
#include <utility>

namespace opsim::op_api {
namespace {

thread_local Status last_error;
constexpr size_t kMaxRecordedBytes = 4096;  // later errors of a runaway loop are dropped

}  // namespace

void ReportOpError(Status status) { last_error = std::move(status); }

void AppendOpError(const std::string& text) {
  if (last_error.ok()) {
    last_error = Status(ErrorCode::kInvalidParam, text);
  } else if (last_error.message().size() < kMaxRecordedBytes) {
    last_error = Status(last_error.code(), last_error.message() + "; " + text);
  }
}

Status TakeOpError() { return std::exchange(last_error, Status::Ok()); }

}  // namespace opsim::op_api
