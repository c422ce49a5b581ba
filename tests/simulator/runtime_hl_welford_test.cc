// The Welford pair (WelfordUpdate in lib/normalization/layernorm.h, WelfordFinalize): every form
// and input type against a model of CANN's instructions (Update) or formulas (Finalize), a reduce
// axis split into chunks (Update n times, then Finalize) against the whole axis' mean and
// variance, and the faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_welford_test {

using namespace AscendC;
using hl_test::FromD;
using hl_test::ToD;
using testing::RunOne;

constexpr uint32_t kAb = 32;  // lanes of the split reduce axis
constexpr WelfordUpdateConfig kInplace = {true};

double X(uint32_t chunk, uint32_t j) { return 3.0 * std::sin(0.37 * j + 1.3 * chunk) + 0.1 * j; }

struct UpdateOut {
  std::vector<float> mean, var;
  LaunchResult launch;
};

// One WelfordUpdate of chunk `chunk` (its count 1 / nRec) over statistics in_mean, in_var; the
// outputs start as -7 so untouched lanes show.
template <typename T, bool inplace = false>
UpdateOut RunUpdate(uint32_t chunk, const std::vector<float>& in_mean,
                    const std::vector<float>& in_var, uint32_t compute, uint32_t tmp_bytes,
                    uint32_t rn = 1) {
  UpdateOut o;
  o.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bm, bv, bim, biv, bx, bt;
    for (auto* b : {&bm, &bv, &bim, &biv}) pipe.InitBuffer(*b, kAb * 4);
    pipe.InitBuffer(bx, kAb * sizeof(T));
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<float> m = bm.Get<float>(), v = bv.Get<float>(), im = bim.Get<float>(),
                       iv = biv.Get<float>();
    LocalTensor<T> x = bx.Get<T>();
    Duplicate(m, -7.0f, kAb);
    Duplicate(v, -7.0f, kAb);
    for (uint32_t j = 0; j < kAb; ++j) {
      im.SetValue(j, in_mean[j]);
      iv.SetValue(j, in_var[j]);
      x.SetValue(j, FromD<T>(X(chunk, j)));
    }
    constexpr const WelfordUpdateConfig& cfg = inplace ? kInplace : WFUPDATE_DEFAULT_CFG;
    const WelfordUpdateParam para{rn, kAb, compute, 1.0f / static_cast<float>(chunk + 1)};
    if (tmp_bytes != 0) {
      WelfordUpdate<T, float, false, cfg>(m, v, im, iv, x, bt.Get<uint8_t>(), para);
    } else {
      WelfordUpdate<T, float, false, cfg>(m, v, im, iv, x, para);
    }
    for (uint32_t j = 0; j < kAb; ++j) {
      o.mean.push_back(m.GetValue(j));
      o.var.push_back(v.GetValue(j));
    }
  });
  return o;
}

template <typename T>
void ExpectUpdateMatchesModel(uint32_t tmp_bytes, const std::string& what) {
  std::vector<float> mean(kAb, 0.0f), var(kAb, 0.0f);
  for (uint32_t chunk = 0; chunk < 3; ++chunk) {
    const UpdateOut o = RunUpdate<T>(chunk, mean, var, kAb, tmp_bytes);
    ASSERT_TRUE(o.launch.status.ok()) << what << ": " << o.launch.status.ToString();
    const float n_rec = 1.0f / static_cast<float>(chunk + 1);
    for (uint32_t j = 0; j < kAb; ++j) {
      // CANN's instructions, each rounded to float: Sub, Muls, Add; Sub, Mul, Add.
      const float x = static_cast<float>(ToD(FromD<T>(X(chunk, j)))), delta = x - mean[j];
      const float want_mean = delta * n_rec + mean[j];
      const float want_var = delta * (x - want_mean) + var[j];
      ASSERT_EQ(o.mean[j], want_mean) << what << " chunk " << chunk << " lane " << j;
      ASSERT_EQ(o.var[j], want_var) << what << " chunk " << chunk << " lane " << j;
    }
    mean = o.mean;
    var = o.var;
  }
}

TEST(HlWelford, UpdateEveryFormAndTypeMatchesTheModel) {
  ExpectUpdateMatchesModel<float>(512, "float tmp");
  ExpectUpdateMatchesModel<float>(0, "float");
  ExpectUpdateMatchesModel<half>(768, "half tmp");
  ExpectUpdateMatchesModel<half>(0, "half");
}

TEST(HlWelford, UpdateOutsideTheComputeLength) {
  std::vector<float> mean(kAb), var(kAb);
  for (uint32_t j = 0; j < kAb; ++j) {
    mean[j] = 0.5f * j;
    var[j] = 0.25f * j;
  }
  // 19 of 32 lanes: without isInplace the rest stays as it was; with it, it is the inputs.
  const UpdateOut plain = RunUpdate<float>(2, mean, var, 19, 512);
  const UpdateOut inplace = RunUpdate<float, true>(2, mean, var, 19, 512);
  ASSERT_TRUE(plain.launch.status.ok() && inplace.launch.status.ok());
  for (uint32_t j = 0; j < kAb; ++j) {
    if (j < 19) {
      EXPECT_EQ(plain.mean[j], inplace.mean[j]) << j;
      EXPECT_NE(plain.mean[j], -7.0f) << j;
    } else {
      EXPECT_EQ(plain.mean[j], -7.0f) << j;
      EXPECT_EQ(inplace.mean[j], mean[j]) << j;
      EXPECT_EQ(inplace.var[j], var[j]) << j;
    }
  }
}

void ExpectFault(const LaunchResult& r, const char* api, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_EQ(r.fault->instruction, api);
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

TEST(HlWelford, UpdateFaultsAsTheChipsChecksDo) {
  const std::vector<float> zero(kAb, 0.0f);
  ExpectFault(RunUpdate<half>(0, zero, zero, kAb, 736).launch, "WelfordUpdate",
              "holds 736 bytes; it needs at least 768 (3 256-byte repeats)");
  ExpectFault(RunUpdate<float>(0, zero, zero, 0, 512).launch, "WelfordUpdate",
              "abComputeLength 0 must be in [1, abLength 32]");
  ExpectFault(RunUpdate<float>(0, zero, zero, kAb, 512, 2).launch, "WelfordUpdate",
              "rnLength is 2; it must be 1");
}

struct FinalizeOut {
  float mean = 0, var = 0;
  std::vector<float> rest;  // elements 1-7 of both outputs
  LaunchResult launch;
};

FinalizeOut RunFinalize(const std::vector<float>& mean, const std::vector<float>& var,
                        const std::vector<int32_t>* counts, WelfordFinalizePara para,
                        uint32_t tmp_bytes) {
  FinalizeOut o;
  o.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bm, bv, bc, bom, bov, bt;
    pipe.InitBuffer(bm, kAb * 4);
    pipe.InitBuffer(bv, kAb * 4);
    pipe.InitBuffer(bc, kAb * 4);
    pipe.InitBuffer(bom, 32);
    pipe.InitBuffer(bov, 32);
    pipe.InitBuffer(bt, std::max(tmp_bytes, 32u));
    LocalTensor<float> m = bm.Get<float>(), v = bv.Get<float>(), om = bom.Get<float>(),
                       ov = bov.Get<float>();
    LocalTensor<int32_t> c = bc.Get<int32_t>();
    Duplicate(om, -7.0f, 8);
    Duplicate(ov, -7.0f, 8);
    for (uint32_t j = 0; j < kAb; ++j) {
      m.SetValue(j, mean[j]);
      v.SetValue(j, var[j]);
      c.SetValue(j, counts != nullptr ? (*counts)[j] : 0);
    }
    const LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();
    if (counts != nullptr && tmp_bytes != 0) WelfordFinalize(om, ov, m, v, c, tmp, para);
    if (counts != nullptr && tmp_bytes == 0) WelfordFinalize(om, ov, m, v, c, para);
    if (counts == nullptr && tmp_bytes != 0) WelfordFinalize(om, ov, m, v, tmp, para);
    if (counts == nullptr && tmp_bytes == 0) WelfordFinalize(om, ov, m, v, para);
    o.mean = om.GetValue(0);
    o.var = ov.GetValue(0);
    for (uint32_t j = 1; j < 8; ++j) {
      o.rest.push_back(om.GetValue(j));
      o.rest.push_back(ov.GetValue(j));
    }
  });
  return o;
}

// n chunks of the reduce axis through WelfordUpdate, then WelfordFinalize (every form): the mean
// and variance of all n * 32 values.
TEST(HlWelford, UpdateThenFinalizeGivesTheWholeAxisStatistics) {
  constexpr uint32_t n = 5;
  std::vector<float> mean(kAb, 0.0f), var(kAb, 0.0f);
  std::vector<double> all;
  for (uint32_t chunk = 0; chunk < n; ++chunk) {
    const UpdateOut o = RunUpdate<float>(chunk, mean, var, kAb, 512);
    ASSERT_TRUE(o.launch.status.ok()) << o.launch.status.ToString();
    mean = o.mean;
    var = o.var;
    for (uint32_t j = 0; j < kAb; ++j) all.push_back(static_cast<float>(X(chunk, j)));
  }
  double want_mean = 0, want_var = 0;
  for (double v : all) want_mean += v;
  want_mean /= all.size();
  for (double v : all) want_var += (v - want_mean) * (v - want_mean);
  want_var /= all.size();
  const float ab_rec = 1.0f / kAb, r_rec = 1.0f / (n * kAb);
  const std::vector<int32_t> counts(kAb, n);
  for (bool with_counts : {false, true}) {
    for (uint32_t tmp : {1024u, 0u}) {
      const WelfordFinalizePara para{n, kAb, n, kAb, 0, 0, ab_rec, r_rec, r_rec};
      const FinalizeOut o = RunFinalize(mean, var, with_counts ? &counts : nullptr, para, tmp);
      ASSERT_TRUE(o.launch.status.ok()) << o.launch.status.ToString();
      EXPECT_NEAR(o.mean, want_mean, 1e-5 * std::max(1.0, std::abs(want_mean)))
          << with_counts << " " << tmp;
      EXPECT_NEAR(o.var, want_var, 1e-5 * std::max(1.0, want_var)) << with_counts << " " << tmp;
      for (float r : o.rest) EXPECT_EQ(r, 0.0f);
    }
  }
}

// Lanes with different counts (a tail): head lanes saw headCount values, the rest tailCount.
TEST(HlWelford, FinalizeWithATailWeighsTheLanes) {
  std::vector<float> mean(kAb), var(kAb);
  for (uint32_t j = 0; j < kAb; ++j) {
    mean[j] = static_cast<float>(std::cos(0.2 * j));
    var[j] = 0.5f + 0.01f * j;
  }
  constexpr uint32_t head = 20, head_count = 4, tail_count = 3;
  double total = head * head_count + (kAb - head) * tail_count, want_mean = 0, want_var = 0;
  auto weight = [&](uint32_t j) { return j < head ? head_count : tail_count; };
  for (uint32_t j = 0; j < kAb; ++j) want_mean += mean[j] * weight(j) / total;
  for (uint32_t j = 0; j < kAb; ++j) {
    const double d = mean[j] - static_cast<double>(static_cast<float>(want_mean));
    want_var += (var[j] + weight(j) * d * d) / total;
  }
  const float r_rec = static_cast<float>(1 / total);
  const WelfordFinalizePara para{1,          kAb,        head_count, head, tail_count,
                                 kAb - head, 1.0f / kAb, r_rec,      r_rec};
  const FinalizeOut o = RunFinalize(mean, var, nullptr, para, 1024);
  ASSERT_TRUE(o.launch.status.ok()) << o.launch.status.ToString();
  EXPECT_NEAR(o.mean, want_mean, 1e-6);
  EXPECT_NEAR(o.var, want_var, 1e-6);
  std::vector<int32_t> counts(kAb);
  for (uint32_t j = 0; j < kAb; ++j) counts[j] = static_cast<int32_t>(weight(j));
  const FinalizeOut c = RunFinalize(mean, var, &counts, para, 1024);
  ASSERT_TRUE(c.launch.status.ok());
  EXPECT_NEAR(c.mean, want_mean, 1e-6);
  EXPECT_NEAR(c.var, want_var, 1e-6);
}

TEST(HlWelford, FinalizeFaultsAsTheChipsChecksDo) {
  const std::vector<float> zero(kAb, 0.0f);
  const WelfordFinalizePara ok{1, kAb, 1, kAb, 0, 0, 1.0f / kAb, 1.0f / kAb, 1.0f / kAb};
  ExpectFault(RunFinalize(zero, zero, nullptr, ok, 992).launch, "WelfordFinalize",
              "holds 992 bytes; it needs at least 1024");
  WelfordFinalizePara split = ok;
  split.headCountLength = 16;
  ExpectFault(RunFinalize(zero, zero, nullptr, split, 1024).launch, "WelfordFinalize",
              "headCountLength 16 + tailCountLength 0 must be abLength 32");
  WelfordFinalizePara ragged = ok;
  ragged.abLength = 12;
  ragged.headCountLength = 12;
  ExpectFault(RunFinalize(zero, zero, nullptr, ragged, 1024).launch, "WelfordFinalize",
              "abLength 12 must be above 0 and whole 32-byte blocks");
}

}  // namespace opsim::sim::hl_welford_test
