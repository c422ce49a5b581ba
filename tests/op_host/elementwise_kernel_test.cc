// The elementwise kernels (through the host tiling) against the plain C++ reference, in checked
// mode: every op over its dtypes, shapes from rank 0 and zero-size to multi-core, broadcasting,
// edge values (NaN, inf, -0, integer limits, overflow), and the profile without DataCopyPad.
#include <gtest/gtest.h>

#include "elementwise/cast_routes.h"
#include "elementwise/elementwise_reference.h"
#include "elementwise_test_util.h"
#include "opsim/sim/launch.h"

extern "C" void opsim_elementwise_binary(uint8_t* a, uint8_t* b, uint8_t* y, uint8_t* tiling);

namespace opsim::elementwise {
namespace {

using ::op_kernel::ElementwiseOp;
using testing::CompareElements;
using testing::Elements;
using testing::FloatDTypes;
using testing::IntDTypes;
using testing::MakeData;
using testing::RunElementwise;

struct UnaryCase {
  const char* name;
  ElementwiseOp op;
  bool ints;  // defined for integers too
  bool signed_only;
  int64_t ulps;  // Exp/Log: the vector unit is within 1 ulp
};
const UnaryCase kUnary[] = {
    {"Abs", ElementwiseOp::kAbs, true, false, 0},
    {"Neg", ElementwiseOp::kNeg, true, true, 0},
    {"Exp", ElementwiseOp::kExp, false, false, 1},
    {"Log", ElementwiseOp::kLog, false, false, 1},
    {"Sqrt", ElementwiseOp::kSqrt, false, false, 0},
    {"Reciprocal", ElementwiseOp::kReciprocal, false, false, 0},
};

const std::vector<std::vector<int64_t>> kShapes = {{},        {0},       {1},    {37},
                                                   {3, 0, 2}, {3, 1000}, {70001}};
const std::vector<std::string> kDevices = {"ascend910b", "ascend910a"};

// The types the AI Core kernels take: those the 910B's vector unit computes (the OpDefs send the
// rest to the AI CPU kernels, tests/framework/elementwise_opdefs_test.cc). int32 only for the ops
// whose instructions take it (Add, Sub, Mul; Muls for Neg).
const std::vector<DType> kVectorFloatTypes = {DType::kFloat32, DType::kFloat16, DType::kBFloat16};

std::vector<DType> UnaryDTypes(const UnaryCase& c) {
  std::vector<DType> v = kVectorFloatTypes;
  if (c.ints && c.signed_only) v.push_back(DType::kInt32);
  return v;
}

TEST(ElementwiseKernels, UnaryOpsMatchTheReference) {
  for (const UnaryCase& c : kUnary) {
    for (DType t : UnaryDTypes(c)) {
      for (const auto& shape : kShapes) {
        for (const std::string& device : kDevices) {
          SCOPED_TRACE(std::string(c.name) + " " + std::string(DTypeName(t)) + " rank " +
                       std::to_string(shape.size()) + " n " + std::to_string(Elements(shape)) +
                       " " + device);
          ElementwiseRequest r{c.name, c.op, t, t, shape, {}};
          std::vector<uint8_t> x = MakeData(t, Elements(shape), 7), y;
          ASSERT_TRUE(RunElementwise(r, device, &x, nullptr, &y).ok());
          std::vector<uint8_t> want(y.size());
          ASSERT_TRUE(
              ref::ElementwiseUnaryReference(c.name, t, x.data(), want.data(), Elements(shape))
                  .ok());
          ASSERT_EQ(CompareElements(t, want, y, c.ulps), "");
        }
      }
    }
  }
}

struct ShapePair {
  std::vector<int64_t> a, b;
};
const std::vector<ShapePair> kBroadcasts = {
    {{}, {}},
    {{0}, {1}},
    {{5}, {}},
    {{}, {5}},
    {{2, 3, 4}, {4}},
    {{2, 1, 4}, {3, 1}},
    {{1000, 3}, {1, 3}},
    {{3, 1, 70}, {1, 5, 1}},
    {{12293}, {12293}},
    {{2, 3000}, {2, 1}},
    {{4, 0, 3}, {3}},
    {{1, 1}, {7, 1, 1}},
    {{2, 1, 3, 1, 2}, {2, 2, 1, 5, 1}},
};

TEST(ElementwiseKernels, BinaryOpsBroadcastAndMatchTheReference) {
  for (const char* name : {"Add", "Sub", "Mul", "Div"}) {
    std::vector<DType> dtypes = kVectorFloatTypes;
    if (std::string(name) != "Div") dtypes.push_back(DType::kInt32);
    const ElementwiseOp op = std::string(name) == "Add"   ? ElementwiseOp::kAdd
                             : std::string(name) == "Sub" ? ElementwiseOp::kSub
                             : std::string(name) == "Mul" ? ElementwiseOp::kMul
                                                          : ElementwiseOp::kDiv;
    for (DType t : dtypes) {
      for (const ShapePair& s : kBroadcasts) {
        for (const std::string& device : kDevices) {
          SCOPED_TRACE(std::string(name) + " " + std::string(DTypeName(t)) + " a rank " +
                       std::to_string(s.a.size()) + " n " + std::to_string(Elements(s.a)) +
                       " b rank " + std::to_string(s.b.size()) + " " + device);
          ElementwiseRequest r{name, op, t, t, s.a, s.b};
          std::vector<uint8_t> a = MakeData(t, Elements(s.a), 11);
          std::vector<uint8_t> b = MakeData(t, Elements(s.b), 13);
          std::vector<uint8_t> y;
          const Status st = RunElementwise(r, device, &a, &b, &y);
          ASSERT_TRUE(st.ok()) << st.ToString();
          std::vector<int64_t> dims;
          std::vector<uint8_t> want;
          ASSERT_TRUE(
              ref::ElementwiseBinaryReference(name, t, s.a, a.data(), s.b, b.data(), &dims, &want)
                  .ok());
          ASSERT_EQ(CompareElements(t, want, y, 0), "");
        }
      }
    }
  }
}

// A tiling whose rank is past the arrays it indexes (the kernel_launch fuzz target flipped one
// byte of a real tiling; the kernel read dims[8]) stops the kernel with an assertion.
TEST(ElementwiseKernels, BinaryKernelRefusesATilingRankPastItsArrays) {
  ::op_kernel::ElementwiseTiling t;
  t.op = static_cast<uint32_t>(ElementwiseOp::kAdd);
  t.src_dtype = t.dst_dtype = static_cast<uint32_t>(DType::kFloat32);
  t.rank = ::op_kernel::kElementwiseMaxRank + 1;
  t.total = t.per_core = 8;
  t.tile = 64;
  std::vector<float> a(8), b(8), y(8);
  sim::LaunchOptions options;
  options.regions = {
      {a.data(), 32, "a"}, {b.data(), 32, "b"}, {y.data(), 32, "y"}, {&t, sizeof t, "tiling"}};
  sim::DeviceProfile device;
  ASSERT_TRUE(sim::LoadNamedDeviceProfile("ascend910b", &device).ok());
  const sim::LaunchResult r = sim::Launch(device, 1, options, [&] {
    opsim_elementwise_binary(reinterpret_cast<uint8_t*>(a.data()),
                             reinterpret_cast<uint8_t*>(b.data()),
                             reinterpret_cast<uint8_t*>(y.data()), reinterpret_cast<uint8_t*>(&t));
  });
  EXPECT_EQ(r.status.code(), ErrorCode::kKernelFault);
  EXPECT_NE(r.status.message().find("the tiling's rank 9 is outside 1..8"), std::string::npos)
      << r.status.message();
  // A dim of 0 with work to do (the fuzz target's next finding: a division by it).
  t.rank = 2;
  t.dims[0] = 8;
  t.dims[1] = 0;
  const sim::LaunchResult zero = sim::Launch(device, 1, options, [&] {
    opsim_elementwise_binary(reinterpret_cast<uint8_t*>(a.data()),
                             reinterpret_cast<uint8_t*>(b.data()),
                             reinterpret_cast<uint8_t*>(y.data()), reinterpret_cast<uint8_t*>(&t));
  });
  EXPECT_EQ(zero.status.code(), ErrorCode::kKernelFault);
  EXPECT_NE(zero.status.message().find("dims do not multiply to its total of 8"), std::string::npos)
      << zero.status.message();
}

TEST(ElementwiseKernels, FloatDivisionByZeroGivesInfAndNaN) {
  ElementwiseRequest r{"Div", ElementwiseOp::kDiv, DType::kFloat32, DType::kFloat32, {3}, {}};
  std::vector<float> a = {1.0f, -1.0f, 0.0f};
  std::vector<float> b = {0.0f};
  std::vector<uint8_t> ab(12), bb(4), y;
  std::memcpy(ab.data(), a.data(), 12);
  std::memcpy(bb.data(), b.data(), 4);
  ASSERT_TRUE(RunElementwise(r, "ascend910b", &ab, &bb, &y).ok());
  float out[3];
  std::memcpy(out, y.data(), 12);
  EXPECT_EQ(out[0], std::numeric_limits<float>::infinity());
  EXPECT_EQ(out[1], -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(out[2]));
}

// The pairs the AI Core's Cast kernel computes (op_kernel/elementwise/cast_routes.h: the 910B's
// Cast row and its exact chains); the tiling refuses the others, which the OpDefs send to the AI
// CPU (every pair's engine: tests/framework/elementwise_opdefs_test.cc).
TEST(ElementwiseKernels, CastBetweenEveryAiCorePairMatchesTheReference) {
  std::vector<DType> dtypes = FloatDTypes();
  for (DType t : IntDTypes()) dtypes.push_back(t);
  dtypes.push_back(DType::kBool);
  for (DType from : dtypes) {
    for (DType to : dtypes) {
      const bool on_aicore = ::op_kernel::elementwise::CastOnAiCore(
          static_cast<::op_kernel::DataType>(from), static_cast<::op_kernel::DataType>(to));
      for (const std::vector<int64_t>& shape :
           std::vector<std::vector<int64_t>>{{}, {0}, {33}, {5000}}) {
        SCOPED_TRACE(std::string(DTypeName(from)) + " -> " + std::string(DTypeName(to)) + " n " +
                     std::to_string(Elements(shape)));
        ElementwiseRequest r{"Cast", ElementwiseOp::kCast, from, to, shape, {}};
        std::vector<uint8_t> x = MakeData(from, Elements(shape), 5), y;
        if (from == DType::kBool) {
          for (uint8_t& v : x) v &= 1;
        }
        const Status st = RunElementwise(r, "ascend910b", &x, nullptr, &y);
        if (!on_aicore) {
          EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype);
          EXPECT_NE(st.message().find("is not a pair the AI Core's Cast kernel computes"),
                    std::string::npos)
              << st.message();
          break;
        }
        ASSERT_TRUE(st.ok()) << st.ToString();
        std::vector<uint8_t> want(y.size());
        ASSERT_TRUE(ref::CastReference(from, to, x.data(), want.data(), Elements(shape)).ok());
        ASSERT_EQ(CompareElements(to, want, y, 0), "");
      }
    }
  }
}

TEST(ElementwiseKernels, CastFloatToIntFollowsOnnxRuntimeOnX86) {
  // NaN, inf and out-of-range values: the x86-64 "integer indefinite", wrapped to the width.
  ElementwiseRequest r{"Cast", ElementwiseOp::kCast, DType::kFloat32, DType::kInt32, {5}, {}};
  const float in[5] = {std::nanf(""), INFINITY, -3e9f, 2.9f, -2.9f};
  std::vector<uint8_t> x(sizeof(in)), y;
  std::memcpy(x.data(), in, sizeof(in));
  ASSERT_TRUE(RunElementwise(r, "ascend910b", &x, nullptr, &y).ok());
  int32_t out[5];
  std::memcpy(out, y.data(), sizeof(out));
  EXPECT_EQ(out[0], INT32_MIN);
  EXPECT_EQ(out[1], INT32_MIN);
  EXPECT_EQ(out[2], INT32_MIN);
  EXPECT_EQ(out[3], 2);
  EXPECT_EQ(out[4], -2);
  // float16 -> uint8 (float32 -> uint8 runs on the AI CPU): 300 -> int32 300 -> wraps to 44;
  // -1 -> 255.
  r.src = DType::kFloat16;
  r.dst = DType::kUInt8;
  const uint16_t small[2] = {0x5cb0, 0xbc00};  // 300.0, -1.0 in float16
  x.assign(sizeof(small), 0);
  std::memcpy(x.data(), small, sizeof(small));
  r.a = {2};
  ASSERT_TRUE(RunElementwise(r, "ascend910b", &x, nullptr, &y).ok());
  EXPECT_EQ(y[0], 44);
  EXPECT_EQ(y[1], 255);
}

TEST(ElementwiseTiling, SplitsOverCoresInWholeBlocksAndRefusesBadBroadcasts) {
  ElementwiseRequest r{"Add",           ElementwiseOp::kAdd, DType::kFloat32,
                       DType::kFloat32, {1 << 20},           {1}};
  ElementwiseDevice d{48, 192 * 1024, true};
  ::op_kernel::ElementwiseTiling t;
  uint32_t blocks = 0;
  ASSERT_TRUE(MakeElementwiseTiling(r, d, &t, &blocks).ok());
  EXPECT_EQ(blocks, 48u);
  EXPECT_EQ(t.per_core % 32, 0u);
  EXPECT_EQ(t.rank, 1u);
  EXPECT_EQ(t.b_strides[0], 0u);
  r.a = {2, 3};
  r.b = {4};
  const Status st = MakeElementwiseTiling(r, d, &t, &blocks);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDim);
  EXPECT_NE(st.message().find("Add: shapes [2,3] and [4] do not broadcast"), std::string::npos)
      << st.message();
  r.a = {};
  r.b = {};
  ASSERT_TRUE(MakeElementwiseTiling(r, d, &t, &blocks).ok());
  EXPECT_EQ(blocks, 1u);
  EXPECT_EQ(t.total, 1u);
}

}  // namespace
}  // namespace opsim::elementwise
