// The part of ACL (acl/acl.h) that ATB programs call around the ATB API, so that ATB's samples
// compile unchanged: init and finalize, device selection, streams, device memory and copies.
// In the simulator device memory is host memory, streams are tokens and every Execute has
// finished when it returns, so these calls are thin: aclrtMalloc is malloc, aclrtMemcpy is
// memcpy (checked against destMax), aclrtSynchronizeStream returns at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "atb/acl_types.h"

typedef int aclError;

// ACL's codes for what these calls can refuse.
constexpr aclError ACL_SUCCESS = 0;
constexpr aclError ACL_ERROR_INVALID_PARAM = 100000;
constexpr aclError ACL_ERROR_BAD_ALLOC = 200000;

typedef enum {
  ACL_MEM_MALLOC_HUGE_FIRST = 0,
  ACL_MEM_MALLOC_HUGE_ONLY = 1,
  ACL_MEM_MALLOC_NORMAL_ONLY = 2,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P = 3,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P = 4,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P = 5,
} aclrtMemMallocPolicy;

typedef enum {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE = 1,
  ACL_MEMCPY_DEVICE_TO_HOST = 2,
  ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
  ACL_MEMCPY_DEFAULT = 4,
} aclrtMemcpyKind;

// ACL's float16 scalar (acl_base.h) and its conversions, rounding to nearest-even.
typedef uint16_t aclFloat16;

inline aclFloat16 aclFloatToFloat16(float value) {
  uint32_t f;
  std::memcpy(&f, &value, sizeof(f));
  const uint32_t sign = (f >> 16) & 0x8000u;
  const uint32_t abs = f & 0x7fffffffu;
  if (abs >= 0x7f800000u) {  // inf or NaN (kept quiet)
    return static_cast<aclFloat16>(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0u));
  }
  if (abs >= 0x477ff000u) return static_cast<aclFloat16>(sign | 0x7c00u);  // rounds past 65504
  if (abs < 0x38800000u) {  // a float16 subnormal or zero: scale by 2^24 and round once
    float scaled;
    const uint32_t bits = abs;
    std::memcpy(&scaled, &bits, sizeof(scaled));
    scaled *= 16777216.0f;
    const float rounded = static_cast<float>(static_cast<int32_t>(scaled));
    const float frac = scaled - rounded;
    int32_t m = static_cast<int32_t>(rounded);
    if (frac > 0.5f || (frac == 0.5f && (m & 1))) ++m;
    return static_cast<aclFloat16>(sign | static_cast<uint32_t>(m));
  }
  const uint32_t mant = abs + 0xfffu + ((abs >> 13) & 1u);  // round to nearest-even at bit 13
  return static_cast<aclFloat16>(sign | ((mant - 0x38000000u) >> 13));
}

inline float aclFloat16ToFloat(aclFloat16 value) {
  const uint32_t sign = (static_cast<uint32_t>(value) & 0x8000u) << 16;
  const uint32_t exp = (value >> 10) & 0x1fu;
  const uint32_t mant = value & 0x3ffu;
  uint32_t bits;
  if (exp == 0x1fu) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112u) << 23) | (mant << 13);
  } else {  // zero or subnormal: mant * 2^-24
    float out = static_cast<float>(mant) / 16777216.0f;
    return sign ? -out : out;
  }
  float out;
  std::memcpy(&out, &bits, sizeof(out));
  return out;
}

inline aclError aclInit(const char* configPath) {
  (void)configPath;
  return ACL_SUCCESS;
}
inline aclError aclFinalize() { return ACL_SUCCESS; }
// One simulated device per process (chosen with atb::OpsimSetDevice); any id >= 0 names it.
inline aclError aclrtSetDevice(int32_t deviceId) {
  return deviceId < 0 ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}
inline aclError aclrtResetDevice(int32_t deviceId) {
  return deviceId < 0 ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

// A stream is a token of its own address; work on it is done when the call returns.
inline aclError aclrtCreateStream(aclrtStream* stream) {
  if (stream == nullptr) return ACL_ERROR_INVALID_PARAM;
  *stream = std::malloc(1);
  return *stream == nullptr ? ACL_ERROR_BAD_ALLOC : ACL_SUCCESS;
}
inline aclError aclrtDestroyStream(aclrtStream stream) {
  if (stream == nullptr) return ACL_ERROR_INVALID_PARAM;
  std::free(stream);
  return ACL_SUCCESS;
}
inline aclError aclrtSynchronizeStream(aclrtStream stream) {
  return stream == nullptr ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

inline aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  (void)policy;
  if (devPtr == nullptr || size == 0) return ACL_ERROR_INVALID_PARAM;
  *devPtr = std::malloc(size);
  return *devPtr == nullptr ? ACL_ERROR_BAD_ALLOC : ACL_SUCCESS;
}
inline aclError aclrtFree(void* devPtr) {
  if (devPtr == nullptr) return ACL_ERROR_INVALID_PARAM;
  std::free(devPtr);
  return ACL_SUCCESS;
}
inline aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return aclrtMalloc(hostPtr, size, ACL_MEM_MALLOC_NORMAL_ONLY);
}
inline aclError aclrtFreeHost(void* hostPtr) { return aclrtFree(hostPtr); }

inline aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                            aclrtMemcpyKind kind) {
  (void)kind;
  if (dst == nullptr || src == nullptr || count > destMax) return ACL_ERROR_INVALID_PARAM;
  std::memmove(dst, src, count);
  return ACL_SUCCESS;
}
inline aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  if (devPtr == nullptr || count > maxCount) return ACL_ERROR_INVALID_PARAM;
  std::memset(devPtr, value, count);
  return ACL_SUCCESS;
}
