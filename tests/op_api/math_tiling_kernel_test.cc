// The high-level math APIs' host helpers (lib/math/*_tiling.h through tiling/tiling_api.h):
// CANN's figures for the 910B, the error on an empty shape, and the kernel side in step with
// them (the minimum a helper gives runs; one 32 B block less faults).
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"
#include "tiling/tiling_api.h"

namespace math_tiling_test {

using namespace AscendC;

struct Sizes {
  uint32_t max = 7, min = 7;
};
using Helper = std::function<void(const ge::Shape&, uint32_t, bool, uint32_t&, uint32_t&)>;

Sizes Ask(const Helper& h, int64_t n, uint32_t type_size, bool reuse = false) {
  Sizes s;
  h(ge::Shape({n}), type_size, reuse, s.max, s.min);
  return s;
}

TEST(MathTiling, HelpersGiveCannsFigures) {
  // Tanh: 4 half tiles or 1 float tile of max(n * typeSize, 256) bytes.
  EXPECT_EQ(Ask(GetTanhMaxMinTmpSize, 77, 2).min, 1024u);
  EXPECT_EQ(Ask(GetTanhMaxMinTmpSize, 1000, 2).max, 8000u);
  EXPECT_EQ(Ask(GetTanhMaxMinTmpSize, 1000, 4).max, 4000u);
  EXPECT_EQ(Ask(GetTanhMaxMinTmpSize, 10, 4).max, 256u);
  // Sin/Cos reuse the source for float only.
  EXPECT_EQ(Ask(GetSinMaxMinTmpSize, 100, 4, true).min, 512u);
  EXPECT_EQ(Ask(GetCosMaxMinTmpSize, 100, 4, false).min, 768u);
  EXPECT_EQ(Ask(GetCosMaxMinTmpSize, 100, 2, true).max, 0u);  // not supported: error, 0
  // Exp counts float tiles whatever the type.
  uint32_t mx = 0, mn = 0;
  EXPECT_TRUE(GetExpMaxMinTmpSize(ge::Shape({1000}), 2, false, mx, mn));
  EXPECT_EQ(mn, 1024u);
  EXPECT_EQ(mx, 16000u);
  // Acosh: max(k * n, 256) elements.
  EXPECT_EQ(Ask(GetAcoshMaxMinTmpSize, 1000, 2).max, 4000u);
  EXPECT_EQ(Ask(GetLog2MaxMinTmpSize, 1000, 4).max, 0u);
  EXPECT_EQ(Ask(GetLog2MaxMinTmpSize, 1000, 2).max, 4000u);
  EXPECT_EQ(Ask(GetLgammaMaxMinTmpSize, 10, 2).min, 26u * 256);
  EXPECT_EQ(Ask(GetClampMaxMinTmpSize, 1000, 2).max, 1000u);
  EXPECT_EQ(Ask(GetClampMaxMinTmpSize, 10, 4).min, 64u);
  EXPECT_EQ(Ask(GetFmodMaxMinTmpSize, 10, 2).min, 8u * 256);
  // Power: a [1] shape is a scalar operand.
  GetPowerMaxMinTmpSize(ge::Shape({1000}), ge::Shape({1}), false, 4, false, mx, mn);
  EXPECT_EQ(mn, 5u * 256 + 256);
  EXPECT_EQ(mx, 5u * 4000 + 256);
  GetPowerMaxMinTmpSize(ge::Shape({1000}), ge::Shape({1000}), false, 2, false, mx, mn);
  EXPECT_EQ(mn, 14u * 256 / 2 + 256);
  EXPECT_EQ(mx, 14u * 2000 + 256);
  GetPowerMaxMinTmpSize(ge::Shape({1000}), ge::Shape({1000}), true, 4, false, mx, mn);
  EXPECT_EQ(mn, 6u * 256);

  uint32_t live = 0, extra = 9;
  GetErfcTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 16u);
  EXPECT_EQ(extra, 0u);
  GetPowerTmpBufferFactorSize(true, false, false, 4, live, extra);
  EXPECT_EQ(live, 5u);
  EXPECT_EQ(extra, 256u);
  GetLgammaTmpBufferFactorSize(2, live, extra);
  EXPECT_EQ(live, 13u);
}

TEST(MathTiling, AnEmptyShapeOrABadTypeSizeIsAnError) {
  testing::internal::CaptureStderr();
  const Sizes empty = Ask(GetErfMaxMinTmpSize, 0, 4);
  const Sizes bad = Ask(GetErfMaxMinTmpSize, 10, 8);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(empty.max, 0u);
  EXPECT_EQ(empty.min, 0u);
  EXPECT_EQ(bad.min, 0u);
  EXPECT_NE(err.find("GetErfMaxMinTmpSize: srcShape holds 0 elements"), std::string::npos) << err;
  EXPECT_NE(err.find("typeSize 8 is not 2 (half) or 4 (float)"), std::string::npos) << err;
}

// The kernel side accepts the host minimum and faults one block below it.
TEST(MathTiling, KernelSideMinimumsMatchTheHelpers) {
  struct Case {
    const char* api;
    uint32_t type_size;
    Helper helper;
    std::function<void(const LocalTensor<uint8_t>&, const LocalTensor<uint8_t>&)> call;
  };
  const Case cases[] = {
      {"Atan", 2, GetAtanMaxMinTmpSize,
       [](auto d, auto t) {
         Atan(d.template ReinterpretCast<half>(), d.template ReinterpretCast<half>(), t, 64);
       }},
      {"Erfc", 4, GetErfcMaxMinTmpSize,
       [](auto d, auto t) {
         Erfc(d.template ReinterpretCast<float>(), d.template ReinterpretCast<float>(), t, 64);
       }},
      {"Digamma", 2, GetDigammaMaxMinTmpSize,
       [](auto d, auto t) {
         Digamma(d.template ReinterpretCast<half>(), d.template ReinterpretCast<half>(), t, 64);
       }},
      {"Frac", 2, GetFracMaxMinTmpSize,
       [](auto d, auto t) {
         Frac(d.template ReinterpretCast<half>(), d.template ReinterpretCast<half>(), t, 64);
       }},
      {"Sign", 4, GetSignMaxMinTmpSize,
       [](auto d, auto t) {
         Sign(d.template ReinterpretCast<float>(), d.template ReinterpretCast<float>(), t, 64);
       }},
  };
  for (const Case& c : cases) {
    const uint32_t min = Ask(c.helper, 64, c.type_size).min;
    ASSERT_GE(min, 64u) << c.api;
    for (const uint32_t tmp_bytes : {min, min - 32}) {
      const auto r = opsim::sim::testing::RunOne([&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> data, tmp;
        pipe.InitBuffer(data, 256);
        pipe.InitBuffer(tmp, tmp_bytes);
        LocalTensor<uint8_t> d = data.Get<uint8_t>();
        Duplicate(d.ReinterpretCast<float>(), 0.5f, 64);
        c.call(d, tmp.Get<uint8_t>());
      });
      if (tmp_bytes == min) {
        EXPECT_TRUE(r.status.ok()) << c.api << ": " << r.status.ToString();
      } else {
        ASSERT_TRUE(r.fault.has_value()) << c.api;
        EXPECT_EQ(r.fault->instruction, c.api);
      }
    }
  }
}

TEST(ActivationTiling, HelpersGiveCannsFigures) {
  uint32_t mx = 0, mn = 0;
  GetSigmoidMaxMinTmpSize(ge::Shape({1000}), 2, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  EXPECT_EQ(mx, 2000u);
  GetGeluMaxMinTmpSize(ge::Shape({1000}), 2, mx, mn);
  EXPECT_EQ(mn, 768u);
  EXPECT_EQ(mx, 12000u);
  EXPECT_EQ(GetGeluMinTmpSize(ge::Shape({8}), 4), 768u);
  EXPECT_EQ(GetGeluMaxTmpSize(ge::Shape({8}), 4), 768u);
  GetSiluTmpSize(ge::Shape({1000}), 4, false, mx, mn);
  EXPECT_EQ(mx + mn, 0u);
  GetSwiGLUMaxMinTmpSize(ge::Shape({1000}), 2, mx, mn);
  EXPECT_EQ(mn, 6u * 256);
  EXPECT_EQ(mx, 6u * 2000);
  GetSwiGLUMaxMinTmpSize(ge::Shape({1000}), 4, mx, mn);
  EXPECT_EQ(mx, 0u);
  GetGeGLUMaxMinTmpSize(ge::Shape({1000}), 2, false, mx, mn);
  EXPECT_EQ(mn, 1024u);
  GetReGluMaxMinTmpSize(ge::Shape({1000}), 4, false, mx, mn);
  EXPECT_EQ(mn, 256u);
  EXPECT_EQ(mx, 256u);
  GetReGluMaxMinTmpSize(ge::Shape({1000}), 2, false, mx, mn);
  EXPECT_EQ(mx, 12000u);
  testing::internal::CaptureStderr();
  GetReGluMaxMinTmpSize(ge::Shape({1000}), 2, true, mx, mn);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("isReuseSource is not supported"),
            std::string::npos);
  EXPECT_EQ(mx, 0u);
}

}  // namespace math_tiling_test
