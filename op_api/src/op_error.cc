#include "opsim/op_api/op_error.h"

#include <utility>

namespace opsim::op_api {
namespace {

thread_local Status last_error;

}  // namespace

void ReportOpError(Status status) { last_error = std::move(status); }

Status TakeOpError() { return std::exchange(last_error, Status::Ok()); }

}  // namespace opsim::op_api
