// Cast against opsim's scalar conversions and an independent neighbour-picking oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "simulator/vector_test_util.h"

namespace opsim::sim::vec::testing {
namespace {

class VectorCast : public PerTarget {};

TEST_P(VectorCast, HalfAndBFloat16ToFloatAreExhaustivelyExact) {
  std::vector<uint16_t> all(65536);
  for (uint32_t i = 0; i < 65536; ++i) all[i] = static_cast<uint16_t>(i);
  std::vector<float> out(65536);
  Cast(DType::kFloat32, out.data(), DType::kFloat16, all.data(), Round::kNone, all.size());
  for (uint32_t i = 0; i < 65536; ++i) {
    ASSERT_EQ(std::bit_cast<uint32_t>(out[i]),
              std::bit_cast<uint32_t>(HalfBitsToFloat(static_cast<uint16_t>(i))))
        << std::hex << i;
  }
  Cast(DType::kFloat32, out.data(), DType::kBFloat16, all.data(), Round::kNone, all.size());
  for (uint32_t i = 0; i < 65536; ++i) ASSERT_EQ(std::bit_cast<uint32_t>(out[i]), i << 16);
}

// The widening converts a 64 B line at a time and tests the line, not each vector, for a NaN:
// one signalling NaN at every position of a long source of ordinary values (the other vectors
// of its line hold none) must still come out as the scalar conversion has it, quiet bit clear.
TEST_P(VectorCast, HalfToFloatRebuildsALoneNaNAnywhereInALine) {
  constexpr size_t kN = 200;  // six whole lines and a tail
  for (const uint16_t nan : {uint16_t{0x7C01}, uint16_t{0xFD55}, uint16_t{0x7E00}}) {
    for (size_t at = 0; at < kN; ++at) {
      std::vector<uint16_t> in(kN);
      for (size_t i = 0; i < kN; ++i) in[i] = static_cast<uint16_t>(0x3C00 + i);
      in[at] = nan;
      std::vector<float> out(kN);
      Cast(DType::kFloat32, out.data(), DType::kFloat16, in.data(), Round::kNone, kN);
      for (size_t i = 0; i < kN; ++i) {
        ASSERT_EQ(std::bit_cast<uint32_t>(out[i]), std::bit_cast<uint32_t>(HalfBitsToFloat(in[i])))
            << "NaN 0x" << std::hex << nan << std::dec << " at " << at << ", element " << i;
      }
    }
  }
}

std::vector<float> EdgeAndRandomFloats() {
  std::vector<float> v = {0.0f,
                          -0.0f,
                          INFINITY,
                          -INFINITY,
                          NAN,
                          -NAN,
                          FLT_MAX,
                          -FLT_MAX,
                          FLT_MIN,
                          FLT_TRUE_MIN,
                          65504.0f,
                          65519.99f,
                          65520.0f,
                          65536.0f,
                          6.1035156e-05f,
                          5.9604645e-08f,
                          2.9802322e-08f,
                          2.9802326e-08f,
                          1.0f + 1.0f / 2048,
                          1.0f + 3.0f / 2048,
                          1.0f + 1.0f / 256,
                          3.3895314e38f,
                          3.4e38f};
  v.push_back(std::bit_cast<float>(0x7F800001u));  // signalling NaN
  v.push_back(std::bit_cast<float>(0xFFC12345u));
  std::mt19937 rng(42);
  for (int i = 0; i < 200000; ++i) {
    const uint32_t r = rng();
    // Half the sample in the float16 range, half anywhere.
    v.push_back(i % 2 ? std::bit_cast<float>(r)
                      : std::bit_cast<float>((r & 0x8FFFFFFFu) | 0x30000000u));
  }
  return v;
}

TEST_P(VectorCast, FloatToHalfAndBFloat16MatchScalarBitForBit) {
  const auto src = EdgeAndRandomFloats();
  std::vector<uint16_t> h(src.size()), b(src.size());
  Cast(DType::kFloat16, h.data(), DType::kFloat32, src.data(), Round::kRint, src.size());
  Cast(DType::kBFloat16, b.data(), DType::kFloat32, src.data(), Round::kNone, src.size());
  for (size_t i = 0; i < src.size(); ++i) {
    ASSERT_EQ(h[i], FloatToHalfBits(src[i])) << std::hexfloat << src[i];
    ASSERT_EQ(b[i], FloatToBFloat16Bits(src[i])) << std::hexfloat << src[i];
  }
}

double PickMode(double x, Round mode, double lo, double hi, double toward_zero, double away,
                bool tz_odd);

// Oracle for narrowing per mode: the correctly rounded result lies among the nearest-even
// candidate and its two neighbours; pick by comparing exact values in long double.
double PickNarrow(double x, Round mode, DType t) {
  if (std::isnan(x)) return x;
  auto to_bits = [t](double v) -> uint32_t {
    if (t == DType::kFloat32) return std::bit_cast<uint32_t>(static_cast<float>(v));
    float f = static_cast<float>(v);
    return t == DType::kFloat16 ? FloatToHalfBits(f) : FloatToBFloat16Bits(f);
  };
  auto from_bits = [t](uint32_t b) -> double {
    if (t == DType::kFloat32) return std::bit_cast<float>(b);
    return t == DType::kFloat16 ? HalfBitsToFloat(static_cast<uint16_t>(b))
                                : BFloat16BitsToFloat(static_cast<uint16_t>(b));
  };
  const uint32_t c = to_bits(x);
  std::vector<double> cands;
  const uint32_t sign_bit = t == DType::kFloat32 ? 0x80000000u : 0x8000u;
  const uint32_t mag = c & (sign_bit - 1);
  for (int64_t dm = -2; dm <= 2; ++dm) {
    const int64_t m = static_cast<int64_t>(mag) + dm;
    if (m < 0) continue;
    const double v = from_bits((c & sign_bit) | static_cast<uint32_t>(m));
    if (!std::isnan(v)) cands.push_back(v);
  }
  if (x == 0 || std::isinf(x)) return x;
  double lo = -INFINITY, hi = INFINITY;  // tightest candidates below/above (or equal)
  for (const double v : cands) {
    if (v <= x && v > lo) lo = v;
    if (v >= x && v < hi) hi = v;
  }
  // Beyond the largest finite value the upper neighbour is 2^(emax+1), which stands for inf.
  const double beyond = t == DType::kFloat16 ? 65536.0 : std::ldexp(1.0, 128);
  if (lo == -INFINITY) lo = -beyond;
  if (hi == INFINITY) hi = beyond;
  if (lo == x) return x;
  const double toward_zero = x > 0 ? lo : hi;
  const double away = x > 0 ? hi : lo;
  const bool tz_odd = (to_bits(toward_zero) & 1u) != 0;
  const double r = PickMode(x, mode, lo, hi, toward_zero, away, tz_odd);
  return std::fabs(r) == beyond ? std::copysign(INFINITY, r) : r;
}

double PickMode(double x, Round mode, double lo, double hi, double toward_zero, double away,
                bool tz_odd) {
  switch (mode) {
    case Round::kFloor: return lo;
    case Round::kCeil: return hi;
    case Round::kTrunc: return toward_zero;
    case Round::kOdd: return tz_odd ? toward_zero : away;
    case Round::kRound: {
      const long double dz = std::fabs(static_cast<long double>(x) - toward_zero);
      const long double da = std::fabs(static_cast<long double>(away) - x);
      return dz < da ? toward_zero : away;
    }
    default: {
      const long double dz = std::fabs(static_cast<long double>(x) - toward_zero);
      const long double da = std::fabs(static_cast<long double>(away) - x);
      if (dz != da) return dz < da ? toward_zero : away;
      return tz_odd ? away : toward_zero;
    }
  }
}

uint64_t BitsOf(DType t, double v) {
  if (t == DType::kFloat32) return std::bit_cast<uint32_t>(static_cast<float>(v));
  if (t == DType::kFloat16) return FloatToHalfBits(static_cast<float>(v));
  return FloatToBFloat16Bits(static_cast<float>(v));
}

TEST_P(VectorCast, FloatNarrowingHonoursEveryRoundingMode) {
  std::mt19937_64 rng(7);
  std::vector<double> d64 = {1.0 + 1.0 / 4096,
                             1.0 + 1.0 / 2048 + 1e-12,
                             65519.999,
                             65520.0,
                             1e300,
                             -1e300,
                             1e-300,
                             -1e-300,
                             3.0e-8,
                             -2.98023223876953125e-08,
                             1.00048828125,
                             1.000000059604644775390625,
                             -2.5,
                             0.0,
                             -0.0};
  for (int i = 0; i < 4000; ++i) {
    const double mant = 1.0 + static_cast<double>(rng() >> 11) / 9007199254740992.0;
    d64.push_back((rng() & 1 ? -1 : 1) * std::ldexp(mant, static_cast<int>(rng() % 80) - 40));
  }
  std::vector<float> f32(d64.size());
  for (size_t i = 0; i < d64.size(); ++i) f32[i] = static_cast<float>(d64[i] * 1.0000001);
  const Round modes[] = {Round::kNone,  Round::kRint,  Round::kFloor, Round::kCeil,
                         Round::kRound, Round::kTrunc, Round::kOdd};
  for (const DType dt : {DType::kFloat32, DType::kFloat16, DType::kBFloat16}) {
    for (const Round mode : modes) {
      std::vector<uint8_t> out(d64.size() * 4);
      Cast(dt, out.data(), DType::kFloat64, d64.data(), mode, d64.size());
      for (size_t i = 0; i < d64.size(); ++i) {
        ASSERT_EQ(GetBits(dt, out, i), BitsOf(dt, PickNarrow(d64[i], mode, dt)))
            << "f64->" << DTypeName(dt) << " mode " << static_cast<int>(mode)
            << " x=" << std::hexfloat << d64[i];
      }
      if (dt == DType::kFloat32) continue;
      Cast(dt, out.data(), DType::kFloat32, f32.data(), mode, f32.size());
      for (size_t i = 0; i < f32.size(); ++i) {
        ASSERT_EQ(GetBits(dt, out, i), BitsOf(dt, PickNarrow(f32[i], mode, dt)))
            << "f32->" << DTypeName(dt) << " mode " << static_cast<int>(mode)
            << " x=" << std::hexfloat << f32[i];
      }
    }
  }
}

template <typename T>
T RefToInt(double x, Round mode) {
  if (std::isnan(x)) return 0;
  double r = x;
  switch (mode) {
    case Round::kFloor: r = std::floor(x); break;
    case Round::kCeil: r = std::ceil(x); break;
    case Round::kTrunc: r = std::trunc(x); break;
    case Round::kRound: r = std::round(x); break;
    case Round::kOdd: {
      r = std::trunc(x);
      if (r != x && std::fmod(r, 2.0) == 0) r += x > 0 ? 1 : -1;
      break;
    }
    default: r = std::nearbyint(x); break;
  }
  if (r <= static_cast<double>(std::numeric_limits<T>::lowest()))
    return std::numeric_limits<T>::lowest();
  if (r >= std::ldexp(1.0, std::numeric_limits<T>::digits)) return std::numeric_limits<T>::max();
  return static_cast<T>(r);
}

template <typename T>
void CheckFloatToInt(DType dt, DType st) {
  std::vector<double> vals = {
      0.5,       1.5,          2.5,           -0.5,         -1.5,
      -2.5,      2.4999,       -0.0,          NAN,          INFINITY,
      -INFINITY, 127.5,        128.0,         -128.5,       255.5,
      256.0,     2147483647.5, -2147483648.6, 4294967295.4, 4294967296.0,
      9.3e18,    -9.3e18,      1.8e19,        1.9e19,       9223372036854775807.0,
      3.7,       -3.7,         1e-30};
  std::mt19937_64 rng(3);
  for (int i = 0; i < 500; ++i)
    vals.push_back(static_cast<double>(static_cast<int64_t>(rng() % 2000001) - 1000000) / 8.0);
  std::vector<uint8_t> src(vals.size() * DTypeSize(st));
  for (size_t i = 0; i < vals.size(); ++i) SetF(st, src, i, vals[i]);
  for (const Round mode : {Round::kNone, Round::kRint, Round::kFloor, Round::kCeil, Round::kRound,
                           Round::kTrunc, Round::kOdd}) {
    std::vector<T> out(vals.size());
    Cast(dt, out.data(), st, src.data(), mode, vals.size());
    for (size_t i = 0; i < vals.size(); ++i) {
      ASSERT_EQ(out[i], RefToInt<T>(GetF(st, src, i), mode))
          << DTypeName(st) << "->" << DTypeName(dt) << " mode " << static_cast<int>(mode)
          << " x=" << GetF(st, src, i);
    }
  }
}

// float32 -> float16 in the directed modes where every lane of a vector is a zero or a float16
// normal in magnitude (the bit path of F32ToHalfDirected): random mantissas over every float16
// exponent, exact float16 values, exact ties, both ends of the range, in runs no other lane
// breaks.
TEST_P(VectorCast, FloatToHalfDirectedOnNormalsMatchesEveryMode) {
  std::mt19937 rng(11);
  std::vector<float> f32 = {
      0.0f,      -0.0f, 65504.0f,        -65504.0f,       0x1p-14f,           -0x1p-14f,
      65503.99f, 1.0f,  1.0f + 0x1p-11f, 1.0f + 0x3p-11f, -(2.0f + 0x1p-10f), 2047.5f};
  while (f32.size() < 4096) {
    const uint32_t exp = 127 - 14 + rng() % 30;  // 2^-14 .. 2^15
    uint32_t mant = rng() & 0x7FFFFF;
    if (rng() % 4 == 0) mant &= ~0x1FFFu;                    // a float16 value
    if (rng() % 4 == 0) mant = (mant & ~0x1FFFu) | 0x1000u;  // a tie
    const uint32_t bits = (rng() & 0x80000000u) | (exp << 23) | mant;
    f32.push_back(std::min(std::fabs(std::bit_cast<float>(bits)), 65504.0f) *
                  (bits >> 31 ? -1.0f : 1.0f));
  }
  for (const Round mode :
       {Round::kFloor, Round::kCeil, Round::kRound, Round::kTrunc, Round::kOdd}) {
    std::vector<uint8_t> out(f32.size() * 2);
    Cast(DType::kFloat16, out.data(), DType::kFloat32, f32.data(), mode, f32.size());
    for (size_t i = 0; i < f32.size(); ++i) {
      ASSERT_EQ(GetBits(DType::kFloat16, out, i),
                BitsOf(DType::kFloat16, PickNarrow(f32[i], mode, DType::kFloat16)))
          << "mode " << static_cast<int>(mode) << " x=" << std::hexfloat << f32[i];
    }
  }
}

TEST_P(VectorCast, FloatToIntRoundsSaturatesAndMapsNaNToZero) {
  for (const DType st : {DType::kFloat32, DType::kFloat64, DType::kFloat16, DType::kBFloat16}) {
    CheckFloatToInt<int8_t>(DType::kInt8, st);
    CheckFloatToInt<uint8_t>(DType::kUInt8, st);
    CheckFloatToInt<int16_t>(DType::kInt16, st);
    CheckFloatToInt<uint16_t>(DType::kUInt16, st);
    CheckFloatToInt<int32_t>(DType::kInt32, st);
    CheckFloatToInt<uint32_t>(DType::kUInt32, st);
    CheckFloatToInt<int64_t>(DType::kInt64, st);
    CheckFloatToInt<uint64_t>(DType::kUInt64, st);
  }
}

// Every float16 and bfloat16 pattern to each integer type of up to 32 bits in every mode: the
// same integers as the cast through float64 (exact), whose conversion the test above checks;
// also with the destination over the source (in place, a wider destination).
TEST_P(VectorCast, SixteenBitFloatToIntMatchesTheFloat64Path) {
  std::vector<uint16_t> bits(65536);
  for (size_t i = 0; i < bits.size(); ++i) bits[i] = static_cast<uint16_t>(i);
  std::vector<double> wide(bits.size());
  for (const DType st : {DType::kFloat16, DType::kBFloat16}) {
    Cast(DType::kFloat64, wide.data(), st, bits.data(), Round::kNone, bits.size());
    for (const DType dt :
         {DType::kInt8, DType::kUInt8, DType::kInt16, DType::kUInt16, DType::kInt32}) {
      for (const Round mode : {Round::kNone, Round::kRint, Round::kFloor, Round::kCeil,
                               Round::kRound, Round::kTrunc}) {
        const size_t bytes = bits.size() * DTypeSize(dt);
        std::vector<uint8_t> got(bytes), want(bytes);
        Cast(dt, got.data(), st, bits.data(), mode, bits.size());
        Cast(dt, want.data(), DType::kFloat64, wide.data(), mode, bits.size());
        ASSERT_EQ(got, want) << DTypeName(st) << "->" << DTypeName(dt) << " mode "
                             << static_cast<int>(mode);
        // In place: the first 300 elements (more than a chunk) cast over themselves, the result
        // chunk by chunk as the float64 path gives it.
        std::vector<uint8_t> in_place(300 * std::max<size_t>(DTypeSize(dt), 2));
        std::vector<uint8_t> ref = in_place;
        std::memcpy(in_place.data(), bits.data(), 300 * 2);
        std::memcpy(ref.data(), bits.data(), 300 * 2);
        Cast(dt, in_place.data(), st, in_place.data(), mode, 300);
        for (size_t at = 0; at < 300; at += 256) {
          const size_t m = std::min<size_t>(256, 300 - at);
          std::vector<double> chunk(m);
          Cast(DType::kFloat64, chunk.data(), st, ref.data() + at * 2, Round::kNone, m);
          Cast(dt, ref.data() + at * DTypeSize(dt), DType::kFloat64, chunk.data(), mode, m);
        }
        ASSERT_EQ(in_place, ref) << "in place " << DTypeName(st) << "->" << DTypeName(dt);
      }
    }
  }
}

// An integer magnitude rounded to `p` significant bits, nearest-even, by integer arithmetic.
double RoundIntRne(uint64_t v, int p) {
  const int bw = std::bit_width(v);
  if (bw <= p) return static_cast<double>(v);
  const int shift = bw - p;
  uint64_t q = v >> shift;
  const uint64_t rem = v & ((uint64_t{1} << shift) - 1);
  const uint64_t half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (q & 1))) ++q;
  return std::ldexp(static_cast<double>(q), shift);
}

int PrecisionOf(DType t) {
  switch (t) {
    case DType::kFloat64: return 53;
    case DType::kFloat32: return 24;
    case DType::kFloat16: return 11;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
    default: return 8;
  }
}

TEST_P(VectorCast, IntToFloatIsNearestEvenAndIntToIntWraps) {
  const DType ints[] = {DType::kInt8,   DType::kUInt8, DType::kInt32,
                        DType::kUInt32, DType::kInt64, DType::kUInt64};
  for (const DType st : ints) {
    auto src = RandomData(st, 3000, 9);
    // Values near 2^24, 2^53 and 2^64 with low bits that decide ties.
    for (size_t i = 0; i < 3000 && DTypeSize(st) == 8; i += 3) {
      SetBits(st, src, i, (GetBits(st, src, i) & 0xFFF) | (uint64_t{1} << (24 + i % 40)));
    }
    // int32: values float16 holds or rounds (ties included), and values around 2^24.
    for (size_t i = 1; i < 3000 && st == DType::kInt32; i += 3) {
      const uint64_t magnitude = i % 2 == 0 ? GetBits(st, src, i) % 70000
                                            : (uint64_t{1} << 24) - 8 + GetBits(st, src, i) % 16;
      SetBits(st, src, i, i % 4 == 1 ? magnitude : (0 - magnitude) & 0xFFFFFFFFu);
    }
    for (const DType dt : {DType::kFloat32, DType::kFloat64, DType::kFloat16, DType::kBFloat16}) {
      std::vector<uint8_t> out(3000 * 8);
      Cast(dt, out.data(), st, src.data(), Round::kFloor, 3000);  // mode ignored: nearest-even
      for (size_t i = 0; i < 3000; ++i) {
        const bool sgn = IsSigned(st);
        const bool neg = sgn && GetI(st, src, i) < 0;
        const uint64_t mag =
            neg ? 0 - static_cast<uint64_t>(GetI(st, src, i)) : GetBits(st, src, i);
        const double want = (neg ? -1.0 : 1.0) * RoundIntRne(mag, PrecisionOf(dt));
        if (dt == DType::kFloat64) {
          ASSERT_EQ(GetBits(dt, out, i), std::bit_cast<uint64_t>(want))
              << DTypeName(st) << " i=" << i;
        } else {
          ASSERT_EQ(GetBits(dt, out, i), BitsOf(dt, want))
              << DTypeName(st) << "->" << DTypeName(dt) << " i=" << i;
        }
      }
    }
    for (const DType dt : ints) {
      std::vector<uint8_t> out(3000 * 8);
      Cast(dt, out.data(), st, src.data(), Round::kNone, 3000);
      for (size_t i = 0; i < 3000; ++i) {
        const uint64_t v = static_cast<uint64_t>(GetI(st, src, i));
        const uint64_t w = IsSigned(st) ? v : GetBits(st, src, i);
        ASSERT_EQ(GetBits(dt, out, i), w & WidthMask(dt)) << DTypeName(st) << "->" << DTypeName(dt);
      }
    }
  }
}

TEST_P(VectorCast, WideningFloatsIsExact) {
  const auto h = RandomData(DType::kFloat16, 1000, 5);
  std::vector<double> d(1000);
  Cast(DType::kFloat64, d.data(), DType::kFloat16, h.data(), Round::kNone, 1000);
  for (size_t i = 0; i < 1000; ++i) {
    const double want = GetF(DType::kFloat16, h, i);
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(d[i]));
    } else {
      ASSERT_EQ(std::bit_cast<uint64_t>(d[i]), std::bit_cast<uint64_t>(want));
    }
  }
  std::vector<uint16_t> back(1000);
  Cast(DType::kFloat16, back.data(), DType::kFloat64, d.data(), Round::kRint, 1000);
  for (size_t i = 0; i < 1000; ++i) {
    if (std::isnan(d[i])) continue;
    ASSERT_EQ(back[i], GetBits(DType::kFloat16, h, i));
  }
}

OPSIM_INSTANTIATE_PER_TARGET(VectorCast);

}  // namespace
}  // namespace opsim::sim::vec::testing
