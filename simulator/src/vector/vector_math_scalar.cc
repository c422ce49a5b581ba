// The per-element model of the math, logic, compare and select instructions: the definition the
// Highway kernels (vector_math.cc, vector_logic.cc) are held to bit for bit by the tests, and the
// kernels' own fallback for the rare lanes they cannot settle in vectors (Ln's lanes too near a
// float32 rounding boundary, float64 Exp and Ln). Plain loops: one definition for every target.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "opsim/core/float16.h"
#include "opsim/sim/vector_math_model.h"
#include "opsim/sim/vector_unit.h"

namespace opsim::sim::vec::model {
namespace {

// Loads element i of a float-typed array as double (float16/bfloat16 widen exactly).
double LoadFloat(DType dtype, const void* p, size_t i) {
  switch (dtype) {
    case DType::kFloat32: {
      float v;
      std::memcpy(&v, static_cast<const float*>(p) + i, 4);
      return v;
    }
    case DType::kFloat64: {
      double v;
      std::memcpy(&v, static_cast<const double*>(p) + i, 8);
      return v;
    }
    case DType::kFloat16:
    case DType::kBFloat16: {
      uint16_t b;
      std::memcpy(&b, static_cast<const uint16_t*>(p) + i, 2);
      return dtype == DType::kFloat16 ? HalfBitsToFloat(b) : BFloat16BitsToFloat(b);
    }
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return 0;
  }
}

// A float32 NaN with its quiet bit set. The double a float32 passes through quiets a signalling
// NaN on x86, but a compiler may drop a float -> double -> float round trip (GCC -O3 does in
// LeakyRelu's copy branch), so the model sets the bit itself.
float QuietIfNaN(float f) {
  if (!std::isnan(f)) return f;
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  bits |= uint32_t{1} << 22;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Stores a result computed in double: float64 as is; float32 rounded once; float16/bfloat16
// rounded to float32 first (the chip's float32 datapath), then to nearest-even.
void StoreFloat(DType dtype, void* p, size_t i, double v) {
  switch (dtype) {
    case DType::kFloat64: std::memcpy(static_cast<double*>(p) + i, &v, 8); return;
    case DType::kFloat32: {
      const float f = QuietIfNaN(static_cast<float>(v));
      std::memcpy(static_cast<float*>(p) + i, &f, 4);
      return;
    }
    case DType::kFloat16:
    case DType::kBFloat16: {
      const float f = QuietIfNaN(static_cast<float>(v));
      const uint16_t b = dtype == DType::kFloat16 ? FloatToHalfBits(f) : FloatToBFloat16Bits(f);
      std::memcpy(static_cast<uint16_t*>(p) + i, &b, 2);
      return;
    }
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return;
  }
}

double ApplyMath(MathOp op, double x) {
  switch (op) {
    case MathOp::kExp: return std::exp(x);
    case MathOp::kLn: return std::log(x);
    case MathOp::kSqrt: return std::sqrt(x);
    case MathOp::kRsqrt: return 1.0 / std::sqrt(x);
    case MathOp::kReciprocal: return 1.0 / x;
    case MathOp::kRelu: return std::isnan(x) ? x : (x > 0 ? x : 0.0);
  }
  return x;
}

// Exp of float32, float16 and bfloat16 is the vectorised float32 exp (ExpFloat, the one
// ReduceLogSumExp uses too); 16-bit types go through float32 in chunks and round once more.
void ExpFloat32Path(DType dtype, void* dst, const void* src, size_t n) {
  if (dtype == DType::kFloat32) {
    return ExpFloat(static_cast<float*>(dst), static_cast<const float*>(src), n);
  }
  constexpr size_t kChunk = 256;
  float buf[kChunk];
  for (size_t b = 0; b < n; b += kChunk) {
    const size_t m = std::min(kChunk, n - b);
    for (size_t i = 0; i < m; ++i) buf[i] = static_cast<float>(LoadFloat(dtype, src, b + i));
    ExpFloat(buf, buf, m);
    for (size_t i = 0; i < m; ++i) StoreFloat(dtype, dst, b + i, buf[i]);
  }
}

template <typename T>
void ReluInt(void* dst, const void* src, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, static_cast<const T*>(src) + i, sizeof(T));
    if (v < 0) v = 0;
    std::memcpy(static_cast<T*>(dst) + i, &v, sizeof(T));
  }
}

template <typename U>
void BitwiseTyped(BitOp op, void* dst, const void* a, const void* b, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    U x, y = 0;
    std::memcpy(&x, static_cast<const U*>(a) + i, sizeof(U));
    if (op != BitOp::kNot) std::memcpy(&y, static_cast<const U*>(b) + i, sizeof(U));
    const U r = op == BitOp::kAnd ? U(x & y) : op == BitOp::kOr ? U(x | y) : U(~x);
    std::memcpy(static_cast<U*>(dst) + i, &r, sizeof(U));
  }
}

template <typename S>
void ShiftTyped(bool left, void* dst, const void* src, uint32_t shift, size_t n) {
  using U = std::make_unsigned_t<S>;
  constexpr uint32_t kBits = sizeof(S) * 8;
  for (size_t i = 0; i < n; ++i) {
    S v;
    std::memcpy(&v, static_cast<const S*>(src) + i, sizeof(S));
    S r;
    if (left) {
      r = shift >= kBits ? S(0) : static_cast<S>(static_cast<U>(static_cast<U>(v) << shift));
    } else if (shift >= kBits) {
      r = (std::is_signed_v<S> && v < 0) ? S(-1) : S(0);
    } else {
      r = static_cast<S>(v >> shift);  // arithmetic for signed S (defined since C++20)
    }
    std::memcpy(static_cast<S*>(dst) + i, &r, sizeof(S));
  }
}

bool IsFloatType(DType d) {
  return d == DType::kFloat32 || d == DType::kFloat64 || d == DType::kFloat16 ||
         d == DType::kBFloat16;
}

// Integer element i as a value every integer dtype fits in (uint64 compares as unsigned).
template <typename T>
T LoadAs(const void* p, size_t i) {
  T v;
  std::memcpy(&v, static_cast<const T*>(p) + i, sizeof(T));
  return v;
}

template <typename T>
bool Cmp(CmpMode mode, T x, T y) {
  switch (mode) {
    case CmpMode::kLt: return x < y;
    case CmpMode::kGt: return x > y;
    case CmpMode::kEq: return x == y;
    case CmpMode::kLe: return x <= y;
    case CmpMode::kGe: return x >= y;
    case CmpMode::kNe: return !(x == y);
  }
  return false;
}

template <typename T>
void CompareInt(CmpMode mode, uint8_t* dst, const void* a, const void* b, bool b_scalar, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const bool r = Cmp(mode, LoadAs<T>(a, i), LoadAs<T>(b, b_scalar ? 0 : i));
    if (r) dst[i / 8] = static_cast<uint8_t>(dst[i / 8] | (1u << (i % 8)));
  }
}

}  // namespace

void Math(MathOp op, DType dtype, void* dst, const void* src, size_t n) {
  if (!IsFloatType(dtype)) {
    if (op != MathOp::kRelu) return;  // documented precondition: floats only
    switch (dtype) {
      case DType::kInt8: return ReluInt<int8_t>(dst, src, n);
      case DType::kInt16: return ReluInt<int16_t>(dst, src, n);
      case DType::kInt32: return ReluInt<int32_t>(dst, src, n);
      case DType::kInt64: return ReluInt<int64_t>(dst, src, n);
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
      default:
        if (dst != src && n != 0) std::memmove(dst, src, n * DTypeSize(dtype));  // unsigned
        return;
    }
  }
  if (op == MathOp::kExp && dtype != DType::kFloat64) return ExpFloat32Path(dtype, dst, src, n);
  for (size_t i = 0; i < n; ++i) {
    double x = LoadFloat(dtype, src, i);
    // float32 inputs of the 16-bit types and float32 itself: the operation is float32 on the
    // chip, so the double result is rounded to float32 by StoreFloat before any narrowing.
    StoreFloat(dtype, dst, i, ApplyMath(op, x));
  }
}

void LeakyRelu(DType dtype, void* dst, const void* src, double alpha, size_t n) {
  if (!IsFloatType(dtype)) return;
  const float alpha32 = static_cast<float>(alpha);
  for (size_t i = 0; i < n; ++i) {
    const double x = LoadFloat(dtype, src, i);
    double r = x;
    if (x < 0) {
      r = dtype == DType::kFloat64 ? x * alpha
                                   : static_cast<double>(static_cast<float>(x) * alpha32);
    }
    StoreFloat(dtype, dst, i, r);
  }
}

void Bitwise(BitOp op, size_t elem_bytes, void* dst, const void* a, const void* b, size_t n) {
  switch (elem_bytes) {
    case 1: return BitwiseTyped<uint8_t>(op, dst, a, b, n);
    case 2: return BitwiseTyped<uint16_t>(op, dst, a, b, n);
    case 4: return BitwiseTyped<uint32_t>(op, dst, a, b, n);
    case 8: return BitwiseTyped<uint64_t>(op, dst, a, b, n);
    default: return;
  }
}

void Shift(bool left, size_t elem_bytes, bool is_signed, void* dst, const void* src, uint32_t shift,
           size_t n) {
  switch (elem_bytes) {
    case 1:
      return is_signed ? ShiftTyped<int8_t>(left, dst, src, shift, n)
                       : ShiftTyped<uint8_t>(left, dst, src, shift, n);
    case 2:
      return is_signed ? ShiftTyped<int16_t>(left, dst, src, shift, n)
                       : ShiftTyped<uint16_t>(left, dst, src, shift, n);
    case 4:
      return is_signed ? ShiftTyped<int32_t>(left, dst, src, shift, n)
                       : ShiftTyped<uint32_t>(left, dst, src, shift, n);
    case 8:
      return is_signed ? ShiftTyped<int64_t>(left, dst, src, shift, n)
                       : ShiftTyped<uint64_t>(left, dst, src, shift, n);
    default: return;
  }
}

void Compare(CmpMode mode, DType dtype, uint8_t* dst, const void* a, const void* b, bool b_scalar,
             size_t n) {
  std::memset(dst, 0, (n + 7) / 8);
  if (IsFloatType(dtype)) {
    for (size_t i = 0; i < n; ++i) {
      const bool r = Cmp(mode, LoadFloat(dtype, a, i), LoadFloat(dtype, b, b_scalar ? 0 : i));
      if (r) dst[i / 8] = static_cast<uint8_t>(dst[i / 8] | (1u << (i % 8)));
    }
    return;
  }
  switch (dtype) {
    case DType::kInt8: return CompareInt<int8_t>(mode, dst, a, b, b_scalar, n);
    case DType::kUInt8:
    case DType::kBool: return CompareInt<uint8_t>(mode, dst, a, b, b_scalar, n);
    case DType::kInt16: return CompareInt<int16_t>(mode, dst, a, b, b_scalar, n);
    case DType::kUInt16: return CompareInt<uint16_t>(mode, dst, a, b, b_scalar, n);
    case DType::kInt32: return CompareInt<int32_t>(mode, dst, a, b, b_scalar, n);
    case DType::kUInt32: return CompareInt<uint32_t>(mode, dst, a, b, b_scalar, n);
    case DType::kInt64: return CompareInt<int64_t>(mode, dst, a, b, b_scalar, n);
    case DType::kUInt64: return CompareInt<uint64_t>(mode, dst, a, b, b_scalar, n);
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return;
  }
}

namespace {

// One two-operand step's NaN rule: a NaN operand comes out quieted, the left one first. That is
// x86's rule for the operands in the order written; it is spelt out because a compiler may swap
// the operands of a commutative + or * (and so pick the other NaN).
double Step(double x, double y, double r) {
  const auto quiet = [](double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    bits |= uint64_t{1} << 51;
    std::memcpy(&v, &bits, 8);
    return v;
  };
  if (std::isnan(x)) return quiet(x);
  if (std::isnan(y)) return quiet(y);
  return r;
}

}  // namespace

void Fused(FusedOp op, DType dtype, void* dst, const void* a, const void* b, size_t n) {
  if (dtype == DType::kInt16 && (op == FusedOp::kAddRelu || op == FusedOp::kSubRelu)) {
    for (size_t i = 0; i < n; ++i) {
      const int x = static_cast<const int16_t*>(a)[i], y = static_cast<const int16_t*>(b)[i];
      const auto wrapped = static_cast<int16_t>(
          static_cast<uint16_t>(op == FusedOp::kAddRelu ? x + y : x - y));  // as Add/Sub wrap
      static_cast<int16_t*>(dst)[i] = std::max<int16_t>(wrapped, 0);
    }
    return;
  }
  if (!IsFloatType(dtype)) return;  // documented precondition: floats, and the int16_t above
  for (size_t i = 0; i < n; ++i) {
    const double x = LoadFloat(dtype, a, i);
    const double y = LoadFloat(dtype, b, op == FusedOp::kAxpy ? 0 : i);
    const double d = LoadFloat(dtype, dst, i);
    double r = 0;
    switch (op) {
      case FusedOp::kAddRelu: r = ApplyMath(MathOp::kRelu, Step(x, y, x + y)); break;
      case FusedOp::kSubRelu: r = ApplyMath(MathOp::kRelu, Step(x, y, x - y)); break;
      case FusedOp::kMulAddDst:
      case FusedOp::kAxpy: {
        const double p = Step(x, y, x * y);
        r = Step(p, d, p + d);
        break;
      }
      case FusedOp::kFusedMulAdd: {
        const double p = Step(x, d, x * d);
        r = Step(p, y, p + y);
        break;
      }
      case FusedOp::kMulAddRelu: {
        const double p = Step(x, d, x * d);
        r = ApplyMath(MathOp::kRelu, Step(p, y, p + y));
        break;
      }
    }
    StoreFloat(dtype, dst, i, r);
  }
}

void MulAddDstHalfToFloat(float* dst, const uint16_t* a, const uint16_t* b, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const double x = LoadFloat(DType::kFloat16, a, i), y = LoadFloat(DType::kFloat16, b, i);
    const double p = Step(x, y, x * y);
    StoreFloat(DType::kFloat32, dst, i, Step(p, dst[i], p + dst[i]));
  }
}

void DeqInt32ToHalf(uint16_t* dst, const int32_t* src, float scale, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const double v = static_cast<double>(src[i]) * static_cast<double>(scale);
    dst[i] = FloatToHalfBits(static_cast<float>(v));
  }
}

void Select(size_t elem_bytes, void* dst, const uint8_t* bits, const void* a, const void* b,
            bool b_scalar, size_t n) {
  auto* out = static_cast<uint8_t*>(dst);
  const auto* x = static_cast<const uint8_t*>(a);
  const auto* y = static_cast<const uint8_t*>(b);
  for (size_t i = 0; i < n; ++i) {
    const bool take_a = (bits[i / 8] >> (i % 8)) & 1u;
    const uint8_t* from = take_a ? x + i * elem_bytes : y + (b_scalar ? 0 : i * elem_bytes);
    std::memmove(out + i * elem_bytes, from, elem_bytes);
  }
}

}  // namespace opsim::sim::vec::model
