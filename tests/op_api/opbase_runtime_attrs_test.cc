// gert::RuntimeAttrs::GetAttrPointer<T> as CANN's: a reinterpret_cast of the attribute's bytes
// whatever T is (public MoeSoftMaxTopk's tiling reads its Int attribute `k` through
// GetAttrPointer<uint32_t>; public LogSumExp's reads its ListInt `dim` through GetBool), the
// bytes laid out as CANN's runtime attributes hold them (lists as ContinuousVector blocks).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/runtime_attrs.h"

namespace {

using Kind = gert::AttrValueStorage::Kind;

gert::AttrValueStorage Int(int64_t i) {
  gert::AttrValueStorage v;
  v.kind = Kind::kInt;
  v.i = i;
  return v;
}
gert::AttrValueStorage Float(float f) {
  gert::AttrValueStorage v;
  v.kind = Kind::kFloat;
  v.f = f;
  return v;
}
gert::AttrValueStorage ListInt(std::vector<int64_t> list) {
  gert::AttrValueStorage v;
  v.kind = Kind::kListInt;
  v.list_int = std::move(list);
  return v;
}

// The byte a bool getter points at, read without loading a bool that may hold 2..255.
uint8_t ByteAt(const bool* p) {
  uint8_t b = 0;
  std::memcpy(&b, p, 1);
  return b;
}

TEST(RuntimeAttrs, OtherIntegerTypesReadTheIntAttributesStorage) {
  const gert::RuntimeAttrs attrs({Int(4), Float(0.5f)});
  const uint32_t* k = attrs.GetAttrPointer<uint32_t>(0);
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(*k, 4u);  // the low 32 bits of the stored int64 (little-endian host and device)
  const int32_t* s = attrs.GetAttrPointer<int32_t>(0);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(*s, 4);
  EXPECT_EQ(static_cast<const void*>(k), static_cast<const void*>(attrs.GetInt(0)));
  EXPECT_EQ(attrs.GetAttrPointer<uint32_t>(2), nullptr);  // past the attributes
}

TEST(RuntimeAttrs, ScalarGettersOfAnotherKindReadTheBytesAsCannDoes) {
  const gert::RuntimeAttrs attrs({Int(-7), Float(0.5f)});
  ASSERT_NE(attrs.GetInt(0), nullptr);
  EXPECT_EQ(*attrs.GetInt(0), -7);
  ASSERT_NE(attrs.GetFloat(1), nullptr);
  EXPECT_EQ(*attrs.GetFloat(1), 0.5f);
  // An Int read as float: its low 4 bytes; a Float read as Int: its bits, zeros above them
  // (CANN reads the next attribute's bytes there).
  const int32_t low = -7;
  float as_float = 0;
  std::memcpy(&as_float, &low, 4);
  ASSERT_NE(attrs.GetFloat(0), nullptr);
  EXPECT_EQ(std::memcmp(attrs.GetFloat(0), &as_float, 4), 0);
  uint32_t half_bits = 0;
  const float half = 0.5f;
  std::memcpy(&half_bits, &half, 4);
  ASSERT_NE(attrs.GetInt(1), nullptr);
  EXPECT_EQ(*attrs.GetInt(1), static_cast<int64_t>(half_bits));
  EXPECT_EQ(ByteAt(attrs.GetBool(0)), 0xf9);  // -7's low byte
}

TEST(RuntimeAttrs, ScalarGettersOnAListReadItsCapacity) {
  // CANN keeps a list as a ContinuousVector whose first field is the capacity (the element
  // count): GetBool gives its low byte, GetInt all of it.
  const gert::RuntimeAttrs attrs(
      {ListInt({-1}), ListInt({}), ListInt(std::vector<int64_t>(256, 3))});
  ASSERT_NE(attrs.GetBool(0), nullptr);
  EXPECT_EQ(ByteAt(attrs.GetBool(0)), 1);
  EXPECT_TRUE(*attrs.GetBool(0));
  EXPECT_EQ(*attrs.GetInt(0), 1);
  EXPECT_EQ(ByteAt(attrs.GetBool(1)), 0);
  EXPECT_EQ(*attrs.GetInt(2), 256);
  EXPECT_EQ(ByteAt(attrs.GetBool(2)), 0);  // 256's low byte
  const gert::TypedContinuousVector<int64_t>* list = attrs.GetListInt(0);
  ASSERT_NE(list, nullptr);
  ASSERT_EQ(list->GetSize(), 1u);
  EXPECT_EQ(list->GetData()[0], -1);
  EXPECT_EQ(attrs.GetListInt(2)->GetData()[255], 3);
  // The elements sit 56 bytes into the block, after capacity, size and 40 reserved bytes.
  const uint8_t* base = reinterpret_cast<const uint8_t*>(list);
  EXPECT_EQ(reinterpret_cast<const uint8_t*>(list->GetData()) - base, 56);
}

TEST(RuntimeAttrs, AListGetterOnAScalarReadsZerosNotPastTheBlock) {
  const gert::RuntimeAttrs attrs({Int(5)});
  const gert::TypedContinuousVector<int64_t>* list = attrs.GetListInt(0);
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list->GetCapacity(), 5u);  // the Int's bytes
  EXPECT_EQ(list->GetSize(), 0u);      // the zero padding
  ASSERT_NE(attrs.GetStr(0), nullptr);
  EXPECT_EQ(std::strlen(attrs.GetStr(0)), 1u);  // "\x05", then zeros
}

TEST(RuntimeAttrs, AnAbsentOptionalAttributeHasNoPointer) {
  const gert::RuntimeAttrs attrs({gert::AttrValueStorage{}, Int(1)});
  EXPECT_EQ(attrs.GetAttrNum(), 2u);
  EXPECT_EQ(attrs.GetInt(0), nullptr);
  EXPECT_EQ(attrs.GetListInt(0), nullptr);
  ASSERT_NE(attrs.GetInt(1), nullptr);
}

TEST(RuntimeAttrs, CopiesKeepTheirOwnBytes) {
  gert::RuntimeAttrs copy;
  {
    const gert::RuntimeAttrs attrs({ListInt({7, 8})});
    copy = attrs;
  }
  ASSERT_NE(copy.GetListInt(0), nullptr);
  EXPECT_EQ(copy.GetListInt(0)->GetData()[1], 8);
}

TEST(ContinuousVector, CreateSetSizeAndLayout) {
  size_t total = 0;
  auto block = gert::ContinuousVector::Create<int16_t>(3, total);
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(total, 56u + 8u);  // 3 x 2 B fit the 8-byte element slot
  auto* cv = reinterpret_cast<gert::ContinuousVector*>(block.get());
  EXPECT_EQ(cv->GetCapacity(), 3u);
  EXPECT_EQ(cv->GetSize(), 0u);
  EXPECT_EQ(cv->SetSize(4), ge::GRAPH_FAILED);  // above the capacity: refused, unchanged
  EXPECT_EQ(cv->GetSize(), 0u);
  EXPECT_EQ(cv->SetSize(3), ge::GRAPH_SUCCESS);
  auto big = gert::ContinuousVector::Create<int64_t>(10, total);
  EXPECT_EQ(total, 56u + 80u);
  EXPECT_EQ(gert::ContinuousVector::Create<int64_t>(SIZE_MAX / 4, total), nullptr);
}

}  // namespace
