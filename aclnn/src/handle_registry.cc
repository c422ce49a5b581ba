#include <cstdio>
#include <mutex>
#include <unordered_map>

#include "aclnn_objects.h"
#include "opsim/cpudebug/acl_error.h"

namespace opsim::aclnn {
namespace {

// Handles are few (an application makes tens per operator call): one map under one lock.
struct Registry {
  std::mutex mu;
  std::unordered_map<const void*, HandleKind> live;
};

Registry& TheRegistry() {
  static Registry* registry = new Registry;  // never destroyed: handles outlive static teardown
  return *registry;
}

std::string Address(const void* p) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", p);
  return text;
}

}  // namespace

const char* KindName(HandleKind kind) {
  switch (kind) {
    case HandleKind::kTensor: return "aclTensor";
    case HandleKind::kScalar: return "aclScalar";
    case HandleKind::kIntArray: return "aclIntArray";
    case HandleKind::kFloatArray: return "aclFloatArray";
    case HandleKind::kBoolArray: return "aclBoolArray";
    case HandleKind::kTensorList: return "aclTensorList";
    case HandleKind::kScalarList: return "aclScalarList";
    case HandleKind::kExecutor: return "aclOpExecutor";
  }
  return "handle";
}

void AddHandle(const void* handle, HandleKind kind) {
  Registry& r = TheRegistry();
  const std::lock_guard<std::mutex> lock(r.mu);
  r.live[handle] = kind;
}

void RemoveHandle(const void* handle) {
  Registry& r = TheRegistry();
  const std::lock_guard<std::mutex> lock(r.mu);
  r.live.erase(handle);
}

bool IsLive(const void* handle, HandleKind kind, const char* call, const char* what) {
  Registry& r = TheRegistry();
  std::unique_lock<std::mutex> lock(r.mu);
  const auto it = r.live.find(handle);
  if (it != r.live.end() && it->second == kind) return true;
  const std::string is =
      it == r.live.end()
          ? "is not a live " + std::string(KindName(kind)) +
                " (destroyed already, or never made by this library)"
          : "is an " + std::string(KindName(it->second)) + ", not an " + KindName(kind);
  lock.unlock();
  Fail(ACLNN_ERR_PARAM_INVALID, call, std::string(what) + " " + Address(handle) + " " + is);
  return false;
}

aclnnStatus Fail(aclnnStatus code, const char* call, const std::string& message) {
  return acl::Fail(code, std::string(call) + ": " + message);
}

aclnnStatus FailNull(const char* call, const char* what) {
  return Fail(ACLNN_ERR_PARAM_NULLPTR, call, std::string(what) + " is null");
}

}  // namespace opsim::aclnn
