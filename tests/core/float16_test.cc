// half and bfloat16_t from every arithmetic type, as CANN's device types convert (ops-nn's foreach
// kernels build a half from an int64_t): one correct round-to-nearest-even rounding of the value,
// checked against an oracle that picks the nearer of the two 16-bit neighbours in long double.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "opsim/core/float16.h"

namespace opsim {
namespace {

template <typename H>
constexpr bool kConvertsFromEveryArithmeticType = std::is_convertible_v<bool, H>&&
    std::is_convertible_v<char, H>&& std::is_convertible_v<signed char, H>&& std::is_convertible_v<
        unsigned char, H>&& std::is_convertible_v<int16_t, H>&& std::is_convertible_v<uint16_t, H>&&
        std::is_convertible_v<int32_t, H>&& std::is_convertible_v<uint32_t, H>&&
            std::is_convertible_v<long, H>&& std::is_convertible_v<unsigned long, H>&&  // NOLINT
                std::is_convertible_v<long long, H>&& std::is_convertible_v<unsigned long long, H>&&
                    std::is_convertible_v<float, H>&& std::is_convertible_v<double, H>&&
                        std::is_convertible_v<long double, H>;
static_assert(kConvertsFromEveryArithmeticType<Half>);
static_assert(kConvertsFromEveryArithmeticType<BFloat16>);
static_assert(Half(int64_t{-3}).bits() == 0xC200 && BFloat16(uint64_t{1} << 40).bits() == 0x5380);

struct Format {
  uint16_t max_finite;  // bits of the largest finite value
  uint16_t inf;
  long double past_max;  // where the value after max_finite would be: ties there go to inf
};
constexpr Format kHalf{0x7BFF, 0x7C00, 65536.0L};
constexpr Format kBf16{0x7F7F, 0x7F80, 0x1p128L};

// The correctly rounded bits of x: the nearer neighbour, the even one on a tie.
template <typename H>
uint16_t Oracle(long double x, const Format& f) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const long double a = std::fabs(x);
  uint32_t lo = 0;
  uint32_t hi = f.max_finite;
  while (lo < hi) {  // the largest finite bits whose value is <= a
    const uint32_t mid = (lo + hi + 1) / 2;
    if (static_cast<long double>(float(H::FromBits(static_cast<uint16_t>(mid)))) <= a) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  const long double below = float(H::FromBits(static_cast<uint16_t>(lo)));
  const long double above =
      lo == f.max_finite ? f.past_max : float(H::FromBits(static_cast<uint16_t>(lo + 1)));
  const long double down = a - below;
  const long double up = above - a;
  const bool take_above = up < down || (up == down && (lo & 1u) != 0);
  const uint32_t bits = take_above ? (lo == f.max_finite ? f.inf : lo + 1) : lo;
  return static_cast<uint16_t>(bits | sign);
}

template <typename H, typename T>
void ExpectRoundedOnce(const std::vector<T>& values, const Format& f) {
  for (const T v : values) {
    const H h = v;  // implicit, as a kernel's `half s = int64Value;`
    ASSERT_EQ(h.bits(), Oracle<H>(static_cast<long double>(v), f)) << static_cast<long double>(v);
  }
}

// Values across every magnitude, with the bits just past a 16-bit midpoint set and clear.
std::vector<int64_t> Integers() {
  std::vector<int64_t> out = {0,
                              1,
                              -1,
                              2049,
                              -2051,
                              65504,
                              65519,
                              65520,
                              -65520,
                              (1 << 25) + (1 << 17),
                              (1 << 25) + (1 << 17) + 1,
                              std::numeric_limits<int64_t>::max(),
                              std::numeric_limits<int64_t>::min()};
  uint64_t state = 0x9E3779B97F4A7C15u;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    const int shift = static_cast<int>(state >> 58);  // 0..63: every magnitude
    out.push_back(static_cast<int64_t>(state) >> shift);
  }
  return out;
}

std::vector<double> Doubles() {
  std::vector<double> out = {1.0 + 0x1p-11 + 0x1p-40,
                             1.0 + 0x1p-8 + 0x1p-40,
                             -0x1p-25 - 0x1p-60,
                             65519.99,
                             1e300,
                             -1e-300,
                             0.0,
                             -0.0,
                             std::numeric_limits<double>::infinity()};
  uint64_t state = 0x2545F4914F6CDD1Du;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    // Exponents near 16-bit range (2^-140 .. 2^130) and a full 52-bit mantissa.
    const uint64_t exponent = 1023 - 140 + (state >> 32) % 271;
    const uint64_t bits = (state & 0x800FFFFFFFFFFFFFu) | (exponent << 52);
    double d = 0;
    std::memcpy(&d, &bits, sizeof d);
    out.push_back(d);
  }
  return out;
}

TEST(Float16FromArithmetic, IntegersRoundOnceToNearestEven) {
  ExpectRoundedOnce<Half>(Integers(), kHalf);
  ExpectRoundedOnce<BFloat16>(Integers(), kBf16);
  std::vector<uint64_t> wide = {std::numeric_limits<uint64_t>::max(), (uint64_t{1} << 63) + 1};
  ExpectRoundedOnce<BFloat16>(wide, kBf16);
  ExpectRoundedOnce<Half>(std::vector<uint8_t>{0, 7, 255}, kHalf);
  // Through float, 2^25 + 2^17 + 1 would land on bfloat16's midpoint and tie down to 2^25.
  EXPECT_EQ(BFloat16(int64_t{(1 << 25) + (1 << 17) + 1}).bits(), 0x4C01);
}

TEST(Float16FromArithmetic, DoublesRoundOnceToNearestEven) {
  ExpectRoundedOnce<Half>(Doubles(), kHalf);
  ExpectRoundedOnce<BFloat16>(Doubles(), kBf16);
  // Through float, 1 + 2^-11 + 2^-40 would land on half's midpoint and tie down to 1.
  EXPECT_EQ(Half(1.0 + 0x1p-11 + 0x1p-40).bits(), 0x3C01);
  EXPECT_TRUE(std::isnan(float(Half(std::nan("")))));
  EXPECT_TRUE(std::isnan(float(BFloat16(std::numeric_limits<long double>::quiet_NaN()))));
}

}  // namespace
}  // namespace opsim
