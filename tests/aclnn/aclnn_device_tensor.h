// A 1-D aclTensor over device memory for the aclnn tests: `count` elements viewed from element
// `offset` at `stride`, over `bytes` of memory filled from `host` when given.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"

namespace aclnn_test_util {

struct DeviceTensor {
  DeviceTensor(aclDataType dtype, int64_t count, size_t bytes, const void* host = nullptr,
               int64_t offset = 0, int64_t stride = 1)
      : bytes(bytes) {
    EXPECT_EQ(aclrtMalloc(&data, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    if (host != nullptr) {
      EXPECT_EQ(aclrtMemcpy(data, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
    const int64_t storage = offset + (count - 1) * stride + 1;
    tensor = aclCreateTensor(&count, 1, dtype, &stride, offset, ACL_FORMAT_ND, &storage, 1, data);
  }
  ~DeviceTensor() {
    aclDestroyTensor(tensor);
    aclrtFree(data);
  }
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;
  template <typename T>
  std::vector<T> Read() const {
    std::vector<T> host(bytes / sizeof(T));
    EXPECT_EQ(aclrtMemcpy(host.data(), bytes, data, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return host;
  }
  size_t bytes;
  void* data = nullptr;
  aclTensor* tensor = nullptr;
};

}  // namespace aclnn_test_util
