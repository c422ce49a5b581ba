// Shared by the high-level library's simulator tests: operand tiles in the UB, inputs spanning
// the special values, and the comparison against a double model with a tail.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kCount = 77;   // a tail in every dtype
constexpr uint32_t kTile = 4096;  // bytes per operand tile
constexpr float kSentinel = 12345.0f;

inline double ToD(float v) { return v; }
inline double ToD(half v) { return static_cast<float>(v); }
template <typename T>
T FromD(double v) {
  return static_cast<T>(static_cast<float>(v));
}
template <typename T>
bool SameValue(T a, T b) {
  const double x = ToD(a), y = ToD(b);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return std::memcmp(&a, &b, sizeof(T)) == 0 || (x == 0 && y == 0 && x == y);
}

// Inputs: a sweep of [-4.5, 4.5] and the special values, as T.
template <typename T>
std::vector<T> Inputs(uint32_t n, double scale = 1.0) {
  const double special[] = {0.0, -0.0, 1.0, -1.0, 0.5, INFINITY, -INFINITY, NAN, 60000.0, 1e-3};
  std::vector<T> v(n);
  for (uint32_t i = 0; i < n; ++i) {
    v[i] = FromD<T>(i < 10 ? special[i] : scale * (-4.5 + 9.0 * (i - 10) / (n - 10)));
  }
  return v;
}

// x_n and dst_n are views of exactly kCount elements, for the forms without calCount.
struct Tiles {
  LocalTensor<uint8_t> x, y, dst, tmp, x_n, dst_n;
};
// Runs `body` on four 4 KiB tiles: x and y hold `a` and `b`, dst the sentinel; returns dst's
// first 2 * kCount elements and the launch.
template <typename T>
std::vector<T> RunTiles(const std::vector<T>& a, const std::vector<T>& b,
                        void (*body)(const Tiles&), LaunchResult* result = nullptr,
                        uint32_t tmp_bytes = 2 * kTile) {
  std::vector<T> out(2 * kCount);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, by, bd, bt;
    pipe.InitBuffer(bx, kTile);
    pipe.InitBuffer(by, kTile);
    pipe.InitBuffer(bd, kTile);
    pipe.InitBuffer(bt, tmp_bytes);
    Tiles t{bx.Get<uint8_t>(),
            by.Get<uint8_t>(),
            bd.Get<uint8_t>(),
            bt.Get<uint8_t>(),
            bx.Get<uint8_t>(kCount * sizeof(T)),
            bd.Get<uint8_t>(kCount * sizeof(T))};
    // An operand a test does not use is an empty vector, whose data() may be null.
    if (!a.empty()) std::memcpy(t.x.data(), a.data(), a.size() * sizeof(T));
    if (!b.empty()) std::memcpy(t.y.data(), b.data(), b.size() * sizeof(T));
    const T sentinel = FromD<T>(kSentinel);
    for (uint32_t i = 0; i < kTile / sizeof(T); ++i) {
      std::memcpy(t.dst.data() + i * sizeof(T), &sentinel, sizeof(T));
    }
    detail::HostWroteUb(t.x.ref());
    detail::HostWroteUb(t.y.ref());
    detail::HostWroteUb(t.dst.ref());
    body(t);
    std::memcpy(out.data(), t.dst.data(), out.size() * sizeof(T));
  });
  if (result != nullptr) *result = r;
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return out;
}

template <typename T>
LocalTensor<T> As(const LocalTensor<uint8_t>& t) {
  return t.ReinterpretCast<T>();
}
// Whether float `got` is within `ulps` float ulps of the exact value `want` (finite as a float).
inline bool WithinFloatUlps(float got, double want, double ulps) {
  if (ulps <= 0 || !std::isfinite(static_cast<float>(want)) || want == 0) return false;
  const double ulp = std::ldexp(1.0, std::max(std::ilogb(want) - 23, -149));
  return std::fabs(got - want) < ulps * ulp;
}

// `float_ulps` > 0: an API of float computed in float, within that many ulps of the model's
// double value instead of its bits (docs/ASCENDC.md); half is always the model's bits.
template <typename T>
void ExpectMatches(const std::vector<T>& in_a, const std::vector<T>& in_b,
                   const std::vector<T>& out, double (*model)(double, double),
                   const std::string& what, double float_ulps = 0) {
  for (uint32_t i = 0; i < kCount; ++i) {
    const double exact = model(ToD(in_a[i]), in_b.empty() ? 0.0 : ToD(in_b[i]));
    const T want = FromD<T>(exact);
    if (std::is_same_v<T, float> && WithinFloatUlps(ToD(out[i]), exact, float_ulps)) continue;
    EXPECT_TRUE(SameValue(out[i], want)) << what << " lane " << i << " x=" << ToD(in_a[i])
                                         << " got " << ToD(out[i]) << " want " << ToD(want);
  }
  for (uint32_t i = kCount; i < 2 * kCount; ++i) {
    ASSERT_EQ(ToD(out[i]), ToD(FromD<T>(kSentinel))) << what << ": lane " << i << " past calCount";
  }
}

}  // namespace opsim::sim::hl_test
