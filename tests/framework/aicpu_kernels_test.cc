// CANN's built-in AI CPU kernels (aicpu/): every kernel on every type it takes, against a
// numpy-style reference computed here (x1 [2, 3] with x2 [3] broadcast along the rows; NaN, the
// types' extremes and negative values among the elements), through HostRun as every door runs an
// operation; and each refusal with its code and message.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "framework_test_util.h"
#include "opsim/core/float16.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/host_run.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::aicpu_kernels_test {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Elements in their type's domain: floats as double, signed integers as int64, unsigned (and
// bool) as uint64; only the member of the tensor's domain is used.
struct Values {
  std::vector<double> f;
  std::vector<int64_t> i;
  std::vector<uint64_t> u;
};

bool Unsigned(DType d) { return !IsSigned(d) && !IsFloating(d); }

std::vector<uint8_t> Encode(DType d, const Values& v, size_t n) {
  const size_t size = DTypeSize(d);
  std::vector<uint8_t> bytes(n * size);
  for (size_t k = 0; k < n; ++k) {
    uint8_t* p = bytes.data() + k * size;
    if (d == DType::kFloat16 || d == DType::kBFloat16) {
      const float x = static_cast<float>(v.f[k]);
      const uint16_t bits = d == DType::kFloat16 ? FloatToHalfBits(x) : FloatToBFloat16Bits(x);
      std::memcpy(p, &bits, 2);
    } else if (d == DType::kFloat32) {
      const float x = static_cast<float>(v.f[k]);
      std::memcpy(p, &x, 4);
    } else if (d == DType::kFloat64) {
      std::memcpy(p, &v.f[k], 8);
    } else if (Unsigned(d)) {
      std::memcpy(p, &v.u[k], size);  // little-endian: the low bytes
    } else {
      std::memcpy(p, &v.i[k], size);
    }
  }
  return bytes;
}

// x1 [2, 3] and x2 [3] of a type's domain, with its extremes (and NaN for floats).
void Inputs(DType d, Values* a, Values* b) {
  if (IsFloating(d)) {
    a->f = {kNaN, -1.5, 0, 2, 2.5, 7};
    b->f = {2, kNaN, 2.5};
  } else if (d == DType::kBool) {
    a->u = {0, 1, 1, 0, 1, 0};
    b->u = {1, 1, 0};
  } else if (Unsigned(d)) {
    const uint64_t max = DTypeSize(d) == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * DTypeSize(d))) - 1;
    a->u = {0, 1, max, 5, 2, max - 1};
    b->u = {2, 1, max};
  } else {
    const unsigned bits = static_cast<unsigned>(8 * DTypeSize(d));
    const int64_t max =
        bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1;
    a->i = {-max - 1, -3, 0, 2, 5, max};
    b->i = {2, -3, -6};
  }
}

std::vector<uint8_t> RunKernel(const std::string& type, DType d, const Values& a, const Values& b,
                               const AttrMap& attrs = {}) {
  std::unique_ptr<Operation> op;
  EXPECT_TRUE(OperationRegistry::AiCpu().Create(type, attrs, &op).ok()) << type;
  if (!op) return {};
  TensorDesc da;
  da.dtype = AclFromDType(d);
  da.format = ACL_FORMAT_ND;
  da.shape.dimNum = 2;
  da.shape.dims[0] = 2;
  da.shape.dims[1] = 3;
  TensorDesc db = da;
  db.shape.dimNum = 1;
  db.shape.dims[0] = 3;
  const std::vector<uint8_t> ba = Encode(d, a, 6);
  const std::vector<uint8_t> bb = Encode(d, b, 3);
  std::unique_ptr<HostRun> run;
  const Status prepared = HostRun::Prepare(*op, {{da, ba}, {db, bb}}, {}, &run);
  EXPECT_TRUE(prepared.ok()) << prepared.message();
  if (!prepared.ok()) return {};
  const Status ran = run->Run();
  EXPECT_TRUE(ran.ok()) << ran.message();
  const std::span<const uint8_t> out = run->output(0);
  return std::vector<uint8_t>(out.begin(), out.end());
}

// The comparison numpy makes of element k of x1 with x2's element of its column.
template <typename Cmp>
std::vector<uint8_t> CompareReference(DType d, const Values& a, const Values& b) {
  std::vector<uint8_t> out(6);
  const Cmp cmp;
  for (size_t k = 0; k < 6; ++k) {
    const size_t j = k % 3;
    if (IsFloating(d)) {
      out[k] = cmp(a.f[k], b.f[j]);
    } else if (Unsigned(d)) {
      out[k] = cmp(a.u[k], b.u[j]);
    } else {
      out[k] = cmp(a.i[k], b.i[j]);
    }
  }
  return out;
}

template <typename Cmp>
void ExpectComparison(const std::string& type, const std::vector<DType>& types) {
  for (DType d : types) {
    Values a;
    Values b;
    Inputs(d, &a, &b);
    EXPECT_EQ(RunKernel(type, d, a, b), (CompareReference<Cmp>(d, a, b)))
        << type << " of " << DTypeName(d);
  }
}

const std::vector<DType> kReal = {DType::kFloat16, DType::kFloat32, DType::kFloat64, DType::kInt8,
                                  DType::kInt16,   DType::kInt32,   DType::kInt64,   DType::kUInt8,
                                  DType::kUInt16,  DType::kUInt32,  DType::kUInt64};
const std::vector<DType> kIntegers = {DType::kInt8,   DType::kInt16, DType::kInt32,
                                      DType::kInt64,  DType::kUInt8, DType::kUInt16,
                                      DType::kUInt32, DType::kUInt64};

TEST(AicpuKernels, ComparisonsOfEveryRealTypeAsNumpyBroadcastsThem) {
  ExpectComparison<std::less<>>("Less", kReal);
  ExpectComparison<std::less_equal<>>("LessEqual", kReal);
  ExpectComparison<std::greater<>>("Greater", kReal);
  ExpectComparison<std::greater_equal<>>("GreaterEqual", kReal);
  std::vector<DType> with_bool = kReal;
  with_bool.push_back(DType::kBool);
  ExpectComparison<std::equal_to<>>("Equal", with_bool);
  ExpectComparison<std::not_equal_to<>>("NotEqual", with_bool);
}

TEST(AicpuKernels, ANaNComparesUnequalToEverything) {
  Values a;
  Values b;
  Inputs(DType::kFloat64, &a, &b);
  // x1[0] is NaN, x2[1] is NaN: element 0 against 2, element 1 (-1.5) against NaN.
  const std::vector<uint8_t> less = RunKernel("Less", DType::kFloat64, a, b);
  const std::vector<uint8_t> ne = RunKernel("NotEqual", DType::kFloat64, a, b);
  ASSERT_EQ(less.size(), 6u);
  ASSERT_EQ(ne.size(), 6u);
  EXPECT_EQ(less[0], 0);
  EXPECT_EQ(less[1], 0);
  EXPECT_EQ(ne[0], 1);
  EXPECT_EQ(ne[1], 1);
  EXPECT_EQ(less[3], 0);  // 2 < 2
  EXPECT_EQ(less[5], 0);  // 7 < 2.5
  EXPECT_EQ(less[2], 1);  // 0 < 2.5
}

template <typename Op>
void ExpectBitwise(const std::string& type) {
  const Op op;
  for (DType d : kIntegers) {
    Values a;
    Values b;
    Inputs(d, &a, &b);
    Values want;
    for (size_t k = 0; k < 6; ++k) {
      if (Unsigned(d)) {
        want.u.push_back(op(a.u[k], b.u[k % 3]));
      } else {
        want.i.push_back(op(a.i[k], b.i[k % 3]));
      }
    }
    EXPECT_EQ(RunKernel(type, d, a, b), Encode(d, want, 6)) << type << " of " << DTypeName(d);
  }
}

TEST(AicpuKernels, BitwiseOpsOfEveryIntegerTypeOnTheTwosComplementBits) {
  ExpectBitwise<std::bit_and<>>("BitwiseAnd");
  ExpectBitwise<std::bit_or<>>("BitwiseOr");
  ExpectBitwise<std::bit_xor<>>("BitwiseXor");
  // By hand: int64 -6 & 3 = 2 (...11010 & 00011), the first element.
  Values a;
  Values b;
  a.i = {-6, -1, 12, 0, 7, -8};
  b.i = {3, -6, 3};
  Values want;
  want.i = {2, -6, 0, 0, 2, 0};
  EXPECT_EQ(RunKernel("BitwiseAnd", DType::kInt64, a, b), Encode(DType::kInt64, want, 6));
}

// Cast of x to dst_type, its bytes.
std::vector<uint8_t> CastBytes(DType from, const Values& x, size_t n, DType to) {
  std::unique_ptr<Operation> op;
  const AttrMap attrs = {{"dst_type", static_cast<int64_t>(to)}};
  EXPECT_TRUE(OperationRegistry::AiCpu().Create("Cast", attrs, &op).ok());
  if (!op) return {};
  TensorDesc d;
  d.dtype = AclFromDType(from);
  d.format = ACL_FORMAT_ND;
  d.shape.dimNum = 1;
  d.shape.dims[0] = static_cast<int64_t>(n);
  std::unique_ptr<HostRun> run;
  const Status st = HostRun::Prepare(*op, {{d, Encode(from, x, n)}}, {}, &run);
  EXPECT_TRUE(st.ok()) << st.message();
  if (!st.ok() || !run->Run().ok()) return {};
  const std::span<const uint8_t> out = run->output(0);
  return std::vector<uint8_t>(out.begin(), out.end());
}

TEST(AicpuKernels, CastConvertsAsCppWithTheArmAnswersWhereCppHasNone) {
  Values f;
  f.f = {1.5, -2.75, kNaN, 3e10, -3e10, 1e-3};
  Values want;
  for (double v : f.f) want.f.push_back(static_cast<float>(v));  // float32's values, widened
  EXPECT_EQ(CastBytes(DType::kFloat32, f, 6, DType::kFloat64), Encode(DType::kFloat64, want, 6));
  want.i = {1, -2, 0, 2147483647, -2147483648LL, 0};  // truncated, NaN 0, saturated
  EXPECT_EQ(CastBytes(DType::kFloat64, f, 6, DType::kInt32), Encode(DType::kInt32, want, 6));
  want.u = {1, 0, 0, 255, 0, 0};
  EXPECT_EQ(CastBytes(DType::kFloat64, f, 6, DType::kUInt8), Encode(DType::kUInt8, want, 6));
  want.u = {1, 1, 1, 1, 1, 1};  // nonzero, NaN included
  EXPECT_EQ(CastBytes(DType::kFloat64, f, 6, DType::kBool), Encode(DType::kBool, want, 6));
  Values i;
  i.i = {300, -1, -129, 127, 0, int64_t{1} << 40};
  want.i = {44, -1, 127, 127, 0, 0};  // the low byte
  EXPECT_EQ(CastBytes(DType::kInt64, i, 6, DType::kInt8), Encode(DType::kInt8, want, 6));
  want.f = {300, -1, -129, 127, 0, 1099511627776.0};
  EXPECT_EQ(CastBytes(DType::kInt64, i, 6, DType::kFloat64), Encode(DType::kFloat64, want, 6));
  std::unique_ptr<Operation> op;
  const Status bad = OperationRegistry::AiCpu().Create("Cast", {{"dst_type", int64_t{5}}}, &op);
  EXPECT_NE(bad.message().find("dst_type 5 is no data type opsim holds"), std::string::npos)
      << bad.message();
}

// complex64 and complex32 are bytes to opsim: the AI CPU Cast takes neither side, naming the type.
TEST(AicpuKernels, CastRefusesComplexOnEitherSide) {
  std::unique_ptr<Operation> op;
  const Status to = OperationRegistry::AiCpu().Create("Cast", {{"dst_type", int64_t{16}}}, &op);
  EXPECT_EQ(to.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_NE(to.message().find("dst_type complex64: opsim's kernel casts to no complex type"),
            std::string::npos)
      << to.message();
  ASSERT_TRUE(OperationRegistry::AiCpu().Create("Cast", {{"dst_type", int64_t{0}}}, &op).ok());
  TensorDesc d;
  d.dtype = ACL_COMPLEX32;
  d.format = ACL_FORMAT_ND;
  d.shape.dimNum = 1;
  d.shape.dims[0] = 2;
  SVector<TensorDesc> out;
  const Status from = op->InferShape({d}, out);
  EXPECT_EQ(from.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_NE(from.message().find("casts no complex32 input"), std::string::npos) << from.message();
}

Status Prepare(const std::string& type, const TensorDesc& a, const TensorDesc& b,
               const AttrMap& attrs = {}) {
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::AiCpu().Create(type, attrs, &op));
  std::unique_ptr<HostRun> run;
  return HostRun::Prepare(*op, {{a, {}}, {b, {}}}, {}, &run);
}

using testing::Desc;

TEST(AicpuKernels, RefusalsNameTheOpTypeTheTypeAndTheRule) {
  Status st = Prepare("Less", Desc(ACL_BOOL, {2}), Desc(ACL_BOOL, {2}));
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_NE(st.message().find("Less (AI CPU): opsim's kernel takes no bool inputs (it takes "
                              "float16, float32, float64"),
            std::string::npos)
      << st.message();
  st = Prepare("BitwiseAnd", Desc(ACL_FLOAT, {2}), Desc(ACL_FLOAT, {2}));
  EXPECT_NE(st.message().find("BitwiseAnd (AI CPU): opsim's kernel takes no float32 inputs"),
            std::string::npos)
      << st.message();
  st = Prepare("Greater", Desc(ACL_DOUBLE, {2}), Desc(ACL_FLOAT, {2}));
  EXPECT_NE(st.message().find("x1 is float64 and x2 float32; the kernel takes two inputs of one "
                              "type"),
            std::string::npos)
      << st.message();
  st = Prepare("Equal", Desc(ACL_DOUBLE, {2}), Desc(ACL_DOUBLE, {3}));
  EXPECT_NE(st.message().find("x1 [2] and x2 [3] do not broadcast (numpy's rule: equal, or 1)"),
            std::string::npos)
      << st.message();
  st = Prepare("Equal", Desc(ACL_DOUBLE, {2}), Desc(ACL_DOUBLE, {3}),
               {{"incompatible_shape_error", false}});
  EXPECT_NE(st.message().find("incompatible_shape_error = false, TensorFlow's scalar answer"),
            std::string::npos)
      << st.message();
  st = Prepare("Equal", Desc(ACL_DOUBLE, {2}), Desc(ACL_DOUBLE, {2}), {{"T", int64_t{ACL_INT32}}});
  EXPECT_NE(st.message().find("its attribute T is int32 but the inputs are float64"),
            std::string::npos)
      << st.message();
  st = Prepare("Less", Desc(ACL_DOUBLE, {2}), Desc(ACL_DOUBLE, {2}), {{"axis", int64_t{0}}});
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("axis"), std::string::npos) << st.message();
}

TEST(AicpuKernels, TheRegistryAnswersItsOwnKernelsOnly) {
  std::unique_ptr<Operation> op;
  const Status none = OperationRegistry::AiCpu().Create("Polar", {}, &op);
  EXPECT_EQ(none.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(none.message().find("unknown operator 'Polar'"), std::string::npos);
  // An AI Core operator of the global registry (an OpDef) is no AI CPU kernel.
  EXPECT_TRUE(OperationRegistry::Global().Contains("ReduceSum"));
  EXPECT_FALSE(OperationRegistry::AiCpu().Contains("ReduceSum"));
  EXPECT_TRUE(OperationRegistry::AiCpu().Contains("Less"));
}

}  // namespace
}  // namespace opsim::aicpu_kernels_test
