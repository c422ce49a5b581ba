// What the tests of libopapi (our operators under CANN's aclnn signatures) share: typed tensors
// on aclrtMalloc memory, and both stages run as an application runs them.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "opdev/op_errno.h"

namespace opapi_test {

inline std::string RecentError() { return aclGetRecentErrMsg(); }

// A contiguous ND tensor of T (ACL type `dtype`) on device memory, filled with `values` (or
// left for an output when empty).
template <typename T>
struct Tensor {
  Tensor(aclDataType dtype, const std::vector<int64_t>& dims, const std::vector<T>& values) {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    bytes = static_cast<size_t>(n) * sizeof(T);
    EXPECT_EQ(aclrtMalloc(&data, bytes == 0 ? 1 : bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    if (!values.empty()) {
      EXPECT_EQ(values.size() * sizeof(T), bytes);
      EXPECT_EQ(aclrtMemcpy(data, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
                ACL_SUCCESS);
    }
    tensor = aclCreateTensor(dims.data(), dims.size(), dtype, nullptr, 0, ACL_FORMAT_ND,
                             dims.data(), dims.size(), data);
  }
  ~Tensor() {
    aclDestroyTensor(tensor);
    aclrtFree(data);
  }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  std::vector<T> Read() const {
    std::vector<T> host(bytes / sizeof(T));
    if (bytes > 0) {
      EXPECT_EQ(aclrtMemcpy(host.data(), bytes, data, bytes, ACL_MEMCPY_DEVICE_TO_HOST),
                ACL_SUCCESS);
    }
    return host;
  }
  void* data = nullptr;
  size_t bytes = 0;
  aclTensor* tensor = nullptr;
};

using SecondStage = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// The second stage after a first that returned `first` with `size` and `executor`: the
// workspace allocated as the application allocates it. The first stage's status if it failed.
inline aclnnStatus Second(aclnnStatus first, uint64_t size, aclOpExecutor* executor,
                          SecondStage run) {
  if (first != ACLNN_SUCCESS) return first;
  void* workspace = nullptr;
  if (size > 0) {
    EXPECT_EQ(aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
  const aclnnStatus st = run(workspace, size, executor, nullptr);
  aclrtFree(workspace);
  return st;
}

// Both stages of aclnn<Op>: `first` is the first stage's call with its arguments bound.
#define OPAPI_RUN(Op, ...)                                                         \
  [&]() {                                                                          \
    uint64_t opapi_size = 0;                                                       \
    aclOpExecutor* opapi_executor = nullptr;                                       \
    const aclnnStatus opapi_first =                                                \
        aclnn##Op##GetWorkspaceSize(__VA_ARGS__, &opapi_size, &opapi_executor);    \
    return opapi_test::Second(opapi_first, opapi_size, opapi_executor, aclnn##Op); \
  }()

}  // namespace opapi_test
