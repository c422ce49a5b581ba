// Sort (Sort32 then the full merge), Extract, Concat, MrgSort and GetMrgSortResult (hl_sort.h)
// against a scalar model: a stable sort, largest score first, NaN first, equal scores in list
// order; and the documented rules as faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_sort_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kMax = 256;  // proposals per tile

struct Pair {
  double score;
  uint32_t index;
};

double Key(double v) { return std::isnan(v) ? HUGE_VAL : v; }

// Scores with ties and a NaN, rounded to T.
template <typename T>
std::vector<double> Scores(uint32_t n, uint32_t seed) {
  std::vector<double> s(n);
  for (uint32_t i = 0; i < n; ++i) {
    s[i] = static_cast<float>(static_cast<T>(std::round(std::sin(seed + 1.7 * i) * 20) / 4));
  }
  if (n > 7) s[7] = NAN;
  return s;
}

std::vector<Pair> StableSorted(std::vector<Pair> v) {
  std::stable_sort(v.begin(), v.end(),
                   [](const Pair& a, const Pair& b) { return Key(a.score) > Key(b.score); });
  return v;
}

void ExpectPairs(const std::vector<Pair>& got, const std::vector<Pair>& want,
                 const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_EQ(got[i].index, want[i].index) << what << " at " << i;
    if (std::isnan(want[i].score)) {
      ASSERT_TRUE(std::isnan(got[i].score)) << what << " at " << i;
    } else {
      ASSERT_EQ(got[i].score, want[i].score) << what << " at " << i;
    }
  }
}

struct Tiles {
  LocalTensor<uint8_t> a, b, c, d, e;
};
LaunchResult RunTiles(const std::function<void(const Tiles&)>& body) {
  return RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba, bb, bc, bd, be;
    for (auto* b : {&ba, &bb, &bc, &bd, &be}) pipe.InitBuffer(*b, kMax * 8);
    body({ba.Get<uint8_t>(), bb.Get<uint8_t>(), bc.Get<uint8_t>(), bd.Get<uint8_t>(),
          be.Get<uint8_t>()});
  });
}

template <typename T>
void Fill(const LocalTensor<T>& scores, const LocalTensor<uint32_t>& index,
          const std::vector<double>& s) {
  for (uint32_t i = 0; i < s.size(); ++i) {
    scores.SetValue(i, static_cast<T>(s[i]));
    index.SetValue(i, i);
  }
}

template <typename T>
std::vector<Pair> Read(const LocalTensor<T>& values, const LocalTensor<uint32_t>& index,
                       uint32_t n) {
  std::vector<Pair> out(n);
  for (uint32_t i = 0; i < n; ++i) {
    out[i] = {static_cast<float>(values.GetValue(i)), index.GetValue(i)};
  }
  return out;
}

template <typename T, bool kFull>
void ExpectSort(int32_t repeat) {
  const uint32_t n = repeat * 32;
  const std::vector<double> s = Scores<T>(n, repeat);
  std::vector<Pair> got;
  const LaunchResult r = RunTiles([&](const Tiles& t) {
    LocalTensor<T> src = t.a.ReinterpretCast<T>(), concat, dst = t.b.ReinterpretCast<T>(),
                   tmp = t.c.ReinterpretCast<T>(), values = t.e.ReinterpretCast<T>();
    LocalTensor<uint32_t> index = t.d.ReinterpretCast<uint32_t>();
    Fill(src, index, s);
    Concat(concat, src, tmp, repeat);
    Sort<T, kFull>(dst, concat, index, tmp, repeat);
    LocalTensor<uint32_t> out_index = t.a.ReinterpretCast<uint32_t>();  // src is done with
    Extract(values, out_index, dst, repeat);
    got = Read(values, out_index, n);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<Pair> in(n);
  for (uint32_t i = 0; i < n; ++i) in[i] = {s[i], i};
  std::vector<Pair> want;
  for (uint32_t start = 0; start < n; start += kFull ? n : 32) {
    const uint32_t end = kFull ? n : start + 32;
    const std::vector<Pair> part =
        StableSorted(std::vector<Pair>(in.begin() + start, in.begin() + end));
    want.insert(want.end(), part.begin(), part.end());
  }
  ExpectPairs(got, want,
              std::string(sizeof(T) == 2 ? "half" : "float") + (kFull ? " full" : " per 32") +
                  " repeat " + std::to_string(repeat));
}

TEST(HlSort, SortAndExtractMatchAStableSort) {
  for (int32_t repeat : {1, 2, 4, 5, 7}) {
    ExpectSort<float, true>(repeat);
    ExpectSort<half, true>(repeat);
    ExpectSort<float, false>(repeat);
    ExpectSort<half, false>(repeat);
  }
}

TEST(HlSort, SortLenAndOffsetCountElementsOfT) {
  EXPECT_EQ(GetSortLen<half>(32), 128u);
  EXPECT_EQ(GetSortLen<float>(32), 64u);
  EXPECT_EQ(GetSortOffset<half>(5), 20u);
  EXPECT_EQ(GetSortOffset<float>(5), 10u);
}

// Lists sorted by Sort32 (scores of list k from seed k), merged by MrgSort.
template <typename T>
void ExpectMerge(std::vector<uint16_t> lengths, uint16_t valid_bit, bool suspend) {
  const int lists = valid_bit == 0b11 ? 2 : valid_bit == 0b111 ? 3 : 4;
  std::vector<std::vector<Pair>> sorted(lists);
  std::vector<Pair> got;
  uint32_t sorted_num[4] = {9, 9, 9, 9};
  uint16_t result[4] = {9, 9, 9, 9};
  const LaunchResult r = RunTiles([&](const Tiles& t) {
    LocalTensor<T> scores = t.a.ReinterpretCast<T>(), proposals = t.b.ReinterpretCast<T>();
    LocalTensor<uint32_t> index = t.d.ReinterpretCast<uint32_t>();
    // List k: 32 proposals at proposal 32 * k, sorted; its first lengths[k] are merged.
    std::vector<double> s;
    for (int k = 0; k < lists; ++k) {
      const std::vector<double> part = Scores<T>(32, k * 3);
      s.insert(s.end(), part.begin(), part.end());
    }
    Fill(scores, index, s);
    Sort32(proposals, scores, index, lists);
    LocalTensor<T> empty;
    MrgSortSrcList<T> list(proposals, proposals[GetSortOffset<T>(32)],
                           lists > 2 ? proposals[GetSortOffset<T>(64)] : empty,
                           lists > 3 ? proposals[GetSortOffset<T>(96)] : empty);
    LocalTensor<T> dst = t.c.ReinterpretCast<T>(), values = t.e.ReinterpretCast<T>();
    const uint16_t counts[4] = {lengths[0], lengths[1], lengths[2], lengths[3]};
    if (suspend) {
      MrgSort<T, true>(dst, list, counts, sorted_num, valid_bit, 1);
    } else {
      MrgSort<T, false>(dst, list, counts, sorted_num, valid_bit, 1);
    }
    GetMrgSortResult(result[0], result[1], result[2], result[3]);
    uint32_t total = 0;
    for (int k = 0; k < lists; ++k) total += lengths[k];
    LocalTensor<uint32_t> out_index = t.a.ReinterpretCast<uint32_t>();
    Extract(values, out_index, dst, (total + 31) / 32);
    got = Read(values, out_index, total);
    for (int k = 0; k < lists; ++k) {
      std::vector<Pair> in(32);
      for (uint32_t i = 0; i < 32; ++i) in[i] = {s[32 * k + i], 32 * k + i};
      sorted[k] = StableSorted(in);
      sorted[k].resize(lengths[k]);
    }
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  // The model: repeatedly the largest head, the lower list on ties.
  std::vector<Pair> want;
  size_t pos[4] = {0, 0, 0, 0};
  for (;;) {
    int best = -1;
    for (int k = 0; k < lists; ++k) {
      if (pos[k] == sorted[k].size()) continue;
      if (best < 0 || Key(sorted[k][pos[k]].score) > Key(sorted[best][pos[best]].score)) best = k;
    }
    if (best < 0) break;
    want.push_back(sorted[best][pos[best]++]);
    if (suspend && pos[best] == sorted[best].size()) break;
  }
  got.resize(want.size());
  ExpectPairs(got, want, "merge of " + std::to_string(lists) + " lists");
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(result[k], k < lists ? pos[k] : 0) << "GetMrgSortResult list " << k;
    if (suspend) {
      EXPECT_EQ(sorted_num[k], k < lists ? pos[k] : 0) << "sortedNum " << k;
    }
  }
}

TEST(HlSort, MrgSortMergesTwoToFourLists) {
  ExpectMerge<float>({5, 32, 0, 0}, 0b11, false);
  ExpectMerge<half>({17, 3, 30, 0}, 0b111, false);
  ExpectMerge<float>({32, 0, 7, 12}, 0b1111, false);
  ExpectMerge<half>({9, 20, 11, 32}, 0b1111, false);
}

TEST(HlSort, MrgSortStopsWhenAListIsExhausted) {
  ExpectMerge<float>({4, 32, 32, 32}, 0b1111, true);
  ExpectMerge<half>({30, 2, 0, 0}, 0b11, true);
}

TEST(HlSort, MrgSortRepeatsOverContiguousLists) {
  // Two repeats of four contiguous runs of 16 proposals: each repeat merges its own four.
  std::vector<Pair> got;
  std::vector<double> s = Scores<float>(128, 11);
  const LaunchResult r = RunTiles([&](const Tiles& t) {
    LocalTensor<float> scores = t.a.ReinterpretCast<float>(), runs = t.b.ReinterpretCast<float>();
    LocalTensor<uint32_t> index = t.d.ReinterpretCast<uint32_t>();
    Fill(scores, index, s);
    Sort32(runs, scores, index, 4);
    // Runs of 16: each half of a Sort32 block is itself sorted.
    MrgSortSrcList<float> list(runs, runs[32], runs[64], runs[96]);
    const uint16_t counts[4] = {16, 16, 16, 16};
    MrgSort4Info info(counts, false, 0b1111, 2);
    LocalTensor<float> dst = t.c.ReinterpretCast<float>(), values = t.e.ReinterpretCast<float>();
    MrgSort(dst, list, info);
    LocalTensor<uint32_t> out_index = t.a.ReinterpretCast<uint32_t>();
    Extract(values, out_index, dst, 4);
    got = Read(values, out_index, 128);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int rep = 0; rep < 2; ++rep) {
    std::vector<Pair> merged;
    for (int k = 0; k < 4; ++k) {
      const int block = (rep * 64 + k * 16) / 32, half_of = (k % 2) * 16;
      std::vector<Pair> in(32);
      for (int i = 0; i < 32; ++i) in[i] = {s[block * 32 + i], uint32_t(block * 32 + i)};
      const std::vector<Pair> run = StableSorted(in);
      merged.insert(merged.end(), run.begin() + half_of, run.begin() + half_of + 16);
    }
    const std::vector<Pair> want = StableSorted(merged);
    ExpectPairs(std::vector<Pair>(got.begin() + rep * 64, got.begin() + rep * 64 + 64), want,
                "repeat " + std::to_string(rep));
  }
}

void ExpectFault(const LaunchResult& r, const std::string& api, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->instruction, api);
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

TEST(HlSort, DocumentedRulesFault) {
  auto merge = [](uint16_t valid_bit, uint16_t length, int32_t repeat) {
    return RunTiles([&](const Tiles& t) {
      LocalTensor<float> p = t.b.ReinterpretCast<float>();
      Duplicate(p, 1.0f, kMax * 2);
      MrgSortSrcList<float> list(p, p, p, p);
      const uint16_t counts[4] = {length, 1, 1, 1};
      MrgSort4Info info(counts, false, valid_bit, static_cast<uint16_t>(repeat));
      MrgSort(t.c.ReinterpretCast<float>(), list, info);
    });
  };
  ExpectFault(merge(0b0101, 4, 1), "MrgSort", "validBit 5 is not 0b11, 0b111 or 0b1111");
  ExpectFault(merge(0b11, 4, 0), "MrgSort", "repeatTime 0 is outside [1, 255]");
  ExpectFault(merge(0b11, 4096, 1), "MrgSort", "elementCountList[0] is 4096");
  const LaunchResult small = RunTiles([](const Tiles& t) {
    LocalTensor<float> src = t.a.ReinterpretCast<float>(), dst = t.b.ReinterpretCast<float>();
    LocalTensor<uint32_t> index = t.d.ReinterpretCast<uint32_t>();
    for (uint32_t i = 0; i < 64; ++i) {
      src.SetValue(i, 1.0f);
      index.SetValue(i, i);
    }
    LocalTensor<float> tmp = t.c.ReinterpretCast<float>()[GetSortLen<float>(kMax - 40)];
    Sort<float, true>(dst, src, index, tmp, 2);
  });
  ExpectFault(small, "Sort",
              "tmp holds 320 bytes; the full sort of 64 proposals needs at least 512");
  const LaunchResult extract = RunTiles([](const Tiles& t) {
    Extract(t.a.ReinterpretCast<float>(), t.d.ReinterpretCast<uint32_t>(),
            t.b.ReinterpretCast<float>(), 256);
  });
  ExpectFault(extract, "Extract", "repeatTime 256 is outside [0, 255]");
}

}  // namespace opsim::sim::hl_sort_test
