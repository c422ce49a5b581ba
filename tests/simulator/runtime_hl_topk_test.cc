// The high-level TopK (lib/sort/topk.h) in Normal and Small mode, half and float, largest and
// smallest first, with and without srcIndexLocal, finishLocal and tmpLocal, against a scalar
// model (k rounds of picking the best remaining element: NaN first, then the larger score, then
// the earlier position), CANN's Small-mode example, and the documented rules as faults.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_topk_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kTkBuf = 8192;  // bytes per operand buffer

struct TkCase {
  int32_t outter, inner, n, k;
  bool largest = true;
  bool with_tmp = true;
  uint32_t tmp_bytes = 0;  // 0: the minimum GetTopKMaxMinTmpSize gives
  int32_t value_cap = 0;   // dstValueLocal elements when not 0 (a too-small buffer)
  bool overlap = false;    // dstIndexLocal over srcLocal
};

// Scores with ties, NaN, an infinity and both zeros; rows differ.
float TkScore(int32_t r, int32_t j) {
  if (j == 5) return NAN;
  if (j == 9) return INFINITY;
  if (j == 11) return -0.0f;
  if (j == 12) return 0.0f;
  return static_cast<float>(std::round(std::sin(0.7 * j + 3.0 * r) * 8.0) / 2.0);
}

template <typename T>
T TkSrcAt(const TkCase& c, int32_t r, int32_t j) {
  if (j >= c.n) return static_cast<T>(c.largest ? -INFINITY : INFINITY);  // the doc's padding
  return static_cast<T>(TkScore(r, j));
}

int32_t TkGivenIndex(bool small, int32_t r, int32_t j) { return (small ? 100 * r : 0) + j + 7; }

// The fields the 910B's TopK steers by, as TopKTilingFunc sets them (its figures are checked in
// opbase_hl5_tiling_test.cc).
TopkTiling TkTiling(const TkCase& c, bool is_float, bool small) {
  TopkTiling t;
  const int32_t per = is_float ? 2 : 4, k8 = (c.k + 7) / 8 * 8, k16 = (c.k + 15) / 16 * 16;
  t.allDataSize = c.inner * c.outter;
  t.kAlignFourBytes = k8;
  t.kAlignTwoBytes = small ? 0 : k16;
  t.innerDataSize = (small ? c.outter : 1) * c.inner * per;
  t.sortRepeat = small ? 0 : static_cast<uint32_t>(c.inner / 32);
  t.maskOffset = small ? c.outter * c.k : c.outter * (is_float ? k8 : k16);
  t.maskVreducev2FourBytes = small ? 0 : 2 * c.k;
  t.maskVreducev2TwoBytes = small ? 0 : 4 * c.k;
  if (small) {  // GatherMask's index words: k copies of 0b10, 16 to a word
    for (int32_t i = 0; i < c.k; ++i) {
      uint32_t& m = i < 16 ? t.vreduceIdxMask0 : t.vreduceIdxMask1;
      m = (m << 2) | 0b10u;
    }
  }
  return t;
}

struct TkResult {
  std::vector<uint8_t> values, indices;
  LaunchResult launch;
};

template <typename T, bool kInit, bool kFinish, TopKMode kMode>
TkResult RunTk(const TkCase& c, const TopkTiling& tiling) {
  constexpr bool kSmall = kMode == TopKMode::TOPK_NSMALL;
  TkResult res;
  res.values.assign(kTkBuf, 0);
  res.indices.assign(kTkBuf, 0);
  const uint32_t tmp =
      c.tmp_bytes != 0 ? c.tmp_bytes
                       : opsim::topk::MinTmpBytes910B(c.inner, c.outter, kInit, kMode, c.largest);
  res.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bv, bi, bs, bsi, bf, bt;
    pipe.InitBuffer(bv, kTkBuf);
    pipe.InitBuffer(bi, kTkBuf);
    pipe.InitBuffer(bs, kTkBuf);
    pipe.InitBuffer(bsi, kTkBuf);
    pipe.InitBuffer(bf, 32);
    pipe.InitBuffer(bt, tmp);
    LocalTensor<T> value = bv.Get<T>(), src = bs.Get<T>();
    if (c.value_cap != 0) value = bv.Get<T>(static_cast<uint32_t>(c.value_cap));
    LocalTensor<int32_t> index = c.overlap ? bs.Get<int32_t>() : bi.Get<int32_t>();
    LocalTensor<int32_t> src_index;
    LocalTensor<bool> finish;
    const bool fits = uint64_t{sizeof(T)} * c.outter * c.inner <= kTkBuf;  // not so in a fault case
    for (int32_t r = 0; fits && r < c.outter; ++r) {
      for (int32_t j = 0; j < c.inner; ++j) src.SetValue(r * c.inner + j, TkSrcAt<T>(c, r, j));
    }
    if (kInit) {
      src_index = bsi.Get<int32_t>();
      for (int32_t r = 0; r < (kSmall ? c.outter : 1); ++r) {
        for (int32_t j = 0; j < c.inner; ++j) {
          src_index.SetValue(r * c.inner + j, TkGivenIndex(kSmall, r, j));
        }
      }
    }
    if (kFinish) {
      finish = bf.Get<bool>();
      for (int32_t r = 0; r < 32; ++r) finish.SetValue(r, r == 1);
    }
    const TopKInfo info{c.outter, c.inner, c.n};
    if (c.with_tmp) {
      TopK<T, kInit, kFinish, false, kMode>(value, index, src, src_index, finish, bt.Get<uint8_t>(),
                                            c.k, tiling, info, c.largest);
    } else {
      TopK<T, kInit, kFinish, false, kMode>(value, index, src, src_index, finish, c.k, tiling, info,
                                            c.largest);
    }
    std::memcpy(res.values.data(), static_cast<const void*>(bv.Get<T>().data()), kTkBuf);
    std::memcpy(res.indices.data(), bi.Get<uint8_t>().data(), kTkBuf);
  });
  return res;
}

// The model: k rounds, each taking the best element not yet taken.
template <typename T, bool kInit, bool kFinish, TopKMode kMode>
void ExpectTk(const TkCase& c, const std::string& what) {
  constexpr bool kSmall = kMode == TopKMode::TOPK_NSMALL;
  constexpr bool kFloat = std::is_same_v<T, float>;
  const TkResult res = RunTk<T, kInit, kFinish, kMode>(c, TkTiling(c, kFloat, kSmall));
  ASSERT_TRUE(res.launch.status.ok()) << what << ": " << res.launch.status.ToString();
  const int32_t k8 = (c.k + 7) / 8 * 8, k16 = (c.k + 15) / 16 * 16;
  const int32_t vstride = kSmall ? c.k : (kFloat ? k8 : k16), istride = kSmall ? c.k : k8;
  for (int32_t r = 0; r < c.outter; ++r) {
    std::vector<bool> taken(static_cast<size_t>(c.inner), false);
    for (int32_t i = 0; i < c.k; ++i) {
      int32_t best = -1;
      float best_key = 0;
      for (int32_t j = 0; j < c.inner; ++j) {
        if (taken[static_cast<size_t>(j)]) continue;
        const float x = static_cast<float>(TkSrcAt<T>(c, r, j));
        const float key = c.largest ? x : -x;
        const bool better = best < 0 || (std::isnan(key) && !std::isnan(best_key)) ||
                            (!std::isnan(best_key) && !std::isnan(key) && key > best_key);
        if (better) {
          best = j;
          best_key = key;
        }
      }
      taken[static_cast<size_t>(best)] = true;
      const T want_v = TkSrcAt<T>(c, r, best);
      ASSERT_EQ(std::memcmp(res.values.data() + (r * vstride + i) * sizeof(T), &want_v, sizeof(T)),
                0)
          << what << ": value row " << r << " rank " << i << " (source position " << best << ")";
      int32_t want_i = kInit ? TkGivenIndex(kSmall, kSmall ? r : 0, best) : best;
      if (kFinish && r == 1) want_i = c.n;
      int32_t got_i;
      std::memcpy(&got_i, res.indices.data() + (r * istride + i) * 4, 4);
      ASSERT_EQ(got_i, want_i) << what << ": index row " << r << " rank " << i;
    }
  }
}

TEST(HlTopK, NormalModeMatchesTheModel) {
  ExpectTk<float, false, false, TopKMode::TOPK_NORMAL>({2, 64, 60, 5}, "float, 2x64, k 5");
  ExpectTk<float, true, false, TopKMode::TOPK_NORMAL>({3, 160, 150, 17, false, false},
                                                      "float, smallest, given index, no tmp");
  ExpectTk<half, false, false, TopKMode::TOPK_NORMAL>({2, 128, 128, 20}, "half, 2x128, k 20");
  ExpectTk<half, true, false, TopKMode::TOPK_NORMAL>({1, 32, 20, 20, false},
                                                     "half, smallest, k = n");
  ExpectTk<float, false, false, TopKMode::TOPK_NORMAL>({1, 544, 544, 40}, "float, 17 runs");
}

// A tiling made for more rows (a kernel's largest tile) computes these rows as the chip does.
TEST(HlTopK, ATilingForMoreRowsServes) {
  const TkCase c{2, 64, 60, 5, false};
  const TopkTiling more = TkTiling({4, 64, 60, 5}, true, false);
  const TkResult r = RunTk<float, false, false, TopKMode::TOPK_NORMAL>(c, more);
  ASSERT_TRUE(r.launch.status.ok()) << r.launch.status.ToString();
  const TkResult same =
      RunTk<float, false, false, TopKMode::TOPK_NORMAL>(c, TkTiling(c, true, false));
  ASSERT_TRUE(same.launch.status.ok()) << same.launch.status.ToString();
  for (uint32_t i = 0; i < 2 * 8; ++i) {
    if (i % 8 >= 5) continue;  // k_pad slots are not written
    EXPECT_EQ(std::memcmp(r.values.data() + i * 4, same.values.data() + i * 4, 4), 0) << i;
    EXPECT_EQ(std::memcmp(r.indices.data() + i * 4, same.indices.data() + i * 4, 4), 0) << i;
  }
}

TEST(HlTopK, FinishedRowsGetIndexN) {
  ExpectTk<float, true, true, TopKMode::TOPK_NORMAL>({3, 32, 30, 5, false}, "float, finish");
  ExpectTk<half, false, true, TopKMode::TOPK_NORMAL>({2, 64, 50, 9, true, false}, "half, finish");
}

TEST(HlTopK, SmallModeMatchesTheModel) {
  ExpectTk<float, false, false, TopKMode::TOPK_NSMALL>({4, 32, 17, 8}, "float small");
  ExpectTk<float, true, false, TopKMode::TOPK_NSMALL>({3, 32, 32, 32, false}, "float small k 32");
  ExpectTk<half, true, false, TopKMode::TOPK_NSMALL>({5, 32, 25, 3}, "half small");
  ExpectTk<half, false, false, TopKMode::TOPK_NSMALL>({2, 32, 32, 16, false, false},
                                                      "half small, smallest, no tmp");
}

// TopK's page, Small-mode example: row 0 of its (4, 17) float source padded with -inf, k 8.
TEST(HlTopK, CannsSmallModeExampleRow) {
  const float row[17] = {55492.18f,  27748.229f,  -51100.11f,  19276.926f, 14828.149f, -20771.824f,
                         57553.4f,   -21504.092f, -57423.414f, 142.36443f, -5223.254f, 54669.473f,
                         54519.184f, 10165.924f,  -658.4564f,  2264.2397f, -52942.883f};
  const int32_t want[8] = {6, 0, 11, 12, 1, 3, 4, 13};
  TopkTiling t;
  t.allDataSize = 32;
  t.kAlignFourBytes = 8;
  t.innerDataSize = 64;
  t.maskOffset = 8;
  t.vreduceIdxMask0 = 0xAAAA;  // 8 indices
  std::vector<int32_t> got(8, -1);
  const LaunchResult launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bv, bi, bs, bsi, bt;
    for (auto* b : {&bv, &bi, &bs, &bsi}) pipe.InitBuffer(*b, 128);
    pipe.InitBuffer(bt, 32 * 8 + 64);
    LocalTensor<float> src = bs.Get<float>();
    LocalTensor<int32_t> src_index = bsi.Get<int32_t>();
    for (int32_t j = 0; j < 32; ++j) {
      src.SetValue(j, j < 17 ? row[j] : -INFINITY);
      src_index.SetValue(j, j);
    }
    LocalTensor<bool> finish;
    TopK<float, true, false, false, TopKMode::TOPK_NSMALL>(bv.Get<float>(), bi.Get<int32_t>(), src,
                                                           src_index, finish, bt.Get<uint8_t>(), 8,
                                                           t, TopKInfo{1, 32, 17}, true);
    for (int32_t i = 0; i < 8; ++i) got[i] = bi.Get<int32_t>().GetValue(i);
  });
  ASSERT_TRUE(launch.status.ok()) << launch.status.ToString();
  for (int32_t i = 0; i < 8; ++i) EXPECT_EQ(got[i], want[i]) << i;
}

template <bool kFinish = false, TopKMode kMode = TopKMode::TOPK_NORMAL>
void ExpectTkFault(const TkCase& c, const std::string& text, const TopkTiling* tiling = nullptr) {
  const TkResult r = RunTk<float, false, kFinish, kMode>(
      c, tiling != nullptr ? *tiling : TkTiling(c, true, kMode == TopKMode::TOPK_NSMALL));
  ASSERT_TRUE(r.launch.fault.has_value()) << text;
  EXPECT_EQ(r.launch.fault->instruction, "TopK");
  EXPECT_NE(r.launch.fault->message.find(text), std::string::npos) << r.launch.fault->message;
}

TEST(HlTopK, DocumentedRulesFault) {
  ExpectTkFault({2, 64, 60, 61}, "k 61 must be in [1, topKInfo.n 60]");
  ExpectTkFault({2, 64, 60, 0}, "k 0 must be in [1, topKInfo.n 60]");
  ExpectTkFault({2, 48, 40, 4}, "topKInfo.inner 48 must be a positive multiple of 32");
  ExpectTkFault({2, 64, 65, 4}, "topKInfo.n 65 must be in [1, topKInfo.inner 64]");
  ExpectTkFault({0, 64, 60, 4}, "topKInfo.outter 0 must be at least 1");
  ExpectTkFault({1, 4128, 4128, 4}, "topKInfo.inner 4128 must be at most 4096 in Normal mode");
  ExpectTkFault<false, TopKMode::TOPK_NSMALL>({2, 64, 64, 4},
                                              "must be 32 in Small mode (TOPK_NSMALL)");
  ExpectTkFault<true, TopKMode::TOPK_NSMALL>({2, 32, 32, 4}, "isHasfinish must be false");
  TkCase small_tmp{2, 64, 60, 4};
  small_tmp.tmp_bytes = 20 * 64 - 32;
  ExpectTkFault(small_tmp, "tmpLocal holds 1248 bytes; this call needs at least 1280");
  TkCase other{2, 64, 60, 4};
  TopkTiling stale = TkTiling({2, 96, 60, 4}, true, false);
  ExpectTkFault(other, "tilling.innerDataSize is 192; TopKTilingFunc gives 128", &stale);
  TkCase smallest{3, 64, 60, 4, false};
  TopkTiling fewer = TkTiling({2, 64, 60, 4}, true, false);
  ExpectTkFault(smallest, "tilling.maskOffset is 16; this call's rows need 24", &fewer);
  TkCase small_k{2, 32, 32, 9};
  TopkTiling other_k = TkTiling({2, 32, 32, 8}, true, true);
  ExpectTkFault<false, TopKMode::TOPK_NSMALL>(small_k, "tilling.vreduceIdxMask0 is 43690",
                                              &other_k);
  TkCase tiny{2, 64, 60, 4};
  tiny.value_cap = 12;  // under outter * k_pad = 16
  const TkResult r =
      RunTk<float, false, false, TopKMode::TOPK_NORMAL>(tiny, TkTiling(tiny, true, false));
  ASSERT_TRUE(r.launch.fault.has_value());
  EXPECT_EQ(r.launch.fault->instruction, "TopK");
  TkCase overlap{2, 64, 60, 4};
  overlap.overlap = true;
  ExpectTkFault(overlap, "dstIndexLocal and srcLocal overlap");
}

}  // namespace opsim::sim::hl_topk_test
