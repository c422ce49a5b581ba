// nnopbase's 16-bit host scalars (opdev/fp16_t.h, opdev/bfloat16.h) and the executor calls that
// take them, as op-API layers use them: `static_cast<double>(other->ToFp16())` to compare a
// scalar at a FLOAT16 tensor's precision, AllocHostTensor / AllocScalar / ConvertToTensor of
// fp16_t and bfloat16 values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "aclnn/aclnn_base.h"
#include "opdev/bfloat16.h"
#include "opdev/fp16_t.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_executor.h"

namespace {

TEST(OpdevFp16, RoundsToNearestEvenAndKeepsBits) {
  // 1 + 2^-11 is halfway between 1 and the next binary16 (1 + 2^-10): ties to even (1).
  EXPECT_EQ(op::fp16_t(1.0f + std::ldexp(1.0f, -11)).val, 0x3C00u);
  EXPECT_EQ(op::fp16_t(1.0f + 3 * std::ldexp(1.0f, -11)).val, 0x3C02u);
  // The uint16_t constructor takes bits, as CANN's does; other integers are values.
  EXPECT_EQ(static_cast<float>(op::fp16_t(static_cast<uint16_t>(0xC000u))), -2.0f);
  EXPECT_EQ(op::fp16_t(3).val, 0x4200u);
  EXPECT_EQ(op::fp16_t(65520.0f).IsInf(), 1);
  EXPECT_EQ(op::fp16_t(-1e9).IsInf(), -1);
  EXPECT_TRUE(op::isnan(op::fp16_t(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(static_cast<double>(op::fp16_t(0.1f)), 0.0999755859375);
  // Integer conversions truncate and saturate; NaN gives 0.
  EXPECT_EQ(op::fp16_t(-2.75f).toInt32(), -2);
  EXPECT_EQ(op::fp16_t(300.0f).toInt8(), 127);
  EXPECT_EQ(op::fp16_t(std::numeric_limits<float>::quiet_NaN()).toInt16(), 0);
  // Arithmetic rounds once per operation: 2048 + 1 is not representable (ties to 2048).
  EXPECT_EQ(static_cast<float>(op::fp16_t(2048.0f) + op::fp16_t(1.0f)), 2048.0f);
  EXPECT_TRUE(op::fp16_t(1.0f) < op::fp16_t(1.5f));
  EXPECT_FALSE(op::fp16_t(std::nanf("")) == op::fp16_t(std::nanf("")));
}

TEST(OpdevBfloat16, RoundsToNearestEvenAndQuietensNaN) {
  EXPECT_EQ(op::bfloat16(1.0f).value, 0x3F80u);
  EXPECT_EQ(op::bfloat16(1.0f + std::ldexp(1.0f, -8)).value, 0x3F80u);
  EXPECT_EQ(op::bfloat16(1.0f + 3 * std::ldexp(1.0f, -8)).value, 0x3F82u);
  EXPECT_EQ(op::bfloat16(-std::numeric_limits<float>::quiet_NaN()).value, 0x7FC0u);
  EXPECT_EQ(static_cast<double>(op::bfloat16(3)), 3.0);
  EXPECT_TRUE(op::bfloat16(0.0f).IsZero());
  EXPECT_EQ(op::bfloat16::highest().value, 0x7F7Fu);
  EXPECT_EQ(static_cast<float>(op::bfloat16(2.0f) * op::bfloat16(1.5f)), 3.0f);
  // fp16_t and bfloat16 convert into each other through float.
  const op::bfloat16 b = op::fp16_t(0.5f);
  EXPECT_EQ(b.value, 0x3F00u);
  const op::fp16_t h = op::bfloat16(0.25f);
  EXPECT_EQ(h.val, 0x3400u);
}

TEST(OpdevFp16, ScalarsRoundToTheSixteenBitTypes) {
  float value = 0.1f;
  aclScalar* s = aclCreateScalar(&value, ACL_FLOAT);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(static_cast<double>(s->ToFp16()), 0.0999755859375);
  EXPECT_EQ(s->ToBf16().value, 0x3DCDu);
  aclDestroyScalar(s);
}

TEST(OpdevFp16, ExecutorTakesSixteenBitValues) {
  auto executor = CREATE_EXECUTOR();
  const op::fp16_t halves[] = {op::fp16_t(1.5f), op::fp16_t(-2.0f)};
  const aclTensor* t = executor->AllocHostTensor(halves, 2, op::DataType::DT_FLOAT16);
  ASSERT_NE(t, nullptr);
  uint16_t bits[2];
  std::memcpy(bits, t->GetData(), sizeof(bits));
  EXPECT_EQ(bits[0], halves[0].val);
  EXPECT_EQ(bits[1], halves[1].val);
  // Into FLOAT: the values, exactly.
  const op::bfloat16 bf[] = {op::bfloat16(0.75f)};
  const aclTensor* f = executor->ConvertToTensor(bf, 1, op::DataType::DT_FLOAT);
  ASSERT_NE(f, nullptr);
  float got = 0;
  std::memcpy(&got, f->GetData(), sizeof(got));
  EXPECT_EQ(got, 0.75f);
  const aclScalar* sh = executor->AllocScalar(op::fp16_t(0.5f));
  ASSERT_NE(sh, nullptr);
  EXPECT_EQ(sh->GetDataType(), op::DataType::DT_FLOAT16);
  EXPECT_EQ(sh->ToDouble(), 0.5);
  const aclScalar* sb = executor->AllocScalar(op::bfloat16(-4.0f));
  ASSERT_NE(sb, nullptr);
  EXPECT_EQ(sb->GetDataType(), op::DataType::DT_BF16);
  EXPECT_EQ(sb->ToFloat(), -4.0f);
}

}  // namespace
