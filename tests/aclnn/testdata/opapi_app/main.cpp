// An application of our operators' single-operator API as CANN applications are written: C++11,
// AscendCL for the device, memory and stream, aclnnop/aclnn_<name>.h for the operators, linked
// against the installed libopapi. Prints "opapi app pass" when every result is what plain C++
// computes. Built and run against an opsim install by tests/op_project_install_test.sh.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_reduce_sum.h"

namespace {

typedef aclnnStatus (*SecondStage)(void*, uint64_t, aclOpExecutor*, aclrtStream);

aclTensor* DeviceTensor(const std::vector<int64_t>& dims, const std::vector<float>& host,
                        void** data) {
  const size_t bytes = host.size() * sizeof(float);
  if (aclrtMalloc(data, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return nullptr;
  aclrtMemcpy(*data, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  return aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND,
                         dims.data(), dims.size(), *data);
}

// The second stage in a workspace of the size the first asked for, then the stream synchronised.
bool RunSecond(aclnnStatus first, uint64_t size, aclOpExecutor* executor, SecondStage run,
               aclrtStream stream, const char* name) {
  if (first != ACL_SUCCESS) {
    std::printf("%s first stage failed: %d %s\n", name, first, aclGetRecentErrMsg());
    return false;
  }
  void* workspace = nullptr;
  if (size > 0) aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST);
  const aclnnStatus st = run(workspace, size, executor, stream);
  aclrtSynchronizeStream(stream);
  if (workspace != nullptr) aclrtFree(workspace);
  if (st != ACL_SUCCESS) std::printf("%s failed: %d %s\n", name, st, aclGetRecentErrMsg());
  return st == ACL_SUCCESS;
}

std::vector<float> Read(void* data, size_t n) {
  std::vector<float> host(n);
  aclrtMemcpy(host.data(), n * sizeof(float), data, n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  return host;
}

}  // namespace

int main() {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  const std::vector<float> x = {-1.5f, 2.0f, -3.0f, 4.0f, -5.0f, 6.0f};
  void* x_data = nullptr;
  void* y_data = nullptr;
  void* s_data = nullptr;
  aclTensor* xt = DeviceTensor({2, 3}, x, &x_data);
  aclTensor* yt = DeviceTensor({2, 3}, std::vector<float>(6, 0.0f), &y_data);
  aclTensor* st = DeviceTensor({2}, std::vector<float>(2, 0.0f), &s_data);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  // Each first stage before its second: the second reads the size and executor it wrote.
  aclnnStatus first = aclnnAbsGetWorkspaceSize(xt, yt, &size, &executor);
  bool ok = RunSecond(first, size, executor, aclnnAbs, stream, "aclnnAbs");
  const float ten_value = 10.0f;
  const int32_t one_value = 1;
  aclScalar* ten = aclCreateScalar(const_cast<float*>(&ten_value), ACL_FLOAT);
  aclScalar* one = aclCreateScalar(const_cast<int32_t*>(&one_value), ACL_INT32);
  first = aclnnAddsGetWorkspaceSize(yt, ten, one, yt, &size, &executor);
  ok = ok && RunSecond(first, size, executor, aclnnAdds, stream, "aclnnAdds");
  const int64_t last = -1;
  aclIntArray* dims = aclCreateIntArray(&last, 1);
  first = aclnnReduceSumGetWorkspaceSize(yt, dims, false, ACL_FLOAT, st, &size, &executor);
  ok = ok && RunSecond(first, size, executor, aclnnReduceSum, stream, "aclnnReduceSum");
  const std::vector<float> sums = Read(s_data, 2);
  std::vector<float> want(2, 0.0f);  // sum over rows of |x| + 10
  for (size_t i = 0; i < x.size(); ++i) want[i / 3] += (x[i] < 0 ? -x[i] : x[i]) + 10.0f;
  ok = ok && sums == want;
  std::printf("sums %g %g, expected %g %g\n", sums[0], sums[1], want[0], want[1]);
  aclDestroyIntArray(dims);
  aclDestroyScalar(ten);
  aclDestroyScalar(one);
  aclDestroyTensor(xt);
  aclDestroyTensor(yt);
  aclDestroyTensor(st);
  aclrtFree(x_data);
  aclrtFree(y_data);
  aclrtFree(s_data);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf(ok ? "opapi app pass\n" : "opapi app FAIL\n");
  return ok ? 0 : 1;
}
