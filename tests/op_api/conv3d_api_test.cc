// The kernel-side Conv3D API (lib/conv/conv3d/conv3d_api.h) in a kernel of our own written as the
// usage page shows it (Init, SetWeight, SetBias, SetInputStartPosition, SetSingleOutputShape, per
// batch SetInput + IterateAll + End), on AIC blocks that split Cout, Dout and M, with the host's
// tiling (conv3d_api_tiling_test.cc), against a float64 conv3d loop: stride, dilation, padding on
// every side, bias or none, half and bfloat16_t; then the API's refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "conv3d_test_spec.h"
#include "lib/conv/conv3d/conv3d_api.h"
#include "simulator/sim_test_util.h"

namespace conv3d_test {
namespace {

using namespace AscendC;
using opsim::sim::CoreType;
using opsim::sim::FaultKind;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;
using Tiling = AscendC::tiling::TConv3DApiTiling;

constexpr int64_t kC0 = 16;

int64_t Up16(int64_t v) { return (v + 15) / 16 * 16; }

// Small integers (exact products and sums in float), without a period that would give every
// output channel the same weights.
std::vector<int> Ints(size_t n, int span, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> pick(-span, span);
  std::vector<int> v(n);
  for (int& e : v) e = pick(gen);
  return v;
}

// x (N, Ci, Di, Hi, Wi), w (Co, Ci, Kd, Kh, Kw), b (Co): y (N, Co, Do, Ho, Wo) in float64.
std::vector<double> Conv3dReference(const Spec& s, const Tiling& t, const std::vector<int>& x,
                                    const std::vector<int>& w, const std::vector<int>& b) {
  const int64_t dn = t.orgDo, hn = t.orgHo, wn = t.orgWo;
  std::vector<double> y(size_t(s.n * s.co * dn * hn * wn));
  for (int64_t n = 0; n < s.n; ++n)
    for (int64_t co = 0; co < s.co; ++co)
      for (int64_t od = 0; od < dn; ++od)
        for (int64_t oh = 0; oh < hn; ++oh)
          for (int64_t ow = 0; ow < wn; ++ow) {
            double sum = s.bias ? b[size_t(co)] : 0.0;
            for (int64_t ci = 0; ci < s.ci; ++ci)
              for (int64_t a = 0; a < s.kd; ++a)
                for (int64_t i = 0; i < s.kh; ++i)
                  for (int64_t j = 0; j < s.kw; ++j) {
                    const int64_t d = od * s.stride[0] + a * s.dilation[0] - s.pad[0];
                    const int64_t h = oh * s.stride[1] + i * s.dilation[1] - s.pad[2];
                    const int64_t v = ow * s.stride[2] + j * s.dilation[2] - s.pad[4];
                    if (d < 0 || d >= s.di || h < 0 || h >= s.hi || v < 0 || v >= s.wi) continue;
                    sum += double(x[size_t((((n * s.ci + ci) * s.di + d) * s.hi + h) * s.wi + v)]) *
                           w[size_t((((co * s.ci + ci) * s.kd + a) * s.kh + i) * s.kw + j)];
                  }
            y[size_t((((n * s.co + co) * dn + od) * hn + oh) * wn + ow)] = sum;
          }
  return y;
}

// The GM tensors of one launch, in the API's formats.
template <class T, class BiasT>
struct Buffers {
  std::vector<T> x, w, y;
  std::vector<BiasT> b;
};

template <class T, class BiasT>
Buffers<T, BiasT> Pack(const Spec& s, const Tiling& t, const std::vector<int>& x,
                       const std::vector<int>& w, const std::vector<int>& b) {
  const int64_t ci1 = (s.ci + kC0 - 1) / kC0, co16 = Up16(s.co);
  Buffers<T, BiasT> g;
  g.x.assign(size_t(s.n * s.di * ci1 * s.hi * s.wi * kC0), T(0.0f));  // NDC1HWC0
  for (int64_t n = 0; n < s.n; ++n)
    for (int64_t c = 0; c < s.ci; ++c)
      for (int64_t d = 0; d < s.di; ++d)
        for (int64_t hw = 0; hw < s.hi * s.wi; ++hw) {
          const int64_t at = (((n * s.di + d) * ci1 + c / kC0) * s.hi * s.wi + hw) * kC0 + c % kC0;
          g.x[size_t(at)] = T(float(x[size_t(((n * s.ci + c) * s.di + d) * s.hi * s.wi + hw)]));
        }
  // FRACTAL_Z_3D: rows (kd, c1, kh, kw), each Co (to 16) x C0.
  g.w.assign(size_t(s.kd * ci1 * s.kh * s.kw * co16 * kC0), T(0.0f));
  for (int64_t co = 0; co < s.co; ++co)
    for (int64_t c = 0; c < s.ci; ++c)
      for (int64_t a = 0; a < s.kd; ++a)
        for (int64_t tap = 0; tap < s.kh * s.kw; ++tap) {
          const int64_t row = (a * ci1 + c / kC0) * s.kh * s.kw + tap;
          g.w[size_t((row * co16 + co) * kC0 + c % kC0)] =
              T(float(w[size_t(((co * s.ci + c) * s.kd + a) * s.kh * s.kw + tap)]));
        }
  g.b.assign(size_t(co16), BiasT(0.0f));
  for (int64_t co = 0; co < s.co; ++co) g.b[size_t(co)] = BiasT(float(b[size_t(co)]));
  g.y.assign(size_t(s.n * t.orgDo * (co16 / kC0) * t.orgHo * t.orgWo * kC0), T(0.0f));
  return g;
}

struct Block {
  int64_t co0, do0, m0, co, dout, m;
};

// Block b of the split into singleCoreCo x singleCoreDo x singleCoreM pieces (tails last).
Block BlockOf(const Tiling& t, uint32_t b) {
  const int64_t nco = (t.orgCo + t.singleCoreCo - 1) / t.singleCoreCo;
  const int64_t ndo = int64_t(t.orgDo + t.singleCoreDo - 1) / int64_t(t.singleCoreDo);
  const int64_t ci = b % nco, di = b / nco % ndo, mi = b / nco / ndo;
  Block k;
  k.co0 = ci * t.singleCoreCo, k.do0 = di * int64_t(t.singleCoreDo),
  k.m0 = mi * int64_t(t.singleCoreM);
  k.co = std::min<int64_t>(t.singleCoreCo, t.orgCo - k.co0);
  k.dout = std::min<int64_t>(int64_t(t.singleCoreDo), int64_t(t.orgDo) - k.do0);
  k.m = std::min<int64_t>(int64_t(t.singleCoreM), int64_t(t.orgHo * t.orgWo) - k.m0);
  return k;
}

uint32_t BlockCount(const Tiling& t) {
  return uint32_t(((t.orgCo + t.singleCoreCo - 1) / t.singleCoreCo) *
                  ((t.orgDo + t.singleCoreDo - 1) / t.singleCoreDo) *
                  ((t.orgHo * t.orgWo + t.singleCoreM - 1) / t.singleCoreM));
}

// One block's kernel, as the usage page writes it.
template <class T, class BiasT, bool kBias>
void Conv3dKernel(const Tiling& tiling, int64_t batches, Buffers<T, BiasT>& g) {
  using inputType = ConvApi::ConvType<AscendC::TPosition::GM, ConvFormat::NDC1HWC0, T>;
  using weightType = ConvApi::ConvType<AscendC::TPosition::GM, ConvFormat::FRACTAL_Z_3D, T>;
  using outputType = ConvApi::ConvType<AscendC::TPosition::GM, ConvFormat::NDC1HWC0, T>;
  using biasType = ConvApi::ConvType<AscendC::TPosition::GM, ConvFormat::ND, BiasT>;
  std::conditional_t<kBias, Conv3dApi::Conv3D<inputType, weightType, outputType, biasType>,
                     Conv3dApi::Conv3D<inputType, weightType, outputType>>
      conv3dApi;
  const Block k = BlockOf(tiling, uint32_t(GetBlockIdx()));
  const int64_t ci1 = (tiling.orgCi + kC0 - 1) / kC0, co1 = (tiling.orgCo + kC0 - 1) / kC0;
  const int64_t hw_in = int64_t(tiling.orgHi * tiling.orgWi),
                hw = int64_t(tiling.orgHo * tiling.orgWo);
  const int64_t in_batch = int64_t(tiling.orgDi) * ci1 * hw_in * kC0;
  const int64_t out_batch = int64_t(tiling.orgDo) * co1 * hw * kC0;
  // The input from the block's first plane and row (ops-nn's Conv3DV2 offsets it so).
  const int64_t di0 = std::max<int64_t>(k.do0 * tiling.strideD - tiling.padHead, 0);
  const int64_t hi0 =
      std::max<int64_t>(k.m0 / int64_t(tiling.orgWo) * tiling.strideH - tiling.padUp, 0);
  const int64_t in_at = di0 * ci1 * hw_in * kC0 + hi0 * int64_t(tiling.orgWi) * kC0;
  const int64_t out_at = k.do0 * co1 * hw * kC0 + k.co0 * hw + k.m0 * kC0;
  GlobalTensor<T> inputGm, weightGm, outputGm;
  GlobalTensor<BiasT> biasGm;
  inputGm.SetGlobalBuffer(g.x.data() + in_at, g.x.size() - size_t(in_at));
  weightGm.SetGlobalBuffer(g.w.data() + k.co0 * kC0, g.w.size() - size_t(k.co0 * kC0));
  biasGm.SetGlobalBuffer(g.b.data() + k.co0, g.b.size() - size_t(k.co0));
  outputGm.SetGlobalBuffer(g.y.data() + out_at, g.y.size() - size_t(out_at));

  TPipe pipe;
  conv3dApi.Init(&tiling);
  conv3dApi.SetWeight(weightGm);
  if constexpr (kBias) conv3dApi.SetBias(biasGm);
  conv3dApi.SetInputStartPosition(k.do0 * tiling.strideD, k.m0);
  conv3dApi.SetSingleOutputShape(uint64_t(k.co), uint64_t(k.dout), uint64_t(k.m));
  for (int64_t batch = 0; batch < batches; ++batch) {
    conv3dApi.SetInput(inputGm[batch * in_batch]);
    conv3dApi.IterateAll(outputGm[batch * out_batch]);
    conv3dApi.End();
  }
}

template <class T, class BiasT>
LaunchResult Launch(const Spec& s, const Tiling& t, Buffers<T, BiasT>& g) {
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  o.regions = {opsim::sim::testing::Region(g.x, "x"), opsim::sim::testing::Region(g.w, "w"),
               opsim::sim::testing::Region(g.b, "bias"), opsim::sim::testing::Region(g.y, "y")};
  return opsim::sim::Launch(opsim::sim::testing::TestDevice(8), BlockCount(t), o, [&] {
    if (s.bias) {
      Conv3dKernel<T, BiasT, true>(t, s.n, g);
    } else {
      Conv3dKernel<T, BiasT, false>(t, s.n, g);
    }
  });
}

// Runs `s` and compares every output; `ns` (if given) receives the simulated time.
template <class T, class BiasT>
void Expect(const Spec& s, double* ns = nullptr) {
  Tiling t;
  ASSERT_EQ(MakeTiling(s, &t), "");
  const std::vector<int> x = Ints(size_t(s.n * s.ci * s.di * s.hi * s.wi), 3, 7);
  const std::vector<int> w = Ints(size_t(s.co * s.ci * s.kd * s.kh * s.kw), 2, 11);
  const std::vector<int> b = Ints(size_t(s.co), 9, 5);
  Buffers<T, BiasT> g = Pack<T, BiasT>(s, t, x, w, b);
  const LaunchResult r = Launch(s, t, g);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  if (ns != nullptr) *ns = double(r.stats.device_ns);
  const std::vector<double> want = Conv3dReference(s, t, x, w, b);
  const int64_t dn = t.orgDo, hw = t.orgHo * t.orgWo, co1 = Up16(s.co) / kC0;
  for (int64_t n = 0; n < s.n; ++n)
    for (int64_t co = 0; co < s.co; ++co)
      for (int64_t d = 0; d < dn; ++d)
        for (int64_t m = 0; m < hw; ++m) {
          const float got =
              float(g.y[size_t((((n * dn + d) * co1 + co / kC0) * hw + m) * kC0 + co % kC0)]);
          const float ref = float(T(float(want[size_t(((n * s.co + co) * dn + d) * hw + m)])));
          ASSERT_EQ(got, ref) << "n " << n << " co " << co << " do " << d << " m " << m;
        }
}

TEST(Conv3dApi, HalfLikeFloat64Conv3d) {
  Expect<half, half>({1, 16, 3, 5, 6, 16, 2, 3, 3});  // one block, no padding
  Spec s{2, 20, 5, 6, 7, 24, 3, 3, 2};                // two batches, Ci and Co tails
  s.stride[1] = 2, s.dilation[2] = 2, s.pad[2] = 1, s.pad[4] = 2, s.pad[1] = 1, s.bias = true;
  Expect<half, half>(s);
  s.bias = false, s.order = 1;  // N first
  Expect<half, half>(s);
  s.n = 1, s.n_l0 = 16;  // two tiles of Cout: each its columns of the weight rows kept in L1
  Expect<half, half>(s);
  s.stream_weights = true, s.bias = true;  // the weight piece by piece, per tile and step
  Expect<half, half>(s);
}

TEST(Conv3dApi, PointwiseAndWindowsInThePadding) {
  Spec s{1, 3, 4, 5, 5, 8, 1, 1, 1};  // Ci 3 and Cout 8 of one C0 block each
  s.stride[0] = s.stride[1] = s.stride[2] = 2;
  Expect<half, half>(s);
  // Padding as deep as the kernel: the first output plane and each plane's first row and column
  // see only padding (those tiles are the bias alone).
  Spec p{1, 16, 2, 3, 3, 16, 1, 1, 1};
  p.pad[0] = p.pad[2] = p.pad[4] = 1, p.bias = true;
  Expect<half, half>(p);
}

TEST(Conv3dApi, BFloat16WithFloatBias) {
  Spec s{1, 18, 6, 5, 5, 20, 2, 2, 3};
  s.stride[0] = 2, s.dilation[0] = 2, s.pad[0] = 2, s.pad[1] = 1, s.pad[3] = 2, s.pad[5] = 1;
  s.bias = true, s.bf16 = true;
  Expect<bfloat16_t, float>(s);
}

TEST(Conv3dApi, MultiCoreSplitOfCoutDoutAndM) {
  // 2 x 2 x 3 blocks: Cout in 16s (a tail of 8), Dout in 2s (a tail of 1), M in 13s (not whole
  // output rows, a tail), the first D planes and H rows in the padding.
  Spec s{1, 16, 4, 6, 5, 24, 2, 3, 3};
  s.pad[0] = 1, s.pad[2] = 2, s.pad[3] = 1, s.pad[4] = 1, s.pad[5] = 1, s.bias = true;
  s.single_co = 16, s.single_do = 2, s.single_m = 13;
  double split_ns = 0, one_ns = 0;
  Expect<half, half>(s, &split_ns);
  s.single_co = s.single_do = s.single_m = 0;  // the same on one block takes longer
  Expect<half, half>(s, &one_ns);
  EXPECT_LT(split_ns, one_ns);
}

// The API's refusals in one block of the first HalfLikeFloat64Conv3d case.
std::string RunMisuse(const std::function<void(const Tiling&, Buffers<half, half>&)>& body,
                      Tiling* tiling_out = nullptr) {
  const Spec s{1, 16, 3, 5, 6, 16, 2, 3, 3};
  Tiling t;
  EXPECT_EQ(MakeTiling(s, &t), "");
  if (tiling_out != nullptr) t = *tiling_out;
  const std::vector<int> x = Ints(size_t(s.n * s.ci * s.di * s.hi * s.wi), 3, 7);
  const std::vector<int> w = Ints(size_t(s.co * s.ci * s.kd * s.kh * s.kw), 2, 11);
  Buffers<half, half> g = Pack<half, half>(s, t, x, w, Ints(size_t(s.co), 9, 5));
  LaunchOptions o;
  o.core_type = CoreType::kAic;
  const LaunchResult r =
      opsim::sim::Launch(opsim::sim::testing::TestDevice(8), 1, o, [&] { body(t, g); });
  return r.fault ? r.fault->ToString() : "no fault";
}

using HalfConv = Conv3dApi::Conv3D<ConvApi::ConvType<TPosition::GM, ConvFormat::NDC1HWC0, half>,
                                   ConvApi::ConvType<TPosition::GM, ConvFormat::FRACTAL_Z_3D, half>,
                                   ConvApi::ConvType<TPosition::GM, ConvFormat::NDC1HWC0, half>>;

TEST(Conv3dApi, KernelRefusals) {
  const auto bind = [](HalfConv& c, Buffers<half, half>& g) {
    GlobalTensor<half> x, w;
    x.SetGlobalBuffer(g.x.data(), g.x.size());
    w.SetGlobalBuffer(g.w.data(), g.w.size());
    c.SetInput(x);
    c.SetWeight(w);
  };
  const auto out = [](Buffers<half, half>& g) {
    GlobalTensor<half> y;
    y.SetGlobalBuffer(g.y.data(), g.y.size());
    return y;
  };
  EXPECT_NE(RunMisuse([&](const Tiling&, Buffers<half, half>& g) {
              HalfConv c;
              TPipe pipe;
              GlobalTensor<half> x;
              x.SetGlobalBuffer(g.x.data(), g.x.size());
              c.SetInput(x);
            }).find("Conv3D::SetInput: called before Init"),
            std::string::npos);
  EXPECT_NE(RunMisuse([&](const Tiling& t, Buffers<half, half>&) {
              HalfConv c;
              TPipe pipe;
              c.Init(&t);
              c.Init(&t);
            }).find("Conv3D::Init: called twice"),
            std::string::npos);
  EXPECT_NE(RunMisuse([&](const Tiling& t, Buffers<half, half>& g) {
              HalfConv c;
              TPipe pipe;
              c.Init(&t);
              GlobalTensor<half> x;
              x.SetGlobalBuffer(g.x.data(), g.x.size());
              c.SetInput(x);
              c.IterateAll(out(g));
            }).find("Conv3D::IterateAll: called before SetWeight"),
            std::string::npos);
  EXPECT_NE(RunMisuse([&](const Tiling& t, Buffers<half, half>& g) {
              HalfConv c;
              TPipe pipe;
              c.Init(&t);
              bind(c, g);
              c.End();
            }).find("Conv3D::End: called before IterateAll"),
            std::string::npos);
  EXPECT_NE(RunMisuse([&](const Tiling& t, Buffers<half, half>& g) {
              HalfConv c;
              TPipe pipe;
              c.Init(&t);
              bind(c, g);
              c.IterateAll(out(g), true);
            })
                .find("Conv3D::IterateAll: enPartialSum = true (the IterateAll page: a reserved "
                      "parameter) [unsupported]"),
            std::string::npos);
  EXPECT_NE(RunMisuse([&](const Tiling& t, Buffers<half, half>& g) {
              HalfConv c;
              TPipe pipe;
              c.Init(&t);
              bind(c, g);
              c.SetInputStartPosition(1, 0);  // Dout = 2: planes 1 and 2
              c.IterateAll(out(g));
            }).find("diStartPos = 1 with singleDo = 2"),
            std::string::npos);
  EXPECT_NE(RunMisuse([&](const Tiling& t, Buffers<half, half>& g) {
              HalfConv c;
              TPipe pipe;
              c.Init(&t);
              bind(c, g);
              c.SetSingleOutputShape(16, 1, 12);
              c.SetInputStartPosition(0, 5);  // Hout x Wout = 12
              c.IterateAll(out(g));
            }).find("mStartPos = 5 with singleM = 12 passes Hout x Wout = 12"),
            std::string::npos);
  Tiling grouped;
  ASSERT_EQ(MakeTiling({1, 16, 3, 5, 6, 16, 2, 3, 3}, &grouped), "");
  grouped.groups = 2;
  EXPECT_NE(RunMisuse(
                [&](const Tiling& t, Buffers<half, half>&) {
                  HalfConv c;
                  TPipe pipe;
                  c.Init(&t);
                },
                &grouped)
                .find("Conv3D::Init: groups = 2: grouped convolution is not supported (the "
                      "SetGroups page: 1 only) [unsupported]"),
            std::string::npos);
}

}  // namespace
}  // namespace conv3d_test
