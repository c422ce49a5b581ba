#include "opsim/op_api/user_call.h"

#include <cxxabi.h>
#include <dlfcn.h>

#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <typeinfo>

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
}  // namespace

bool IsUserCodeFailure(const Status& status) {
  return !status.ok() && status.message().find(kThrewAtStage) != std::string::npos;
}

Status UserCodeThrew(const UserCallSite& site) {
  std::string library = LibraryOf(site.code);
  if (library.empty()) library = "unknown";
  return {site.code_on_throw, std::string(site.op) + kThrewAtStage + std::string(site.stage) +
                                  ": " + DescribeCurrentException() + " (library " + library + ")"};
}

}  // namespace opsim::op_api
