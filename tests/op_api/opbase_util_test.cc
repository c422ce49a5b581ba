// CANN's op-base host utilities (util/math_util.h, shape_util.h, const_util.h, platform_util.h,
// tiling_base_util.h, graph/c_types.h, platform/soc_spec.h): each documented rule, including the
// odd ones operators depend on (CeilDiv of mixed signs, +inf "equal" to a finite value, the
// factor 0 of a single-piece split).
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "acl/acl_base.h"
#include "graph/c_types.h"
#include "graph/types.h"
#include "op_host/tiling_base_util.h"
#include "opbase_call.h"
#include "opsim/op_api/op_error.h"
#include "platform/soc_spec.h"
#include "util/const_util.h"
#include "util/math_util.h"
#include "util/platform_util.h"
#include "util/shape_util.h"

namespace {

using Ops::Base::CeilAlign;
using Ops::Base::CeilDiv;
using Ops::Base::FloorAlign;
using Ops::Base::FloorDiv;
using Ops::Base::IsFloatEqual;
using Ops::Base::SplitResult;

TEST(OpBaseMathUtil, CeilDivRoundsUpOnlyWhenSignsAgree) {
  EXPECT_EQ(CeilDiv(7, 2), 4);
  EXPECT_EQ(CeilDiv(-7, -2), 4);
  EXPECT_EQ(CeilDiv(-7, 2), -3);  // mixed signs: truncated, as CANN
  EXPECT_EQ(CeilDiv(7, -2), -3);
  EXPECT_EQ(CeilDiv(6, 3), 2);
  EXPECT_EQ(CeilDiv(int64_t{1} << 40, int64_t{3}), ((int64_t{1} << 40) + 2) / 3);
  EXPECT_EQ(CeilDiv(7u, 2u), 4u);
  EXPECT_EQ(CeilDiv(uint64_t{8}, uint64_t{4}), 2u);
}

TEST(OpBaseMathUtil, CeilDivByZeroOrOfZeroReturnsX) {
  EXPECT_EQ(CeilDiv(7, 0), 7);
  EXPECT_EQ(CeilDiv(-7, 0), -7);
  EXPECT_EQ(CeilDiv(0, 5), 0);
  EXPECT_EQ(CeilDiv(9u, 0u), 9u);
}

TEST(OpBaseMathUtil, CeilAlignRoundsUpAndSaturates) {
  EXPECT_EQ(CeilAlign(10, 8), 16);
  EXPECT_EQ(CeilAlign(16, 8), 16);
  EXPECT_EQ(CeilAlign(0, 8), 0);
  EXPECT_EQ(CeilAlign(5, 0), 0);
  const int64_t big = std::numeric_limits<int64_t>::max() - 3;
  EXPECT_EQ(CeilAlign(big, int64_t{8}), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(CeilAlign(uint8_t{250}, uint8_t{16}), uint8_t{255});
  EXPECT_EQ(CeilAlign(0xFFFFFFF1u, 32u), 0xFFFFFFFFu);
}

TEST(OpBaseMathUtil, FloorDivAndFloorAlignWithZero) {
  EXPECT_EQ(FloorDiv(7, 2), 3);
  EXPECT_EQ(FloorDiv(-7, 2), -3);  // C++ division: toward zero, despite the name
  EXPECT_EQ(FloorDiv(7, 0), 7);
  EXPECT_EQ(FloorAlign(13, 4), 12);
  EXPECT_EQ(FloorAlign(13, 0), 0);
  EXPECT_EQ(FloorAlign(uint64_t{3}, uint64_t{4}), 0u);
}

TEST(OpBaseMathUtil, IsFloatEqualNanInfAndEpsilon) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(IsFloatEqual(nan, nan));
  EXPECT_FALSE(IsFloatEqual(nan, 1.0));
  EXPECT_TRUE(IsFloatEqual(inf, inf));
  EXPECT_FALSE(IsFloatEqual(inf, -inf));
  EXPECT_TRUE(IsFloatEqual(inf, 5.0));  // CANN's rule: an infinity compares by sign only
  EXPECT_FALSE(IsFloatEqual(-inf, 5.0));
  const double eps = std::numeric_limits<double>::epsilon();
  EXPECT_TRUE(IsFloatEqual(1.0, 1.0 + eps));
  EXPECT_FALSE(IsFloatEqual(1.0, 1.0 + 4 * eps));
  EXPECT_TRUE(IsFloatEqual(0.5f, 0.5f));
  EXPECT_FALSE(IsFloatEqual(0.5f, 0.5001f));
}

TEST(OpBaseMathUtil, LastPow2) {
  EXPECT_EQ(Ops::Base::LastPow2(0), 1u);
  EXPECT_EQ(Ops::Base::LastPow2(1), 1u);
  EXPECT_EQ(Ops::Base::LastPow2(2), 2u);
  EXPECT_EQ(Ops::Base::LastPow2(3), 2u);
  EXPECT_EQ(Ops::Base::LastPow2(1000), 512u);
  EXPECT_EQ(Ops::Base::LastPow2(1024), 1024u);
  EXPECT_EQ(Ops::Base::LastPow2(std::numeric_limits<uint64_t>::max()), uint64_t{1} << 63);
}

TEST(OpBaseMathUtil, MurmurHashKnownValuesAndCannTail) {
  // MurmurHash3 x86_32 reference values (whole 4-byte blocks: no tail).
  EXPECT_EQ(Ops::Base::MurmurHash("", 0, 0), 0u);
  EXPECT_EQ(Ops::Base::MurmurHash("", 0, 1), 0x514E28B7u);
  EXPECT_EQ(Ops::Base::MurmurHash("test", 4, 0), 0xBA6BD213u);
  EXPECT_NE(Ops::Base::MurmurHash("test", 4), Ops::Base::MurmurHash("test", 4, 0));
  // CANN takes the tail bytes from the buffer's start: the last byte of 5 does not count.
  EXPECT_EQ(Ops::Base::MurmurHash("abcdY", 5, 7), Ops::Base::MurmurHash("abcdZ", 5, 7));
  EXPECT_NE(Ops::Base::MurmurHash("abcdY", 5, 7), Ops::Base::MurmurHash("xbcdY", 5, 7));
}

TEST(OpBaseMathUtil, SplitIntoEqualByParts) {
  SplitResult r;
  ASSERT_TRUE(Ops::Base::SplitIntoEqualByParts(10, 3, r));
  EXPECT_EQ(r.splitCount, 3);
  EXPECT_EQ(r.splitFactor, 4);
  EXPECT_EQ(r.splitTailFactor, 2);
  ASSERT_TRUE(Ops::Base::SplitIntoEqualByParts(9, 4, r));  // pieces of 3: only 3 of them
  EXPECT_EQ(r.splitCount, 3);
  EXPECT_EQ(r.splitFactor, 3);
  EXPECT_EQ(r.splitTailFactor, 3);
  ASSERT_TRUE(Ops::Base::SplitIntoEqualByParts(2, 5, r));
  EXPECT_EQ(r.splitCount, 2);
  EXPECT_EQ(r.splitFactor, 1);
  EXPECT_EQ(r.splitTailFactor, 1);
  SplitResult untouched{7, 8, 9};
  EXPECT_FALSE(Ops::Base::SplitIntoEqualByParts(0, 3, untouched));
  EXPECT_FALSE(Ops::Base::SplitIntoEqualByParts(5, 0, untouched));
  EXPECT_EQ(untouched.splitCount, 7);
  EXPECT_EQ(untouched.splitFactor, 8);
}

TEST(OpBaseMathUtil, SplitIntoEqualByFactor) {
  SplitResult r;
  ASSERT_TRUE(Ops::Base::SplitIntoEqualByFactor(10, 4, r));
  EXPECT_EQ(r.splitCount, 3);
  EXPECT_EQ(r.splitFactor, 4);
  EXPECT_EQ(r.splitTailFactor, 2);
  ASSERT_TRUE(Ops::Base::SplitIntoEqualByFactor(8, 4, r));
  EXPECT_EQ(r.splitCount, 2);
  EXPECT_EQ(r.splitTailFactor, 4);
  ASSERT_TRUE(Ops::Base::SplitIntoEqualByFactor(3, 8, r));  // one piece: factor 0, CANN's rule
  EXPECT_EQ(r.splitCount, 1);
  EXPECT_EQ(r.splitFactor, 0);
  EXPECT_EQ(r.splitTailFactor, 3);
  EXPECT_FALSE(Ops::Base::SplitIntoEqualByFactor(-1, 4, r));
  EXPECT_FALSE(Ops::Base::SplitIntoEqualByFactor(4, -1, r));
}

TEST(OpBaseShapeUtil, AxisBounds) {
  EXPECT_TRUE(Ops::Base::CheckAxisBounds(3, -3));
  EXPECT_TRUE(Ops::Base::CheckAxisBounds(3, 2));
  EXPECT_FALSE(Ops::Base::CheckAxisBounds(3, 3));
  EXPECT_FALSE(Ops::Base::CheckAxisBounds(3, -4));
  EXPECT_TRUE(Ops::Base::CheckAxisBounds(size_t{0}, 0));
  EXPECT_FALSE(Ops::Base::CheckAxisBounds(size_t{0}, -1));
}

TEST(OpBaseShapeUtil, UnknownRankAndUnknownShape) {
  gert::Shape s{2, 3};
  EXPECT_FALSE(Ops::Base::IsUnknownRank(s));
  EXPECT_FALSE(Ops::Base::IsUnknownShape(s));
  Ops::Base::SetUnknownRank(s);
  EXPECT_EQ(s, (gert::Shape{-2}));
  EXPECT_TRUE(Ops::Base::IsUnknownRank(s));
  EXPECT_FALSE(Ops::Base::IsUnknownShape(s));                  // CANN's: only a -1 dim
  EXPECT_FALSE(Ops::Base::IsUnknownRank(gert::Shape{-2, 3}));  // -2 only alone means that
  EXPECT_TRUE(Ops::Base::IsUnknownShape(gert::Shape{4, -1}));
  Ops::Base::SetUnknownShape(3, s);
  EXPECT_EQ(s, (gert::Shape{-1, -1, -1}));
  Ops::Base::SetUnknownShape(0, s);
  EXPECT_TRUE(s.IsScalar());
  EXPECT_FALSE(Ops::Base::IsUnknownShape(gert::Shape{}));
}

TEST(OpBaseTilingBaseUtil, EnsureNotScalar) {
  const gert::Shape scalar;
  EXPECT_EQ(Ops::Base::EnsureNotScalar(scalar), (gert::Shape{1}));
  const gert::Shape matrix{2, 3};
  EXPECT_EQ(&Ops::Base::EnsureNotScalar(matrix), &matrix);
}

// A call of one op with the given input tensors (values only for those with data).
using ConstCall = opsim::testing::OpBaseCall;

TEST(OpBaseContexts, TensorSizeAndRequiredAndDynamicInputTensors) {
  const int64_t i64[] = {7, 8};
  ConstCall call(0);
  call.Input({2, 3}, ge::DT_FLOAT16).Input({2}, ge::DT_INT64, i64).Input({4}, ge::DT_INT4);
  gert::InferShapeContext infer(&call.data);
  gert::TilingContext tiling(&call.data);
  EXPECT_EQ(tiling.GetInputTensor(0)->GetSize(), 12u);  // 6 x 2 B
  EXPECT_EQ(infer.GetRequiredInputTensor(1)->GetSize(), 16u);
  EXPECT_EQ(tiling.GetRequiredInputTensor(1)->GetData<int64_t>()[1], 8);
  EXPECT_EQ(infer.GetDynamicInputTensor(1, 0), infer.GetRequiredInputTensor(1));
  EXPECT_EQ(infer.GetDynamicInputTensor(1, 1), nullptr);  // one instance only
  EXPECT_EQ(tiling.GetInputTensor(2)->GetSize(), 0u);     // int4 has no whole-byte size
}

TEST(OpBaseConstUtil, GetConstIntReadsTheFirstElementOfEachIntegerType) {
  const int64_t i64[] = {7, 8};
  const int32_t i32[] = {-3};
  const uint64_t u64[] = {9};
  const uint32_t u32[] = {11};
  const float f32[] = {1.5f};
  ConstCall call(0);
  call.Input({2}, ge::DT_INT64, i64);
  call.Input({1}, ge::DT_INT32, i32);
  call.Input({1}, ge::DT_UINT64, u64);
  call.Input({1}, ge::DT_UINT32, u32);
  call.Input({1}, ge::DT_FLOAT, f32);
  call.Input({1}, ge::DT_INT64, nullptr);
  gert::InferShapeContext context(&call.data);
  int64_t v = 0;
  ASSERT_TRUE(Ops::Base::GetConstInt(&context, 0, v));
  EXPECT_EQ(v, 7);
  int32_t w = 0;
  ASSERT_TRUE(Ops::Base::GetConstInt(&context, 1, w));
  EXPECT_EQ(w, -3);
  ASSERT_TRUE(Ops::Base::GetConstInt(&context, 2, v));
  EXPECT_EQ(v, 9);
  gert::TilingContext tiling(&call.data);
  ASSERT_TRUE(Ops::Base::GetConstInt(&tiling, 3, v));
  EXPECT_EQ(v, 11);
  (void)opsim::op_api::TakeOpError();
  v = 42;
  EXPECT_FALSE(Ops::Base::GetConstInt(&context, 4, v));  // float: a warning, not an error
  EXPECT_TRUE(opsim::op_api::TakeOpError().ok());
  EXPECT_FALSE(Ops::Base::GetConstInt(&context, 5, v));  // no value
  EXPECT_FALSE(Ops::Base::GetConstInt(&context, 9, v));  // no input
  EXPECT_EQ(v, 42);
  EXPECT_NE(opsim::op_api::TakeOpError().message().find("Fixture:node1: const input"),
            std::string::npos);
  const gert::InferShapeContext* none = nullptr;
  EXPECT_FALSE(Ops::Base::GetConstInt(none, 0, v));
  (void)opsim::op_api::TakeOpError();
}

TEST(OpBaseConstUtil, GetConstIntToShape) {
  const int32_t dims[] = {2, -1, 4};
  const float f32[] = {1.0f};
  ConstCall call(0);
  call.Input({3}, ge::DT_INT32, dims);
  call.Input({1}, ge::DT_FLOAT, f32);
  gert::InferShapeContext context(&call.data);
  gert::Shape shape{9};
  ASSERT_TRUE(Ops::Base::GetConstIntToShape(&context, 0, shape));
  EXPECT_EQ(shape, (gert::Shape{2, -1, 4}));
  EXPECT_FALSE(Ops::Base::GetConstIntToShape(&context, 1, shape));
  EXPECT_EQ(shape, (gert::Shape{2, -1, 4}));  // unchanged on failure
  (void)opsim::op_api::TakeOpError();
}

TEST(OpBasePlatformUtil, FiguresFromThePlatformAndFixedOnes) {
  ConstCall call(0);
  gert::TilingContext context(&call.data);
  EXPECT_EQ(Ops::Base::GetAivCoreNum(&context), 40u);
  EXPECT_EQ(Ops::Base::GetAicCoreNum(&context), 20u);
  EXPECT_EQ(Ops::Base::GetUbSize(&context), 196608u - 256);  // CANN's 910B reservation
  EXPECT_EQ(Ops::Base::GetWorkspaceSize(&context), 16u * 1024 * 1024);
  EXPECT_EQ(Ops::Base::GetUbBlockSize(&context), 32u);
  EXPECT_EQ(Ops::Base::GetVRegSize(&context), 256u);
  EXPECT_EQ(Ops::Base::GetSimtMaxThreadNum(&context), 2048u);
  EXPECT_EQ(Ops::Base::GetSimtMaxDCacheSize(&context), 131072u);
  EXPECT_EQ(Ops::Base::GetCacheLineSize(&context), 256u);
  EXPECT_EQ(Ops::Base::GetSectorCacheLineSize(&context), 128u);
  EXPECT_EQ(Ops::Base::GetNddmaDcacheSize(&context), 8192u);
}

TEST(OpBasePlatformUtil, NullContextOrPlatformGivesZeroAndAnError) {
  ConstCall call(0);
  call.data.platform = nullptr;
  gert::TilingContext context(&call.data);
  (void)opsim::op_api::TakeOpError();
  EXPECT_EQ(Ops::Base::GetAivCoreNum(&context), 0u);
  EXPECT_EQ(opsim::op_api::TakeOpError().message(), "GetAivCoreNum: platformInfoPtr is nullptr");
  const gert::TilingContext* none = nullptr;
  EXPECT_EQ(Ops::Base::GetUbSize(none), 0u);
  EXPECT_EQ(opsim::op_api::TakeOpError().message(), "GetUbSize: context is nullptr");
}

TEST(OpBaseTilingBaseUtil, NpuArchAndRegbase) {
  ConstCall call(0);
  gert::TilingContext context(&call.data);
  EXPECT_EQ(Ops::Base::GetNpuArch(&context), NpuArch::DAV_2201);
  EXPECT_FALSE(Ops::Base::IsRegbaseSocVersion(&context));
  std::map<std::string, std::string> version{{"Short_SoC_version", "Ascend950"},
                                             {"NpuArch", "3510"}};
  call.platform.SetPlatformRes("version", version);
  EXPECT_EQ(Ops::Base::GetNpuArch(&context), NpuArch::DAV_3510);
  EXPECT_TRUE(Ops::Base::IsRegbaseSocVersion(&context));
  gert::TilingParseContext parse(&call.data);  // a TilingParse function asks the same
  EXPECT_TRUE(Ops::Base::IsRegbaseSocVersion(&parse));
  version = {{"Short_SoC_version", "Ascend310P"}, {"NpuArch", "2002"}};
  call.platform.SetPlatformRes("version", version);
  EXPECT_EQ(Ops::Base::GetNpuArch(&context), NpuArch::DAV_2002);
  EXPECT_FALSE(Ops::Base::IsRegbaseSocVersion(&parse));
  call.data.platform = nullptr;
  EXPECT_FALSE(Ops::Base::IsRegbaseSocVersion(&parse));
  const gert::TilingParseContext* no_parse = nullptr;
  EXPECT_FALSE(Ops::Base::IsRegbaseSocVersion(no_parse));
  EXPECT_EQ(Ops::Base::GetNpuArch(&context), NpuArch::DAV_RESV);
  EXPECT_FALSE(Ops::Base::IsRegbaseSocVersion(&context));
}

TEST(OpBaseCTypes, SameNumbersAsGe) {
  static_assert(C_DT_FLOAT == static_cast<int>(ge::DT_FLOAT), "");
  static_assert(C_DT_BF16 == static_cast<int>(ge::DT_BF16), "");
  static_assert(C_DT_UNDEFINED == static_cast<int>(ge::DT_UNDEFINED), "");
  static_assert(C_DT_HIFLOAT8 == static_cast<int>(ge::DT_HIFLOAT8), "");
  static_assert(C_DT_MAX == static_cast<int>(ge::DT_MAX), "");
  static_assert(C_FORMAT_ND == static_cast<int>(ge::FORMAT_ND), "");
  static_assert(C_FORMAT_FRACTAL_NZ == static_cast<int>(ge::FORMAT_FRACTAL_NZ), "");
  static_assert(C_FORMAT_NULL == static_cast<int>(ge::FORMAT_NULL), "");
  EXPECT_EQ(static_cast<uint32_t>(NpuArch::DAV_2201), 2201u);
  EXPECT_EQ(static_cast<uint32_t>(NpuArch::DAV_RESV), 0xFFFFu);
}

// metadef's Format numbers them so (graph/types.h; AscendCL's aclFormat shares NCL = 47 and the
// FRACTAL_NZ_C0_* numbers): ops-math's transdata.cpp names NCL and FRACTAL_NZ_C0_2 to _32.
TEST(OpBaseCTypes, TheFormatsAsMetadefNumbersThem) {
  static_assert(C_FORMAT_NCL == static_cast<int>(ge::FORMAT_NCL), "");
  static_assert(C_FORMAT_END == static_cast<int>(ge::FORMAT_END), "");
  EXPECT_EQ(static_cast<int>(ge::FORMAT_C1HWNCoC0), 25);
  EXPECT_EQ(static_cast<int>(ge::FORMAT_FRACTAL_ZZ), 28);
  EXPECT_EQ(static_cast<int>(ge::FORMAT_NC), static_cast<int>(ACL_FORMAT_NC));
  EXPECT_EQ(static_cast<int>(ge::FORMAT_NCL), static_cast<int>(ACL_FORMAT_NCL));
  EXPECT_EQ(static_cast<int>(ge::FORMAT_FRACTAL_Z_G), 39);
  EXPECT_EQ(static_cast<int>(ge::FORMAT_ALL), 41);
  EXPECT_EQ(static_cast<int>(ge::FORMAT_FRACTAL_NZ_C0_16), 50);
  EXPECT_EQ(static_cast<int>(ge::FORMAT_FRACTAL_NZ_C0_32), 51);
  EXPECT_EQ(static_cast<int>(ge::FORMAT_FRACTAL_NZ_C0_8), 54);
  EXPECT_EQ(static_cast<int>(ge::FORMAT_END), 55);
  EXPECT_STREQ(ge::FormatName(ge::FORMAT_NCL), "NCL");
  EXPECT_STREQ(ge::FormatName(ge::FORMAT_FRACTAL_NZ_C0_32), "FRACTAL_NZ_C0_32");
}

TEST(OpBaseCTypes, TheEightBitAndSmallerFloatsAsMetadefNumbersThem) {
  // metadef's DataType: DT_HIFLOAT8 = 34 ... DT_HIFLOAT4 = 42; ACL's numbers are the same.
  EXPECT_EQ(static_cast<int>(ge::DT_HIFLOAT8), static_cast<int>(ACL_HIFLOAT8));
  EXPECT_EQ(static_cast<int>(ge::DT_FLOAT8_E8M0), static_cast<int>(ACL_FLOAT8_E8M0));
  EXPECT_EQ(static_cast<int>(ge::DT_HIFLOAT4), 42);
  EXPECT_STREQ(ge::DataTypeName(ge::DT_FLOAT8_E4M3FN), "DT_FLOAT8_E4M3FN");
  EXPECT_EQ(ge::GetSizeByDataType(ge::DT_FLOAT8_E5M2), 1);
  EXPECT_EQ(ge::GetSizeByDataType(ge::DT_FLOAT4_E2M1), -1);  // sub-byte, as DT_INT4
}

}  // namespace
