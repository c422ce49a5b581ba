// Calls into a user's host code (OpDef constructors, InferShape, InferDataType, tiling) pass
// through here. That code is under development, so it throws; an exception must not take the
// process down, and the error must say whose code threw, at which stage and what it said.
#pragma once

#include <string>
#include <string_view>

#include "opsim/core/status.h"

namespace opsim::op_api {

// The file of the shared object (or program) holding `address`, as the loader opened it; empty
// when unknown.
std::string LibraryOf(const void* address);

// The exception being handled (call inside a catch block or a terminate handler):
// "std::runtime_error: <what()>", a thrown string's text, or the thrown type's name.
std::string DescribeCurrentException();

// Where user code is called: the op, the stage ("InferShape", "InferDataType", "tiling",
// "OpDef constructor") and an address inside the user's code (the function called), which
// names the library.
struct UserCallSite {
  std::string_view op;
  std::string_view stage;
  const void* code = nullptr;
  ErrorCode code_on_throw = ErrorCode::kInvalidParam;
};

// The error for the exception being handled: "<op>: user code threw at stage <stage>: <text>
// (library <file>)".
Status UserCodeThrew(const UserCallSite& site);

// Whether `status` is UserCodeThrew's error (user code went wrong, rather than an op refusing
// its inputs): the case harness fails that one case instead of refusing the suite.
bool IsUserCodeFailure(const Status& status);

// Runs fn(); an exception escaping it becomes UserCodeThrew's error.
template <typename F>
Status CallUserCode(const UserCallSite& site, F&& fn) {
  try {
    fn();
  } catch (...) {
    return UserCodeThrew(site);
  }
  return Status::Ok();
}

// A function pointer as an address for UserCallSite::code.
template <typename Fn>
const void* CodeAddress(Fn* fn) {
  return reinterpret_cast<const void*>(fn);
}

}  // namespace opsim::op_api
