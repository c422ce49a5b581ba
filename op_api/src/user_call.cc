#include "opsim/op_api/user_call.h"

#include <cxxabi.h>
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <typeinfo>

#include "opsim/core/exit_guard.h"
#include "opsim/core/signal_guard.h"

namespace opsim::op_api {
namespace {

std::string Demangle(const char* name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> out(abi::__cxa_demangle(name, nullptr, nullptr, &status),
                                             std::free);
  return status == 0 && out ? std::string(out.get()) : std::string(name);
}

}  // namespace

std::string LibraryOf(const void* address) {
  Dl_info info{};
  if (address == nullptr || dladdr(address, &info) == 0 || info.dli_fname == nullptr) return {};
  return info.dli_fname;
}

std::string DescribeCurrentException() {
  const std::exception_ptr current = std::current_exception();
  if (!current) return "an unknown exception";
  try {
    std::rethrow_exception(current);
  } catch (const std::exception& e) {
    return Demangle(typeid(e).name()) + ": " + e.what();
  } catch (const char* text) {
    return std::string("a string: ") + (text != nullptr ? text : "(null)");
  } catch (const std::string& text) {
    return "a std::string: " + text;
  } catch (...) {
    const std::type_info* type = abi::__cxa_current_exception_type();
    std::string text = "an exception of type ";
    text += type != nullptr ? Demangle(type->name()) : std::string("unknown");
    return text;
  }
}

namespace {

constexpr const char* kThrewAtStage = ": user code threw at stage ";
constexpr const char* kCrashedAtStage = ": user code crashed at stage ";

// Where the signal was raised, beside the library holding the function called: "library <file>,
// function <name>" when the faulting instruction is in it, else also the object it is in (libc's
// raise() for abort()). A function without a dynamic symbol is given by its offset, for
// addr2line.
std::string CrashSite(const UserCallSite& site, uintptr_t pc) {
  const std::string library = LibraryOf(site.code);
  const signal_guard::CodeSite code = signal_guard::LocateCode(pc);
  std::string where = "at an address no loaded object holds";
  if (!code.file.empty()) {
    char offset[40];
    std::snprintf(offset, sizeof offset, "+0x%zx", static_cast<size_t>(code.offset));
    where = (code.file == library ? std::string() : "in " + code.file + ", ") +
            (code.symbol.empty() ? std::string("at offset ") + offset
                                 : "function " + Demangle(code.symbol.c_str()));
  }
  return "library " + (library.empty() ? std::string("unknown") : library) + ", " + where;
}

Status UserCodeCrashed(const UserCallSite& site, const signal_guard::SignalRecord& record) {
  std::string meaning = signal_guard::DescribeSignal(record, "user code");
  if (signal_guard::StackOverflowed(record)) {
    meaning += ", next to the stack pointer: the stack overflowed (unbounded recursion?)";
  }
  return {site.code_on_throw, std::string(site.op) + kCrashedAtStage + std::string(site.stage) +
                                  ": " + meaning + " (" + CrashSite(site, record.pc) + ")"};
}

}  // namespace

bool IsUserCodeFailure(const Status& status) {
  return !status.ok() && (status.message().find(kThrewAtStage) != std::string::npos ||
                          status.message().find(kCrashedAtStage) != std::string::npos);
}

Status RunUserCode(const UserCallSite& site, void (*call)(void*), void* arg) {
  signal_guard::Prepare();
  const exit_guard::UserCodeScope scope(site.stage, site.op);
  signal_guard::Frame frame;
  if (!signal_guard::RunWithThreadFrame(frame, call, arg)) return Status::Ok();
  return UserCodeCrashed(site, frame.record);
}

Status UserCodeThrew(const UserCallSite& site) {
  std::string library = LibraryOf(site.code);
  if (library.empty()) library = "unknown";
  return {site.code_on_throw, std::string(site.op) + kThrewAtStage + std::string(site.stage) +
                                  ": " + DescribeCurrentException() + " (library " + library + ")"};
}

}  // namespace opsim::op_api
