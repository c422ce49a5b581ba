// GetReduceRepeatMaxMinSpr / GetReduceMaxMinCount: MAX_MIN_CNT after ReduceRepeat<MAX/MIN>,
// WholeReduceMax/Min and ReduceMax/ReduceMin against a scalar model (the extreme over every
// repeat's enabled lanes and its position in the contiguous source), half and float, and the
// faults of the page's rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

template <typename T>
std::vector<T> MaxMinSprInput(uint32_t n, uint32_t salt) {
  std::vector<T> v(n);
  for (uint32_t i = 0; i < n; ++i) {
    // Distinct small integers (exact in half), shuffled.
    v[i] = static_cast<T>(static_cast<float>((i * 613u + salt) % 1021u) - 500.0f);
  }
  return v;
}

template <typename T>
void MaxMinSprLoad(const LocalTensor<T>& t, const std::vector<T>& v) {
  std::memcpy(static_cast<void*>(t.data()), v.data(), v.size() * sizeof(T));
  detail::HostWroteUb(t.ref());
}

// The model: first extreme over lanes [0, mask) of each repeat; its global index.
template <typename T>
void MaxMinSprModel(const std::vector<T>& src, bool max, uint32_t mask, uint32_t repeat,
                    float* value, uint32_t* index) {
  constexpr uint32_t kPer = 256 / sizeof(T);
  bool have = false;
  for (uint32_t r = 0; r < repeat; ++r) {
    for (uint32_t i = 0; i < mask; ++i) {
      const float v = static_cast<float>(src[r * kPer + i]);
      if (!have || (max ? v > *value : v < *value)) {
        *value = v;
        *index = r * kPer + i;
        have = true;
      }
    }
  }
}

// kForm: 0 ReduceRepeat<> int mask (value and index), 1 ReduceRepeat<> int mask value only,
// 2 ReduceRepeat<> bit mask, 3 WholeReduceMax/Min int mask.
template <typename T>
void CheckMaxMinSpr(int form, bool max, uint32_t mask, uint32_t repeat) {
  constexpr uint32_t kPer = 256 / sizeof(T);
  const std::vector<T> src = MaxMinSprInput<T>(kPer * 8, 11 + repeat);
  T value{}, index{};
  uint32_t value_bits = 0, index_bits = 0;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 2048);
    pipe.InitBuffer(b, 2048);
    LocalTensor<T> ts = a.Get<T>(), td = b.Get<T>();
    MaxMinSprLoad(ts, src);
    const int32_t m = static_cast<int32_t>(mask), n = static_cast<int32_t>(repeat);
    const uint64_t bits[2] = {mask >= 64 ? ~0ull : (1ull << mask) - 1,
                              mask >= 128  ? ~0ull
                              : mask <= 64 ? 0
                                           : (1ull << (mask - 64)) - 1};
    if (form == 0 && max) ReduceRepeat<ReduceType::MAX>(td, ts, m, n, 1, 1, 8);
    if (form == 0 && !max) ReduceRepeat<ReduceType::MIN>(td, ts, m, n, 1, 1, 8);
    if (form == 1 && max) {
      ReduceRepeat<ReduceType::MAX>(td, ts, m, n, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);
    }
    if (form == 1 && !max) {
      ReduceRepeat<ReduceType::MIN>(td, ts, m, n, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);
    }
    if (form == 2 && max) ReduceRepeat<ReduceType::MAX>(td, ts, bits, n, 1, 1, 8);
    if (form == 2 && !max) ReduceRepeat<ReduceType::MIN>(td, ts, bits, n, 1, 1, 8);
    if (form == 3 && max) WholeReduceMax(td, ts, m, n, 1, 1, 8);
    if (form == 3 && !max) WholeReduceMin(td, ts, m, n, 1, 1, 8);
    GetReduceRepeatMaxMinSpr<T>(value, index);
    GetReduceMaxMinCount<T>(value_bits, index_bits);
  });
  ASSERT_TRUE(r.status.ok()) << (r.fault ? r.fault->ToString() : r.status.ToString());
  float want = 0;
  uint32_t want_index = 0;
  MaxMinSprModel(src, max, mask, repeat, &want, &want_index);
  EXPECT_EQ(static_cast<float>(value), want) << "form " << form << " mask " << mask;
  uint32_t got_index = 0;
  std::memcpy(&got_index, static_cast<const void*>(&index),
              sizeof(T));  // the page: read the index as T's bits
  EXPECT_EQ(got_index, want_index) << "form " << form << " mask " << mask;
  T from_bits;
  std::memcpy(static_cast<void*>(&from_bits), &value_bits, sizeof(T));
  EXPECT_EQ(static_cast<float>(from_bits), want);
  EXPECT_EQ(index_bits, want_index);
}

TEST(VectorMaxMinSpr, ReduceRepeatAndWholeReduceInEveryForm) {
  for (int form = 0; form < 4; ++form) {
    for (const bool max : {true, false}) {
      CheckMaxMinSpr<float>(form, max, 64, 3);
      CheckMaxMinSpr<float>(form, max, 37, 5);
      CheckMaxMinSpr<half>(form, max, 128, 4);
      CheckMaxMinSpr<half>(form, max, 100, 1);
    }
  }
}

TEST(VectorMaxMinSpr, ReduceMaxGivesTheValueOnly) {
  // ReduceMax/ReduceMin (count and level-0 forms): the value is exact; the page says the index
  // is not, and opsim leaves all ones there.
  const std::vector<float> src = MaxMinSprInput<float>(300, 3);
  float want_max = src[0], want_min = src[0];
  for (const float v : src) {
    want_max = std::max(want_max, v);
    want_min = std::min(want_min, v);
  }
  float v0 = 0, i0 = 0, v1 = 0, i1 = 0;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, 2048);
    pipe.InitBuffer(b, 64);
    pipe.InitBuffer(c, 256);
    MaxMinSprLoad(a.Get<float>(), src);
    ReduceMax(b.Get<float>(), a.Get<float>(), c.Get<float>(), 300, true);
    GetReduceRepeatMaxMinSpr<float>(v0, i0);
    ReduceMin(b.Get<float>(), a.Get<float>(), c.Get<float>(), 64, 4, 8);
    GetReduceRepeatMaxMinSpr<float>(v1, i1);
  });
  ASSERT_TRUE(r.status.ok()) << (r.fault ? r.fault->ToString() : r.status.ToString());
  EXPECT_EQ(v0, want_max);
  float min256 = src[0];
  for (int k = 0; k < 256; ++k) min256 = std::min(min256, src[k]);
  EXPECT_EQ(v1, min256);
  uint32_t bits0 = 0, bits1 = 0;
  std::memcpy(&bits0, &i0, 4);
  std::memcpy(&bits1, &i1, 4);
  EXPECT_EQ(bits0, 0xFFFFFFFFu);
  EXPECT_EQ(bits1, 0xFFFFFFFFu);
}

TEST(VectorMaxMinSpr, ZeroAtTheStartAndSumsLeaveItAlone) {
  float v0 = 1, i0 = 1, v1 = 0, i1 = 0;
  const std::vector<float> src = MaxMinSprInput<float>(64, 5);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    MaxMinSprLoad(a.Get<float>(), src);
    GetReduceRepeatMaxMinSpr<float>(v0, i0);
    ReduceRepeat<ReduceType::MAX>(b.Get<float>(), a.Get<float>(), 64, 1, 1, 1, 8);
    ReduceRepeat<ReduceType::SUM>(b.Get<float>(), a.Get<float>(), 64, 1, 1, 1, 8);
    GetReduceRepeatMaxMinSpr<float>(v1, i1);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(v0, 0.0f);
  EXPECT_EQ(i0, 0.0f);
  float want = 0;
  uint32_t want_index = 0;
  MaxMinSprModel(src, true, 64, 1, &want, &want_index);
  EXPECT_EQ(v1, want);
}

LaunchResult MaxMinSprFaultCase(int which) {
  return RunOne([which] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 1024);
    pipe.InitBuffer(b, 1024);
    LocalTensor<float> ts = a.Get<float>(), td = b.Get<float>();
    Duplicate(ts, 1.0f, 256);
    float v = 0, i = 0;
    half hv, hi;
    switch (which) {
      case 0:  // counter mode
        SetMaskCount();
        ReduceRepeat<ReduceType::MAX>(td, ts, 100, 1, 1, 1, 8);
        SetMaskNorm();
        GetReduceRepeatMaxMinSpr<float>(v, i);
        break;
      case 1:  // repeats 16 blocks apart
        ReduceRepeat<ReduceType::MAX>(td, ts, 64, 2, 1, 1, 16);
        GetReduceRepeatMaxMinSpr<float>(v, i);
        break;
      case 2:  // a float reduction read as half
        ReduceRepeat<ReduceType::MIN>(td, ts, 64, 2, 1, 1, 8);
        GetReduceRepeatMaxMinSpr<half>(hv, hi);
        break;
      case 3:  // the value-only form (the 310P's)
        GetReduceRepeatMaxMinSpr<float>(v);
        break;
    }
  });
}

TEST(VectorMaxMinSpr, FaultsOfEachRule) {
  const FaultKind want[] = {FaultKind::kUnsupported, FaultKind::kUnsupported,
                            FaultKind::kInvalidArgument, FaultKind::kUnsupported};
  const char* says[] = {"counter mode", "srcRepStride", "float16", "value-only"};
  for (int i = 0; i < 4; ++i) {
    const LaunchResult r = MaxMinSprFaultCase(i);
    ASSERT_TRUE(r.fault.has_value()) << "case " << i;
    EXPECT_EQ(r.fault->kind, want[i]) << r.fault->ToString();
    EXPECT_NE(r.fault->message.find(says[i]), std::string::npos) << r.fault->ToString();
  }
}

}  // namespace
}  // namespace opsim::sim
