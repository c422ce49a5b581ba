// int4 in .npy files: "|i1" one value a byte on disk, packed two a byte for tensors.
#include <gtest/gtest.h>

#include <vector>

#include "opsim/npy/npy.h"

namespace npy_int4_test {
namespace {

using opsim::npy::NpyArray;

TEST(NpyInt4, PackPutsElementTwoIInTheLowNibbleAndUnpackSignExtends) {
  EXPECT_EQ(opsim::npy::DTypeFromDescr("|i1", false, true), opsim::DType::kInt4);
  EXPECT_EQ(opsim::npy::DTypeFromDescr("|i1", false), opsim::DType::kInt8);
  EXPECT_EQ(opsim::npy::DescrFromDType(opsim::DType::kInt4), "|i1");
  NpyArray a{"|i1", {5}, {0x01, 0xFE, 0x07, 0xF8, 0xFF}};  // 1, -2, 7, -8, -1
  ASSERT_TRUE(opsim::npy::PackInt4("x.npy", &a).ok());
  EXPECT_EQ(a.data, (std::vector<uint8_t>{0xE1, 0x87, 0x0F}));
  NpyArray back;
  ASSERT_TRUE(opsim::npy::UnpackInt4(a.shape, a.data, &back).ok());
  EXPECT_EQ(back.descr, "|i1");
  EXPECT_EQ(back.shape, std::vector<int64_t>{5});
  EXPECT_EQ(back.data, (std::vector<uint8_t>{0x01, 0xFE, 0x07, 0xF8, 0xFF}));
}

TEST(NpyInt4, AValueOutsideTheRangeOrAWrongByteCountIsRefused) {
  NpyArray a{"|i1", {3}, {0x01, 0x08, 0x00}};  // 8
  const opsim::Status st = opsim::npy::PackInt4("x.npy", &a);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.code(), opsim::ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message(), "x.npy: element 1 is 8, outside int4's [-8, 7]");
  NpyArray out;
  const std::vector<int64_t> shape = {4};
  const std::vector<uint8_t> three = {0, 0, 0};
  EXPECT_FALSE(opsim::npy::UnpackInt4(shape, three, &out).ok());
}

}  // namespace
}  // namespace npy_int4_test
