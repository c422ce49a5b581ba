// ACL_INT4 tensors through a generated aclnn function: shapes in elements, data packed two a
// byte (element 2i in the low nibble), as ops-nn's int4 applications allocate and fill them.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_device_tensor.h"
#include "aclnn_aclnn_kinds_int4.h"

namespace aclnn_int4_test {
namespace {

using Dev = aclnn_test_util::DeviceTensor;

aclnnStatus RunInt4(const Dev& x, const Dev& y, const Dev& z) {
  uint64_t size = 0;
  aclOpExecutor* executor = nullptr;
  aclnnStatus st =
      aclnnAclnnKindsInt4GetWorkspaceSize(x.tensor, y.tensor, z.tensor, &size, &executor);
  if (st != ACLNN_SUCCESS) return st;
  void* workspace = nullptr;
  if (size > 0 && aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    return ACLNN_ERR_INNER;
  }
  st = aclnnAclnnKindsInt4(workspace, size, executor, nullptr);
  if (workspace != nullptr) aclrtFree(workspace);
  return st;
}

TEST(AclnnInt4, PackedInputReachesTheKernelAndAPackedOutputComesBack) {
  std::vector<uint8_t> packed(32);
  for (int i = 0; i < 64; i += 2) {  // values -8..7, twice
    packed[i / 2] = static_cast<uint8_t>(((i + 1) % 16 - 8) << 4 | ((i % 16 - 8) & 0xF));
  }
  Dev x(ACL_INT4, 64, 32, packed.data());
  Dev y(ACL_FLOAT16, 64, 128);
  Dev z(ACL_INT4, 64, 32);
  ASSERT_EQ(RunInt4(x, y, z), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(z.Read<uint8_t>(), packed);
  const std::vector<uint16_t> halves = y.Read<uint16_t>();
  EXPECT_EQ(halves[0], 0xC800);   // -8
  EXPECT_EQ(halves[9], 0x3C00);   // 1
  EXPECT_EQ(halves[15], 0x4700);  // 7
  EXPECT_EQ(halves[24], 0x0000);  // 0
}

TEST(AclnnInt4, AStridedOrOddOffsetInt4ViewIsRefusedNamingTheRule) {
  const std::vector<uint8_t> zeros(64, 0);
  Dev y(ACL_FLOAT16, 64, 128);
  Dev z(ACL_INT4, 64, 32);
  for (const auto& [offset, stride] : {std::pair<int64_t, int64_t>{1, 1}, {0, 2}}) {
    Dev x(ACL_INT4, 64, 64, zeros.data(), offset, stride);
    EXPECT_EQ(RunInt4(x, y, z), ACLNN_ERR_PARAM_INVALID);
    const std::string msg = aclGetRecentErrMsg();
    EXPECT_NE(msg.find("int4 views must be contiguous and start on a byte"), std::string::npos)
        << msg;
  }
}

}  // namespace
}  // namespace aclnn_int4_test
