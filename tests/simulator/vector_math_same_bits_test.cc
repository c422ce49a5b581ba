// The Highway math, fused, logic, shift, compare and select kernels give exactly the bytes of the
// per-element model (vector_math_model.h) on every compiled Highway target, in every dtype each
// takes. Inputs: random bit patterns (every exponent, NaN payloads of both kinds, subnormals),
// random ordinary values, the special values (+-0, +-inf, NaN, the extremes) and, for the float32
// math, a stride across all 2^32 patterns. Lengths cover the tails of every vector width.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/vector_fused_cast_unit.h"
#include "opsim/sim/vector_math_model.h"
#include "opsim/sim/vector_unit.h"
#include "simulator/vector_test_util.h"

// Its own namespace: the unity build joins this file with others that name kFloatTypes too.
namespace opsim::sim::vec::math_same_bits {
namespace {

using testing::PerTarget;

constexpr DType kFloatTypes[] = {DType::kFloat32, DType::kFloat16, DType::kBFloat16,
                                 DType::kFloat64};
constexpr size_t kSizes[] = {0, 1, 3, 7, 17, 64, 100, 1031, 4133};

// Bit patterns that matter for a float of `bytes` bytes: +-0, +-inf, quiet and signalling NaN of
// both signs, the smallest and largest subnormal, the smallest normal, the largest finite, +-1
// and its neighbours.
std::vector<uint64_t> SpecialPatterns(size_t bytes) {
  switch (bytes) {
    case 2:  // float16 (bfloat16 takes the same list as its own patterns)
      return {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE01, 0xFD00, 0x0001,
              0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00, 0x3BFF, 0x3C01, 0x7F80,
              0xFF80, 0x7FC0, 0x7F81, 0x0080, 0x7F7F, 0x3F80, 0x3F7F, 0x3F81, 0x8001};
    case 4:
      return {0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001,
              0xFFC00001, 0xFF800123, 0x00000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF,
              0xFF7FFFFF, 0x3F800000, 0xBF800000, 0x3F7FFFFF, 0x3F800001, 0x80000001,
              0x42B17218, 0x42B17217, 0xC2D00000, 0x4F000000, 0xCF000000};
    default:
      return {0x0ull,
              0x8000000000000000ull,
              0x7FF0000000000000ull,
              0xFFF0000000000000ull,
              0x7FF8000000000000ull,
              0x7FF0000000000001ull,
              0xFFF8000000000123ull,
              0x0000000000000001ull,
              0x000FFFFFFFFFFFFFull,
              0x0010000000000000ull,
              0x7FEFFFFFFFFFFFFFull,
              0x3FF0000000000000ull,
              0xBFF0000000000000ull,
              0x3FEFFFFFFFFFFFFFull,
              0x3FF0000000000001ull};
  }
}

// n elements of dtype t: the special patterns first, then a mix of raw random bits, ordinary
// values around 0, values of every magnitude (positive and negative) and values near 1.
std::vector<uint8_t> Inputs(DType t, size_t n, uint32_t seed) {
  const size_t bytes = DTypeSize(t);
  std::vector<uint8_t> buf(n * bytes + 8);
  std::mt19937_64 rng(seed);
  const std::vector<uint64_t> special = SpecialPatterns(bytes);
  std::normal_distribution<double> normal(0.0, 10.0);
  std::uniform_real_distribution<double> expo(-40.0, 40.0);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t r = rng();
    if (!IsFloating(t) || (i < special.size() && r % 4 != 0)) {
      testing::SetBits(t, buf, i, IsFloating(t) ? special[i] : r & testing::WidthMask(t));
      continue;
    }
    switch (r % 5) {
      case 0: testing::SetBits(t, buf, i, (r >> 8) & testing::WidthMask(t)); break;
      case 1: testing::SetF(t, buf, i, normal(rng)); break;
      case 2: testing::SetF(t, buf, i, std::exp2(expo(rng)) * (r & 32 ? -1 : 1)); break;
      case 3: testing::SetF(t, buf, i, 1.0 + normal(rng) * 1e-3); break;
      default: testing::SetBits(t, buf, i, special[(r >> 8) % special.size()]); break;
    }
  }
  return buf;
}

// Expects the same bytes; names the first differing element and its input.
void ExpectSameBytes(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want,
                     size_t elem_bytes, const std::string& what,
                     const std::vector<uint8_t>* input = nullptr) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] == want[i]) continue;
    const size_t e = i / elem_bytes;
    uint64_t g = 0, w = 0, x = 0;
    std::memcpy(&g, got.data() + e * elem_bytes, elem_bytes);
    std::memcpy(&w, want.data() + e * elem_bytes, elem_bytes);
    if (input) std::memcpy(&x, input->data() + e * elem_bytes, elem_bytes);
    FAIL() << what << ": element " << e << " is 0x" << std::hex << g << ", the model's 0x" << w
           << " (input 0x" << x << ")";
  }
}

std::string Name(DType t) { return std::string(DTypeName(t)); }

class VectorMathSameBits : public PerTarget {};

TEST_P(VectorMathSameBits, MathEveryFloatType) {
  const MathOp ops[] = {MathOp::kExp,   MathOp::kLn,         MathOp::kSqrt,
                        MathOp::kRsqrt, MathOp::kReciprocal, MathOp::kRelu};
  for (const DType t : kFloatTypes) {
    for (const MathOp op : ops) {
      for (const size_t n : kSizes) {
        const std::vector<uint8_t> in = Inputs(t, n, 11 + static_cast<uint32_t>(n));
        std::vector<uint8_t> got(in.size(), 0xAB), want(in.size(), 0xAB);
        Math(op, t, got.data(), in.data(), n);
        model::Math(op, t, want.data(), in.data(), n);
        ExpectSameBytes(
            got, want, DTypeSize(t),
            "Math " + std::to_string(int(op)) + " " + Name(t) + " n=" + std::to_string(n), &in);
        std::vector<uint8_t> in_place = in;  // dst == src, as a kernel's Ln(x, x, n)
        std::fill(in_place.begin() + n * DTypeSize(t), in_place.end(), 0xAB);  // want's tail
        Math(op, t, in_place.data(), in_place.data(), n);
        ExpectSameBytes(in_place, want, DTypeSize(t), "in place Math " + std::to_string(int(op)),
                        &in);
      }
    }
  }
}

TEST_P(VectorMathSameBits, ReluIntegers) {
  for (const DType t : {DType::kInt8, DType::kInt32, DType::kInt64, DType::kUInt8, DType::kUInt32,
                        DType::kUInt64}) {
    for (const size_t n : kSizes) {
      const std::vector<uint8_t> in = Inputs(t, n, 5);
      std::vector<uint8_t> got(in.size(), 0), want(in.size(), 0);
      Math(MathOp::kRelu, t, got.data(), in.data(), n);
      model::Math(MathOp::kRelu, t, want.data(), in.data(), n);
      ExpectSameBytes(got, want, DTypeSize(t), "Relu " + Name(t), &in);
    }
  }
}

// Every 4099th float32 pattern (about a million, all exponents and both signs), for the ops
// whose float32 result is not a single IEEE operation of the target.
TEST_P(VectorMathSameBits, Float32Sweep) {
  std::vector<float> in;
  for (uint64_t b = 0; b <= 0xFFFFFFFFull; b += 4099) {
    in.push_back(std::bit_cast<float>(static_cast<uint32_t>(b)));
  }
  for (const MathOp op : {MathOp::kLn, MathOp::kRsqrt, MathOp::kReciprocal, MathOp::kSqrt}) {
    std::vector<float> got(in.size()), want(in.size());
    Math(op, DType::kFloat32, got.data(), in.data(), in.size());
    model::Math(op, DType::kFloat32, want.data(), in.data(), in.size());
    for (size_t i = 0; i < in.size(); ++i) {
      ASSERT_EQ(std::bit_cast<uint32_t>(got[i]), std::bit_cast<uint32_t>(want[i]))
          << "op " << int(op) << " input 0x" << std::hex << std::bit_cast<uint32_t>(in[i]);
    }
  }
}

// float32 inputs whose exact Ln or Rsqrt lies nearest a float32 rounding midpoint (a scan of
// every positive pattern for Ln, of [1, 4) for Rsqrt, which repeats every factor of 4: the 40
// nearest of each; std::log puts some exactly on one), and 48 of the 4009 positive patterns
// whose Ln AVX2's float lanes round wrongly without their band, each with its neighbours: the lanes
// that the kernels' band checks must hand to the model. All ordinary inputs, so each vector takes
// the fast path; out of place and in place (the model's lanes then read the kept inputs).
TEST_P(VectorMathSameBits, LnRsqrtNearFloatMidpoints) {
  const uint32_t ln_hard[] = {
      0x1f116ab8, 0x3c413d3a, 0x41178feb, 0x4c5d65a5, 0x4d604ebe, 0x65d890d3, 0x66a8c860,
      0x6f31a8ec, 0x0dc8bba4, 0x111c87f8, 0x2c4c24b7, 0x38dcbe38, 0x3bf86ef0, 0x4665a9a6,
      0x5ee8984e, 0x79e7ec37, 0x1a8446cb, 0x28e3fa26, 0x29e6126b, 0x29fd22f8, 0x2e492984,
      0x464d5b2b, 0x4e85f412, 0x66abbd63, 0x064cb44b, 0x07c060fa, 0x0f61ff63, 0x2423c085,
      0x54af989d, 0x5d800341, 0x5f64c24a, 0x62b467ba, 0x145cb6d4, 0x16c5ee7a, 0x39c31348,
      0x6d1f23eb, 0x7d98b8f4, 0x022ae487, 0x1b81ab52, 0x22925ad4,
      // AVX2's float lanes (LnFloatLanes) round these wrongly without their band check
      0x00821a25, 0x041c1b3d, 0x07922fcb, 0x0b447d80, 0x0fac7485, 0x12966321, 0x14e787c6,
      0x17b92685, 0x1ba2595c, 0x1fc702b8, 0x23abe585, 0x27a51454, 0x2ac2ac74, 0x2e5ed584,
      0x3212c80f, 0x35c68789, 0x3936ed13, 0x3bdf3a75, 0x3d8a2314, 0x3ee4562c, 0x3f483137,
      0x3f71222f, 0x3f7a377d, 0x3f862ed5, 0x3f87d38e, 0x3f8ab784, 0x3fbb1cf4, 0x405015a6,
      0x4194b374, 0x43da2057, 0x46358851, 0x48b9fae4, 0x4b4bda5d, 0x4f0a97e8, 0x521dd688,
      0x54c5d693, 0x56988dfb, 0x5b7454da, 0x5ed92773, 0x61fcf35a, 0x6575ac8d, 0x6903b52a,
      0x6b5f5aa5, 0x6dd089d0, 0x718a0e50, 0x74e6a843, 0x789e5998, 0x7c776a08};
  const uint32_t rsqrt_hard[] = {
      0x403a18e3, 0x4009f038, 0x407ffffe, 0x3fba2a39, 0x3fd2208f, 0x3fed3230, 0x3f8a5c86,
      0x3fdae942, 0x407de1e1, 0x407dbbac, 0x401dd16a, 0x4042ed16, 0x3fd19305, 0x40355499,
      0x3fa49c14, 0x3fd7aea0, 0x4020bf32, 0x3fc653da, 0x4023707b, 0x407ffffa, 0x3f9ca018,
      0x406a3ece, 0x3f9cfd44, 0x404ce453, 0x4016692d, 0x3fc2cb7f, 0x4034d9e1, 0x3f83fd98,
      0x3ffc2b56, 0x4015e036, 0x4011fdc7, 0x403433ac, 0x3fd68de3, 0x407ffff6, 0x3ff9d562,
      0x406aff4f, 0x4064d0e2, 0x4010578d, 0x3fb8ccf1, 0x407ed617};
  const auto with_neighbours = [](const auto& hard, int scale_steps) {
    std::vector<float> in;
    for (const uint32_t h : hard) {
      for (int step = 0; step <= scale_steps; step += 8) {  // Rsqrt: the same mantissa * 4^k
        for (int d = -2; d <= 2; ++d) {
          in.push_back(std::bit_cast<float>(h + static_cast<uint32_t>(d) - (step << 23)));
        }
      }
    }
    return in;
  };
  for (const MathOp op : {MathOp::kLn, MathOp::kRsqrt}) {
    const std::vector<float> in =
        op == MathOp::kLn ? with_neighbours(ln_hard, 0) : with_neighbours(rsqrt_hard, 96);
    std::vector<float> want(in.size()), got(in.size()), in_place = in;
    model::Math(op, DType::kFloat32, want.data(), in.data(), in.size());
    Math(op, DType::kFloat32, got.data(), in.data(), in.size());
    Math(op, DType::kFloat32, in_place.data(), in_place.data(), in_place.size());
    for (size_t i = 0; i < in.size(); ++i) {
      const uint32_t w = std::bit_cast<uint32_t>(want[i]);
      ASSERT_EQ(std::bit_cast<uint32_t>(got[i]), w)
          << "op " << int(op) << " input 0x" << std::hex << std::bit_cast<uint32_t>(in[i]);
      ASSERT_EQ(std::bit_cast<uint32_t>(in_place[i]), w)
          << "in place, op " << int(op) << " input 0x" << std::hex
          << std::bit_cast<uint32_t>(in[i]);
    }
  }
}

TEST_P(VectorMathSameBits, LeakyRelu) {
  for (const DType t : kFloatTypes) {
    for (const double alpha : {0.01, -2.5, 0.0, 1e30, 0.1}) {
      for (const size_t n : kSizes) {
        const std::vector<uint8_t> in = Inputs(t, n, 7);
        std::vector<uint8_t> got(in.size(), 0), want(in.size(), 0);
        LeakyRelu(t, got.data(), in.data(), alpha, n);
        model::LeakyRelu(t, want.data(), in.data(), alpha, n);
        ExpectSameBytes(got, want, DTypeSize(t), "LeakyRelu " + Name(t), &in);
      }
    }
  }
}

TEST_P(VectorMathSameBits, FusedEveryFloatType) {
  const FusedOp ops[] = {FusedOp::kAddRelu,     FusedOp::kSubRelu, FusedOp::kMulAddDst,
                         FusedOp::kFusedMulAdd, FusedOp::kAxpy,    FusedOp::kMulAddRelu};
  for (const DType t : kFloatTypes) {
    for (const FusedOp op : ops) {
      for (const size_t n : kSizes) {
        const std::vector<uint8_t> a = Inputs(t, n, 21), b = Inputs(t, n, 22);
        std::vector<uint8_t> got = Inputs(t, n, 23);  // dst's old value is an operand
        std::vector<uint8_t> want = got;
        Fused(op, t, got.data(), a.data(), b.data(), n);
        model::Fused(op, t, want.data(), a.data(), b.data(), n);
        ExpectSameBytes(
            got, want, DTypeSize(t),
            "Fused " + std::to_string(int(op)) + " " + Name(t) + " n=" + std::to_string(n), &a);
      }
    }
  }
}

// MulAddDst's half x half + float lanes: the float32 sum rounded once, every NaN rule, subnormal
// products, on every target.
TEST_P(VectorMathSameBits, MulAddDstHalfToFloat) {
  for (const size_t n : kSizes) {
    const std::vector<uint8_t> a = Inputs(DType::kFloat16, n, 26),
                               b = Inputs(DType::kFloat16, n, 27);
    std::vector<uint8_t> got = Inputs(DType::kFloat32, n, 28);
    std::vector<uint8_t> want = got;
    const auto* x = reinterpret_cast<const uint16_t*>(a.data());
    const auto* y = reinterpret_cast<const uint16_t*>(b.data());
    MulAddDstHalfToFloat(reinterpret_cast<float*>(got.data()), x, y, n);
    model::MulAddDstHalfToFloat(reinterpret_cast<float*>(want.data()), x, y, n);
    ExpectSameBytes(got, want, 4, "MulAddDstHalfToFloat n=" + std::to_string(n));
  }
}

// int16_t AddRelu/SubRelu (random bits: both wraps), in place too, on every target.
TEST_P(VectorMathSameBits, FusedInt16AddSubRelu) {
  for (const FusedOp op : {FusedOp::kAddRelu, FusedOp::kSubRelu}) {
    for (const size_t n : kSizes) {
      const std::vector<uint8_t> a = Inputs(DType::kInt16, n, 24), b = Inputs(DType::kInt16, n, 25);
      std::vector<uint8_t> got(a.size(), 0), want(a.size(), 0), in_place = a;
      Fused(op, DType::kInt16, got.data(), a.data(), b.data(), n);
      Fused(op, DType::kInt16, in_place.data(), in_place.data(), b.data(), n);
      model::Fused(op, DType::kInt16, want.data(), a.data(), b.data(), n);
      const std::string what = "Fused int16 " + std::to_string(int(op)) + " n=" + std::to_string(n);
      ExpectSameBytes(got, want, 2, what, &a);
      ExpectSameBytes(in_place, want, 2, what + " in place", &a);
    }
  }
}

// AddReluCast/SubReluCast/MulCast/AddDeqRelu's lanes (vector_fused_cast.cc, on the Highway
// Cast): every pair gives the bytes of the last (scalar) target on this one.
TEST_P(VectorMathSameBits, FusedCastEveryPair) {
  struct Pair {
    FusedCastOp op;
    DType src, dst;
  };
  const Pair pairs[] = {{FusedCastOp::kAddRelu, DType::kFloat32, DType::kFloat16},
                        {FusedCastOp::kSubRelu, DType::kFloat16, DType::kInt8},
                        {FusedCastOp::kAddRelu, DType::kInt16, DType::kInt8},
                        {FusedCastOp::kSubRelu, DType::kInt16, DType::kInt8},
                        {FusedCastOp::kMul, DType::kFloat16, DType::kInt8},
                        {FusedCastOp::kMul, DType::kFloat16, DType::kUInt8},
                        {FusedCastOp::kAddDeqRelu, DType::kInt32, DType::kFloat16}};
  const std::string reference = SupportedTargets().back();
  for (const Pair& p : pairs) {
    for (const size_t n : kSizes) {
      const std::vector<uint8_t> a = Inputs(p.src, n, 41), b = Inputs(p.src, n, 42);
      std::vector<uint8_t> got(n * DTypeSize(p.dst) + 1, 0), want = got;
      FusedCast(p.op, p.dst, got.data(), p.src, a.data(), b.data(), 0.001f, n);
      ForceTargetForTest(reference);
      FusedCast(p.op, p.dst, want.data(), p.src, a.data(), b.data(), 0.001f, n);
      ForceTargetForTest(GetParam());
      ExpectSameBytes(got, want, DTypeSize(p.dst),
                      "FusedCast " + std::to_string(int(p.op)) + " " + Name(p.src) + " -> " +
                          Name(p.dst) + " n=" + std::to_string(n));
    }
  }
}

// The float16 -> int8/uint8 fused casts against a scalar model on this target: every float16
// pattern as a (NaNs, infinities, -0, subnormals, ties, saturation) against b's that keep it,
// negate it, make inf * 0 and scale it, and a signalling NaN b in one lane; the
// arithmetic in float32, Relu (NaN kept), the float16 rounding, then nearest even, saturated,
// NaN to 0 (Cast's rule).
TEST_P(VectorMathSameBits, FusedCastHalfToByteMatchesAScalarModel) {
  struct Pair {
    FusedCastOp op;
    DType dst;
  };
  const Pair pairs[] = {{FusedCastOp::kAddRelu, DType::kInt8},
                        {FusedCastOp::kSubRelu, DType::kInt8},
                        {FusedCastOp::kMul, DType::kInt8},
                        {FusedCastOp::kMul, DType::kUInt8}};
  const size_t n = (size_t{1} << 16) + 5;
  std::vector<uint16_t> a(n), b(n);
  for (size_t i = 0; i < n; ++i) a[i] = static_cast<uint16_t>(i);
  for (const uint16_t bv : {0x0000, 0x3C00, 0xBC00, 0x7C00, 0x2E66}) {  // 0, +-1, inf, 0.1
    std::fill(b.begin(), b.end(), bv);
    b[7] = 0x7C01;  // a signalling NaN in some vector
    for (const Pair& p : pairs) {
      std::vector<uint8_t> got(n);
      FusedCast(p.op, p.dst, got.data(), DType::kFloat16, a.data(), b.data(), 1.0f, n);
      for (size_t i = 0; i < n; ++i) {
        const float x = HalfBitsToFloat(a[i]), y = HalfBitsToFloat(b[i]);
        float r = p.op == FusedCastOp::kMul ? x * y : p.op == FusedCastOp::kSubRelu ? x - y : x + y;
        if (p.op != FusedCastOp::kMul && !(r > 0) && !std::isnan(r)) r = 0;
        const float h = HalfBitsToFloat(FloatToHalfBits(r));
        const bool is_signed = p.dst == DType::kInt8;
        const double lo = is_signed ? -128 : 0, hi = is_signed ? 127 : 255;
        const int want =
            std::isnan(h) ? 0 : static_cast<int>(std::clamp(std::nearbyint(double{h}), lo, hi));
        const int have = is_signed ? int{static_cast<int8_t>(got[i])} : int{got[i]};
        ASSERT_EQ(have, want) << "op " << int(p.op) << " a=0x" << std::hex << a[i] << " b=0x"
                              << b[i];
      }
    }
  }
}

TEST_P(VectorMathSameBits, DeqInt32ToHalf) {
  for (const float scale : {1.0f, 0.001f, 3.7e-5f, -1.5f, 65504.0f, 1e-8f}) {
    for (const size_t n : kSizes) {
      const std::vector<uint8_t> raw = Inputs(DType::kInt32, n, 31);
      std::vector<int32_t> in(n);
      if (n != 0) std::memcpy(in.data(), raw.data(), n * 4);
      for (size_t i = 0; i < n; i += 3) in[i] %= 70000;  // also values the half range holds
      // Every lane within 2^24 (the exact lanes' own loop) but one beyond, two thirds along.
      std::vector<int32_t> exact(in);
      for (int32_t& x : exact) x %= 1 << 24;
      if (n != 0) exact[n * 2 / 3] = (1 << 24) + 1;
      for (const std::vector<int32_t>* src : {&in, &exact}) {
        std::vector<uint16_t> got(n), want(n);
        DeqInt32ToHalf(got.data(), src->data(), scale, n);
        model::DeqInt32ToHalf(want.data(), src->data(), scale, n);
        for (size_t i = 0; i < n; ++i)
          ASSERT_EQ(got[i], want[i]) << "scale " << scale << " " << (*src)[i];
      }
    }
  }
}

// Integers beyond 2^24 (converted with rounding on the float32 path) whose products land near
// the midpoints between float16 values: the lanes the fast path hands to the model.
TEST_P(VectorMathSameBits, DeqLargeIntegersNearHalfMidpoints) {
  std::mt19937 rng(37);
  // in: up to 2^26 and anywhere; near: above 2^24, within two of an integer whose product with
  // 1e-4 is a float16 midpoint (an odd integer in [2049, 3355]): the float32 conversion's
  // rounding (one ulp is 2) moves such a product across the midpoint, so the exact lanes' own
  // loop must not take them.
  std::vector<int32_t> in(4133), near(4133);
  for (size_t i = 0; i < in.size(); ++i) {
    const int32_t big = (1 << 24) + static_cast<int32_t>(rng() % (1u << 26));
    in[i] = i % 2 == 0 ? big : -big;
    if (i % 5 == 0) in[i] = static_cast<int32_t>(rng());  // anywhere in the range
    const double midpoint = 2049 + 2 * static_cast<double>(i % 650);
    const auto x = static_cast<int32_t>(std::llround(midpoint / double{1e-4f})) + int(i % 5) - 2;
    near[i] = i % 2 == 0 ? x : -x;
  }
  for (const std::vector<int32_t>* src : {&in, &near}) {
    for (const float scale : {0x1p-11f, 0x1p-12f, 1e-4f, -3.3e-4f, 0x1p-30f, 0x1p-40f}) {
      std::vector<uint16_t> got(src->size()), want(src->size());
      DeqInt32ToHalf(got.data(), src->data(), scale, src->size());
      model::DeqInt32ToHalf(want.data(), src->data(), scale, src->size());
      for (size_t i = 0; i < src->size(); ++i)
        ASSERT_EQ(got[i], want[i]) << "scale " << scale << " " << (*src)[i];
    }
  }
}

TEST_P(VectorMathSameBits, BitwiseAndShift) {
  for (const size_t bytes : {1u, 2u, 4u, 8u}) {
    const DType t = bytes == 1   ? DType::kUInt8
                    : bytes == 2 ? DType::kFloat16
                    : bytes == 4 ? DType::kUInt32
                                 : DType::kUInt64;
    for (const size_t n : kSizes) {
      const std::vector<uint8_t> a = Inputs(t, n, 41), b = Inputs(t, n, 42);
      for (const BitOp op : {BitOp::kAnd, BitOp::kOr, BitOp::kNot}) {
        std::vector<uint8_t> got(a.size(), 0), want(a.size(), 0);
        Bitwise(op, bytes, got.data(), a.data(), b.data(), n);
        model::Bitwise(op, bytes, want.data(), a.data(), b.data(), n);
        ExpectSameBytes(got, want, bytes, "Bitwise " + std::to_string(int(op)));
      }
      for (const bool left : {true, false}) {
        for (const bool is_signed : {true, false}) {
          for (const uint32_t s : {0u, 1u, 3u, 7u, 8u, 9u, 15u, 16u, 31u, 32u, 63u, 64u, 200u}) {
            std::vector<uint8_t> got(a.size(), 0), want(a.size(), 0);
            Shift(left, bytes, is_signed, got.data(), a.data(), s, n);
            model::Shift(left, bytes, is_signed, want.data(), a.data(), s, n);
            ExpectSameBytes(got, want, bytes,
                            "Shift " + std::to_string(bytes) + "B left=" + std::to_string(left) +
                                " signed=" + std::to_string(is_signed) + " by " +
                                std::to_string(s));
          }
        }
      }
    }
  }
}

TEST_P(VectorMathSameBits, CompareEveryType) {
  const CmpMode modes[] = {CmpMode::kLt, CmpMode::kGt, CmpMode::kEq,
                           CmpMode::kLe, CmpMode::kGe, CmpMode::kNe};
  std::vector<DType> types(std::begin(testing::kNumericTypes), std::end(testing::kNumericTypes));
  types.push_back(DType::kBool);
  for (const DType t : types) {
    for (const size_t n : kSizes) {
      const std::vector<uint8_t> a = Inputs(t, n, 51);
      std::vector<uint8_t> b = Inputs(t, n, 52);
      const size_t eb = DTypeSize(t);
      for (size_t i = 0; i < n; i += 3) std::memcpy(&b[i * eb], &a[i * eb], eb);  // ties
      for (const CmpMode mode : modes) {
        for (const bool scalar : {false, true}) {
          std::vector<uint8_t> got((n + 7) / 8 + 1, 0xEE), want = got;
          Compare(mode, t, got.data(), a.data(), b.data(), scalar, n);
          model::Compare(mode, t, want.data(), a.data(), b.data(), scalar, n);
          ExpectSameBytes(got, want, 1,
                          "Compare " + std::to_string(int(mode)) + " " + Name(t) +
                              " n=" + std::to_string(n) + " scalar=" + std::to_string(scalar));
        }
      }
    }
  }
}

TEST_P(VectorMathSameBits, SelectEveryWidth) {
  for (const size_t bytes : {1u, 2u, 4u, 8u, 3u}) {
    for (const size_t n : kSizes) {
      std::mt19937 rng(static_cast<uint32_t>(n + bytes));
      std::vector<uint8_t> a(n * bytes + 1), b(n * bytes + 1), bits((n + 7) / 8 + 1);
      for (auto& v : a) v = static_cast<uint8_t>(rng());
      for (auto& v : b) v = static_cast<uint8_t>(rng());
      for (auto& v : bits) v = static_cast<uint8_t>(rng());
      for (const bool scalar : {false, true}) {
        std::vector<uint8_t> got(a.size(), 0), want(a.size(), 0);
        Select(bytes, got.data(), bits.data(), a.data(), b.data(), scalar, n);
        model::Select(bytes, want.data(), bits.data(), a.data(), b.data(), scalar, n);
        ExpectSameBytes(got, want, bytes,
                        "Select " + std::to_string(bytes) + "B n=" + std::to_string(n));
      }
    }
  }
}

// float16/bfloat16 math (Exp and Ln by table, the rest in registers, vector_math16-inl.h) and
// LeakyRelu: all 2^16 patterns of each, out of place and in place, on every target.
TEST_P(VectorMathSameBits, Math16EveryPattern) {
  std::vector<uint16_t> in(size_t{1} << 16);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint16_t>(i);
  for (const DType t : {DType::kFloat16, DType::kBFloat16}) {
    for (int op = -1; op <= static_cast<int>(MathOp::kRelu); ++op) {  // -1: LeakyRelu
      const auto run = [&](auto fn, uint16_t* dst, const uint16_t* src) {
        fn(static_cast<MathOp>(op), t, dst, src, in.size());
      };
      const auto leaky = [](MathOp, DType dt, void* d, const void* s, size_t n) {
        LeakyRelu(dt, d, s, 0.1, n);
      };
      const auto leaky_model = [](MathOp, DType dt, void* d, const void* s, size_t n) {
        model::LeakyRelu(dt, d, s, 0.1, n);
      };
      std::vector<uint16_t> got(in.size()), want(in.size());
      std::vector<uint16_t> in_place = in;
      if (op < 0) {
        run(leaky_model, want.data(), in.data());
        run(leaky, got.data(), in.data());
        run(leaky, in_place.data(), in_place.data());
      } else {
        run([](auto... a) { model::Math(a...); }, want.data(), in.data());
        run([](auto... a) { Math(a...); }, got.data(), in.data());
        run([](auto... a) { Math(a...); }, in_place.data(), in_place.data());
      }
      for (size_t i = 0; i < in.size(); ++i) {
        ASSERT_EQ(got[i], want[i]) << "op " << op << " " << Name(t) << " of 0x" << std::hex << i;
        ASSERT_EQ(in_place[i], want[i]) << "in place, op " << op << " of 0x" << std::hex << i;
      }
    }
  }
}

// Each 16-bit pattern once in a block of 32 lanes whose others are an ordinary input (its
// result far from any rounding tie): AVX3's float16 Rsqrt (32 lanes a step), 16-bit Exp
// and Ln (16) take the fast path only when every lane of the step allows it, so in
// Math16EveryPattern's order a lane near a tie sends its neighbours to the other path too; here
// every lane that allows it takes the fast path, at each lane position.
void ExpectEachPatternAmongOrdinaryLanes(MathOp op, DType dtype, uint16_t filler, size_t patterns) {
  constexpr size_t kBlock = 32;
  std::vector<uint16_t> every(patterns), want(patterns);
  for (size_t i = 0; i < patterns; ++i) every[i] = static_cast<uint16_t>(i);
  model::Math(op, dtype, want.data(), every.data(), patterns);
  uint16_t filler_want = 0;
  model::Math(op, dtype, &filler_want, &filler, 1);
  constexpr size_t kChunk = 1024;  // patterns a call: small buffers, reused
  std::vector<uint16_t> in(kChunk * kBlock), got(in.size());
  for (size_t first = 0; first < patterns; first += kChunk) {
    const size_t count = std::min(kChunk, patterns - first);
    std::fill(in.begin(), in.end(), filler);
    for (size_t j = 0; j < count; ++j) in[j * kBlock + (first + j) % kBlock] = every[first + j];
    Math(op, dtype, got.data(), in.data(), count * kBlock);
    for (size_t k = 0; k < count * kBlock; ++k) {
      const size_t p = first + k / kBlock;
      const uint16_t expected = k % kBlock == p % kBlock ? want[p] : filler_want;
      if (got[k] != expected) {
        FAIL() << Name(dtype) << " op " << static_cast<int>(op) << ": pattern 0x" << std::hex << p
               << " at lane " << std::dec << k % kBlock << ": 0x" << std::hex << got[k]
               << ", want 0x" << expected;
      }
    }
  }
}

TEST_P(VectorMathSameBits, Math16EachPatternAmongOrdinaryLanes) {
  // The other targets take these ops one vector at a time (Math16EveryPattern covers them).
  const bool avx3 = GetParam() == "AVX3";
  if (!avx3 && GetParam() != "AVX2") GTEST_SKIP() << "the fast paths are AVX3's and AVX2's";
  // Rsqrt (AVX2 too, 8 lanes a step): 1.0 among the positive finite float16 (the others never
  // take the fast path).
  ExpectEachPatternAmongOrdinaryLanes(MathOp::kRsqrt, DType::kFloat16, 0x3C00, 0x7C00);
  if (!avx3) return;  // Exp and Ln on float lanes are AVX3's
  ExpectEachPatternAmongOrdinaryLanes(MathOp::kExp, DType::kFloat16, 0x0000, size_t{1} << 16);
  ExpectEachPatternAmongOrdinaryLanes(MathOp::kExp, DType::kBFloat16, 0x0000, size_t{1} << 16);
  ExpectEachPatternAmongOrdinaryLanes(MathOp::kLn, DType::kFloat16, 0x3C00, size_t{1} << 16);
  ExpectEachPatternAmongOrdinaryLanes(MathOp::kLn, DType::kBFloat16, 0x3F80, size_t{1} << 16);
}

OPSIM_INSTANTIATE_PER_TARGET(VectorMathSameBits);

}  // namespace
}  // namespace opsim::sim::vec::math_same_bits
