// Calls into a user's host code (OpDef constructors, InferShape, InferDataType, tiling) pass
// through here. That code is under development, so it throws, divides by zero, dereferences null
// and recurses without end; none of it may take the process down, and the error must say whose
// code went wrong, at which stage and how. Signals are caught by opsim/core/signal_guard.h's
// handler (the one the kernel guard uses), exit() by opsim/core/exit_guard.h.
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

// Whether `status` is UserCodeThrew's or RunUserCode's crash error (user code went wrong, rather
// than an op refusing its inputs): the case harness fails that one case instead of refusing the
// suite.
bool IsUserCodeFailure(const Status& status);

// Runs call(arg) on this thread with its signals guarded and the thread marked as running user
// code: OK when it returned; when a hardware-style signal stopped it, the error "<op>: user code
// crashed at stage <stage>: SIGSEGV: an access to 0x10, where nothing is mapped (library <file>,
// function <name>)" with site.code_on_throw. An exit() inside ends the process with status 70 and
// a message naming the stage and op. An exception from call passes through.
Status RunUserCode(const UserCallSite& site, void (*call)(void*), void* arg);

// Runs fn(); an exception escaping it becomes UserCodeThrew's error, a signal RunUserCode's.
template <typename F>
Status CallUserCode(const UserCallSite& site, F&& fn) {
  Status threw = Status::Ok();
  auto body = [&]() {
    try {
      fn();
    } catch (...) {
      threw = UserCodeThrew(site);
    }
  };
  using Body = decltype(body);
  const Status crashed = RunUserCode(
      site, [](void* b) { (*static_cast<Body*>(b))(); }, &body);
  return crashed.ok() ? threw : crashed;
}

// A function pointer as an address for UserCallSite::code.
template <typename Fn>
const void* CodeAddress(Fn* fn) {
  return reinterpret_cast<const void*>(fn);
}

}  // namespace opsim::op_api
