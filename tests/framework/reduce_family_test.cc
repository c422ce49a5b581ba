// The rest of the ONNX reduce family (docs/SPEC.md section 6) as OpDefs: ReduceMean,
// ReduceSumSquare, ReduceL1, ReduceL2, ReduceLogSum, against the definition computed in double,
// over single- and multi-pass plans and a reduced extent split over cores.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "framework_test_util.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::testing {
namespace {

// Plain function pointers and pre-sized vectors below: at the sanitizer preset's -O0 every
// std::function call and push_back is a call, and the 600,000-element layouts made them about a
// third of this file's time there.
struct FamilyOp {
  const char* op;
  double (*map)(double);
  double (*finish)(double sum, int64_t count);
};

const FamilyOp kOps[] = {
    {"ReduceMean", [](double v) { return v; },
     [](double s, int64_t n) { return s / static_cast<double>(n); }},
    {"ReduceSumSquare", [](double v) { return v * v; }, [](double s, int64_t) { return s; }},
    {"ReduceL1", [](double v) { return std::fabs(v); }, [](double s, int64_t) { return s; }},
    {"ReduceL2", [](double v) { return v * v; }, [](double s, int64_t) { return std::sqrt(s); }},
    {"ReduceLogSum", [](double v) { return v; }, [](double s, int64_t) { return std::log(s); }},
};

// x viewed as [a, r, b] reduced over r, for a contiguous reduced range of axes.
std::vector<double> Expected(const FamilyOp& f, const std::vector<double>& x, int64_t a, int64_t r,
                             int64_t b) {
  std::vector<double> y(static_cast<size_t>(a * b));
  const double* xs = x.data();
  for (int64_t i = 0; i < a; ++i) {
    for (int64_t k = 0; k < b; ++k) {
      double sum = 0;
      for (int64_t j = 0; j < r; ++j) sum += f.map(xs[(i * r + j) * b + k]);
      y[static_cast<size_t>(i * b + k)] = f.finish(sum, r);
    }
  }
  return y;
}

template <typename T>
std::vector<double> DoublesOf(const std::vector<T>& values) {
  std::vector<double> out(values.size());
  const T* in = values.data();
  double* o = out.data();
  for (size_t i = 0; i < values.size(); ++i) o[i] = in[i];
  return out;
}

std::vector<double> ToDoubles(const HostTensor& t) {
  return t.desc.dtype == ACL_FLOAT ? DoublesOf(t.As<float>()) : DoublesOf(t.As<int32_t>());
}

// Positive inputs so that LogSum has a value; [a, r, b] with r over one or two axes.
struct Layout {
  std::initializer_list<int64_t> dims;
  std::vector<int64_t> axes;
  int64_t a, r, b;
};

TEST(ReduceFamily, EveryOpMatchesItsDefinition) {
  const Layout layouts[] = {
      {{6, 40}, {1}, 6, 40, 1},          // AR
      {{5, 7, 9}, {1}, 5, 7, 9},         // ARA
      {{4, 3, 5, 6}, {1, 2}, 4, 15, 6},  // ARA after merging the reduced axes
      {{3, 200000}, {1}, 3, 200000, 1},  // the reduced extent split over cores
      {{2, 3, 4}, {}, 1, 24, 1},         // all axes
  };
  auto context = MakeContext(false);
  for (const FamilyOp& f : kOps) {
    for (const Layout& l : layouts) {
      SCOPED_TRACE(std::string(f.op) + " over " + std::to_string(l.r));
      HostTensor x(Desc(ACL_FLOAT, l.dims));
      Fill(x, 11);
      std::vector<float> values = x.As<float>();
      for (float& v : values) v = std::fabs(v) + 0.25f;
      std::memcpy(x.data.data(), values.data(), x.data.size());
      AttrMap attrs{{"keepdims", int64_t{0}}};
      if (!l.axes.empty()) attrs["axes"] = l.axes;
      std::unique_ptr<Operation> op;
      ASSERT_TRUE(OperationRegistry::Global().Create(f.op, attrs, &op).ok());
      SVector<TensorDesc> in, out;
      in.push_back(x.desc);
      ASSERT_TRUE(op->InferShape(in, out).ok());
      HostTensor y(out[0]);
      const Status run = SetupAndExecute(*op, Pack({&x}, {&y}), context.get());
      ASSERT_TRUE(run.ok()) << run.ToString();
      const std::vector<double> want = Expected(f, ToDoubles(x), l.a, l.r, l.b);
      const std::vector<double> got = ToDoubles(y);
      ASSERT_EQ(got.size(), want.size());
      for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_NEAR(got[i], want[i], 1e-5 * (1 + std::fabs(want[i]))) << "element " << i;
      }
    }
  }
}

// Stable: the running max shifts every exp, so inputs near 1000 (exp overflows float32 at 89) sum
// exactly; a row of -inf gives -inf, not NaN; axes that do not merge into one group run as one
// pass per group, each folding the LogSumExp values the one before wrote.
TEST(ReduceFamily, LogSumExpIsStable) {
  auto context = MakeContext(false);
  for (const Layout& l : {Layout{{6, 40}, {1}, 6, 40, 1}, Layout{{5, 7, 9}, {1}, 5, 7, 9},
                          Layout{{3, 200000}, {1}, 3, 200000, 1}}) {
    SCOPED_TRACE(l.r);
    HostTensor x(Desc(ACL_FLOAT, l.dims));
    Fill(x, 5);
    std::vector<float> values = x.As<float>();
    for (float& v : values) v = v * 8 + 1000;
    std::memcpy(x.data.data(), values.data(), x.data.size());
    std::unique_ptr<Operation> op;
    ASSERT_TRUE(OperationRegistry::Global()
                    .Create("ReduceLogSumExp", {{"axes", l.axes}, {"keepdims", int64_t{0}}}, &op)
                    .ok());
    SVector<TensorDesc> in, out;
    in.push_back(x.desc);
    ASSERT_TRUE(op->InferShape(in, out).ok());
    HostTensor y(out[0]);
    const Status run = SetupAndExecute(*op, Pack({&x}, {&y}), context.get());
    ASSERT_TRUE(run.ok()) << run.ToString();
    const std::vector<double> xs = ToDoubles(x);
    const std::vector<double> got = ToDoubles(y);
    for (int64_t i = 0; i < l.a; ++i) {
      for (int64_t k = 0; k < l.b; ++k) {
        double m = -INFINITY;
        for (int64_t j = 0; j < l.r; ++j)
          m = std::max(m, xs[static_cast<size_t>((i * l.r + j) * l.b + k)]);
        double sum = 0;
        for (int64_t j = 0; j < l.r; ++j)
          sum += std::exp(xs[static_cast<size_t>((i * l.r + j) * l.b + k)] - m);
        EXPECT_NEAR(got[static_cast<size_t>(i * l.b + k)], m + std::log(sum), 1e-3);
      }
    }
  }
  HostTensor x(Desc(ACL_FLOAT, {2, 3}));
  const std::vector<float> inf = {-INFINITY, -INFINITY, -INFINITY, 1, 2, 3};
  std::memcpy(x.data.data(), inf.data(), x.data.size());
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("ReduceLogSumExp", {{"axes", std::vector<int64_t>{1}}}, &op)
                  .ok());
  HostTensor y(Desc(ACL_FLOAT, {2, 1}));
  ASSERT_TRUE(SetupAndExecute(*op, Pack({&x}, {&y}), context.get()).ok());
  EXPECT_EQ(y.As<float>()[0], -INFINITY);
  EXPECT_NEAR(y.As<float>()[1], std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0)), 1e-5);
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("ReduceLogSumExp", {{"axes", std::vector<int64_t>{0, 2}}}, &op)
                  .ok());
  HostTensor z(Desc(ACL_FLOAT, {2, 3, 4}));
  Fill(z, 9);
  std::vector<float> zv = z.As<float>();
  for (size_t i = 0; i < zv.size(); ++i) zv[i] = zv[i] * 4 + (i % 2 == 0 ? 1000.0f : -1000.0f);
  std::memcpy(z.data.data(), zv.data(), z.data.size());
  HostTensor w(Desc(ACL_FLOAT, {1, 3, 1}));
  const Status st = SetupAndExecute(*op, Pack({&z}, {&w}), context.get());
  ASSERT_TRUE(st.ok()) << st.ToString();
  for (size_t j = 0; j < 3; ++j) {
    double m = -INFINITY;
    for (size_t i : {0, 1})
      for (size_t k = 0; k < 4; ++k) m = std::max(m, double{zv[(i * 3 + j) * 4 + k]});
    double sum = 0;
    for (size_t i : {0, 1})
      for (size_t k = 0; k < 4; ++k) sum += std::exp(double{zv[(i * 3 + j) * 4 + k]} - m);
    EXPECT_NEAR(w.As<float>()[j], m + std::log(sum), 1e-3) << j;
  }
}

// The non-finite rules of the online max (docs/SPEC.md section 6; reduce_lse.h clamps the shift
// instead of zeroing it): each row of 9 holds one special value among finite ones, reduced along
// rows (AR) and down columns (ARA, the transposed input); a row of -inf gives -inf, +inf gives
// +inf, NaN gives NaN, -inf among finite values drops out, and +inf with -inf is +inf.
TEST(ReduceFamily, LogSumExpNonFiniteRules) {
  auto context = MakeContext(false);
  constexpr int64_t kRows = 6;
  constexpr int64_t kCols = 9;
  std::vector<float> v(static_cast<size_t>(kRows * kCols));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i % 7) * 0.5f - 1.0f;
  auto row = [&](int64_t r) { return v.begin() + r * kCols; };
  std::fill(row(0), row(1), -INFINITY);  // all -inf
  v[1 * kCols + 4] = INFINITY;
  v[2 * kCols + 8] = NAN;
  v[3 * kCols + 0] = -INFINITY;
  v[4 * kCols + 2] = INFINITY;
  v[4 * kCols + 6] = -INFINITY;
  v[5 * kCols + 3] = NAN;
  v[5 * kCols + 5] = INFINITY;
  std::vector<double> want(kRows);
  for (int64_t r = 0; r < kRows; ++r) {
    double m = -INFINITY;
    for (int64_t c = 0; c < kCols; ++c)
      m = std::max(m, double{v[static_cast<size_t>(r * kCols + c)]});
    double sum = 0;
    for (int64_t c = 0; c < kCols; ++c) sum += std::exp(v[static_cast<size_t>(r * kCols + c)] - m);
    want[static_cast<size_t>(r)] = std::isfinite(m) ? m + std::log(sum) : m;
  }
  want[2] = want[5] = NAN;
  for (const bool transposed : {false, true}) {
    SCOPED_TRACE(transposed ? "ARA" : "AR");
    HostTensor x(transposed ? Desc(ACL_FLOAT, {kCols, kRows}) : Desc(ACL_FLOAT, {kRows, kCols}));
    std::vector<float> xs(v.size());
    for (int64_t r = 0; r < kRows; ++r)
      for (int64_t c = 0; c < kCols; ++c)
        xs[static_cast<size_t>(transposed ? c * kRows + r : r * kCols + c)] =
            v[static_cast<size_t>(r * kCols + c)];
    std::memcpy(x.data.data(), xs.data(), x.data.size());
    std::unique_ptr<Operation> op;
    const int64_t axis = transposed ? 0 : 1;
    ASSERT_TRUE(OperationRegistry::Global()
                    .Create("ReduceLogSumExp",
                            {{"axes", std::vector<int64_t>{axis}}, {"keepdims", int64_t{0}}}, &op)
                    .ok());
    HostTensor y(Desc(ACL_FLOAT, {kRows}));
    const Status st = SetupAndExecute(*op, Pack({&x}, {&y}), context.get());
    ASSERT_TRUE(st.ok()) << st.ToString();
    for (int64_t r = 0; r < kRows; ++r) {
      const double got = y.As<float>()[static_cast<size_t>(r)];
      const double w = want[static_cast<size_t>(r)];
      if (std::isnan(w)) {
        EXPECT_TRUE(std::isnan(got)) << r << ": " << got;
      } else if (std::isinf(w)) {
        EXPECT_EQ(got, w) << r;
      } else {
        EXPECT_NEAR(got, w, 1e-5) << r;
      }
    }
  }
}

TEST(ReduceFamily, IntegerMeanTruncatesAndFloatsOnlyOpsRefuseIntegers) {
  auto context = MakeContext(false);
  HostTensor x(Desc(ACL_INT32, {2, 3}));
  const std::vector<int32_t> values = {1, 2, 4, -1, -2, -4};
  std::memcpy(x.data.data(), values.data(), x.data.size());
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(
      OperationRegistry::Global()
          .Create("ReduceMean", {{"axes", std::vector<int64_t>{1}}, {"keepdims", int64_t{0}}}, &op)
          .ok());
  HostTensor y(Desc(ACL_INT32, {2}));
  ASSERT_TRUE(SetupAndExecute(*op, Pack({&x}, {&y}), context.get()).ok());
  EXPECT_EQ(y.As<int32_t>(), (std::vector<int32_t>{2, -2}));  // 7 / 3 and -7 / 3
  for (const char* name : {"ReduceL2", "ReduceLogSum", "ReduceLogSumExp"}) {
    ASSERT_TRUE(OperationRegistry::Global().Create(name, {}, &op).ok());
    SVector<TensorDesc> in, out;
    in.push_back(x.desc);
    const Status st = op->InferShape(in, out);
    EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype) << name;
  }
}

TEST(ReduceFamily, OpenVinoReadingsAndLogicalAndOr) {
  auto context = MakeContext(false);
  HostTensor x(Desc(ACL_FLOAT, {2, 2}));
  const std::vector<float> values = {3, -4, 1, 1};
  std::memcpy(x.data.data(), values.data(), x.data.size());
  struct Row {
    const char* op;
    std::vector<float> want;
  };
  for (const Row& r : {Row{"OpenVINO.ReduceL2", {5, std::sqrt(2.0f)}},
                       Row{"OpenVINO.ReduceL1", {7, 2}}, Row{"OpenVINO.ReduceMean", {-0.5f, 1}}}) {
    SCOPED_TRACE(r.op);
    std::unique_ptr<Operation> op;
    ASSERT_TRUE(OperationRegistry::Global()
                    .Create(r.op, {{"reduction_axes", std::vector<int64_t>{1}}}, &op)
                    .ok());
    HostTensor y(Desc(ACL_FLOAT, {2}));
    ASSERT_TRUE(SetupAndExecute(*op, Pack({&x}, {&y}), context.get()).ok());
    EXPECT_EQ(y.As<float>(), r.want);
  }
  HostTensor b(Desc(ACL_BOOL, {2, 3}));
  b.data = {1, 0, 1, 1, 1, 1};
  for (const auto& [name, want] :
       {std::pair{"OpenVINO.ReduceLogicalAnd", std::vector<uint8_t>{0, 1}},
        std::pair{"OpenVINO.ReduceLogicalOr", std::vector<uint8_t>{1, 1}}}) {
    SCOPED_TRACE(name);
    std::unique_ptr<Operation> op;
    ASSERT_TRUE(OperationRegistry::Global()
                    .Create(name, {{"reduction_axes", std::vector<int64_t>{1}}}, &op)
                    .ok());
    HostTensor y(Desc(ACL_BOOL, {2}));
    ASSERT_TRUE(SetupAndExecute(*op, Pack({&b}, {&y}), context.get()).ok());
    EXPECT_EQ(y.data, want);
  }
}

}  // namespace
}  // namespace opsim::testing
