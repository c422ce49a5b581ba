// The high-level AscendQuant (lib/quantization/ascend_quant.h): per tensor and per channel (scalar
// or tensor offset), half and float, with and without sharedTmpBuffer and counts, against a
// scalar model of the documented half datapath (round to nearest even, int8 saturation), and the
// documented rules as faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_quant_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kCount = 96;  // src elements the forms without calCount see
constexpr AscendQuantConfig kStatic = {64, 0, 16, 0};

enum class Form { kTensorTmp, kTensor, kTensorAll, kChannel, kChannelTmp, kChannelOffsets };

struct Case {
  Form form;
  uint32_t cal = 77;
  uint32_t scale_count = 16;
  uint32_t offset_count = 16;
  uint32_t tmp_bytes = 512;
  bool statik = false;  // kStatic's counts
};

// The documented datapath: every operand to half, half multiply, half add, int8 rounding to
// nearest even with saturation.
int8_t Model(double x, double scale, double offset) {
  const Half y = Half(static_cast<float>(x)) * Half(static_cast<float>(scale)) +
                 Half(static_cast<float>(offset));
  const double r = std::nearbyint(static_cast<float>(y));
  if (std::isnan(r)) return 0;
  return static_cast<int8_t>(std::fmax(-128.0, std::fmin(127.0, r)));
}

double Input(uint32_t i) {
  const double special[] = {0.5, 1.5, 2.5, -0.5, -2.5, 1e6, -1e6, NAN, INFINITY, -INFINITY};
  return i < 10 ? special[i] : std::sin(0.37 * i) * 60;
}

struct Result {
  std::vector<int8_t> out;
  LaunchResult launch;
};

template <typename T>
Result RunQuant(const Case& k, const std::vector<double>& scales,
                const std::vector<double>& offsets) {
  Result r;
  r.out.assign(kCount + 32, 99);
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bsc, bo, bt;
    pipe.InitBuffer(bs, kCount * sizeof(T));
    pipe.InitBuffer(bd, kCount + 32);
    pipe.InitBuffer(bsc, 64 * sizeof(T));
    pipe.InitBuffer(bo, 64 * sizeof(T));
    pipe.InitBuffer(bt, k.tmp_bytes);
    LocalTensor<T> src = bs.Get<T>(), sc = bsc.Get<T>(std::max(1u, k.scale_count)),
                   of = bo.Get<T>(k.offset_count);
    LocalTensor<int8_t> dst = bd.Get<int8_t>();
    LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();
    std::memcpy(dst.data(), r.out.data(), r.out.size());
    for (uint32_t i = 0; i < kCount; ++i) src.SetValue(i, static_cast<T>(Input(i)));
    for (uint32_t i = 0; i < 64; ++i) {
      bsc.Get<T>().SetValue(i, static_cast<T>(scales[i % scales.size()]));
      bo.Get<T>().SetValue(i, static_cast<T>(offsets[i % offsets.size()]));
    }
    detail::HostWroteUb(dst.ref());
    const float s = static_cast<float>(scales[0]), o = static_cast<float>(offsets[0]);
    switch (k.form) {
      case Form::kTensorTmp: AscendQuant<T>(dst, src, tmp, s, o, k.cal); break;
      case Form::kTensor: AscendQuant<T>(dst, src, s, o, k.cal); break;
      case Form::kTensorAll: AscendQuant<T>(dst, src, tmp, s, o); break;
      case Form::kChannel:
        if (k.statik) {
          AscendQuant<T, false, kStatic>(dst, src, sc, static_cast<T>(o), 0, 0);
        } else {
          AscendQuant<T>(dst, src, sc, static_cast<T>(o), k.scale_count, k.cal);
        }
        break;
      case Form::kChannelTmp:
        AscendQuant<T>(dst, src, tmp, sc, static_cast<T>(o), k.scale_count, k.cal);
        break;
      case Form::kChannelOffsets:
        AscendQuant<T>(dst, src, tmp, sc, of, k.scale_count, k.offset_count, k.cal);
        break;
    }
    std::memcpy(r.out.data(), dst.data(), r.out.size());
  });
  return r;
}

template <typename T>
void ExpectMatches(const Case& k, const std::string& what) {
  const std::vector<double> scales = {0.75, -2.0, 1.25, 3.0}, offsets = {0.5, -3.0, 1.0};
  const Result r = RunQuant<T>(k, scales, offsets);
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  const bool channel =
      k.form == Form::kChannel || k.form == Form::kChannelTmp || k.form == Form::kChannelOffsets;
  const uint32_t cal = k.form == Form::kTensorAll ? kCount : k.statik ? 64 : k.cal;
  const uint32_t channels = k.statik ? 16 : k.scale_count;
  for (uint32_t i = 0; i < cal; ++i) {
    const uint32_t ch = channel ? i % channels : 0;
    const double x = static_cast<double>(static_cast<float>(static_cast<T>(Input(i))));
    const double off = k.form == Form::kChannelOffsets ? offsets[ch % offsets.size()] : offsets[0];
    const int8_t want = Model(x, scales[ch % scales.size()], off);
    ASSERT_EQ(r.out[i], want) << what << " at " << i << " x=" << x;
  }
  for (uint32_t i = cal; i < r.out.size(); ++i) ASSERT_EQ(r.out[i], 99) << what << " wrote " << i;
}

TEST(HlAscendQuant, EveryFormAndTypeMatchesTheModel) {
  for (Form f : {Form::kTensorTmp, Form::kTensor, Form::kTensorAll}) {
    ExpectMatches<half>({f}, "half per tensor");
    ExpectMatches<float>({f}, "float per tensor");
  }
  for (Form f : {Form::kChannel, Form::kChannelTmp, Form::kChannelOffsets}) {
    ExpectMatches<half>({f, 64, 16, 16}, "half per channel");
    ExpectMatches<float>({f, 64, 8, 8}, "float per channel");
    ExpectMatches<float>({f, 96, 32, 32}, "float per channel, 32");
  }
  ExpectMatches<half>({Form::kChannel, 0, 16, 16, 512, true}, "config's static counts");
}

TEST(HlAscendQuant, RoundsHalfToEvenAndSaturates) {
  // Inputs 0..9 are 0.5, 1.5, 2.5, -0.5, -2.5, 1e6, -1e6, NaN, inf, -inf; scale 1, offset 0.
  const Result r = RunQuant<float>({Form::kTensorTmp, 10}, {1.0}, {0.0});
  ASSERT_TRUE(r.launch.status.ok()) << r.launch.status.ToString();
  const std::vector<int8_t> want = {0, 2, 2, 0, -2, 127, -128, 0, 127, -128};
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(r.out[i], want[i]) << i;
}

void ExpectFault(const Result& r, const std::string& text) {
  ASSERT_TRUE(r.launch.fault.has_value()) << text;
  EXPECT_EQ(r.launch.fault->instruction, "AscendQuant");
  EXPECT_NE(r.launch.fault->message.find(text), std::string::npos) << r.launch.fault->message;
}

TEST(HlAscendQuant, DocumentedRulesFault) {
  const std::vector<double> one = {1.0};
  ExpectFault(RunQuant<half>({Form::kTensorTmp, 77, 16, 16, 480}, one, one),
              "sharedTmpBuffer holds 480 bytes; this call needs at least 512");
  ExpectFault(RunQuant<float>({Form::kChannel, 60, 12, 12}, one, one),
              "scaleCount 12 is 48 bytes: it must be a whole number of 32-byte blocks");
  ExpectFault(RunQuant<half>({Form::kChannel, 72, 16, 16}, one, one),
              "calCount 72 is not a multiple of scaleCount 16");
  ExpectFault(RunQuant<half>({Form::kChannelOffsets, 64, 16, 32}, one, one),
              "offsetCount 32 differs from scaleCount 16");
  ExpectFault(RunQuant<float>({Form::kTensor, 100}, one, one),
              "calCount 100 is beyond srcTensor's 96 elements");
  ExpectFault(RunQuant<half>({Form::kChannel, 64, 0, 16}, one, one), "scaleCount is 0");
}

}  // namespace opsim::sim::hl_quant_test
