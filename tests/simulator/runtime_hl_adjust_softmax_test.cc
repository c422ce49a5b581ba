// The high-level AdjustSoftMaxRes (lib/activation/softmax.h): ND and NZ, both step modes, half and
// float results and maxima, against a scalar model (a row whose max's bits equal `from` is filled
// with `to`; the return says whether any was), and the documented rules as faults.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_adjust_softmax_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kAsTile = 2048;
constexpr float kAsFrom = 1.0f;  // rows 1 and 3 hold it

float AsRes(uint32_t i) { return 0.001f * static_cast<float>(i % 997); }

struct AsResult {
  std::vector<float> res;
  bool any = false;
  LaunchResult launch;
};

// srcM rows of max (each row's value in every element of its block, or one per row with
// stepSizeMode), softMaxRes AsRes(i).
template <typename T1, typename T2, bool kNz = false, uint8_t kStep = 0>
AsResult RunAs(uint32_t m, uint32_t k, uint32_t from, uint32_t res_elems = 0) {
  AsResult r;
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> br, bm;
    pipe.InitBuffer(br, kAsTile);
    pipe.InitBuffer(bm, kAsTile);
    LocalTensor<T1> res = res_elems ? br.Get<T1>(res_elems) : br.Get<T1>(m * k);
    LocalTensor<T2> max = bm.Get<T2>();
    for (uint32_t i = 0; i < kAsTile / sizeof(T1); ++i) br.Get<T1>().data()[i] = T1(AsRes(i));
    const uint32_t step = kStep && !kNz ? 1 : 32 / sizeof(T2);
    for (uint32_t i = 0; i < kAsTile / sizeof(T2); ++i) {
      const uint32_t row = i / step;
      max.data()[i] = T2(row % 2 == 1 ? kAsFrom : 0.5f + static_cast<float>(row));
    }
    detail::HostWroteUb(br.Get<uint8_t>().ref());
    detail::HostWroteUb(bm.Get<uint8_t>().ref());
    r.any = AdjustSoftMaxRes<T1, T2, kNz, kStep>(res, max, from, T1(-7.0f), {m, k, m, k});
    for (uint32_t i = 0; i < kAsTile / sizeof(T1); ++i) {
      r.res.push_back(static_cast<float>(br.Get<T1>().data()[i]));
    }
  });
  return r;
}

uint32_t AsBits(float v, bool half_max) {
  if (half_max) return static_cast<half>(v).bits();
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

template <typename T1>
void ExpectAsModel(const AsResult& r, uint32_t m, uint32_t k, bool nz, const std::string& what) {
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  EXPECT_EQ(r.any, m > 1) << what;
  for (uint32_t i = 0; i < r.res.size(); ++i) {
    uint32_t row = i / k;
    if (nz) row = i < m * k ? (i / 16) % m : m;
    const bool filled = i < m * k && row % 2 == 1;
    const float want = filled ? -7.0f : static_cast<float>(T1(AsRes(i)));
    ASSERT_EQ(r.res[i], want) << what << " at " << i;
  }
}

TEST(HlAdjustSoftMaxRes, EveryTypeFormatAndStepMatchesTheModel) {
  ExpectAsModel<float>(RunAs<float, float>(4, 16, AsBits(kAsFrom, false)), 4, 16, false,
                       "float/float ND");
  ExpectAsModel<half>(RunAs<half, half>(5, 32, AsBits(kAsFrom, true)), 5, 32, false,
                      "half/half ND");
  ExpectAsModel<half>(RunAs<half, float, false, 1>(6, 16, AsBits(kAsFrom, false)), 6, 16, false,
                      "half/float ND, step 1");
  ExpectAsModel<float>(RunAs<float, half, true>(4, 32, AsBits(kAsFrom, true)), 4, 32, true,
                       "float/half NZ");
  // half maxima compare the low 16 bits of from.
  ExpectAsModel<float>(RunAs<float, half>(3, 8, AsBits(kAsFrom, true) | 0xABCD0000u), 3, 8, false,
                       "half max, high bits ignored");
  const AsResult none = RunAs<float, float>(4, 16, AsBits(2.0f, false));
  ASSERT_TRUE(none.launch.status.ok());
  EXPECT_FALSE(none.any);
  EXPECT_EQ(none.res[16], AsRes(16));
}

TEST(HlAdjustSoftMaxRes, DocumentedRulesFault) {
  const AsResult k = RunAs<float, float>(2, 12, 0);
  ASSERT_TRUE(k.launch.fault.has_value());
  EXPECT_EQ(k.launch.fault->instruction, "AdjustSoftMaxRes");
  EXPECT_NE(k.launch.fault->message.find("softmaxShapeInfo.srcK 12 must be whole 32-byte blocks"),
            std::string::npos)
      << k.launch.fault->message;
  const AsResult big = RunAs<float, float>(4, 16, 0, 32);
  ASSERT_TRUE(big.launch.fault.has_value());
  EXPECT_NE(big.launch.fault->message.find("srcM 4 x srcK 16 is beyond softMaxRes's 32 elements"),
            std::string::npos)
      << big.launch.fault->message;
}

}  // namespace opsim::sim::hl_adjust_softmax_test
