// int16 and uint16 in the dtype vocabulary (issue 27, B5): CANN's numbers (ge::DT_INT16 = 6,
// DT_UINT16 = 7, as ACL_INT16/ACL_UINT16), sizes, signedness, names and aliases.
#include <gtest/gtest.h>

#include <algorithm>

#include "acl/acl_base.h"
#include "opsim/core/dtype.h"

namespace opsim {
namespace {

TEST(DType, Int16AndUInt16) {
  EXPECT_EQ(static_cast<int32_t>(DType::kInt16), static_cast<int32_t>(ACL_INT16));
  EXPECT_EQ(static_cast<int32_t>(DType::kUInt16), static_cast<int32_t>(ACL_UINT16));
  EXPECT_TRUE(IsKnownDType(6));
  EXPECT_TRUE(IsKnownDType(7));
  EXPECT_FALSE(IsKnownDType(5));
  EXPECT_EQ(DTypeSize(DType::kInt16), 2u);
  EXPECT_EQ(DTypeSize(DType::kUInt16), 2u);
  EXPECT_TRUE(IsSigned(DType::kInt16));
  EXPECT_FALSE(IsSigned(DType::kUInt16));
  EXPECT_FALSE(IsFloating(DType::kInt16));
  EXPECT_EQ(DTypeName(DType::kInt16), "int16");
  EXPECT_EQ(DTypeName(DType::kUInt16), "uint16");
  EXPECT_EQ(ParseDType("int16"), DType::kInt16);
  EXPECT_EQ(ParseDType("i16"), DType::kInt16);
  EXPECT_EQ(ParseDType("u16"), DType::kUInt16);
  const auto all = AllDTypes();
  EXPECT_NE(std::find(all.begin(), all.end(), DType::kInt16), all.end());
  EXPECT_NE(std::find(all.begin(), all.end(), DType::kUInt16), all.end());
}

}  // namespace
}  // namespace opsim
