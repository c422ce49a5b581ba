// acl_rt.h on the simulated machine: one device, synchronous streams, device memory from
// GmAlloc so that ICPU_RUN_KF kernels may address it.
#include "acl/acl_rt.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "opsim/cpudebug/acl_error.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/gm_blocks.h"

namespace {

using opsim::acl::Fail;

struct RuntimeState {
  std::mutex mu;
  bool initialized = false;
  std::set<void*> streams;
  std::set<void*> contexts;
  std::set<void*> host_blocks;
  // aclrtMalloc's blocks by start: the size the program asked for. The block is larger (the
  // chip's padding, which a kernel may read); a copy is held to the request.
  std::map<const void*, size_t> requested;
};

RuntimeState& State() {
  static RuntimeState state;
  return state;
}

// Device 0's default context, and each thread's current one (null: the default).
char default_context;
thread_local void* current_context = nullptr;

aclError CheckDevice(int32_t deviceId, const char* call) {
  if (deviceId != 0) {
    return Fail(ACL_ERROR_INVALID_PARAM,
                std::string(call) + ": device " + std::to_string(deviceId) +
                    " does not exist (the simulated machine has device 0)");
  }
  return ACL_SUCCESS;
}

// When ptr lies in an aclrtMalloc (GmAlloc) block, `bytes` from ptr must end inside it: the
// message saying by how much they do not, or empty. Host memory's extent is not known here. An
// aclrtMalloc block is what the chip allocates (AclrtMallocBytes: the size rounded up to 32 B,
// plus 32 B), which its runtime checks a copy against: ops-math's ComplexV2 example copies 32 B
// back from a 16 B tensor whose kernel wrote 32 B into the block, and the chip gives them.
std::string OverBlock(const char* call, const char* what, const void* ptr, size_t bytes) {
  const void* base = nullptr;
  uint64_t block = 0;
  if (!opsim::sim::FindGmAllocBlock(ptr, &base, &block)) return {};
  {
    RuntimeState& s = State();
    std::lock_guard<std::mutex> lock(s.mu);
    const auto it = s.requested.find(base);
    if (it != s.requested.end()) block = opsim::sim::AclrtMallocBytes(it->second);
  }
  const uint64_t offset =
      static_cast<uint64_t>(static_cast<const char*>(ptr) - static_cast<const char*>(base));
  if (offset <= block && bytes <= block - offset) return {};
  const uint64_t left = offset <= block ? block - offset : 0;
  return std::string(call) + ": " + what + " " + std::to_string(bytes) + " exceeds the " +
         std::to_string(left) + " B from " + (what[0] == 'c' ? "src" : "dst") +
         " to the end of its " + std::to_string(block) + " B aclrtMalloc block";
}

}  // namespace

extern "C" aclError aclInit(const char* /*configPath: no settings apply to the simulator*/) {
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.initialized) return Fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: already initialised");
  s.initialized = true;
  return ACL_SUCCESS;
}

extern "C" aclError aclFinalize(void) {
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (!s.initialized) return Fail(ACL_ERROR_UNINITIALIZE, "aclFinalize: aclInit was not called");
  s.initialized = false;
  return ACL_SUCCESS;
}

extern "C" aclError aclrtSetDevice(int32_t deviceId) {
  return CheckDevice(deviceId, "aclrtSetDevice");
}

extern "C" aclError aclrtResetDevice(int32_t deviceId) {
  return CheckDevice(deviceId, "aclrtResetDevice");
}

extern "C" aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  if (context == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext: context is null");
  }
  if (aclError st = CheckDevice(deviceId, "aclrtCreateContext"); st != ACL_SUCCESS) return st;
  void* token = std::malloc(1);  // a unique address identifies the context
  if (token == nullptr) return Fail(ACL_ERROR_BAD_ALLOC, "aclrtCreateContext: out of memory");
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.contexts.insert(token);
  current_context = token;
  *context = token;
  return ACL_SUCCESS;
}

extern "C" aclError aclrtDestroyContext(aclrtContext context) {
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.contexts.erase(context) == 0) {
    return Fail(ACL_ERROR_INVALID_PARAM,
                "aclrtDestroyContext: not a live context of aclrtCreateContext");
  }
  if (current_context == context) current_context = nullptr;
  std::free(context);
  return ACL_SUCCESS;
}

extern "C" aclError aclrtSetCurrentContext(aclrtContext context) {
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (context != &default_context && s.contexts.count(context) == 0) {
    return Fail(ACL_ERROR_INVALID_PARAM,
                "aclrtSetCurrentContext: not a live context (aclrtCreateContext, or the default "
                "one aclrtGetCurrentContext gives)");
  }
  current_context = context == &default_context ? nullptr : context;
  return ACL_SUCCESS;
}

extern "C" aclError aclrtGetCurrentContext(aclrtContext* context) {
  if (context == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext: context is null");
  }
  *context = current_context != nullptr ? current_context : &default_context;
  return ACL_SUCCESS;
}

extern "C" aclError aclrtCreateStream(aclrtStream* stream) {
  if (stream == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: stream is null");
  void* token = std::malloc(1);  // a unique address identifies the stream
  if (token == nullptr) return Fail(ACL_ERROR_BAD_ALLOC, "aclrtCreateStream: out of memory");
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.streams.insert(token);
  *stream = token;
  return ACL_SUCCESS;
}

extern "C" aclError aclrtDestroyStream(aclrtStream stream) {
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.streams.erase(stream) == 0) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: not a stream of aclrtCreateStream");
  }
  std::free(stream);
  return ACL_SUCCESS;
}

extern "C" aclError aclrtSynchronizeStream(aclrtStream stream) {
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  // The null stream is the default stream, as in AscendCL.
  if (stream != nullptr && s.streams.count(stream) == 0) {
    return Fail(ACL_ERROR_INVALID_PARAM,
                "aclrtSynchronizeStream: not a stream of aclrtCreateStream");
  }
  return ACL_SUCCESS;
}

extern "C" aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy /*policy*/) {
  if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: devPtr is null");
  if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: size is 0 (expected > 0)");
  // The block is what the chip gives (AclrtMallocBytes): a kernel reading an aligned tail past
  // a small tensor stays inside it, as on the chip; GmAlloc's 512 B alignment is >= its 64 B.
  if (size > SIZE_MAX - 1024) {
    return Fail(ACL_ERROR_BAD_ALLOC, "aclrtMalloc: cannot allocate " + std::to_string(size) +
                                         " B (the padded size would wrap past 2^64)");
  }
  void* ptr = AscendC::GmAlloc(opsim::sim::AclrtMallocBytes(size));
  if (ptr == nullptr) {
    return Fail(ACL_ERROR_BAD_ALLOC, "aclrtMalloc: cannot allocate " + std::to_string(size) + " B");
  }
  {
    RuntimeState& s = State();
    std::lock_guard<std::mutex> lock(s.mu);
    s.requested[ptr] = size;
  }
  *devPtr = ptr;
  return ACL_SUCCESS;
}

extern "C" aclError aclrtFree(void* devPtr) {
  const void* base = nullptr;
  uint64_t bytes = 0;
  if (!opsim::sim::FindGmAllocBlock(devPtr, &base, &bytes) || base != devPtr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFree: not a pointer from aclrtMalloc");
  }
  {
    RuntimeState& s = State();
    std::lock_guard<std::mutex> lock(s.mu);
    s.requested.erase(devPtr);
  }
  AscendC::GmFree(devPtr);
  return ACL_SUCCESS;
}

extern "C" aclError aclrtMallocHost(void** hostPtr, size_t size) {
  if (hostPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: hostPtr is null");
  if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: size is 0 (expected > 0)");
  void* ptr = std::malloc(size);
  if (ptr == nullptr) {
    return Fail(ACL_ERROR_BAD_ALLOC,
                "aclrtMallocHost: cannot allocate " + std::to_string(size) + " B");
  }
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  s.host_blocks.insert(ptr);
  *hostPtr = ptr;
  return ACL_SUCCESS;
}

extern "C" aclError aclrtFreeHost(void* hostPtr) {
  RuntimeState& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.host_blocks.erase(hostPtr) == 0) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost: not a pointer from aclrtMallocHost");
  }
  std::free(hostPtr);
  return ACL_SUCCESS;
}

extern "C" aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                                aclrtMemcpyKind kind) {
  if (dst == nullptr || src == nullptr) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: dst or src is null");
  }
  if (count > destMax) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: count " + std::to_string(count) +
                                             " exceeds destMax " + std::to_string(destMax));
  }
  if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_DEFAULT) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: kind " +
                                             std::to_string(static_cast<int>(kind)) +
                                             " is not an aclrtMemcpyKind (expected 0..4)");
  }
  // The sizes the program states, against the blocks the runtime knows (aclrtMalloc memory).
  if (std::string lie = OverBlock("aclrtMemcpy", "destMax", dst, destMax); !lie.empty()) {
    return Fail(ACL_ERROR_INVALID_PARAM, lie);
  }
  if (std::string lie = OverBlock("aclrtMemcpy", "count", src, count); !lie.empty()) {
    return Fail(ACL_ERROR_INVALID_PARAM, lie);
  }
  std::memmove(dst, src, count);  // device memory is host memory on the simulated machine
  return ACL_SUCCESS;
}

extern "C" aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: devPtr is null");
  if (count > maxCount) {
    return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: count " + std::to_string(count) +
                                             " exceeds maxCount " + std::to_string(maxCount));
  }
  if (std::string lie = OverBlock("aclrtMemset", "maxCount", devPtr, maxCount); !lie.empty()) {
    return Fail(ACL_ERROR_INVALID_PARAM, lie);
  }
  std::memset(devPtr, value, count);
  return ACL_SUCCESS;
}
