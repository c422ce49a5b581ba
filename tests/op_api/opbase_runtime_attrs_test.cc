// gert::RuntimeAttrs::GetAttrPointer<T> as CANN's: a T that is none of the attribute kinds'
// own types reads the attribute's storage (public MoeSoftMaxTopk's tiling reads its Int
// attribute `k` through GetAttrPointer<uint32_t>); the kinds' own types stay exact.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"

namespace {

gert::RuntimeAttrs IntAndFloat(int64_t i, float f) {
  std::vector<gert::AttrValueStorage> v(2);
  v[0].kind = gert::AttrValueStorage::Kind::kInt;
  v[0].i = i;
  v[1].kind = gert::AttrValueStorage::Kind::kFloat;
  v[1].f = f;
  return gert::RuntimeAttrs(std::move(v));
}

TEST(RuntimeAttrs, OtherIntegerTypesReadTheIntAttributesStorage) {
  const gert::RuntimeAttrs attrs = IntAndFloat(4, 0.5f);
  const uint32_t* k = attrs.GetAttrPointer<uint32_t>(0);
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(*k, 4u);  // the low 32 bits of the stored int64 (little-endian host and device)
  const int32_t* s = attrs.GetAttrPointer<int32_t>(0);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(*s, 4);
  EXPECT_EQ(static_cast<const void*>(k), static_cast<const void*>(attrs.GetInt(0)));
}

TEST(RuntimeAttrs, TheKindsOwnTypesStayExact) {
  const gert::RuntimeAttrs attrs = IntAndFloat(-7, 0.5f);
  ASSERT_NE(attrs.GetInt(0), nullptr);
  EXPECT_EQ(*attrs.GetInt(0), -7);
  EXPECT_EQ(attrs.GetFloat(0), nullptr);  // an Int attribute read as float: refused
  EXPECT_EQ(attrs.GetInt(1), nullptr);
  ASSERT_NE(attrs.GetFloat(1), nullptr);
  EXPECT_EQ(*attrs.GetFloat(1), 0.5f);
  EXPECT_EQ(attrs.GetAttrPointer<uint32_t>(2), nullptr);  // past the attributes
}

}  // namespace
