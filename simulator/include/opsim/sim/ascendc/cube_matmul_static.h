// The Matmul's compile-time parts beside its configuration (cube_matmul_config.h): the constant
// tiling (GetMatmulApiTiling and how a MatmulApiStaticTiling overrides the runtime TCubeTiling),
// the scheduling policies of Matmul's seventh argument and GetMmDstType (docs/CUBE.md, "Matmul
// configuration (BC10)").
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/tcube_tiling.h"
#include "opsim/sim/ascendc/cube_matmul_config.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

// The accumulator type of a Matmul on its input type (the 910B's: int32_t for 8- and 4-bit
// integers, float otherwise).
template <typename T>
struct GetMmDstType {
  using Type = float;
};
template <>
struct GetMmDstType<int8_t> {
  using Type = int32_t;
};
template <>
struct GetMmDstType<int4b_t> {
  using Type = int32_t;
};

namespace Impl {
// The 910B's L1 and L0A/L0B sizes the constant tiling is made for (CANN: per arch at compile time;
// a tiling that does not fit the running chip is InitBuffer's ub_overflow).
constexpr int32_t L1_SIZE = 512 * 1024;
constexpr int32_t DB_ON = 2;
constexpr int32_t DB_OFF = 1;
// The depth of the Matmul's own queues (kernels that size a CO1 queue like it name it).
constexpr int32_t QUEUE_DEPTH = 1;

namespace Detail {
enum class PolicyType {
  MATMUL_DEFAULT = 0,
  MATMUL_NBUFFER_33 = 1,
  MATMUL_UPPER_TRIANGULAR = 2,
  MATMUL_LOWER_TRIANGULAR = 3,
};
// The policies CANN's Matmul takes as its seventh argument. opsim's engine reads only which one
// it is: the default and NBuffer33 (a buffering scheme, results unchanged) run as the default;
// the triangular ones are `unsupported` at Init.
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE,
          typename BIAS_TYPE>
struct MatmulPolicy {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_DEFAULT;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE,
          typename BIAS_TYPE>
struct NBuffer33MatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_NBUFFER_33;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE,
          typename BIAS_TYPE>
struct TrianUpperMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_UPPER_TRIANGULAR;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE,
          typename BIAS_TYPE>
struct TrianLowerMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  constexpr static PolicyType POLICY_TYPE = PolicyType::MATMUL_LOWER_TRIANGULAR;
};
}  // namespace Detail
}  // namespace Impl

namespace detail_static {
template <typename T>
constexpr int32_t BitsOf() {
  if constexpr (IsHalfByteDataType<T>()) {
    return 4;
  } else {
    return static_cast<int32_t>(sizeof(T) * 8);
  }
}
constexpr int32_t CeilDiv(int32_t a, int32_t b) { return (a + b - 1) / b; }
}  // namespace detail_static

// A constant tiling from a configuration (GetMMConfig with MatmulShapeParams). With only the base
// sizes set it fixes those and the L0 double buffers; with the single-core sizes too, a whole
// tiling: stepM = stepN = 1, M first, as many base blocks of K in L1 as fit it with the other
// operand's (double-buffered when K takes more loads). opsim's choice is valid on the chip, not
// CANN's (whose L1 factors are its own heuristics), as MultiCoreMatmulTiling's.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& mmCFG,
                                                   int32_t l1Size = Impl::L1_SIZE) {
  using detail_static::BitsOf;
  using detail_static::CeilDiv;
  constexpr int32_t kL0Bytes = 64 * 1024;
  MatmulApiStaticTiling t;
  t.cfg = mmCFG;
  const int32_t bm = static_cast<int32_t>(mmCFG.basicM);
  const int32_t bn = static_cast<int32_t>(mmCFG.basicN);
  const int32_t bk = static_cast<int32_t>(mmCFG.basicK);
  if (bm == 0 || bn == 0 || bk == 0) return t;
  const int32_t bitsA = BitsOf<typename A_TYPE::T>(), bitsB = BitsOf<typename B_TYPE::T>();
  t.baseM = bm;
  t.baseN = bn;
  t.baseK = bk;
  t.dbL0A = 2 * bm * bk * bitsA / 8 <= kL0Bytes ? Impl::DB_ON : Impl::DB_OFF;
  t.dbL0B = 2 * bk * bn * bitsB / 8 <= kL0Bytes ? Impl::DB_ON : Impl::DB_OFF;
  t.isBias = mmCFG.enableSetBias ? 1 : 0;
  if (mmCFG.singleCoreM == 0 || mmCFG.singleCoreN == 0 || mmCFG.singleCoreK == 0) return t;
  t.M = t.singleCoreM = static_cast<int32_t>(mmCFG.singleCoreM);
  t.N = t.singleCoreN = static_cast<int32_t>(mmCFG.singleCoreN);
  t.Ka = t.Kb = t.singleCoreK = static_cast<int32_t>(mmCFG.singleCoreK);
  t.stepM = t.stepN = 1;
  t.iterateOrder = 0;
  t.dbL0C = 1;
  t.shareMode = 0;
  t.shareUbSize = 0;
  const int32_t kIter = CeilDiv(t.singleCoreK, bk);
  const int32_t biasBytes = t.isBias != 0 ? bn * 4 : 0;
  int32_t step = kIter;
  for (; step > 1; --step) {
    const int32_t db = step < kIter ? 2 : 1;
    const int32_t bytes = (bm * bitsA + bn * bitsB) * bk * step * db / 8 + biasBytes;
    if (bytes <= l1Size) break;
  }
  t.stepKa = t.stepKb = step;
  t.depthA1 = t.depthB1 = step < kIter ? 2 * step : step;
  t.shareL0CSize = bm * bn * 4;
  return t;
}

}  // namespace AscendC

namespace opsim::sim::detail {
// The runtime tiling as the Matmul sees it: each field of a constant tiling other than -1
// replaces the TCubeTiling's (CANN's MatmulTilingImpl getters).
inline void ApplyStaticTiling(TCubeTiling&, const MatmulConfig&) {}
inline void ApplyStaticTiling(TCubeTiling& t, const MatmulApiStaticTiling& s) {
  int32_t* const dst[] = {
      &t.usedCoreNum, &t.M,           &t.N,     &t.Ka,     &t.Kb,          &t.singleCoreM,
      &t.singleCoreN, &t.singleCoreK, &t.baseM, &t.baseN,  &t.baseK,       &t.depthA1,
      &t.depthB1,     &t.stepM,       &t.stepN, &t.isBias, &t.transLength, &t.iterateOrder,
      &t.stepKa,      &t.stepKb,      &t.dbL0A, &t.dbL0B,  &t.dbL0C,       &t.BatchNum};
  const int32_t src[] = {
      s.usedCoreNum, s.M,           s.N,     s.Ka,     s.Kb,          s.singleCoreM,
      s.singleCoreN, s.singleCoreK, s.baseM, s.baseN,  s.baseK,       s.depthA1,
      s.depthB1,     s.stepM,       s.stepN, s.isBias, s.transLength, s.iterateOrder,
      s.stepKa,      s.stepKb,      s.dbL0A, s.dbL0B,  s.dbL0C,       s.BatchNum};
  for (size_t i = 0; i < sizeof(src) / sizeof(src[0]); ++i) {
    if (src[i] != -1) *dst[i] = src[i];
  }
}
}  // namespace opsim::sim::detail
