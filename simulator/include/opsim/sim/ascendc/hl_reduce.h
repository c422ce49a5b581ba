// Ascend C's high-level reductions for the 910B (CANN's lib/reduce/reduce.h and
// reduce_xor_sum.h): ReduceSum/Mean/Max/Min/Prod/Any/All over a two-axis AR or RA pattern, and
// ReduceXorSum. They overload the basic ReduceSum/ReduceMax/ReduceMin instructions (template
// <typename T>) without clashing: these take the pattern as a second template argument, which
// the basic ones cannot, and cannot deduce it. Declarations only: every form forwards to one
// compiled entry (simulator/src/runtime/hl_reduce.cc). Rules, numerics and costs:
// docs/ASCENDC.md, "The high-level reductions".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/reduce_tiling.h"
#include "opsim/sim/ascendc/hl_math.h"

namespace AscendC::Pattern::Reduce {

// R a reduced axis, A a kept one, one letter per dimension (outermost first). The 910B
// implements AR and RA; the other names exist for the later generations' code to compile.
struct R {};
struct AR {};
struct RA {};
struct ARA {};
struct ARAR {};
struct ARARA {};
struct ARARAR {};
struct ARARARA {};
struct ARARARAR {};
struct ARARARARA {};
struct RAR {};
struct RARA {};
struct RARAR {};
struct RARARA {};
struct RARARAR {};
struct RARARARA {};

}  // namespace AscendC::Pattern::Reduce

namespace opsim::sim::hl {

enum class ReduceElem : uint8_t { kHalf, kFloat, kUInt8, kInt16 };

struct ReduceCall {
  opsim::reduce::Api api;
  ReduceElem type;
  bool ar;  // pattern AR (else RA)
  bool reuse;
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null (the UB the chip would take)
  uint32_t first, last;      // srcShape
  bool inner_pad;
};
void RunReduce(const ReduceCall& call);

struct XorSumCall {
  bool reuse;
  const detail::UbRef* dst;
  const detail::UbRef* src0;
  const detail::UbRef* src1;
  const detail::UbRef* tmp;
  uint32_t count;
};
void RunReduceXorSum(const XorSumCall& call);

// Sum and Mean (lib/reduce/sum.h, mean.h): outter rows of inner elements, the first n of each.
struct SumMeanCall {
  bool mean;
  ReduceElem type;
  bool acc_float;  // Mean's accType float with half data
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* tmp;
  uint32_t outter, inner, n;
};
void RunSumMean(const SumMeanCall& call);

template <typename T>
constexpr ReduceElem ReduceElemOf() {
  if constexpr (std::is_same_v<T, float>) return ReduceElem::kFloat;
  if constexpr (std::is_same_v<T, half>) return ReduceElem::kHalf;
  if constexpr (std::is_same_v<T, uint8_t>) return ReduceElem::kUInt8;
  return ReduceElem::kInt16;
}

// The 910B's types per API (CANN's documentation) and its two patterns.
template <opsim::reduce::Api api, typename T, class pattern>
constexpr bool ReduceSupported() {
  using opsim::reduce::Api;
  constexpr bool f = std::is_same_v<T, float>;
  constexpr bool type_ok = (api == Api::kMax || api == Api::kMin) ? f || std::is_same_v<T, half>
                           : (api == Api::kAny || api == Api::kAll)
                               ? f || std::is_same_v<T, uint8_t>
                               : f;
  static_assert(type_ok,
                "this high-level reduction does not take this type on the 910B "
                "(Sum/Mean/Prod: float; Max/Min: half, float; Any/All: float, uint8_t)");
  constexpr bool pattern_ok = std::is_same_v<pattern, AscendC::Pattern::Reduce::AR> ||
                              std::is_same_v<pattern, AscendC::Pattern::Reduce::RA>;
  static_assert(pattern_ok, "the 910B's high-level reductions take the AR and RA patterns only");
  return type_ok && pattern_ok;
}

template <opsim::reduce::Api api, typename T, class pattern, bool reuse>
void Reduce(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
            const detail::UbRef* tmp, const uint32_t shape[], bool inner_pad) {
  static_assert(ReduceSupported<api, T, pattern>());
  RunReduce({api, ReduceElemOf<T>(), std::is_same_v<pattern, AscendC::Pattern::Reduce::AR>, reuse,
             &dst.ref(), &src.ref(), tmp, shape[0], shape[1], inner_pad});
}

}  // namespace opsim::sim::hl

// Each API in its two forms: with a sharedTmpBuffer, and without (the chip takes the rest of the
// UB). srcShape is {first, last}; srcInnerPad must be true on the 910B (rows padded to 32 B).
#define OPSIM_HL_REDUCE_API(Name, api)                                                    \
  namespace AscendC {                                                                     \
  template <class T, class pattern, bool isReuseSource = false>                           \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,             \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t srcShape[],       \
            bool srcInnerPad) {                                                           \
    opsim::sim::hl::Reduce<api, T, pattern, isReuseSource>(                               \
        dstTensor, srcTensor, &sharedTmpBuffer.ref(), srcShape, srcInnerPad);             \
  }                                                                                       \
  template <class T, class pattern, bool isReuseSource = false>                           \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,             \
            const uint32_t srcShape[], bool srcInnerPad) {                                \
    opsim::sim::hl::Reduce<api, T, pattern, isReuseSource>(dstTensor, srcTensor, nullptr, \
                                                           srcShape, srcInnerPad);        \
  }                                                                                       \
  }

OPSIM_HL_REDUCE_API(ReduceSum, opsim::reduce::Api::kSum)
OPSIM_HL_REDUCE_API(ReduceMean, opsim::reduce::Api::kMean)
OPSIM_HL_REDUCE_API(ReduceMax, opsim::reduce::Api::kMax)
OPSIM_HL_REDUCE_API(ReduceMin, opsim::reduce::Api::kMin)
OPSIM_HL_REDUCE_API(ReduceProd, opsim::reduce::Api::kProd)
OPSIM_HL_REDUCE_API(ReduceAny, opsim::reduce::Api::kAny)
OPSIM_HL_REDUCE_API(ReduceAll, opsim::reduce::Api::kAll)
#undef OPSIM_HL_REDUCE_API

namespace AscendC {

// Sum's and Mean's shape: outter rows of inner elements (n rounded up to 32 bytes), the first n
// of each row the data.
struct SumParams {
  uint32_t outter = 1;
  uint32_t inner;
  uint32_t n;
};
struct MeanParams {
  uint32_t outter = 1;
  uint32_t inner;
  uint32_t n;
};

// dst[i] = the sum of row i's first n elements; half and float.
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
         const LocalTensor<uint8_t>& sharedTmpBuffer, const SumParams& sumParams) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Sum takes half or float");
  static_assert(reduceDim == -1, "Sum reduces the last axis only (reduceDim -1)");
  opsim::sim::hl::RunSumMean({false, opsim::sim::hl::ReduceElemOf<T>(), false, &dstTensor.ref(),
                              &srcTensor.ref(), &sharedTmpBuffer.ref(), sumParams.outter,
                              sumParams.inner, sumParams.n});
}
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
         const SumParams& sumParams) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Sum takes half or float");
  static_assert(reduceDim == -1, "Sum reduces the last axis only (reduceDim -1)");
  opsim::sim::hl::RunSumMean({false, opsim::sim::hl::ReduceElemOf<T>(), false, &dstTensor.ref(),
                              &srcTensor.ref(), nullptr, sumParams.outter, sumParams.inner,
                              sumParams.n});
}

// dst[i] = the mean of row i's first n elements; half and float, accType T or (half data) float.
template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const MeanParams& meanParams) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Mean takes half or float");
  static_assert(
      std::is_same_v<accType, T> || (std::is_same_v<T, half> && std::is_same_v<accType, float>),
      "Mean: accType is T, or float with half data");
  static_assert(reduceDim == -1, "Mean reduces the last axis only (reduceDim -1)");
  opsim::sim::hl::RunSumMean({true, opsim::sim::hl::ReduceElemOf<T>(), !std::is_same_v<accType, T>,
                              &dstTensor.ref(), &srcTensor.ref(), &sharedTmpBuffer.ref(),
                              meanParams.outter, meanParams.inner, meanParams.n});
}
template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
          const MeanParams& meanParams) {
  static_assert(opsim::sim::hl::kHalfOrFloat<T>, "Mean takes half or float");
  static_assert(
      std::is_same_v<accType, T> || (std::is_same_v<T, half> && std::is_same_v<accType, float>),
      "Mean: accType is T, or float with half data");
  static_assert(reduceDim == -1, "Mean reduces the last axis only (reduceDim -1)");
  opsim::sim::hl::RunSumMean({true, opsim::sim::hl::ReduceElemOf<T>(), !std::is_same_v<accType, T>,
                              &dstTensor.ref(), &srcTensor.ref(), nullptr, meanParams.outter,
                              meanParams.inner, meanParams.n});
}

// dst[0] = the sum of src0 ^ src1 over calCount int16_t elements, saturated to int16_t.
template <typename T, bool isReuseSource = false>
void ReduceXorSum(LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                  const LocalTensor<T>& src1Tensor, LocalTensor<uint8_t>& sharedTmpBuffer,
                  const uint32_t calCount) {
  static_assert(std::is_same_v<T, int16_t>, "ReduceXorSum takes int16_t");
  opsim::sim::hl::RunReduceXorSum({isReuseSource, &dstTensor.ref(), &src0Tensor.ref(),
                                   &src1Tensor.ref(), &sharedTmpBuffer.ref(), calCount});
}
template <typename T, bool isReuseSource = false>
void ReduceXorSum(LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                  const LocalTensor<T>& src1Tensor, const uint32_t calCount) {
  static_assert(std::is_same_v<T, int16_t>, "ReduceXorSum takes int16_t");
  opsim::sim::hl::RunReduceXorSum(
      {isReuseSource, &dstTensor.ref(), &src0Tensor.ref(), &src1Tensor.ref(), nullptr, calCount});
}

}  // namespace AscendC
