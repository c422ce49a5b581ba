// Per-target fused kernels (AddRelu, SubRelu, MulAddDst, FusedMulAdd, MulAddRelu, Axpy): bit for
// bit the per-element model (vector_math_scalar.cc) on every target, with vector_math-inl.h's
// helpers (the NaN rule's Step, ReluFloat, MulAddSteps, the double lanes). float16/bfloat16 widen
// each vector to float32 in registers. Included once per target by vector_math.cc after
// vector_math-inl.h (hence the toggle guard).
#if defined(OPSIM_SIM_VECTOR_FUSED_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPSIM_SIM_VECTOR_FUSED_INL_H_
#undef OPSIM_SIM_VECTOR_FUSED_INL_H_
#else
#define OPSIM_SIM_VECTOR_FUSED_INL_H_
#endif

#include <cstring>

#include <hwy/highway.h>

#include "opsim/sim/vector_unit.h"
#include "vector/vector_common-inl.h"
#include "vector/vector_math-inl.h"

HWY_BEFORE_NAMESPACE();
namespace opsim::sim::vec::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// ReluFloat(Step(x, y, r)) for r = x + y or x - y: a NaN operand makes r NaN, so a vector whose r
// has no NaN lane needs neither the NaN rule nor Relu's NaN select.
template <class V>
HWY_INLINE V StepRelu(V x, V y, V r) {
  const hn::DFromV<V> d;
  if (HWY_LIKELY(hn::AllFalse(d, hn::IsNaN(r))))
    return hn::IfThenElseZero(hn::Gt(r, hn::Zero(d)), r);
  return ReluFloat(Step(x, y, r));
}

// One fused op on float32 (a, b: the instruction's sources; acc: dst's old value; b[0] is
// Axpy's scalar). Add/Sub and Relu round once in float32 as the model's double does; the
// multiply-adds run in double as the model does.
inline void FusedFloat32(FusedOp op, float* dst, const float* a, const float* b, const float* acc,
                         size_t n) {
  const hn::ScalableTag<float> d;
  switch (op) {
    case FusedOp::kAddRelu:
      return Map3(d, dst, a, b, a, n,
                  [](auto x, auto y, auto) { return StepRelu(x, y, hn::Add(x, y)); });
    case FusedOp::kSubRelu:
      return Map3(d, dst, a, b, a, n,
                  [](auto x, auto y, auto) { return StepRelu(x, y, hn::Sub(x, y)); });
    case FusedOp::kMulAddDst:
      return Map3ViaDouble(dst, a, b, acc, n,
                           [](auto, auto x, auto y, auto z) { return MulAddSteps(x, y, z); });
    case FusedOp::kFusedMulAdd:
      return Map3ViaDouble(dst, a, b, acc, n,
                           [](auto, auto x, auto y, auto z) { return MulAddSteps(x, z, y); });
    case FusedOp::kMulAddRelu:
      return Map3ViaDouble(dst, a, b, acc, n, [](auto, auto x, auto y, auto z) {
        return ReluFloat(MulAddSteps(x, z, y));
      });
    case FusedOp::kAxpy: {
      const double s = b[0];
      return Map3ViaDouble(dst, a, a, acc, n, [s](auto dd, auto x, auto, auto z) {
        return MulAddSteps(x, hn::Set(dd, s), z);
      });
    }
  }
}

inline void FusedFloat64(FusedOp op, double* dst, const double* a, const double* b, size_t n) {
  const hn::ScalableTag<double> d;
  switch (op) {
    case FusedOp::kAddRelu:
      return Map3(d, dst, a, b, a, n,
                  [](auto x, auto y, auto) { return StepRelu(x, y, hn::Add(x, y)); });
    case FusedOp::kSubRelu:
      return Map3(d, dst, a, b, a, n,
                  [](auto x, auto y, auto) { return StepRelu(x, y, hn::Sub(x, y)); });
    case FusedOp::kMulAddDst:
      return Map3(d, dst, a, b, dst, n,
                  [](auto x, auto y, auto z) { return MulAddSteps(x, y, z); });
    case FusedOp::kFusedMulAdd:
      return Map3(d, dst, a, b, dst, n,
                  [](auto x, auto y, auto z) { return MulAddSteps(x, z, y); });
    case FusedOp::kMulAddRelu:
      return Map3(d, dst, a, b, dst, n,
                  [](auto x, auto y, auto z) { return ReluFloat(MulAddSteps(x, z, y)); });
    case FusedOp::kAxpy: {
      const auto s = hn::Set(d, b[0]);
      return Map3(d, dst, a, a, dst, n, [s](auto x, auto, auto z) { return MulAddSteps(x, s, z); });
    }
  }
}

// The fused ops of float16/bfloat16 on lanes widened in registers (Map16). AddRelu/SubRelu are
// FusedFloat32's float ops. The multiply-adds are the model's double ops: for float16 they run
// on float lanes with the same result, since the product of two float16 values (11 significant
// bits each, magnitudes 2^-48 to 2^32) is exact in float32 and the sum of two float32 values
// rounded to double and then to float is the sum rounded once (53 >= 2 * 24 + 2). bfloat16's
// product can overflow float32 where the double's does not, so it keeps the double lanes.
template <bool kHalf>
HWY_INLINE void Fused16(FusedOp op, uint16_t* dst, const uint16_t* a, const uint16_t* b, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> dfd;  // float lanes as many as dd's
  const auto mul_add = [&](const uint16_t* y_src, auto f) {
    if constexpr (kHalf) {
      return Map16<kHalf, 3>(df, dst, a, y_src, dst, n, f);
    } else {
      return Map16<kHalf, 3>(dfd, dst, a, y_src, dst, n, [dd, dfd, f](auto x, auto y, auto z) {
        return DemoteLikeCast(dfd,
                              f(hn::PromoteTo(dd, x), hn::PromoteTo(dd, y), hn::PromoteTo(dd, z)));
      });
    }
  };
  switch (op) {
    case FusedOp::kAddRelu:
      return Map16<kHalf, 2>(df, dst, a, b, b, n,
                             [](auto x, auto y, auto) { return StepRelu(x, y, hn::Add(x, y)); });
    case FusedOp::kSubRelu:
      return Map16<kHalf, 2>(df, dst, a, b, b, n,
                             [](auto x, auto y, auto) { return StepRelu(x, y, hn::Sub(x, y)); });
    case FusedOp::kMulAddDst:
      return mul_add(b, [](auto x, auto y, auto z) { return MulAddSteps(x, y, z); });
    case FusedOp::kFusedMulAdd:
      return mul_add(b, [](auto x, auto y, auto z) { return MulAddSteps(x, z, y); });
    case FusedOp::kMulAddRelu:
      return mul_add(b, [](auto x, auto y, auto z) { return ReluFloat(MulAddSteps(x, z, y)); });
    case FusedOp::kAxpy: {
      float scalar = 0;  // b[0], widened as the model widens it
      Narrow16ToF32(kHalf, b, &scalar, 1);
      // Its lanes' type: a float set from a float is the float, one set from a double the same.
      return mul_add(a, [scalar](auto x, auto, auto z) {
        const hn::DFromV<decltype(x)> d;
        return MulAddSteps(x, hn::Set(d, static_cast<hn::TFromD<decltype(d)>>(scalar)), z);
      });
    }
  }
}

// MulAddDst of float16 sources into a float32 dst: the product is exact in float32 (Fused16's
// argument), so MulAddSteps on float lanes rounds as the model's double sum does. The tail runs
// through zero-padded vectors (0 * 0 + 0 raises no NaN lane).
inline void MulAddDstHalfToFloatImpl(float* dst, const uint16_t* a, const uint16_t* b, size_t n) {
  const hn::ScalableTag<float> df;
  const hn::Rebind<uint16_t, decltype(df)> d16;
  const auto apply = [&](const uint16_t* pa, const uint16_t* pb, const float* pz) {
    return MulAddSteps(HalfToF32ForArithmetic(df, hn::LoadU(d16, pa)),
                       HalfToF32ForArithmetic(df, hn::LoadU(d16, pb)), hn::LoadU(df, pz));
  };
  const size_t N = hn::Lanes(df);
  size_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(apply(a + i, b + i, dst + i), df, dst + i);
  if (i == n) return;
  constexpr size_t kMax = hn::MaxLanes(df);
  HWY_ALIGN uint16_t ta[kMax] = {};
  HWY_ALIGN uint16_t tb[kMax] = {};
  HWY_ALIGN float tz[kMax] = {};
  const size_t rest = n - i;
  std::memcpy(ta, a + i, rest * 2);
  std::memcpy(tb, b + i, rest * 2);
  std::memcpy(tz, dst + i, rest * 4);
  hn::Store(apply(ta, tb, tz), df, tz);
  std::memcpy(dst + i, tz, rest * 4);
}

// AddRelu/SubRelu of int16_t: the sum or difference wrapping as Add's and Sub's do (CTRL's INT
// saturation bit starts clear), then Relu; the other fused ops take floats only.
inline void FusedInt16(FusedOp op, int16_t* dst, const int16_t* a, const int16_t* b, size_t n) {
  if (op != FusedOp::kAddRelu && op != FusedOp::kSubRelu) return;
  const hn::ScalableTag<int16_t> d;
  const size_t lanes = hn::Lanes(d);
  const bool add = op == FusedOp::kAddRelu;
  size_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto x = hn::LoadU(d, a + i), y = hn::LoadU(d, b + i);
    const auto r = add ? hn::Add(x, y) : hn::Sub(x, y);
    hn::StoreU(hn::Max(r, hn::Zero(d)), d, dst + i);
  }
  for (; i < n; ++i) {
    const auto r = static_cast<int16_t>(static_cast<uint16_t>(add ? a[i] + b[i] : a[i] - b[i]));
    dst[i] = r > 0 ? r : int16_t{0};
  }
}

inline void FusedImpl(FusedOp op, DType dtype, void* dst, const void* a, const void* b, size_t n) {
  switch (dtype) {
    case DType::kInt16:
      return FusedInt16(op, static_cast<int16_t*>(dst), static_cast<const int16_t*>(a),
                        static_cast<const int16_t*>(b), n);
    case DType::kFloat64:
      return FusedFloat64(op, static_cast<double*>(dst), static_cast<const double*>(a),
                          static_cast<const double*>(b), n);
    case DType::kFloat32: {
      auto* out = static_cast<float*>(dst);
      return FusedFloat32(op, out, static_cast<const float*>(a), static_cast<const float*>(b), out,
                          n);
    }
    case DType::kFloat16:
    case DType::kBFloat16: {
      const bool half = dtype == DType::kFloat16;
      auto* out = static_cast<uint16_t*>(dst);
      const auto* x = static_cast<const uint16_t*>(a);
      const auto* y = static_cast<const uint16_t*>(b);
      return half ? Fused16<true>(op, out, x, y, n) : Fused16<false>(op, out, x, y, n);
    }
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return;         // documented precondition: floats, and int16_t for AddRelu/SubRelu
  }
}

}  // namespace opsim::sim::vec::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // OPSIM_SIM_VECTOR_FUSED_INL_H_
