// The high-level pattern reductions (lib/reduce/reduce.h) and ReduceXorSum: every API, type and
// pattern the 910B takes against a double model, rows whose last axis is not whole 32-byte
// blocks (the padding holds values that must not count), both forms; the shape, overlap and
// temporary-buffer rules (faults naming the API, the bytes given and the minimum).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_reduce_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using opsim::reduce::Api;
using testing::RunOne;

double ToDouble(float v) { return v; }
double ToDouble(half v) { return static_cast<float>(v); }
double ToDouble(uint8_t v) { return v; }
template <typename T>
T FromDouble(double v) {
  if constexpr (std::is_same_v<T, uint8_t>) {
    return static_cast<uint8_t>(v);
  } else {
    return FromD<T>(v);
  }
}

struct Case {
  uint32_t first, last;
  bool ar;
  bool with_tmp = true;
  int32_t tmp_delta = 0;  // bytes added to the minimum the API needs
  bool inner_pad = true;
  bool overlap = false;
  bool tmp_on_src = false;  // sharedTmpBuffer taken from the source's buffer
};

template <typename T>
double Input(Api api, uint32_t i, uint32_t j) {
  if (api == Api::kAny || api == Api::kAll) return ((i * 7 + j * 3) % 5 == 0) ? 0 : 1;
  if (api == Api::kProd) return 0.9 + 0.02 * ((i * 5 + j) % 11);
  return std::sin(0.7 * j + 1.3 * i) * 4 + 0.25 * i;
}

template <typename T, Api api>
void Call(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
          const uint32_t shape[], const Case& c) {
  using P = Pattern::Reduce::AR;
  using Q = Pattern::Reduce::RA;
#define OPSIM_CALL(Name)                                                  \
  if (c.ar && c.with_tmp) Name<T, P>(dst, src, tmp, shape, c.inner_pad);  \
  if (c.ar && !c.with_tmp) Name<T, P>(dst, src, shape, c.inner_pad);      \
  if (!c.ar && c.with_tmp) Name<T, Q>(dst, src, tmp, shape, c.inner_pad); \
  if (!c.ar && !c.with_tmp) Name<T, Q>(dst, src, shape, c.inner_pad);
  if constexpr (api == Api::kSum) {
    OPSIM_CALL(ReduceSum)
  } else if constexpr (api == Api::kMean) {
    OPSIM_CALL(ReduceMean)
  } else if constexpr (api == Api::kMax) {
    OPSIM_CALL(ReduceMax)
  } else if constexpr (api == Api::kMin) {
    OPSIM_CALL(ReduceMin)
  } else if constexpr (api == Api::kProd) {
    OPSIM_CALL(ReduceProd)
  } else if constexpr (api == Api::kAny) {
    OPSIM_CALL(ReduceAny)
  } else {
    OPSIM_CALL(ReduceAll)
  }
#undef OPSIM_CALL
}

template <typename T, Api api>
std::vector<double> RunCase(const Case& c, LaunchResult* result = nullptr) {
  const uint32_t stride = (c.last * sizeof(T) + 31) / 32 * 32 / sizeof(T);
  const uint32_t outputs = c.ar ? c.first : c.last;
  const uint32_t need = opsim::reduce::TmpBytes(api, sizeof(T), c.ar, c.first, c.last, false);
  const uint32_t tmp_bytes = static_cast<uint32_t>(static_cast<int32_t>(need) + c.tmp_delta);
  std::vector<double> out;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bt;
    pipe.InitBuffer(bs, c.first * stride * sizeof(T) + 64);
    pipe.InitBuffer(bd, 1024);
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<T> src = bs.Get<T>(), dst = bd.Get<T>();
    LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();
    for (uint32_t i = 0; i < c.first; ++i) {
      for (uint32_t j = 0; j < stride; ++j) {
        // The padding of each row holds a value that would change any of the results.
        const double v = j < c.last ? Input<T>(api, i, j) : 100;
        src.SetValue(i * stride + j, FromDouble<T>(v));
      }
    }
    if (c.overlap) dst = src;
    if (c.tmp_on_src) tmp = bs.Get<uint8_t>();
    Call<T, api>(dst, src, tmp, std::vector<uint32_t>{c.first, c.last}.data(), c);
    for (uint32_t o = 0; o < outputs; ++o) out.push_back(ToDouble(dst.GetValue(o)));
  });
  if (result != nullptr) *result = r;
  return out;
}

std::vector<double> Model(Api api, const Case& c, double (*in)(Api, uint32_t, uint32_t)) {
  std::vector<double> w;
  const uint32_t outputs = c.ar ? c.first : c.last, n = c.ar ? c.last : c.first;
  for (uint32_t o = 0; o < outputs; ++o) {
    std::vector<double> v;
    for (uint32_t i = 0; i < n; ++i) v.push_back(c.ar ? in(api, o, i) : in(api, i, o));
    double r = 0;
    switch (api) {
      case Api::kSum:
        for (double x : v) r += x;
        break;
      case Api::kMean:
        for (double x : v) r += x / n;
        break;
      case Api::kProd:
        r = 1;
        for (double x : v) r *= x;
        break;
      case Api::kMax:
      case Api::kAny: r = *std::max_element(v.begin(), v.end()); break;
      case Api::kMin:
      case Api::kAll: r = *std::min_element(v.begin(), v.end()); break;
    }
    w.push_back(r);
  }
  return w;
}

template <typename T, Api api>
void Expect(const std::string& what) {
  // Inputs as T: the model reads what the kernel holds.
  auto in = [](Api a, uint32_t i, uint32_t j) {
    return ToDouble(FromDouble<T>(Input<T>(a, i, j)));
  };
  const double tol = std::is_same_v<T, half> ? 1e-3 : 1e-6;
  // 5 x 13 (a partial block per row) and 3 x 70 (past a repeat of float, a fold of 64).
  for (const Case& shape : {Case{5, 13, true}, Case{3, 70, true}}) {
    for (bool ar : {true, false}) {
      for (bool with_tmp : {true, false}) {
        Case c = shape;
        c.ar = ar;
        c.with_tmp = with_tmp;
        const std::vector<double> got = RunCase<T, api>(c);
        const std::vector<double> want = Model(api, c, in);
        ASSERT_EQ(got.size(), want.size());
        for (size_t o = 0; o < want.size(); ++o) {
          EXPECT_NEAR(got[o], want[o], tol * std::max(1.0, std::abs(want[o])))
              << what << (ar ? " AR " : " RA ") << c.first << "x" << c.last
              << (with_tmp ? " tmp" : " stack") << " output " << o;
        }
      }
    }
  }
}

TEST(HlReduce, EveryApiTypeAndPatternMatchesTheModel) {
  Expect<float, Api::kSum>("ReduceSum float");
  Expect<float, Api::kMean>("ReduceMean float");
  Expect<float, Api::kProd>("ReduceProd float");
  Expect<float, Api::kMax>("ReduceMax float");
  Expect<half, Api::kMax>("ReduceMax half");
  Expect<float, Api::kMin>("ReduceMin float");
  Expect<half, Api::kMin>("ReduceMin half");
  Expect<float, Api::kAny>("ReduceAny float");
  Expect<uint8_t, Api::kAny>("ReduceAny uint8_t");
  Expect<float, Api::kAll>("ReduceAll float");
  Expect<uint8_t, Api::kAll>("ReduceAll uint8_t");
}

TEST(HlReduce, BasicReduceSumStillResolves) {
  // The basic count-form instruction and the high-level one side by side.
  float basic = 0;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bw;
    pipe.InitBuffer(bs, 256);
    pipe.InitBuffer(bd, 32);
    pipe.InitBuffer(bw, 256);
    LocalTensor<float> s = bs.Get<float>(), d = bd.Get<float>(), w = bw.Get<float>();
    Duplicate(s, 0.5f, 64);
    ReduceSum<float>(d, s, w, 64);
    basic = d.GetValue(0);
  });
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(basic, 32.0f);
}

void ExpectFault(const LaunchResult& r, const char* api, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, api);
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

TEST(HlReduce, TmpBufferBelowTheMinimumFaults) {
  // ReduceSum AR of 3 x 70 float: 3 rows of 64 floats (FindK(70) = 64) = 768 B.
  LaunchResult r;
  Case c{3, 70, true};
  c.tmp_delta = 0;
  RunCase<float, Api::kSum>(c, &r);
  EXPECT_TRUE(r.status.ok());
  c.tmp_delta = -32;
  RunCase<float, Api::kSum>(c, &r);
  ExpectFault(r, "ReduceSum", "holds 736 bytes");
  ExpectFault(r, "ReduceSum", "needs at least 768");
  // ReduceMax RA of 5 x 13 half: FindK(5) = 4 rows of 32 B = 128 B.
  Case m{5, 13, false};
  m.tmp_delta = -32;
  RunCase<half, Api::kMax>(m, &r);
  ExpectFault(r, "ReduceMax", "needs at least 128");
}

TEST(HlReduce, BrokenCallsFault) {
  LaunchResult r;
  Case pad{5, 13, true};
  pad.inner_pad = false;
  RunCase<float, Api::kMin>(pad, &r);
  ExpectFault(r, "ReduceMin", "srcInnerPad is false");
  Case overlap{5, 13, true};
  overlap.overlap = true;
  RunCase<float, Api::kProd>(overlap, &r);
  ExpectFault(r, "ReduceProd", "dst and src overlap");
  Case shared{3, 70, true};
  shared.tmp_on_src = true;  // 3 x 72 floats and 64 B: room for the 768 B the call needs
  RunCase<float, Api::kSum>(shared, &r);
  ExpectFault(r, "ReduceSum", "sharedTmpBuffer and src overlap");
  Case empty{0, 13, false};
  RunCase<float, Api::kMean>(empty, &r);
  ExpectFault(r, "ReduceMean", "both axes must be above 0");
}

// Sum or Mean (accType Acc) of 3 rows of n T elements; inner as given (0: n rounded to 32 B);
// the tmp buffer the minimum plus tmp_delta (no buffer when with_tmp is false).
template <typename T, typename Acc, bool mean>
std::vector<double> SumMean(uint32_t n, uint32_t inner, bool with_tmp, int32_t tmp_delta,
                            LaunchResult* result) {
  const uint32_t pad = (n * sizeof(T) + 31) / 32 * 32 / sizeof(T);
  const uint32_t need = mean ? opsim::reduce::MeanTmpBytes(n, sizeof(T), sizeof(Acc))
                             : opsim::reduce::SumTmpBytes(n, sizeof(T));
  std::vector<double> out;
  *result = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bt;
    pipe.InitBuffer(bs, 3 * pad * sizeof(T));
    pipe.InitBuffer(bd, 32);
    pipe.InitBuffer(bt, static_cast<uint32_t>(static_cast<int32_t>(need) + tmp_delta));
    LocalTensor<T> s = bs.Get<T>(), d = bd.Get<T>();
    for (uint32_t i = 0; i < 3 * pad; ++i) {
      s.SetValue(i, FromD<T>(i % pad < n ? std::cos(0.3 * i) * 2 + 0.5 : 100.0));
    }
    const uint32_t in = inner != 0 ? inner : pad;
    if constexpr (mean) {
      const MeanParams p{3, in, n};
      if (with_tmp) {
        Mean<T, Acc>(d, s, bt.Get<uint8_t>(), p);
      } else {
        Mean<T, Acc>(d, s, p);
      }
    } else {
      const SumParams p{3, in, n};
      if (with_tmp) {
        Sum<T>(d, s, bt.Get<uint8_t>(), p);
      } else {
        Sum<T>(d, s, p);
      }
    }
    for (uint32_t r = 0; r < 3; ++r) {
      double want = 0;
      for (uint32_t j = 0; j < n; ++j)
        want += ToD(FromD<T>(std::cos(0.3 * (r * pad + j)) * 2 + 0.5));
      if (mean) want /= n;
      out.push_back((ToD(d.GetValue(r)) - want) / std::max(1.0, std::abs(want)));
    }
  });
  return out;
}

template <typename T, typename Acc, bool mean>
void ExpectSumMean(const std::string& what) {
  const double tol = std::is_same_v<T, half> ? 1e-3 : 1e-6;  // relative
  for (uint32_t n : {13u, 70u}) {                            // a partial block; past a float repeat
    for (bool with_tmp : {true, false}) {
      LaunchResult r;
      for (double err : SumMean<T, Acc, mean>(n, 0, with_tmp, 0, &r)) {
        EXPECT_NEAR(err, 0, tol) << what << " n " << n << (with_tmp ? " tmp" : " stack");
      }
      EXPECT_TRUE(r.status.ok()) << what;
    }
  }
}

TEST(HlReduce, SumAndMeanMatchTheModel) {
  ExpectSumMean<float, float, false>("Sum float");
  ExpectSumMean<half, half, false>("Sum half");
  ExpectSumMean<float, float, true>("Mean float");
  ExpectSumMean<half, half, true>("Mean half");
  ExpectSumMean<half, float, true>("Mean half/float");
}

TEST(HlReduce, SumAndMeanRules) {
  LaunchResult r;
  // Sum of 70 floats: 2 repeats, a block of sums (32 B).
  SumMean<float, float, false>(70, 0, true, 0, &r);
  EXPECT_TRUE(r.status.ok());
  // Mean of 70 halves in float: 2 repeat sums in a 32 B block, the row in float (80 x 4).
  SumMean<half, float, true>(70, 0, true, -32, &r);
  ExpectFault(r, "Mean", "needs at least 352");
  SumMean<float, float, false>(13, 13, false, 0, &r);
  ExpectFault(r, "Sum", "inner 13 is not n 13 rounded up to 32 bytes (16)");
}

// ReduceXorSum of n int16_t pairs; returns dst[0].
int16_t XorSum(const std::vector<int16_t>& a, const std::vector<int16_t>& b, uint32_t tmp_bytes,
               LaunchResult* result) {
  int16_t out = 0;
  *result = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b0, b1, bd, bt;
    pipe.InitBuffer(b0, 1024);
    pipe.InitBuffer(b1, 1024);
    pipe.InitBuffer(bd, 32);
    pipe.InitBuffer(bt, 2048);
    LocalTensor<int16_t> s0 = b0.Get<int16_t>(), s1 = b1.Get<int16_t>(), d = bd.Get<int16_t>();
    LocalTensor<uint8_t> tmp = bt.Get<uint8_t>()[2048 - tmp_bytes];
    for (size_t i = 0; i < a.size(); ++i) {
      s0.SetValue(i, a[i]);
      s1.SetValue(i, b[i]);
    }
    ReduceXorSum<int16_t>(d, s0, s1, tmp, static_cast<uint32_t>(a.size()));
    out = d.GetValue(0);
  });
  return out;
}

TEST(HlReduce, ReduceXorSumSumsTheXorsAndSaturates) {
  std::vector<int16_t> a, b;
  int64_t want = 0;
  for (int i = 0; i < 77; ++i) {
    a.push_back(static_cast<int16_t>((i * 37) % 300 - 150));
    b.push_back(static_cast<int16_t>((i * 11) % 64));
    want += static_cast<int16_t>(a.back() ^ b.back());
  }
  ASSERT_LT(std::abs(want), 32767) << "the data's sum must not saturate";
  LaunchResult r;
  // Three buffers of 154 bytes, one 256 B repeat each at least: 768.
  EXPECT_EQ(XorSum(a, b, 768, &r), want);
  ASSERT_TRUE(r.status.ok());
  XorSum(a, b, 736, &r);
  ExpectFault(r, "ReduceXorSum", "needs at least 768");
  std::vector<int16_t> big(100, 0x4000), zero(100, 0);
  EXPECT_EQ(XorSum(big, zero, 768, &r), 32767);
  std::vector<int16_t> neg(100, -20000);
  EXPECT_EQ(XorSum(neg, zero, 768, &r), -32768);
}

}  // namespace opsim::sim::hl_reduce_test
