// Per-target elementwise kernels: Binary, Scalar (binary with a broadcast operand), Unary, Fill.
// The dtype and the op are switched at run time here, inside one target, so each target
// instantiates one loop per (lane type, op) and no more.
#if defined(OPSIM_SIM_VECTOR_ELEMENTWISE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_ELEMENTWISE_INL_H_
#undef OPSIM_SIM_VECTOR_ELEMENTWISE_INL_H_
#else
#define OPSIM_SIM_VECTOR_ELEMENTWISE_INL_H_
#endif

#include <cstring>

#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/vector_unit.h"
#include "vector/vector_common-inl.h"
#include "vector/vector_scalar.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// dst[i] = f(a[i], b[i]) (b broadcast from *b when b_scalar). Tails run through a padded
// vector so that every element sees exactly the same operation.
template <typename T, class F>
HWY_INLINE void Apply2(T* dst, const T* a, const T* b, bool b_scalar, size_t n, F f) {
  const hn::ScalableTag<T> d;
  constexpr size_t kMax = hn::MaxLanes(d);
  const size_t N = hn::Lanes(d);
  const auto vb_scalar = hn::Set(d, b_scalar ? *b : T(0));
  size_t i = 0;
  for (; i + N <= n; i += N) {
    const auto vb = b_scalar ? vb_scalar : hn::LoadU(d, b + i);
    hn::StoreU(f(d, hn::LoadU(d, a + i), vb), d, dst + i);
  }
  if (i == n) return;
  const size_t rest = n - i;
  // One float32 element of two tensors (a reduction's piece result combined into its row's):
  // broadcast in registers. Through the padded arrays below, its 4-byte store and the vector
  // load over it stalled on store forwarding (issue 29, session 41: 42 % of the float32 Add's
  // samples). Lane 0 sees the same operation on the same operands; the other lanes are not
  // stored (which NaN comes out is FirstSourceOp's rule, as in full vectors). Other types keep the
  // padded form: each path is compiled per op and target.
  if constexpr (std::is_same_v<T, float>) {
    if (rest == 1 && !b_scalar) {
      dst[i] = hn::GetLane(f(d, hn::Set(d, a[i]), hn::Set(d, b[i])));
      return;
    }
  }
  HWY_ALIGN T ta[kMax] = {};
  HWY_ALIGN T tb[kMax] = {};
  HWY_ALIGN T tout[kMax];
  if (kMax == 1 || rest == 1) {  // plain moves: a memcpy of a run-time length is a library call
    ta[0] = a[i];
    if (!b_scalar) tb[0] = b[i];
  } else {
    std::memcpy(ta, a + i, rest * sizeof(T));
    if (!b_scalar) std::memcpy(tb, b + i, rest * sizeof(T));
  }
  const auto vb = b_scalar ? vb_scalar : hn::Load(d, tb);
  hn::Store(f(d, hn::Load(d, ta), vb), d, tout);
  if (kMax == 1 || rest == 1) {
    dst[i] = tout[0];
  } else {
    std::memcpy(dst + i, tout, rest * sizeof(T));
  }
}

template <typename T, class F>
HWY_INLINE void Apply1(T* dst, const T* src, size_t n, F f) {
  const hn::ScalableTag<T> d;
  constexpr size_t kMax = hn::MaxLanes(d);
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(f(d, hn::LoadU(d, src + i)), d, dst + i);
  if (i == n) return;
  HWY_ALIGN T tin[kMax] = {};
  HWY_ALIGN T tout[kMax];
  const size_t rest = n - i;
  std::memcpy(tin, src + i, rest * sizeof(T));
  hn::Store(f(d, hn::Load(d, tin)), d, tout);
  std::memcpy(dst + i, tout, rest * sizeof(T));
}

// Which NaN a float Add/Sub/Mul/Div gives: the x86 instruction returns its first source's NaN,
// quietened (two NaN operands), or the one NaN operand's, and the compiler may swap the operands
// of an add or a multiply written as an intrinsic or an operator (it did between targets, and
// between a vector and its tail). One rule on every target and lane: a's NaN first, b's for a
// product (the float16 path's rule since session 27, Arith16). Sub and Div cannot be swapped, so
// the instruction gives the rule; Add and Mul take their first source through inline asm on the
// x86 vector targets (as vector_tree_sum-inl.h's AddLeftFirst), and elsewhere, and for double,
// the rule is applied where a NaN comes out (a check per vector).
template <class D, class V>
HWY_NOINLINE V FirstNaNOf(D d, V x, V y, V r) {
  const V picked = hn::IfThenElse(hn::IsNaN(x), x, hn::IfThenElse(hn::IsNaN(y), y, r));
  using T = hn::TFromD<D>;
  const hn::RebindToUnsigned<D> du;
  const auto quiet_bit = hn::Set(du, hwy::MakeUnsigned<T>{1} << (hwy::MantissaBits<T>() - 1));
  return hn::IfThenElse(hn::IsNaN(picked), hn::Or(picked, hn::BitCast(d, quiet_bit)), picked);
}

// x + y (kMul: x * y) with x's NaN first.
template <bool kMul, class D, class V>
HWY_INLINE V FirstSourceOp(D d, V x, V y) {
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3
  if constexpr (std::is_same_v<hn::TFromD<D>, float>) {
    V r;
    if constexpr (kMul) {
      asm("vmulps %2, %1, %0" : "=v"(r.raw) : "v"(x.raw), "vm"(y.raw));
    } else {
      asm("vaddps %2, %1, %0" : "=v"(r.raw) : "v"(x.raw), "vm"(y.raw));
    }
    return r;
  }
#endif
  const V r = kMul ? hn::Mul(x, y) : hn::Add(x, y);
  if (HWY_LIKELY(hn::AllFalse(d, hn::IsNaN(r)))) return r;
  return FirstNaNOf(d, x, y, r);
}

// Add/Sub/Mul/Div on float lanes, NaNs by FirstSourceOp's rule.
template <typename T>
void FloatArith(BinaryOp op, T* dst, const T* a, const T* b, bool b_scalar, size_t n) {
  switch (op) {
    case BinaryOp::kAdd:
      return Apply2(dst, a, b, b_scalar, n,
                    [](auto d, auto x, auto y) { return FirstSourceOp<false>(d, x, y); });
    case BinaryOp::kSub:
      return Apply2(dst, a, b, b_scalar, n, [](auto, auto x, auto y) { return hn::Sub(x, y); });
    case BinaryOp::kMul:
      return Apply2(dst, a, b, b_scalar, n,
                    [](auto d, auto x, auto y) { return FirstSourceOp<true>(d, y, x); });
    case BinaryOp::kDiv:
      return Apply2(dst, a, b, b_scalar, n, [](auto, auto x, auto y) { return hn::Div(x, y); });
    case BinaryOp::kMax:
    case BinaryOp::kMin: return;  // see MaxMin
  }
}

// Add/Sub/Mul on the unsigned bit patterns of integers, where wrapping is the defined behaviour.
template <typename U>
void WrapArith(BinaryOp op, U* dst, const U* a, const U* b, bool b_scalar, size_t n) {
  switch (op) {
    case BinaryOp::kAdd:
      return Apply2(dst, a, b, b_scalar, n, [](auto, auto x, auto y) { return hn::Add(x, y); });
    case BinaryOp::kSub:
      return Apply2(dst, a, b, b_scalar, n, [](auto, auto x, auto y) { return hn::Sub(x, y); });
    case BinaryOp::kMul:
      return Apply2(dst, a, b, b_scalar, n,
                    [](auto d, auto x, auto y) { return MulWrap(d, x, y); });
    case BinaryOp::kDiv:  // integer division: see DivInts
    case BinaryOp::kMax:
    case BinaryOp::kMin: return;  // see MaxMin
  }
}

template <typename T>
void MaxMin(bool is_max, T* dst, const T* a, const T* b, bool b_scalar, size_t n) {
  if constexpr (hwy::IsFloat<T>()) {
    if (is_max) {
      Apply2(dst, a, b, b_scalar, n,
             [](auto d, auto x, auto y) { return FloatMaxMin<true>(d, x, y); });
    } else {
      Apply2(dst, a, b, b_scalar, n,
             [](auto d, auto x, auto y) { return FloatMaxMin<false>(d, x, y); });
    }
  } else if (is_max) {
    Apply2(dst, a, b, b_scalar, n, [](auto, auto x, auto y) { return hn::Max(x, y); });
  } else {
    Apply2(dst, a, b, b_scalar, n, [](auto, auto x, auto y) { return hn::Min(x, y); });
  }
}

// Highway has no integer division on any target; the per-element loop is the honest way.
template <typename T>
void DivInts(T* dst, const T* a, const T* b, bool b_scalar, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[i] = detail::DivInt<T>(a[i], b_scalar ? *b : b[i]);
}

template <typename T>
void BinaryTyped(BinaryOp op, void* dst, const void* a, const void* b, bool b_scalar, size_t n) {
  using U = hwy::MakeUnsigned<T>;
  auto* d = static_cast<T*>(dst);
  const auto* x = static_cast<const T*>(a);
  const auto* y = static_cast<const T*>(b);
  if (op == BinaryOp::kMax || op == BinaryOp::kMin) {
    return MaxMin<T>(op == BinaryOp::kMax, d, x, y, b_scalar, n);
  }
  if constexpr (hwy::IsFloat<T>()) {
    return FloatArith<T>(op, d, x, y, b_scalar, n);
  } else {
    if (op == BinaryOp::kDiv) return DivInts<T>(d, x, y, b_scalar, n);
    return WrapArith<U>(op, static_cast<U*>(dst), static_cast<const U*>(a),
                        static_cast<const U*>(b), b_scalar, n);
  }
}

// x op y where two NaN operands meet: the x86 instruction returns its first source's NaN, and
// which operand the compiler makes first is its choice (it differed between targets and between
// a vector and the tail). The float16/bfloat16 path fixes it: the product takes b's NaN, the
// others a's, as float32's (FirstSourceOp); one NaN operand gives that NaN, as the instruction
// does. Quietened either way by the narrowing.
template <class D, class V>
HWY_INLINE V Arith16(D d, BinaryOp op, V x, V y) {
  V r;
  switch (op) {
    case BinaryOp::kMax: return FloatMaxMin<true>(d, x, y);
    case BinaryOp::kMin: return FloatMaxMin<false>(d, x, y);
    case BinaryOp::kSub: r = hn::Sub(x, y); break;
    case BinaryOp::kMul: r = hn::Mul(x, y); break;
    case BinaryOp::kDiv: r = hn::Div(x, y); break;
    default: r = hn::Add(x, y); break;
  }
  if (HWY_LIKELY(hn::AllFalse(d, hn::IsNaN(r)))) return r;
  const V first = op == BinaryOp::kMul ? y : x;
  const V second = op == BinaryOp::kMul ? x : y;
  return hn::IfThenElse(hn::IsNaN(first), first, hn::IfThenElse(hn::IsNaN(second), second, r));
}

// float16/bfloat16: each vector widened to float32 in registers, the float32 op, rounded once
// (Map16). A broadcast operand is widened once, as the model widens it. One loop per type and
// form for every op (switched per vector), for compile time.
template <bool kHalf>
HWY_NOINLINE void Binary16(BinaryOp op, uint16_t* dst, const uint16_t* a, const uint16_t* b,
                           bool b_scalar, size_t n) {
  const hn::ScalableTag<float> d;
  if (!b_scalar) {
    return Map16<kHalf, 2>(d, dst, a, b, b, n,
                           [d, op](auto x, auto y, auto) { return Arith16(d, op, x, y); });
  }
  const auto vb = hn::Set(d, kHalf ? HalfBitsToFloat(*b) : BFloat16BitsToFloat(*b));
  Map16<kHalf, 1>(d, dst, a, a, a, n,
                  [d, op, vb](auto x, auto, auto) { return Arith16(d, op, x, vb); });
}

inline void BinaryImpl(BinaryOp op, DType dtype, void* dst, const void* a, const void* b,
                       bool b_scalar, size_t n) {
  switch (dtype) {
    case DType::kFloat32: return BinaryTyped<float>(op, dst, a, b, b_scalar, n);
    case DType::kFloat64: return BinaryTyped<double>(op, dst, a, b, b_scalar, n);
    case DType::kInt8: return BinaryTyped<int8_t>(op, dst, a, b, b_scalar, n);
    case DType::kUInt8: return BinaryTyped<uint8_t>(op, dst, a, b, b_scalar, n);
    case DType::kInt16: return BinaryTyped<int16_t>(op, dst, a, b, b_scalar, n);
    case DType::kUInt16: return BinaryTyped<uint16_t>(op, dst, a, b, b_scalar, n);
    case DType::kInt32: return BinaryTyped<int32_t>(op, dst, a, b, b_scalar, n);
    case DType::kUInt32: return BinaryTyped<uint32_t>(op, dst, a, b, b_scalar, n);
    case DType::kInt64: return BinaryTyped<int64_t>(op, dst, a, b, b_scalar, n);
    case DType::kUInt64: return BinaryTyped<uint64_t>(op, dst, a, b, b_scalar, n);
    case DType::kFloat16:
    case DType::kBFloat16:
      return dtype == DType::kFloat16
                 ? Binary16<true>(op, static_cast<uint16_t*>(dst), static_cast<const uint16_t*>(a),
                                  static_cast<const uint16_t*>(b), b_scalar, n)
                 : Binary16<false>(op, static_cast<uint16_t*>(dst), static_cast<const uint16_t*>(a),
                                   static_cast<const uint16_t*>(b), b_scalar, n);
    case DType::kBool:
      if (op == BinaryOp::kMax || op == BinaryOp::kMin) {
        return BinaryTyped<uint8_t>(op, dst, a, b, b_scalar, n);
      }
      return;  // arithmetic on bool is not defined: documented no-op
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:
      return;  // never reached: the vector and cube units' dtype is AscendC::DTypeOf<T>, which has
               // no complex or int4 type
  }
}

// Lanes [i, i + m) of an operand as float32: in place when it holds float32, else widened into
// `chunk` with the conversion a Cast to float32 performs.
inline const float* WidenedChunk(const void* src, DType type, size_t i, size_t m, float* chunk) {
  if (type == DType::kFloat32) return static_cast<const float*>(src) + i;
  Narrow16ToF32(type == DType::kFloat16, static_cast<const uint16_t*>(src) + i, chunk, m);
  return chunk;
}

// BinaryWidened over lanes [i, i + m): the widened operands a chunk at a time in L1-resident
// buffers, combined by Binary itself (the dispatched entry, the very code the instruction runs
// when nothing is deferred: which NaN an add of two returns is the compiler's choice of operand
// order, and an inlined copy of the same source chose the other), so every lane sees the
// operation Binary gives it (chunks are whole vectors).
inline void BinaryWidenedChunks(BinaryOp op, float* dst, const void* a, DType a_type, const void* b,
                                DType b_type, size_t i, size_t m) {
  constexpr size_t kChunk = 512;
  HWY_ALIGN float ta[kChunk];
  HWY_ALIGN float tb[kChunk];
  for (const size_t end = i + m; i < end; i += kChunk) {
    const size_t k = end - i < kChunk ? end - i : kChunk;
    vec::Binary(op, DType::kFloat32, dst + i, WidenedChunk(a, a_type, i, k, ta),
                WidenedChunk(b, b_type, i, k, tb), k);
  }
}

#if HWY_TARGET != HWY_SCALAR
// Lanes of an operand of In (float32, or 16-bit floats to widen) as float32. binary16 takes
// F16C's conversion where there is one: exact for every value but a NaN, which the caller
// leaves to BinaryWidenedChunks.
template <typename In, class DF>
HWY_INLINE hn::Vec<DF> WideLanes(DF df, const In* p) {
  if constexpr (std::is_same_v<In, float>) {
    return hn::LoadU(df, p);
  } else {
    const auto* q = reinterpret_cast<const uint16_t*>(p);
    if constexpr (std::is_same_v<In, hwy::float16_t>) {
      return HalfToF32ForArithmetic(df, hn::LoadU(hn::Rebind<uint16_t, DF>(), q));
    }
    return LoadBF16AsF32(df, q);
  }
}

// The 16-bit source's line `ahead` bytes on: a widened operand is a deferred Cast's source read
// in place from GM, and the next operand or piece of the tile lies 4 KB on when it lies just past
// it (the widening Cast's own prefetch distance, Widen16ToF32Lines), a few GM rows on when the
// piece's rows are (copy_elision.h, DeferWideningOfBlocks).
template <typename In>
HWY_INLINE void PrefetchWidened(const In* p, size_t ahead) {
  if constexpr (!std::is_same_v<In, float>) {
    // The address is formed as an integer: past the source it may lie outside any object.
    hwy::Prefetch(reinterpret_cast<const uint8_t*>(reinterpret_cast<uintptr_t>(p) + ahead));
  }
}

// BinaryWidened's Add, a line of 32 lanes at a time, widened in registers. Without a NaN among
// the operands the add does not depend on their order or on how a NaN was converted, so these
// are the bits of the Cast and Binary; a line holding one goes through BinaryWidenedChunks.
// The test is on the sums: a NaN operand makes its sum NaN, and a sum is NaN without one only
// for infinities of both signs, which the chunks then give as well: the same bits with half the
// compares, which a bfloat16 line's two-instruction widening cannot spare (issue 29, session 42).
template <typename A, typename B>
void AddWidenedLines(float* dst, const void* va, DType a_type, const void* vb, DType b_type,
                     size_t n, size_t ahead) {
  const hn::ScalableTag<float> df;
  constexpr size_t kLine = 32;
  constexpr size_t N = hn::MaxLanes(df);
  constexpr size_t K = kLine / N;
  const auto* a = static_cast<const A*>(va);
  const auto* b = static_cast<const B*>(vb);
  size_t i = 0;
  if (hn::Lanes(df) == N && kLine % N == 0) {
    for (; i + kLine <= n; i += kLine) {
      PrefetchWidened(a + i, ahead);
      PrefetchWidened(b + i, ahead);
      hn::Vec<decltype(df)> x[K];
      hn::Vec<decltype(df)> y[K];
      for (size_t k = 0; k < K; ++k) {
        x[k] = WideLanes(df, a + i + k * N);
        y[k] = WideLanes(df, b + i + k * N);
      }
      for (size_t k = 0; k < K; ++k) x[k] = hn::Add(x[k], y[k]);
      auto nan = hn::IsNaN(x[0]);
      for (size_t k = 1; k < K; ++k) nan = hn::Or(nan, hn::IsNaN(x[k]));
      if (HWY_UNLIKELY(!hn::AllFalse(df, nan))) {
        BinaryWidenedChunks(BinaryOp::kAdd, dst, va, a_type, vb, b_type, i, kLine);
        continue;
      }
      for (size_t k = 0; k < K; ++k) hn::StoreU(x[k], df, dst + i + k * N);
    }
    // The whole vectors of a row's last partial line the same way: the chunks' widening and
    // dispatched Binary were a second pass per row (a float16 outermost row's 2352 lanes end in
    // 16: 2-3 % of its launch, issue 29, session 41). A vector holding a NaN is a chunk of its own.
    for (; i + N <= n; i += N) {
      const auto sum = hn::Add(WideLanes(df, a + i), WideLanes(df, b + i));
      if (HWY_UNLIKELY(!hn::AllFalse(df, hn::IsNaN(sum)))) {
        BinaryWidenedChunks(BinaryOp::kAdd, dst, va, a_type, vb, b_type, i, N);
        continue;
      }
      hn::StoreU(sum, df, dst + i);
    }
  }
  if (i < n) BinaryWidenedChunks(BinaryOp::kAdd, dst, va, a_type, vb, b_type, i, n - i);
}

// AddWidenedLines for the operand types: 16-bit H, and float32 or H.
template <typename H>
void AddWidenedAs(float* dst, const void* a, DType a_type, const void* b, DType b_type, size_t n,
                  size_t ahead) {
  const bool a16 = a_type != DType::kFloat32;
  const bool b16 = b_type != DType::kFloat32;
  if (a16 && b16) {
    AddWidenedLines<H, H>(dst, a, a_type, b, b_type, n, ahead);
  } else if (a16) {
    AddWidenedLines<H, float>(dst, a, a_type, b, b_type, n, ahead);
  } else {
    AddWidenedLines<float, H>(dst, a, a_type, b, b_type, n, ahead);
  }
}
#endif  // HWY_TARGET != HWY_SCALAR

// Binary over float32 whose 16-bit operands (a deferred widening Cast's source, read in place)
// are widened where they are read: the bits of the Cast followed by the instruction, without
// the float32 copy of the piece being stored and read back (issue 29, session 37).
inline void BinaryWidenedImpl(BinaryOp op, float* dst, const void* a, DType a_type, const void* b,
                              DType b_type, size_t n, size_t ahead) {
#if HWY_TARGET != HWY_SCALAR
  const DType h = a_type != DType::kFloat32 ? a_type : b_type;
  const bool one_type = a_type == DType::kFloat32 || b_type == DType::kFloat32 || a_type == b_type;
  if (op == BinaryOp::kAdd && one_type) {
    if (h == DType::kFloat16) {
      AddWidenedAs<hwy::float16_t>(dst, a, a_type, b, b_type, n, ahead);
      return;
    }
    if (h == DType::kBFloat16) {
      AddWidenedAs<hwy::bfloat16_t>(dst, a, a_type, b, b_type, n, ahead);
      return;
    }
  }
#else
  (void)ahead;  // the scalar target's chunks do not prefetch
#endif
  BinaryWidenedChunks(op, dst, a, a_type, b, b_type, 0, n);
}

template <typename T>
void AbsTyped(void* dst, const void* src, size_t n) {
  Apply1(static_cast<T*>(dst), static_cast<const T*>(src), n, [](auto d, auto v) {
    const hn::RebindToUnsigned<decltype(d)> du;
    const auto neg = hn::BitCast(d, hn::Sub(hn::Zero(du), hn::BitCast(du, v)));  // wraps
    return hn::IfThenElse(hn::Lt(v, hn::Zero(d)), neg, v);
  });
}

// Float |x| clears the sign bit (IEEE abs: exact, NaN payload kept).
template <typename U>
void ClearSign(void* dst, const void* src, size_t n) {
  Apply1(static_cast<U*>(dst), static_cast<const U*>(src), n, [](auto d, auto v) {
    return hn::And(v, hn::Set(d, hwy::LimitsMax<hwy::MakeSigned<U>>()));
  });
}

inline void UnaryImpl(UnaryOp op, DType dtype, void* dst, const void* src, size_t n) {
  if (op == UnaryOp::kCopy) {
    if (dst != src && n != 0) std::memmove(dst, src, n * DTypeSize(dtype));
    return;
  }
  switch (dtype) {
    case DType::kFloat32: return ClearSign<uint32_t>(dst, src, n);
    case DType::kFloat64: return ClearSign<uint64_t>(dst, src, n);
    case DType::kFloat16:
    case DType::kBFloat16: return ClearSign<uint16_t>(dst, src, n);
    case DType::kInt8: return AbsTyped<int8_t>(dst, src, n);
    case DType::kInt16: return AbsTyped<int16_t>(dst, src, n);
    case DType::kInt32: return AbsTyped<int32_t>(dst, src, n);
    case DType::kInt64: return AbsTyped<int64_t>(dst, src, n);
    case DType::kUInt8:
    case DType::kUInt16:
    case DType::kUInt32:
    case DType::kUInt64:
    case DType::kBool:
      if (dst != src && n != 0) std::memmove(dst, src, n * DTypeSize(dtype));
      return;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:
      return;  // never reached: the vector and cube units' dtype is AscendC::DTypeOf<T>, which has
               // no complex or int4 type
  }
}

template <typename U>
void FillBits(void* dst, const void* value, size_t n) {
  const hn::ScalableTag<U> d;
  U bits;
  std::memcpy(&bits, value, sizeof(U));
  const auto v = hn::Set(d, bits);
  auto* out = static_cast<U*>(dst);
  const size_t N = hn::Lanes(d);
  size_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(v, d, out + i);
  for (; i < n; ++i) out[i] = bits;  // plain stores: a fill has no arithmetic to keep uniform
}

inline void FillImpl(DType dtype, void* dst, const void* value, size_t n) {
  switch (DTypeSize(dtype)) {
    case 1: return FillBits<uint8_t>(dst, value, n);
    case 2: return FillBits<uint16_t>(dst, value, n);
    case 4: return FillBits<uint32_t>(dst, value, n);
    case 8: return FillBits<uint64_t>(dst, value, n);
    default: return;
  }
}

inline int64_t TargetImpl() { return HWY_TARGET; }

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_ELEMENTWISE_INL_H_
