// int4: numbered as CANN's ACL_INT4 and ge::DT_INT4 (29), four bits an element, tensors of it
// packed two a byte (element 2i in the low nibble), signed, neither floating nor complex.
#include <gtest/gtest.h>

#include <algorithm>

#include "opsim/core/dtype.h"
#include "opsim/core/tensor.h"

namespace dtype_int4_test {
namespace {

using opsim::DType;

TEST(DTypeInt4, NumberedNamedAndSizedAsCann) {
  EXPECT_EQ(static_cast<int32_t>(DType::kInt4), 29);
  EXPECT_EQ(opsim::DTypeFromAcl(ACL_INT4), DType::kInt4);
  EXPECT_EQ(opsim::AclFromDType(DType::kInt4), ACL_INT4);
  EXPECT_EQ(opsim::DTypeName(DType::kInt4), "int4");
  EXPECT_EQ(opsim::ParseDType("int4"), DType::kInt4);
  EXPECT_EQ(opsim::ParseDType("int4b_t"), DType::kInt4);
  EXPECT_EQ(opsim::DTypeBits(DType::kInt4), 4u);
  EXPECT_EQ(opsim::DTypeBits(DType::kFloat16), 16u);
  EXPECT_TRUE(opsim::IsSubByte(DType::kInt4));
  EXPECT_FALSE(opsim::IsSubByte(DType::kInt8));
  EXPECT_TRUE(opsim::IsSigned(DType::kInt4));
  EXPECT_FALSE(opsim::IsFloating(DType::kInt4));
  EXPECT_FALSE(opsim::IsComplex(DType::kInt4));
  const auto all = opsim::AllDTypes();
  EXPECT_NE(std::find(all.begin(), all.end(), DType::kInt4), all.end());
}

TEST(DTypeInt4, BytesCountTwoElementsAByteRoundedUp) {
  EXPECT_EQ(opsim::DTypeBytes(DType::kInt4, 0), 0);
  EXPECT_EQ(opsim::DTypeBytes(DType::kInt4, 1), 1);
  EXPECT_EQ(opsim::DTypeBytes(DType::kInt4, 64), 32);
  EXPECT_EQ(opsim::DTypeBytes(DType::kInt4, 65), 33);
  EXPECT_EQ(opsim::DTypeBytes(DType::kFloat32, 3), 12);
  EXPECT_EQ(opsim::DTypeBytes(DType::kInt4, -1), std::nullopt);
  EXPECT_EQ(opsim::DTypeBytes(DType::kFloat64, INT64_MAX / 2), std::nullopt);  // overflow
  opsim::TensorDesc desc{ACL_INT4, ACL_FORMAT_ND, {{3, 5}, 2}};
  EXPECT_EQ(opsim::TensorDescBytes(desc), 8u);  // 15 elements
}

}  // namespace
}  // namespace dtype_int4_test
