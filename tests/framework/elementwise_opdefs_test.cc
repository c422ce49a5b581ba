// The elementwise operators (op_host/elementwise/op_def) through the registry: ONNX names and
// attributes, InferShape / InferDataType (broadcast shapes, Cast's `to`, CastLike's target),
// the errors each rule gives, and a run of each kind against the reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>

#include "elementwise/elementwise_reference.h"
#include "framework_test_util.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::testing {
namespace {

std::vector<int64_t> ShapeDims(const TensorDesc& d) {
  return std::vector<int64_t>(d.shape.dims, d.shape.dims + d.shape.dimNum);
}

Status Infer(const char* name, const AttrMap& attrs, std::vector<TensorDesc> in,
             SVector<TensorDesc>* out) {
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(name, attrs, &op));
  SVector<TensorDesc> descs;
  for (const TensorDesc& d : in) descs.push_back(d);
  return op->InferShape(descs, *out);
}

TEST(ElementwiseOpDefs, EveryOpIsRegisteredUnderItsOnnxName) {
  for (const char* name :
       {"Abs", "Neg", "Exp", "Log", "Sqrt", "Reciprocal", "Add", "Sub", "Mul", "Div", "CastLike"}) {
    std::unique_ptr<Operation> op;
    EXPECT_TRUE(OperationRegistry::Global().Create(name, {}, &op).ok()) << name;
  }
  std::unique_ptr<Operation> op;
  EXPECT_TRUE(OperationRegistry::Global().Create("Cast", {{"to", int64_t{1}}}, &op).ok());
}

TEST(ElementwiseOpDefs, BinaryOutputIsTheBroadcastShape) {
  SVector<TensorDesc> out;
  ASSERT_TRUE(Infer("Mul", {}, {Desc(ACL_FLOAT, {2, 1, 4}), Desc(ACL_FLOAT, {3, 1})}, &out).ok());
  EXPECT_EQ(ShapeDims(out[0]), (std::vector<int64_t>{2, 3, 4}));
  ASSERT_TRUE(Infer("Add", {}, {Desc(ACL_INT64, {}), Desc(ACL_INT64, {})}, &out).ok());
  EXPECT_EQ(ShapeDims(out[0]), std::vector<int64_t>{});
  const Status st = Infer("Sub", {}, {Desc(ACL_FLOAT, {2, 3}), Desc(ACL_FLOAT, {2})}, &out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDim);
  EXPECT_NE(st.message().find("Sub: shapes [2,3] and [2] do not broadcast (output dim 1: 3 vs 2"),
            std::string::npos)
      << st.message();
}

TEST(ElementwiseOpDefs, DtypesAreOnnxsLists) {
  SVector<TensorDesc> out;
  // Neg has no unsigned types, Exp no integers, A and B one dtype.
  for (const auto& [name, in] : std::vector<std::pair<const char*, std::vector<TensorDesc>>>{
           {"Neg", {Desc(ACL_UINT8, {3})}},
           {"Exp", {Desc(ACL_INT32, {3})}},
           {"Add", {Desc(ACL_FLOAT, {3}), Desc(ACL_FLOAT16, {3})}},
           {"Abs", {Desc(ACL_BOOL, {3})}}}) {
    const Status st = Infer(name, {}, in, &out);
    EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype) << name << ": " << st.ToString();
  }
}

TEST(ElementwiseOpDefs, CastTakesOnnxDtypeNumbers) {
  SVector<TensorDesc> out;
  ASSERT_TRUE(Infer("Cast", {{"to", int64_t{10}}}, {Desc(ACL_INT64, {4})}, &out).ok());
  EXPECT_EQ(out[0].dtype, ACL_FLOAT16);
  ASSERT_TRUE(Infer("Cast", {{"to", int64_t{9}}}, {Desc(ACL_FLOAT, {4})}, &out).ok());
  EXPECT_EQ(out[0].dtype, ACL_BOOL);
  ASSERT_TRUE(Infer("Cast", {{"to", int64_t{16}}}, {Desc(ACL_BOOL, {})}, &out).ok());
  EXPECT_EQ(out[0].dtype, ACL_BF16);
  Status st = Infer("Cast", {{"to", int64_t{8}}}, {Desc(ACL_FLOAT, {4})}, &out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("attribute 'to' = 8 is not an ONNX dtype opsim holds"),
            std::string::npos)
      << st.message();
  std::unique_ptr<Operation> op;
  st = OperationRegistry::Global().Create("Cast", {}, &op);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("to"), std::string::npos) << st.message();
}

TEST(ElementwiseOpDefs, CastLikeTakesTheSecondInputsDtype) {
  SVector<TensorDesc> out;
  ASSERT_TRUE(Infer("CastLike", {}, {Desc(ACL_FLOAT, {2, 3}), Desc(ACL_INT8, {})}, &out).ok());
  EXPECT_EQ(out[0].dtype, ACL_INT8);
  EXPECT_EQ(ShapeDims(out[0]), (std::vector<int64_t>{2, 3}));
}

TEST(ElementwiseOpDefs, RunsMatchTheReference) {
  auto context = MakeContext(false);
  ASSERT_NE(context, nullptr);
  HostTensor a(Desc(ACL_FLOAT, {4, 1, 3}));
  HostTensor b(Desc(ACL_FLOAT, {5, 1}));
  Fill(a, 1);
  Fill(b, 2);
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("Div", {}, &op).ok());
  HostTensor c(Desc(ACL_FLOAT, {4, 5, 3}));
  Status st = SetupAndExecute(*op, Pack({&a, &b}, {&c}), context.get());
  ASSERT_TRUE(st.ok()) << st.ToString();
  std::vector<int64_t> dims;
  std::vector<uint8_t> want;
  ASSERT_TRUE(ref::ElementwiseBinaryReference("Div", DType::kFloat32, {4, 1, 3}, a.data.data(),
                                              {5, 1}, b.data.data(), &dims, &want)
                  .ok());
  EXPECT_EQ(c.data, want);

  ASSERT_TRUE(OperationRegistry::Global().Create("Exp", {}, &op).ok());
  HostTensor e(a.desc);
  ASSERT_TRUE(SetupAndExecute(*op, Pack({&a}, {&e}), context.get()).ok());
  want.assign(e.data.size(), 0);
  ASSERT_TRUE(
      ref::ElementwiseUnaryReference("Exp", DType::kFloat32, a.data.data(), want.data(), 12).ok());
  // The chip's Exp is within 1 ulp (vec::ExpFloat), as the elementwise suite judges it.
  for (size_t k = 0; k < 12; ++k) {
    float got, exact;
    std::memcpy(&got, e.data.data() + 4 * k, 4);
    std::memcpy(&exact, want.data() + 4 * k, 4);
    EXPECT_TRUE(got == exact || got == std::nextafter(exact, INFINITY) ||
                got == std::nextafter(exact, -INFINITY))
        << k << ": " << got << " vs " << exact;
  }

  ASSERT_TRUE(OperationRegistry::Global().Create("CastLike", {}, &op).ok());
  HostTensor like(Desc(ACL_INT32, {1}));
  HostTensor i(Desc(ACL_INT32, {4, 1, 3}));
  ASSERT_TRUE(SetupAndExecute(*op, Pack({&a, &like}, {&i}), context.get()).ok());
  want.assign(i.data.size(), 0);
  ASSERT_TRUE(
      ref::CastReference(DType::kFloat32, DType::kInt32, a.data.data(), want.data(), 12).ok());
  EXPECT_EQ(i.data, want);
}

// Integer Div runs on the AI CPU (the 910B's Div takes half and float), whose kernel refuses a
// zero divisor with KERNEL_STATUS_PARAM_INVALID and says why.
TEST(ElementwiseOpDefs, IntegerDivisionByZeroIsAnErrorOfTheOperation) {
  auto context = MakeContext(false);
  ASSERT_NE(context, nullptr);
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("Div", {}, &op).ok());
  HostTensor a(Desc(ACL_INT32, {6}));
  HostTensor b(Desc(ACL_INT32, {}));  // a broadcast zero
  HostTensor c(Desc(ACL_INT32, {6}));
  Fill(a, 4);
  const Status st = SetupAndExecute(*op, Pack({&a, &b}, {&c}), context.get());
  EXPECT_EQ(st.code(), ErrorCode::kRtFail);
  EXPECT_EQ(st.message().rfind("Div: its AI CPU kernel's Compute returned 1 "
                               "(KERNEL_STATUS_PARAM_INVALID)",
                               0),
            0u)
      << st.message();
  EXPECT_NE(st.message().find("integer division by zero"), std::string::npos) << st.message();
}

// The types the 910B's vector unit does not compute run on the op's AI CPU kernel (no AI Core
// launch), broadcasting as the AI Core's do, with the reference's results bit for bit.
TEST(ElementwiseOpDefs, TypesTheVectorUnitLacksRunOnTheAiCpu) {
  struct OnCpu {
    const char* op;
    bool binary;
    std::vector<aclDataType> types;
  };
  const std::vector<aclDataType> arithmetic = {ACL_DOUBLE, ACL_INT8,  ACL_UINT8,
                                               ACL_UINT32, ACL_INT64, ACL_UINT64};
  std::vector<aclDataType> numeric = arithmetic;
  numeric.push_back(ACL_INT32);
  const std::vector<OnCpu> cases = {
      {"Add", true, arithmetic},     {"Sub", true, arithmetic},
      {"Mul", true, arithmetic},     {"Div", true, numeric},
      {"Abs", false, numeric},       {"Neg", false, {ACL_DOUBLE, ACL_INT8, ACL_INT64}},
      {"Exp", false, {ACL_DOUBLE}},  {"Log", false, {ACL_DOUBLE}},
      {"Sqrt", false, {ACL_DOUBLE}}, {"Reciprocal", false, {ACL_DOUBLE}}};
  for (const OnCpu& c : cases) {
    for (aclDataType type : c.types) {
      SCOPED_TRACE(std::string(c.op) + " " + std::to_string(type));
      auto context = MakeContext(false);
      ASSERT_NE(context, nullptr);
      std::unique_ptr<Operation> op;
      ASSERT_TRUE(OperationRegistry::Global().Create(c.op, {}, &op).ok());
      const DType t = *DTypeFromAcl(type);
      HostTensor a(Desc(type, {2, 1, 3})), b(Desc(type, {4, 1})), y(Desc(type, {2, 4, 3}));
      Fill(a, 5);
      Fill(b, 6);
      if (std::string(c.op) == "Div" && t != DType::kFloat64) {
        for (size_t k = 0; k < b.data.size(); ++k) b.data[k] |= k % DTypeSize(t) == 0 ? 1 : 0;
      }
      std::vector<uint8_t> want;
      if (c.binary) {
        ASSERT_TRUE(SetupAndExecute(*op, Pack({&a, &b}, {&y}), context.get()).ok());
        std::vector<int64_t> dims;
        ASSERT_TRUE(ref::ElementwiseBinaryReference(c.op, t, {2, 1, 3}, a.data.data(), {4, 1},
                                                    b.data.data(), &dims, &want)
                        .ok());
        EXPECT_EQ(y.data, want);
      } else {
        HostTensor x(Desc(type, {2, 1, 3})), out(Desc(type, {2, 1, 3}));
        Fill(x, 7);
        ASSERT_TRUE(SetupAndExecute(*op, Pack({&x}, {&out}), context.get()).ok());
        want.assign(out.data.size(), 0);
        ASSERT_TRUE(ref::ElementwiseUnaryReference(c.op, t, x.data.data(), want.data(), 6).ok());
        EXPECT_EQ(out.data, want);
      }
      EXPECT_EQ(context->launches(), 0u);  // the AI CPU, not the AI Core
    }
  }
}

// Cast's test values, per source type: NaN, infinities, -0, fractions, values past every
// integer type's range, the integer types' limits and their neighbours.
const double kCastProbeFloats[] = {
    NAN,   -NAN,    INFINITY, -INFINITY, -0.0,       0.0,          0.5,   -0.5,  1.0,
    -2.5,  2.9,     127.9,    128.0,     -129.0,     255.5,        256.0, 300.0, -1.0,
    65504, 70000.0, -70000.0, 3e9,       -3e9,       5e9,          1e19,  -1e19, 2e19,
    1e30,  -1e30,   1e-40,    16777217,  2147483647, -2147483648.0};
const int64_t kCastProbeInts[] = {0,
                                  1,
                                  -1,
                                  127,
                                  128,
                                  -128,
                                  -129,
                                  255,
                                  256,
                                  300,
                                  65504,
                                  65520,
                                  16777217,
                                  2147483647,
                                  -2147483648LL,
                                  4294967295,
                                  4294967296,
                                  INT64_MAX,
                                  INT64_MIN,
                                  0x1008001,
                                  0x1010001,
                                  -0x1010001,
                                  1LL << 60,
                                  (1LL << 53) + 1,
                                  (1LL << 60) + (1LL << 36) + 1};

// The probes as elements of `type` (half and bfloat16 through float; integers wrap).
std::vector<uint8_t> CastProbes(DType type, int64_t* count) {
  const bool is_float = type == DType::kFloat32 || type == DType::kFloat64 ||
                        type == DType::kFloat16 || type == DType::kBFloat16;
  const int64_t n = is_float ? std::size(kCastProbeFloats) : std::size(kCastProbeInts);
  const size_t size = DTypeSize(type);
  std::vector<uint8_t> bytes(n * size);
  for (int64_t k = 0; k < n; ++k) {
    uint8_t* at = bytes.data() + k * size;
    if (type == DType::kBool) {
      at[0] = kCastProbeInts[k] & 1;
    } else if (!is_float) {
      const uint64_t v = static_cast<uint64_t>(kCastProbeInts[k]);
      std::memcpy(at, &v, size);  // little-endian: the low bytes
    } else if (type == DType::kFloat64) {
      std::memcpy(at, &kCastProbeFloats[k], 8);
    } else {
      // float32 as float; the 16-bit types through the reference's own rounding of it.
      const float f = static_cast<float>(kCastProbeFloats[k]);
      if (type == DType::kFloat32) {
        std::memcpy(at, &f, 4);
      } else {
        EXPECT_TRUE(ref::CastReference(DType::kFloat32, type, &f, at, 1).ok());
      }
    }
  }
  *count = n;
  return bytes;
}

// Which Cast pairs run on the AI Core (the 910B's Cast row and its exact chains,
// docs/OPERATORS.md "The AI CPU engine"), written out here rather than read from the kernel's
// table, so that a change of the table shows.
bool CastPairOnAiCoreByTable(DType from, DType to) {
  using D = DType;
  const std::vector<std::pair<D, std::vector<D>>> on_aicore = {
      {D::kFloat32, {D::kFloat32, D::kFloat16, D::kBFloat16, D::kInt32, D::kInt64, D::kBool}},
      {D::kFloat16,
       {D::kFloat16, D::kFloat32, D::kBFloat16, D::kInt8, D::kUInt8, D::kInt32, D::kInt64,
        D::kBool}},
      {D::kBFloat16, {D::kBFloat16, D::kFloat32, D::kFloat16, D::kInt32, D::kInt64, D::kBool}},
      {D::kInt8,
       {D::kInt8, D::kFloat32, D::kFloat16, D::kBFloat16, D::kInt32, D::kInt64, D::kBool}},
      {D::kUInt8,
       {D::kUInt8, D::kFloat32, D::kFloat16, D::kBFloat16, D::kInt32, D::kInt64, D::kBool}},
      {D::kBool,
       {D::kBool, D::kInt8, D::kUInt8, D::kFloat32, D::kFloat16, D::kBFloat16, D::kInt32,
        D::kInt64}},
      {D::kInt32, {D::kInt32, D::kFloat32, D::kFloat16, D::kBFloat16, D::kInt64, D::kBool}},
      {D::kInt64, {D::kInt32, D::kFloat32, D::kFloat16, D::kBFloat16, D::kBool}},
  };
  for (const auto& [source, targets] : on_aicore) {
    if (source == from) return std::find(targets.begin(), targets.end(), to) != targets.end();
  }
  return false;  // double, uint32, uint64: every pair on the AI CPU
}

// Every one of the 121 pairs through both doors (Cast's `to`, CastLike's target) against the
// reference bit for bit, NaN, inf and out-of-range values included, on the engine the table says
// (an AI Core launch, or none: the AI CPU).
TEST(ElementwiseOpDefs, EveryCastPairRunsOnItsEngineAndMatchesTheReference) {
  const std::vector<std::pair<DType, int64_t>> types = {
      {DType::kFloat32, 1}, {DType::kUInt8, 2},   {DType::kInt8, 3},     {DType::kInt32, 6},
      {DType::kInt64, 7},   {DType::kBool, 9},    {DType::kFloat16, 10}, {DType::kFloat64, 11},
      {DType::kUInt32, 12}, {DType::kUInt64, 13}, {DType::kBFloat16, 16}};
  auto context = MakeContext(false);
  ASSERT_NE(context, nullptr);
  size_t on_aicore = 0;
  for (const auto& [from, from_onnx] : types) {
    int64_t n = 0;
    HostTensor x(Desc(static_cast<aclDataType>(from), {1}));
    x.data = CastProbes(from, &n);
    x.desc.shape.dims[0] = n;
    for (const auto& [to, to_onnx] : types) {
      SCOPED_TRACE(std::string(DTypeName(from)) + " -> " + std::string(DTypeName(to)));
      const bool want_aicore = CastPairOnAiCoreByTable(from, to);
      on_aicore += want_aicore ? 1 : 0;
      std::vector<uint8_t> want(n * DTypeSize(to));
      ASSERT_TRUE(ref::CastReference(from, to, x.data.data(), want.data(), n).ok());
      for (const bool like : {false, true}) {
        std::unique_ptr<Operation> op;
        const AttrMap attrs = like ? AttrMap{} : AttrMap{{"to", to_onnx}};
        ASSERT_TRUE(
            OperationRegistry::Global().Create(like ? "CastLike" : "Cast", attrs, &op).ok());
        HostTensor target(Desc(static_cast<aclDataType>(to), {1}));
        HostTensor y(Desc(static_cast<aclDataType>(to), {n}));
        const uint64_t before = context->launches();
        const VariantPack pack = like ? Pack({&x, &target}, {&y}) : Pack({&x}, {&y});
        const Status st = SetupAndExecute(*op, pack, context.get());
        ASSERT_TRUE(st.ok()) << (like ? "CastLike: " : "Cast: ") << st.ToString();
        EXPECT_EQ(y.data, want) << (like ? "CastLike" : "Cast");
        EXPECT_EQ(context->launches() - before, want_aicore ? 1u : 0u)
            << (like ? "CastLike" : "Cast") << " ran on the wrong engine";
      }
    }
  }
  EXPECT_EQ(on_aicore, 53u);
}

}  // namespace
}  // namespace opsim::testing
