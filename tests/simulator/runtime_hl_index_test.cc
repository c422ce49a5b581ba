// The high-level Arange (lib/index/arithprogression.h): every type against a scalar model of the
// documented sequence (the first block by the scalar unit, then block-wise and repeat-wise adds),
// the whole blocks the chip writes past count, and the documented rules as faults.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/hl_test_util.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_index_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kTileBytes = 2048;

template <typename T>
T Sentinel() {
  return static_cast<T>(123);
}

template <typename T>
struct Result {
  std::vector<T> out;  // the whole tile
  LaunchResult launch;
};

template <typename T>
Result<T> RunArange(T first, T diff, int32_t count, uint32_t dst_bytes = kTileBytes) {
  Result<T> r;
  r.out.assign(kTileBytes / sizeof(T), Sentinel<T>());
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, kTileBytes);
    LocalTensor<T> all = buf.Get<T>();
    std::memcpy(all.data(), r.out.data(), kTileBytes);
    detail::HostWroteUb(all.ref());
    LocalTensor<T> dst = buf.Get<T>(dst_bytes / sizeof(T));
    Arange<T>(dst, first, diff, count);
    std::memcpy(r.out.data(), all.data(), kTileBytes);
  });
  return r;
}

// The documented sequence, element by element: the adds in T's own arithmetic (a half add rounds
// once; integers wrap).
template <typename T>
T Add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<int64_t>(a) + static_cast<int64_t>(b));
  } else {
    return static_cast<T>(static_cast<float>(a) + static_cast<float>(b));
  }
}
template <typename T>
T Times(T v, int64_t n) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<int64_t>(v) * n);
  } else {
    return static_cast<T>(static_cast<float>(v) * static_cast<float>(n));
  }
}
template <typename T>
std::vector<T> Model(T first, T diff, int64_t n) {
  const int64_t block = 32 / sizeof(T), repeat = 256 / sizeof(T);
  std::vector<T> v(n);
  for (int64_t i = 0; i < n; ++i) {
    if (i < block && std::is_integral_v<T>) {
      v[i] = Add(first, Times(diff, i));
    } else if (i < block) {  // the scalar unit, in float (CANN computes half's first block so)
      v[i] = static_cast<T>(static_cast<float>(first) +
                            static_cast<float>(diff) * static_cast<float>(i));
    } else if (i < repeat) {
      v[i] = Add(v[i - block], Times(diff, block));
    } else {
      v[i] = Add(v[i - repeat], Times(diff, repeat));
    }
  }
  return v;
}

template <typename T>
double Show(T v) {
  if constexpr (std::is_integral_v<T>) {
    return v;
  } else {
    return hl_test::ToD(v);
  }
}

template <typename T>
void ExpectSequence(double first, double diff, int32_t count) {
  const T f = static_cast<T>(first), d = static_cast<T>(diff);
  const Result<T> r = RunArange<T>(f, d, count);
  const std::string what = std::string(sizeof(T) == 4 ? "32-bit" : "16-bit") + " count " +
                           std::to_string(count) + " first " + std::to_string(first);
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  const int64_t block = 32 / sizeof(T);
  // What the chip writes: count rounded up to whole blocks (a single block only up to count).
  const int64_t written = count <= block ? count : (count + block - 1) / block * block;
  const std::vector<T> want = Model<T>(f, d, written);
  for (int64_t i = 0; i < written; ++i) {
    ASSERT_EQ(std::memcmp(&r.out[i], &want[i], sizeof(T)), 0)
        << what << " at " << i << ": " << Show(r.out[i]) << " want " << Show(want[i]);
    // And the sequence it approximates.
    const double exact = first + diff * static_cast<double>(i);
    if (std::is_integral_v<T>) {
      EXPECT_EQ(static_cast<double>(r.out[i]), exact) << what << " at " << i;
    } else {
      EXPECT_NEAR(Show(r.out[i]), exact, std::abs(exact) * 4e-3 + 1e-6) << what;
    }
  }
  const T sentinel = Sentinel<T>();
  for (size_t i = written; i < r.out.size(); ++i) {
    ASSERT_EQ(std::memcmp(&r.out[i], &sentinel, sizeof(T)), 0) << what << " wrote " << i;
  }
}
TEST(HlArange, EveryTypeAndLengthMatchesTheModel) {
  for (int32_t count : {1, 5, 8, 13, 16, 64, 77, 128, 300}) {
    ExpectSequence<float>(-3.25, 0.375, count);
    ExpectSequence<float>(0.1, 0.1, count);  // inexact: the adds' rounding shows
    ExpectSequence<half>(-3.25, 0.375, count);
    ExpectSequence<half>(0.1, 0.03, count);
    ExpectSequence<int32_t>(-100, 7, count);
    ExpectSequence<int16_t>(-100, 3, count);
  }
  ExpectSequence<float>(5, 0, 40);  // a constant sequence
}

void ExpectFault(const LaunchResult& r, const std::string& text) {
  ASSERT_TRUE(r.fault.has_value()) << text;
  EXPECT_EQ(r.fault->instruction, "Arange");
  EXPECT_NE(r.fault->message.find(text), std::string::npos) << r.fault->message;
}

TEST(HlArange, DocumentedRulesFault) {
  ExpectFault(RunArange<float>(1, 1, 0).launch, "count is 0: it must be above 0");
  ExpectFault(RunArange<int32_t>(1, 1, -3).launch, "count is -3");
  ExpectFault(RunArange<float>(1, -0.5f, 8).launch, "diffValue is -0.5");
  ExpectFault(RunArange<int16_t>(1, -2, 8).launch, "diffValue is -2");
  // dst of 64 B cannot hold 20 floats (the chip writes 24).
  const LaunchResult small = RunArange<float>(1, 1, 20, 64).launch;
  ASSERT_TRUE(small.fault.has_value());
  EXPECT_EQ(small.fault->kind, FaultKind::kOutOfBoundsUb);
}

}  // namespace opsim::sim::hl_index_test
