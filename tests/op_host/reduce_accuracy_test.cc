// Accuracy and determinism of the Reduce kernels (docs/SPEC.md section 3).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "op_host/reduce_case_runner.h"
#include "opsim/sim/vector_unit.h"

namespace opsim {
namespace {

ReduceRequest SumAll(DType dtype, int64_t n) {
  ReduceRequest req;
  const std::vector<int64_t> axes = {0};
  EXPECT_TRUE(
      LowerOnnx(ReduceKind::kSum, dtype, {n}, std::span<const int64_t>(axes), false, false, &req)
          .ok());
  return req;
}

std::vector<uint8_t> Execute(const ReduceRequest& req, const std::vector<uint8_t>& input,
                             const std::string& device, int threads) {
  ReduceOperation op(req);
  uint64_t ws_bytes = 0;
  EXPECT_TRUE(op.Setup(testing::Device(device), &ws_bytes).ok());
  std::vector<uint8_t> ws(ws_bytes);
  std::vector<uint8_t> y(static_cast<size_t>(*req.output.NumElements()) * DTypeSize(req.dtype));
  ReduceExecOptions opts;
  opts.host_threads = threads;
  const Status st =
      op.Execute(input.data(), input.size(), y.data(), y.size(), ws.data(), ws.size(), opts);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return y;
}

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

float AsFloat(const std::vector<uint8_t>& b) {
  float f;
  std::memcpy(&f, b.data(), 4);
  return f;
}

TEST(ReduceAccuracy, TwoToThe27Float32OnesSumExactly) {
  const int64_t n = int64_t{1} << 27;
  const std::vector<float> ones(static_cast<size_t>(n), 1.0f);
  for (const char* device : {"ascend910b", "ascend310p"}) {
    EXPECT_EQ(AsFloat(Execute(SumAll(DType::kFloat32, n), Bytes(ones), device, 2)), 134217728.0f)
        << device;
  }
}

TEST(ReduceAccuracy, TenMillionUniformValuesWithin1e6OfFloat64) {
  const int64_t n = 10000000;
  std::mt19937_64 rng(2026);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  std::vector<float> x(static_cast<size_t>(n));
  double exact = 0;
  for (float& v : x) {
    v = u(rng);
    exact += v;
  }
  for (const std::string& device : testing::DeviceNames()) {
    const double got = AsFloat(Execute(SumAll(DType::kFloat32, n), Bytes(x), device, 2));
    EXPECT_LE(std::abs(got - exact) / exact, 1e-6)
        << device << " got " << got << " exact " << exact;
  }
}

TEST(ReduceAccuracy, SixteenBitSumsOfAMillionStayWithinTheFloat32Bound) {
  const int64_t n = 1000000;
  for (DType dtype : {DType::kFloat16, DType::kBFloat16}) {
    // Values in [0, 1): a float16/bfloat16 accumulator would stall far below the true sum.
    std::vector<uint8_t> input = testing::MakeInput(ReduceKind::kMax, dtype, n, 99);
    for (size_t i = 0; i < input.size(); i += 2) input[i + 1] &= 0x7F;  // clear the sign
    const ReduceRequest req = SumAll(dtype, n);
    for (const std::string& device : testing::DeviceNames()) {
      const auto r = testing::RunReduceCase(req, device, input, 2, false);
      ASSERT_TRUE(r.status.ok()) << r.status.ToString();
      EXPECT_EQ(r.mismatch, "") << DTypeName(dtype) << " " << device;
    }
  }
}

TEST(ReduceAccuracy, BitwiseIdenticalForOneAndTwoHostThreads) {
  struct Case {
    ReduceKind kind;
    DType dtype;
    Shape shape;
    std::vector<int64_t> axes;
  };
  const std::vector<Case> cases = {
      {ReduceKind::kSum, DType::kFloat32, {3000000}, {0}},
      {ReduceKind::kSum, DType::kFloat32, {4, 500000}, {1}},
      {ReduceKind::kSum, DType::kFloat16, {3000, 700}, {0}},
      {ReduceKind::kProd, DType::kFloat32, {64, 3, 4096}, {0, 2}},
      {ReduceKind::kMax, DType::kBFloat16, {100, 200, 30}, {1}},
  };
  for (const Case& c : cases) {
    ReduceRequest req;
    ASSERT_TRUE(
        LowerOnnx(c.kind, c.dtype, c.shape, std::span<const int64_t>(c.axes), false, false, &req)
            .ok());
    const auto input = testing::MakeInput(c.kind, c.dtype, *c.shape.NumElements(), 5);
    for (const std::string& device : testing::DeviceNames()) {
      const std::vector<uint8_t> one = Execute(req, input, device, 1);
      const std::vector<uint8_t> two = Execute(req, input, device, 2);
      const std::vector<uint8_t> many = Execute(req, input, device, 7);
      EXPECT_EQ(one, two) << c.shape.ToString() << " " << device;
      EXPECT_EQ(one, many) << c.shape.ToString() << " " << device;
    }
  }
}

// The kernels' instruction paths (issue 29: WholeReduce* a row per repeat, the level-2 forms a
// row per call, the halving folds of the ARA tiles, PROD's Mul folds and scalar tail, the
// float32 Cast of 16-bit tiles) give the same bytes on every Highway target the host runs.
TEST(ReduceAccuracy, BitwiseIdenticalOnEveryHighwayTarget) {
  struct Case {
    ReduceKind kind;
    DType dtype;
    Shape shape;
    std::vector<int64_t> axes;
  };
  const std::vector<Case> cases = {
      {ReduceKind::kSum, DType::kFloat32, {600, 7}, {1}},
      {ReduceKind::kSum, DType::kFloat32, {40, 3000}, {1}},
      {ReduceKind::kSum, DType::kFloat32, {300, 37}, {0}},
      {ReduceKind::kMax, DType::kFloat32, {600, 48}, {1}},
      {ReduceKind::kMin, DType::kFloat32, {5, 90, 33}, {1}},
      {ReduceKind::kProd, DType::kFloat32, {50, 100}, {1}},
      {ReduceKind::kSum, DType::kFloat16, {70, 300}, {1}},
      {ReduceKind::kSum, DType::kBFloat16, {300, 70}, {0}},
  };
  const std::vector<std::string> targets = sim::vec::SupportedTargets();
  for (const Case& c : cases) {
    ReduceRequest req;
    ASSERT_TRUE(
        LowerOnnx(c.kind, c.dtype, c.shape, std::span<const int64_t>(c.axes), false, false, &req)
            .ok());
    const auto input = testing::MakeInput(c.kind, c.dtype, *c.shape.NumElements(), 11);
    std::vector<uint8_t> first;
    for (const std::string& target : targets) {
      sim::vec::ForceTargetForTest(target);
      const std::vector<uint8_t> y = Execute(req, input, "ascend910b", 2);
      if (first.empty()) first = y;
      EXPECT_EQ(y, first) << c.shape.ToString() << " on " << target << " against "
                          << targets.front();
    }
    sim::vec::ForceTargetForTest("");
  }
}

}  // namespace
}  // namespace opsim
