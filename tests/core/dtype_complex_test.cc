// complex64 and complex32: numbered as CANN's aclDataType and ge::DataType number them (16, 33),
// sized as their (real, imaginary) pairs, neither floating nor signed (no numeric path takes them).
#include <gtest/gtest.h>

#include <algorithm>

#include "opsim/core/dtype.h"
#include "opsim/core/tensor.h"

namespace opsim {
namespace {

TEST(DTypeComplex, NumberedSizedAndNamedAsCann) {
  EXPECT_EQ(static_cast<int32_t>(DType::kComplex64), 16);
  EXPECT_EQ(static_cast<int32_t>(DType::kComplex32), 33);
  EXPECT_EQ(DTypeFromAcl(ACL_COMPLEX64), DType::kComplex64);
  EXPECT_EQ(DTypeFromAcl(ACL_COMPLEX32), DType::kComplex32);
  EXPECT_EQ(DTypeFromAcl(ACL_COMPLEX128), std::nullopt);  // not carried: refused as unknown
  EXPECT_EQ(AclFromDType(DType::kComplex64), ACL_COMPLEX64);
  EXPECT_EQ(DTypeSize(DType::kComplex64), 8u);
  EXPECT_EQ(DTypeSize(DType::kComplex32), 4u);
  for (DType d : {DType::kComplex64, DType::kComplex32}) {
    EXPECT_TRUE(IsComplex(d));
    EXPECT_FALSE(IsFloating(d));
    EXPECT_FALSE(IsSigned(d));
    EXPECT_TRUE(IsKnownDType(static_cast<int32_t>(d)));
  }
  EXPECT_FALSE(IsComplex(DType::kFloat32));
  EXPECT_EQ(DTypeName(DType::kComplex64), "complex64");
  EXPECT_EQ(DTypeName(DType::kComplex32), "complex32");
  EXPECT_EQ(ParseDType("complex64"), DType::kComplex64);
  EXPECT_EQ(ParseDType("c32"), DType::kComplex32);
  const auto all = AllDTypes();
  EXPECT_NE(std::find(all.begin(), all.end(), DType::kComplex64), all.end());
  EXPECT_NE(std::find(all.begin(), all.end(), DType::kComplex32), all.end());
}

}  // namespace
}  // namespace opsim
