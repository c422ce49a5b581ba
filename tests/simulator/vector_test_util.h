// Shared helpers of the vector-unit tests: per-target parameterisation and typed buffers.
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec::testing {

// Runs each test once per compiled-and-supported Highway target.
class PerTarget : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    ForceTargetForTest(GetParam());
    ASSERT_EQ(ActiveTarget(), GetParam());
  }
  void TearDown() override { ForceTargetForTest(""); }
};

inline std::string TargetParamName(const ::testing::TestParamInfo<std::string>& info) {
  return info.param;
}

#define OPSIM_INSTANTIATE_PER_TARGET(Suite)                                            \
  INSTANTIATE_TEST_SUITE_P(Targets, Suite,                                             \
                           ::testing::ValuesIn(::opsim::sim::vec::SupportedTargets()), \
                           ::opsim::sim::vec::testing::TargetParamName)

inline constexpr DType kNumericTypes[] = {
    DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64, DType::kInt8,
    DType::kUInt8,   DType::kInt32,   DType::kUInt32,   DType::kInt64,   DType::kUInt64};

inline constexpr size_t kLengths[] = {0, 1, 2, 7, 31, 33, 64, 129, 1000, 4133};

// Element i of a buffer as double (floats) or as its integer value.
inline double GetF(DType t, const std::vector<uint8_t>& buf, size_t i) {
  const uint8_t* p = buf.data() + i * DTypeSize(t);
  switch (t) {
    case DType::kFloat32: {
      float v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case DType::kFloat64: {
      double v;
      std::memcpy(&v, p, 8);
      return v;
    }
    case DType::kFloat16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return HalfBitsToFloat(v);
    }
    case DType::kBFloat16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return BFloat16BitsToFloat(v);
    }
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
    default: return 0;
  }
}

inline uint64_t GetBits(DType t, const std::vector<uint8_t>& buf, size_t i) {
  uint64_t v = 0;
  std::memcpy(&v, buf.data() + i * DTypeSize(t), DTypeSize(t));
  return v;
}
inline void SetBits(DType t, std::vector<uint8_t>& buf, size_t i, uint64_t v) {
  std::memcpy(buf.data() + i * DTypeSize(t), &v, DTypeSize(t));
}

// Signed integer value of element i (sign-extended for signed types).
inline int64_t GetI(DType t, const std::vector<uint8_t>& buf, size_t i) {
  const uint64_t b = GetBits(t, buf, i);
  switch (t) {
    case DType::kInt8: return static_cast<int8_t>(b);
    case DType::kInt32: return static_cast<int32_t>(b);
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
    default: return static_cast<int64_t>(b);
  }
}

// Stores a double into a float dtype element with round-to-nearest-even (via float for 16 bits:
// the test values are float-exact before rounding).
inline void SetF(DType t, std::vector<uint8_t>& buf, size_t i, double v) {
  switch (t) {
    case DType::kFloat32: SetBits(t, buf, i, std::bit_cast<uint32_t>(static_cast<float>(v))); break;
    case DType::kFloat64: SetBits(t, buf, i, std::bit_cast<uint64_t>(v)); break;
    case DType::kFloat16: SetBits(t, buf, i, FloatToHalfBits(static_cast<float>(v))); break;
    case DType::kBFloat16: SetBits(t, buf, i, FloatToBFloat16Bits(static_cast<float>(v))); break;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
    default: break;
  }
}

inline uint64_t WidthMask(DType t) {
  const size_t bits = DTypeSize(t) * 8;
  return bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// Random data with special values mixed in (NaN, +-inf, -0, subnormals, extremes).
inline std::vector<uint8_t> RandomData(DType t, size_t n, uint32_t seed, bool specials = true) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> buf(n * DTypeSize(t) + 1);
  std::uniform_real_distribution<double> real(-100.0, 100.0);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = rng();
    if (IsFloating(t)) {
      double v = real(rng);
      if (specials) {
        switch (r % 23) {
          case 0: v = std::nan(""); break;
          case 1: v = INFINITY; break;
          case 2: v = -INFINITY; break;
          case 3: v = -0.0; break;
          case 4: v = 0.0; break;
          case 5: v = t == DType::kFloat16 ? 3e-7 : 1e-40; break;  // subnormal
          case 6: v = t == DType::kFloat16 ? 60000.0 : 1e30; break;
          default: break;
        }
      }
      SetF(t, buf, i, v);
    } else {
      uint64_t v = r;
      if (specials && r % 7 == 0)
        v = (r % 3 == 0) ? 0 : (r % 2 ? ~uint64_t{0} : uint64_t{1} << (DTypeSize(t) * 8 - 1));
      if (r % 5 == 1) v = r % 11;  // small values keep products and quotients interesting
      SetBits(t, buf, i, v & WidthMask(t));
    }
  }
  return buf;
}

}  // namespace opsim::sim::vec::testing
