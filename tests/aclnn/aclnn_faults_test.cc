// Kernels that go wrong behind an aclnn call: a kernel's AI Core exception is the second stage's
// ACLNN_ERR_RUNTIME_ERROR with the fault's message, and the process goes on; a kernel that
// needs --cce-auto-sync's V->S sync but was built without it faults only in checked mode, which
// OPSIM_CHECKED=1 turns on (and a value other than 0 or 1 is refused naming it).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "opdev/op_errno.h"
#include "opsim/aclnn/two_stage.h"

#ifdef OPSIM_USER_FAULTS_LIBRARY
#include "opsim/op_api/op_registry.h"
#endif
#ifdef OPSIM_ACLNN_SCALAR_NOSYNC
#include "aclnn_scalar_after_vector_custom.h"
#endif

namespace aclnn_faults_test {
namespace {

// A float32 vector [n] on device memory.
struct Vector {
  explicit Vector(int64_t n) : bytes(static_cast<size_t>(n) * sizeof(float)) {
    EXPECT_EQ(aclrtMalloc(&data, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    std::vector<float> ones(static_cast<size_t>(n), 1.0f);
    aclrtMemcpy(data, bytes, ones.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    tensor = aclCreateTensor(&n, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &n, 1, data);
  }
  ~Vector() {
    aclDestroyTensor(tensor);
    aclrtFree(data);
  }
  size_t bytes;
  void* data = nullptr;
  aclTensor* tensor = nullptr;
};

// Sets an environment variable for a scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
  ~ScopedEnv() { unsetenv(name_); }

 private:
  const char* name_;
};

#ifdef OPSIM_USER_FAULTS_LIBRARY
TEST(AclnnFaults, AKernelsExceptionIsTheRuntimeErrorAndTheProcessGoesOn) {
  ASSERT_TRUE(opsim::op_api::LoadOpLibrary(OPSIM_USER_FAULTS_LIBRARY).ok());
  // Unchecked whatever an earlier test's aclnnInit left: UserFault's kernel is plain C++, whose
  // writes checked mode does not see (it would report y unwritten).
  const ScopedEnv unchecked("OPSIM_CHECKED", "0");
  Vector x(64), y(64);
  opsim::aclnn::FirstStage stage{"aclnnUserFaultGetWorkspaceSize",
                                 "UserFault",
                                 {{"x", x.tensor}},
                                 {{"where", std::string("kernel-fpe")}},
                                 {{"yOut", y.tensor}}};
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(opsim::aclnn::GetWorkspaceSize(stage, &size, &executor), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  EXPECT_EQ(opsim::aclnn::Run("aclnnUserFault", nullptr, 0, executor, nullptr),
            ACLNN_ERR_RUNTIME_ERROR);
  const std::string message = aclGetRecentErrMsg();
  EXPECT_NE(message.find("aclnnUserFault: "), std::string::npos) << message;
  EXPECT_NE(message.find("SIGFPE: integer division by zero"), std::string::npos) << message;
  stage.attrs["where"] = std::string("nowhere");  // the same op, well behaved
  ASSERT_EQ(opsim::aclnn::GetWorkspaceSize(stage, &size, &executor), ACLNN_SUCCESS);
  EXPECT_EQ(opsim::aclnn::Run("aclnnUserFault", nullptr, 0, executor, nullptr), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
}
#endif

#ifdef OPSIM_ACLNN_SCALAR_NOSYNC
aclnnStatus RunScalarAfterVector() {
  Vector x(64), y(64);
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus first =
      aclnnScalarAfterVectorCustomGetWorkspaceSize(x.tensor, y.tensor, &size, &executor);
  if (first != ACLNN_SUCCESS) return first;
  return aclnnScalarAfterVectorCustom(nullptr, 0, executor, nullptr);
}

TEST(AclnnFaults, CheckedModeIsTheEnvironmentsChoice) {
  {
    const ScopedEnv unchecked("OPSIM_CHECKED", "0");
    EXPECT_EQ(RunScalarAfterVector(), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  }
  {
    const ScopedEnv checked("OPSIM_CHECKED", "1");
    EXPECT_EQ(RunScalarAfterVector(), ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("missing_sync"), std::string::npos)
        << aclGetRecentErrMsg();
  }
  const ScopedEnv wrong("OPSIM_CHECKED", "yes");
  EXPECT_EQ(RunScalarAfterVector(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(std::string(aclGetRecentErrMsg()),
            "aclnnScalarAfterVectorCustomGetWorkspaceSize: OPSIM_CHECKED='yes' (expected 1 for "
            "checked mode, 0 for not)");
}
#endif

}  // namespace
}  // namespace aclnn_faults_test
