// The rest of CANN's TensorTrait list on trait tensors (see tensor_trait_ops.h for the pattern):
// the fused casts (AddReluCast, SubReluCast, MulCast), CastDequant (and its older name CastDeq),
// AddDeqRelu, level-0 Cast, MrgSort4 and BilinearInterpolation. Each runs the plain form on the
// LocalTensor<T> the trait tensors are. (TransDataTo5HD, whose T is explicit in CANN's calls, and
// the cube forms take trait tensors through PrimT in their own headers, as CANN's do.)
#pragma once

#include "opsim/sim/ascendc/tensor_trait.h"
#include "opsim/sim/ascendc/tensor_trait_ops.h"
#include "opsim/sim/ascendc/vector_bilinear.h"
#include "opsim/sim/ascendc/vector_cast_deq.h"
#include "opsim/sim/ascendc/vector_fused_cast.h"
#include "opsim/sim/ascendc/vector_proposal.h"

namespace AscendC {

// dst of element T, sources of element U (each a trait tensor).
#define OPSIM_TT_D const LocalTensor<TensorTrait<T, P, L>>&
#define OPSIM_TT_S const LocalTensor<TensorTrait<U, PU, LU>>&
#define OPSIM_TT_DU typename T, TPosition P, typename L, typename U, TPosition PU, typename LU

#define OPSIM_TT_FUSED_CAST(Name, CountType)                                                   \
  template <OPSIM_TT_DU>                                                                       \
  void Name(OPSIM_TT_D dst, OPSIM_TT_S src0, OPSIM_TT_S src1, CountType count) {               \
    Name(OpsimPrim(dst), OpsimPrim(src0), OpsimPrim(src1), count);                             \
  }                                                                                            \
  template <OPSIM_TT_DU, bool isSetMask = true>                                                \
  void Name(OPSIM_TT_D dst, OPSIM_TT_S src0, OPSIM_TT_S src1, const uint64_t mask[],           \
            const uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {               \
    Name<T, U, isSetMask>(OpsimPrim(dst), OpsimPrim(src0), OpsimPrim(src1), mask, repeatTimes, \
                          repeatParams);                                                       \
  }                                                                                            \
  template <OPSIM_TT_DU, bool isSetMask = true>                                                \
  void Name(OPSIM_TT_D dst, OPSIM_TT_S src0, OPSIM_TT_S src1, const uint64_t mask,             \
            const uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {               \
    Name<T, U, isSetMask>(OpsimPrim(dst), OpsimPrim(src0), OpsimPrim(src1), mask, repeatTimes, \
                          repeatParams);                                                       \
  }
OPSIM_TT_FUSED_CAST(AddReluCast, const uint32_t)
OPSIM_TT_FUSED_CAST(SubReluCast, const uint32_t)
OPSIM_TT_FUSED_CAST(MulCast, const uint32_t)
OPSIM_TT_FUSED_CAST(AddDeqRelu, const int32_t&)
#undef OPSIM_TT_FUSED_CAST

#define OPSIM_TT_CAST_DEQ(Name)                                                                  \
  template <OPSIM_TT_DU, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>     \
  void Name(OPSIM_TT_D dst, OPSIM_TT_S src, const uint64_t mask[], uint8_t repeatTime,           \
            const UnaryRepeatParams& repeatParams) {                                             \
    Name<T, U, isSetMask, isVecDeq, halfBlock>(OpsimPrim(dst), OpsimPrim(src), mask, repeatTime, \
                                               repeatParams);                                    \
  }                                                                                              \
  template <OPSIM_TT_DU, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>     \
  void Name(OPSIM_TT_D dst, OPSIM_TT_S src, const int32_t mask, uint8_t repeatTime,              \
            const UnaryRepeatParams& repeatParams) {                                             \
    Name<T, U, isSetMask, isVecDeq, halfBlock>(OpsimPrim(dst), OpsimPrim(src), mask, repeatTime, \
                                               repeatParams);                                    \
  }                                                                                              \
  template <OPSIM_TT_DU, bool isVecDeq = true, bool halfBlock = true>                            \
  void Name(OPSIM_TT_D dst, OPSIM_TT_S src, const uint32_t count) {                              \
    Name<T, U, isVecDeq, halfBlock>(OpsimPrim(dst), OpsimPrim(src), count);                      \
  }
OPSIM_TT_CAST_DEQ(CastDequant)
OPSIM_TT_CAST_DEQ(CastDeq)
#undef OPSIM_TT_CAST_DEQ

// Level-0 Cast between two trait tensors (the count form is in tensor_trait_ops.h).
#define OPSIM_TT_CAST_L0(MaskType)                                                                 \
  template <OPSIM_TT_DU, bool isSetMask = true>                                                    \
  void Cast(OPSIM_TT_D dst, OPSIM_TT_S src, const RoundMode round, MaskType mask,                  \
            const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {                    \
    Cast<T, U, isSetMask>(OpsimPrim(dst), OpsimPrim(src), round, mask, repeatTimes, repeatParams); \
  }
OPSIM_TT_CAST_L0(const uint64_t*)
OPSIM_TT_CAST_L0(const uint64_t)
#undef OPSIM_TT_CAST_L0

#undef OPSIM_TT_DU
#undef OPSIM_TT_S
#undef OPSIM_TT_D

// MrgSort4 over a MrgSortSrcList of trait tensors.
template <typename T, TPosition P, typename L>
void MrgSort4(const LocalTensor<TensorTrait<T, P, L>>& dst,
              const MrgSortSrcList<TensorTrait<T, P, L>>& src, const MrgSort4Info& params) {
  const MrgSortSrcList<T> lists(OpsimPrim(src.src1), OpsimPrim(src.src2), OpsimPrim(src.src3),
                                OpsimPrim(src.src4));
  MrgSort4(OpsimPrim(dst), lists, params);
}

// BilinearInterpolation: the offset and scratch tensors are trait tensors of their own types.
#define OPSIM_TT_BILINEAR(MaskType)                                                                \
  template <typename T, TPosition P, typename L, TPosition PO, typename LO, TPosition PB,          \
            typename LB>                                                                           \
  void BilinearInterpolation(                                                                      \
      const LocalTensor<TensorTrait<T, P, L>>& dst, const LocalTensor<TensorTrait<T, P, L>>& src0, \
      const LocalTensor<TensorTrait<uint32_t, PO, LO>>& src0Offset,                                \
      const LocalTensor<TensorTrait<T, P, L>>& src1, MaskType mask, uint8_t hRepeat,               \
      bool repeatMode, uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,                  \
      const LocalTensor<TensorTrait<uint8_t, PB, LB>>& sharedTmpBuffer) {                          \
    BilinearInterpolation(OpsimPrim(dst), OpsimPrim(src0), OpsimPrim(src0Offset), OpsimPrim(src1), \
                          mask, hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat,              \
                          OpsimPrim(sharedTmpBuffer));                                             \
  }
OPSIM_TT_BILINEAR(uint64_t*)
OPSIM_TT_BILINEAR(uint64_t)
#undef OPSIM_TT_BILINEAR

}  // namespace AscendC
