// The tiling-data macros: the host image (set_<field>, SaveToBuffer, GetDataSize, arrays, nested
// structs) against the kernel-side struct of the same header, and the layout check.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "register/tilingdata_base.h"
#include "testdata/probe_tiling.h"

namespace opsim::testing {
std::vector<int64_t> ReadProbeKernelSide(const void* bytes);
size_t ProbeKernelStructSize();
std::vector<int64_t> ReadMisalignedKernelSide(const void* bytes);
std::vector<int64_t> ReadNestedAtFourKernelSide(const void* bytes);
}  // namespace opsim::testing

namespace {

TEST(TilingData, HostImageReadsBackThroughTheKernelStruct) {
  (void)optiling::TakeTilingLayoutError();
  optiling::ProbeTiling t;
  t.set_total(1234567890123);
  t.set_scale(2.5f);
  t.set_tiles(7);
  const int32_t dims[4] = {3, 1, 4, -1};
  t.set_dims(dims);
  t.inner.set_a(11);
  t.inner.set_b(12);
  t.set_flag(0xBEEF);
  t.set_mode(5);
  t.set_spare(6);
  EXPECT_EQ(optiling::TakeTilingLayoutError(), "");
  EXPECT_EQ(t.GetDataSize(), 8u + 4 + 4 + 16 + 8 + 2 + 1 + 1);
  EXPECT_EQ(t.get_tiles(), 7u);
  EXPECT_STREQ(t.GetTilingClassName(), "ProbeTiling");
  std::vector<uint8_t> buffer(256, 0xAA);
  t.SaveToBuffer(buffer.data(), buffer.size());
  EXPECT_EQ(buffer[t.GetDataSize()], 0xAA);  // nothing past the image
  ASSERT_GE(buffer.size(), opsim::testing::ProbeKernelStructSize());
  const std::vector<int64_t> got = opsim::testing::ReadProbeKernelSide(buffer.data());
  const std::vector<int64_t> want = {1234567890123, 10, 7, 3, -1, 11, 12, 0xBEEF, 5, 6};
  EXPECT_EQ(got, want);
}

TEST(TilingData, CopiesKeepTheirNestedStructs) {
  optiling::ProbeTiling a;
  a.inner.set_a(1);
  optiling::ProbeTiling b = a;
  b.inner.set_a(2);
  std::vector<uint8_t> ia(64), ib(64);
  a.SaveToBuffer(ia.data(), ia.size());
  b.SaveToBuffer(ib.data(), ib.size());
  EXPECT_EQ(opsim::testing::ReadProbeKernelSide(ia.data())[5], 1);
  EXPECT_EQ(opsim::testing::ReadProbeKernelSide(ib.data())[5], 2);
}

// What opsim_op_gen writes the kernel's struct from (B32): each field's declared type, an
// array's length, a nested struct's class, in declaration order; a copy's nested field is its own.
TEST(TilingData, FieldDescsDescribeEveryFieldInOrder) {
  optiling::ProbeTiling t;
  const auto& f = t.FieldDescs();
  ASSERT_EQ(f.size(), 8u);
  std::vector<std::string> names, types;
  for (const auto& d : f) {
    names.push_back(d.name);
    types.push_back(d.type);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"total", "scale", "tiles", "dims", "inner", "flag",
                                             "mode", "spare"}));
  EXPECT_EQ(types, (std::vector<std::string>{"int64_t", "float", "uint32_t", "int32_t", "",
                                             "uint16_t", "uint8_t", "uint8_t"}));
  EXPECT_EQ(f[3].count, 4u);
  EXPECT_EQ(f[0].count, 0u);
  EXPECT_EQ(t.NestedOf(f[0]), nullptr);
  const optiling::TilingDef* inner = t.NestedOf(f[4]);
  ASSERT_EQ(inner, &t.inner);
  EXPECT_STREQ(inner->GetTilingClassName(), "ProbeInner");
  ASSERT_EQ(inner->FieldDescs().size(), 2u);
  EXPECT_EQ(inner->FieldDescs()[1].name, "b");
  const optiling::ProbeTiling copy = t;
  EXPECT_EQ(copy.NestedOf(copy.FieldDescs()[4]), &copy.inner);
}

TEST(TilingData, MisalignedFieldMovesUpAsCannPlacesIt) {
  (void)optiling::TakeTilingLayoutError();
  optiling::MisalignedTiling t;
  t.set_small(9);
  t.set_wide(0x12345678);
  EXPECT_EQ(optiling::TakeTilingLayoutError(), "");
  EXPECT_EQ(t.GetDataSize(), 8u);  // small, 3 placeholder bytes, wide
  std::vector<uint8_t> buffer(16, 0);
  t.SaveToBuffer(buffer.data(), buffer.size());
  EXPECT_EQ(opsim::testing::ReadMisalignedKernelSide(buffer.data()),
            (std::vector<int64_t>{9, 0x12345678}));
}

// CANN's TilingDef puts a struct field at a multiple of 8 B and its build writes the
// placeholder into the kernel struct too (metadef's CheckAlignAndGenPlaceHolder(name, 8) adds a
// uint8_t field to the field list the kernel header is generated from): both sides at byte 8.
TEST(TilingData, NestedStructMovesToAMultipleOf8OnBothSides) {
  (void)optiling::TakeTilingLayoutError();
  optiling::NestedAtFourTiling t;
  t.set_first(5);
  t.inner.set_a(6);
  t.inner.set_b(7);
  EXPECT_EQ(optiling::TakeTilingLayoutError(), "");
  EXPECT_EQ(t.GetDataSize(), 16u);  // first, 4 placeholder bytes, inner
  std::vector<uint8_t> buffer(32, 0);
  t.SaveToBuffer(buffer.data(), buffer.size());
  EXPECT_EQ(opsim::testing::ReadNestedAtFourKernelSide(buffer.data()),
            (std::vector<int64_t>{5, 6, 7, 8}));
}

TEST(TilingData, TooSmallBufferCopiesNothingAndIsRecorded) {
  (void)optiling::TakeTilingLayoutError();
  optiling::ProbeTiling t;
  t.set_total(1);
  std::vector<uint8_t> buffer(8, 0xAA);
  t.SaveToBuffer(buffer.data(), buffer.size());
  EXPECT_EQ(buffer, std::vector<uint8_t>(8, 0xAA));
  EXPECT_NE(optiling::TakeTilingLayoutError().find("needs 44 B but SaveToBuffer was given 8 B"),
            std::string::npos);
}

TEST(TilingData, FactoryCreatesTheRegisteredClass) {
  auto made =
      optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance("OpsimProbe");
  ASSERT_NE(made, nullptr);
  EXPECT_STREQ(made->GetTilingClassName(), "ProbeTiling");
  EXPECT_EQ(optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance("Nope"),
            nullptr);
}

}  // namespace
