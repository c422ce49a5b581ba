// The instructions on LocalTensor<TensorTrait<T>> / GlobalTensor<TensorTrait<T>>: each form
// below takes the trait tensors and runs the instruction on the LocalTensor<T> / GlobalTensor<T>
// they are. (CANN's instruction templates deduce T = TensorTrait<...> and read PrimT<T>
// throughout; opsim's deduce T and use it as the element type, so a trait tensor needs its own
// overload, more specialised than the plain one, which partial ordering then picks.) The forms
// are those of CANN's TensorTrait list (its reference's TensorTrait page, table 2) that opsim has
// as count or level-0 forms; as in CANN, all tensors of one call are trait tensors.
#pragma once

#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/ascendc/tensor_trait.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/ascendc/vector_cmpsel.h"
#include "opsim/sim/ascendc/vector_copy.h"
#include "opsim/sim/ascendc/vector_gather.h"
#include "opsim/sim/ascendc/vector_math.h"
#include "opsim/sim/ascendc/vector_proposal.h"
#include "opsim/sim/ascendc/vector_reduce_repeat.h"
#include "opsim/sim/ascendc/vector_sort.h"
#include "opsim/sim/ascendc/vector_transpose.h"

namespace AscendC {

template <typename T, TPosition P, typename L>
const LocalTensor<T>& OpsimPrim(const LocalTensor<TensorTrait<T, P, L>>& t) {
  return t;
}
template <typename T, TPosition P, typename L>
const GlobalTensor<T>& OpsimPrim(const GlobalTensor<TensorTrait<T, P, L>>& t) {
  return t;
}
// The level-0 scalar of a trait call converts to T, as CANN's PrimT<T> parameter does (the
// count forms take any scalar type U, as the plain ones do).
template <typename T>
struct OpsimSame {
  using type = T;
};

#define OPSIM_TT_L const LocalTensor<TensorTrait<T, P, L>>&
#define OPSIM_TT_G const GlobalTensor<TensorTrait<T, P, L>>&

#define OPSIM_TT_BINARY(Name)                                                         \
  template <typename T, TPosition P, typename L>                                      \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L a, OPSIM_TT_L b, const int32_t& count) {       \
    Name(OpsimPrim(dst), OpsimPrim(a), OpsimPrim(b), count);                          \
  }                                                                                   \
  template <typename T, TPosition P, typename L, bool isSetMask = true>               \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L a, OPSIM_TT_L b, const uint64_t mask[],        \
            const uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {      \
    Name<T, isSetMask>(OpsimPrim(dst), OpsimPrim(a), OpsimPrim(b), mask, repeatTimes, \
                       repeatParams);                                                 \
  }                                                                                   \
  template <typename T, TPosition P, typename L, bool isSetMask = true>               \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L a, OPSIM_TT_L b, const uint64_t mask,          \
            const uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {      \
    Name<T, isSetMask>(OpsimPrim(dst), OpsimPrim(a), OpsimPrim(b), mask, repeatTimes, \
                       repeatParams);                                                 \
  }
OPSIM_TT_BINARY(Add)
OPSIM_TT_BINARY(Sub)
OPSIM_TT_BINARY(Mul)
OPSIM_TT_BINARY(Div)
OPSIM_TT_BINARY(Max)
OPSIM_TT_BINARY(Min)
OPSIM_TT_BINARY(And)
OPSIM_TT_BINARY(Or)
OPSIM_TT_BINARY(AddRelu)
OPSIM_TT_BINARY(SubRelu)
// (MulAddDst<T, U> takes trait tensors through PrimT itself: vector_fused_cast.h.)
OPSIM_TT_BINARY(FusedMulAdd)
OPSIM_TT_BINARY(MulAddRelu)
OPSIM_TT_BINARY(FusedMulAddRelu)
#undef OPSIM_TT_BINARY

#define OPSIM_TT_UNARY(Name)                                                                  \
  template <typename T, TPosition P, typename L>                                              \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L src, const int32_t& count) {                           \
    Name(OpsimPrim(dst), OpsimPrim(src), count);                                              \
  }                                                                                           \
  template <typename T, TPosition P, typename L, bool isSetMask = true>                       \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L src, const uint64_t mask[], const uint8_t repeatTimes, \
            const UnaryRepeatParams& repeatParams) {                                          \
    Name<T, isSetMask>(OpsimPrim(dst), OpsimPrim(src), mask, repeatTimes, repeatParams);      \
  }                                                                                           \
  template <typename T, TPosition P, typename L, bool isSetMask = true>                       \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L src, const uint64_t mask, const uint8_t repeatTimes,   \
            const UnaryRepeatParams& repeatParams) {                                          \
    Name<T, isSetMask>(OpsimPrim(dst), OpsimPrim(src), mask, repeatTimes, repeatParams);      \
  }
OPSIM_TT_UNARY(Exp)
OPSIM_TT_UNARY(Ln)
OPSIM_TT_UNARY(Abs)
OPSIM_TT_UNARY(Reciprocal)
OPSIM_TT_UNARY(Sqrt)
OPSIM_TT_UNARY(Rsqrt)
OPSIM_TT_UNARY(Relu)
#undef OPSIM_TT_UNARY

#define OPSIM_TT_SCALAR(Name)                                                               \
  template <typename T, TPosition P, typename L, typename U>                                \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L src, const U& scalarValue, const int32_t& count) {   \
    Name(OpsimPrim(dst), OpsimPrim(src), scalarValue, count);                               \
  }                                                                                         \
  template <typename T, TPosition P, typename L, bool isSetMask = true>                     \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L src, const typename OpsimSame<T>::type& scalarValue, \
            const uint64_t mask[], const uint8_t repeatTimes,                               \
            const UnaryRepeatParams& repeatParams) {                                        \
    Name<T, isSetMask>(OpsimPrim(dst), OpsimPrim(src), scalarValue, mask, repeatTimes,      \
                       repeatParams);                                                       \
  }                                                                                         \
  template <typename T, TPosition P, typename L, bool isSetMask = true>                     \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L src, const typename OpsimSame<T>::type& scalarValue, \
            const uint64_t mask, const uint8_t repeatTimes,                                 \
            const UnaryRepeatParams& repeatParams) {                                        \
    Name<T, isSetMask>(OpsimPrim(dst), OpsimPrim(src), scalarValue, mask, repeatTimes,      \
                       repeatParams);                                                       \
  }
OPSIM_TT_SCALAR(Adds)
OPSIM_TT_SCALAR(Muls)
OPSIM_TT_SCALAR(Maxs)
OPSIM_TT_SCALAR(Mins)
OPSIM_TT_SCALAR(LeakyRelu)
OPSIM_TT_SCALAR(ShiftLeft)
OPSIM_TT_SCALAR(ShiftRight)
#undef OPSIM_TT_SCALAR

template <typename T, TPosition P, typename L>
void DataCopy(OPSIM_TT_L dst, OPSIM_TT_G src, uint32_t count) {
  DataCopy(OpsimPrim(dst), OpsimPrim(src), count);
}
template <typename T, TPosition P, typename L>
void DataCopy(OPSIM_TT_G dst, OPSIM_TT_L src, uint32_t count) {
  DataCopy(OpsimPrim(dst), OpsimPrim(src), count);
}
template <typename T, TPosition P, typename L>
void DataCopy(OPSIM_TT_L dst, OPSIM_TT_L src, uint32_t count) {
  DataCopy(OpsimPrim(dst), OpsimPrim(src), count);
}
template <typename T, TPosition P, typename L>
void DataCopy(OPSIM_TT_L dst, OPSIM_TT_G src, const DataCopyParams& p) {
  DataCopy(OpsimPrim(dst), OpsimPrim(src), p);
}
template <typename T, TPosition P, typename L>
void DataCopy(OPSIM_TT_G dst, OPSIM_TT_L src, const DataCopyParams& p) {
  DataCopy(OpsimPrim(dst), OpsimPrim(src), p);
}

template <typename T, TPosition P, typename L, typename U>
void Duplicate(OPSIM_TT_L dst, const U& value, const int32_t& count) {
  Duplicate(OpsimPrim(dst), value, count);
}

template <typename T, TPosition P, typename L>
void ReduceSum(OPSIM_TT_L dst, OPSIM_TT_L src, OPSIM_TT_L work, const int32_t count) {
  ReduceSum(OpsimPrim(dst), OpsimPrim(src), OpsimPrim(work), count);
}
template <typename T, TPosition P, typename L>
void ReduceMax(OPSIM_TT_L dst, OPSIM_TT_L src, OPSIM_TT_L work, const int32_t count,
               bool calIndex = false) {
  ReduceMax(OpsimPrim(dst), OpsimPrim(src), OpsimPrim(work), count, calIndex);
}
template <typename T, TPosition P, typename L>
void ReduceMin(OPSIM_TT_L dst, OPSIM_TT_L src, OPSIM_TT_L work, const int32_t count,
               bool calIndex = false) {
  ReduceMin(OpsimPrim(dst), OpsimPrim(src), OpsimPrim(work), count, calIndex);
}

template <typename T, TPosition P, typename L, bool isSetMask = true>
void Copy(OPSIM_TT_L dst, OPSIM_TT_L src, const uint64_t mask[], const uint8_t repeatTimes,
          const CopyRepeatParams& repeatParams) {
  Copy<T, isSetMask>(OpsimPrim(dst), OpsimPrim(src), mask, repeatTimes, repeatParams);
}
template <typename T, TPosition P, typename L, bool isSetMask = true>
void Copy(OPSIM_TT_L dst, OPSIM_TT_L src, const uint64_t mask, const uint8_t repeatTimes,
          const CopyRepeatParams& repeatParams) {
  Copy<T, isSetMask>(OpsimPrim(dst), OpsimPrim(src), mask, repeatTimes, repeatParams);
}
template <typename T, TPosition P, typename L>
void Brcb(OPSIM_TT_L dst, OPSIM_TT_L src, const uint8_t repeatTime,
          const BrcbRepeatParams& repeatParams) {
  Brcb(OpsimPrim(dst), OpsimPrim(src), repeatTime, repeatParams);
}
template <typename T, TPosition P, typename L>
void Transpose(OPSIM_TT_L dst, OPSIM_TT_L src) {
  Transpose(OpsimPrim(dst), OpsimPrim(src));
}
template <typename T, TPosition P, typename L>
void GetCmpMask(OPSIM_TT_L dst) {
  GetCmpMask(OpsimPrim(dst));
}
template <typename T, TPosition P, typename L>
void SetCmpMask(OPSIM_TT_L src) {
  SetCmpMask(OpsimPrim(src));
}

#define OPSIM_TT_PROPOSAL(Name)                                                                   \
  template <typename T, TPosition P, typename L>                                                  \
  void Name(OPSIM_TT_L dst, OPSIM_TT_L src, const int32_t repeatTime, const int32_t modeNumber) { \
    Name(OpsimPrim(dst), OpsimPrim(src), repeatTime, modeNumber);                                 \
  }
OPSIM_TT_PROPOSAL(ProposalConcat)
OPSIM_TT_PROPOSAL(ProposalExtract)
#undef OPSIM_TT_PROPOSAL
template <typename T, TPosition P, typename L>
void RpSort16(OPSIM_TT_L dst, OPSIM_TT_L src, const int32_t repeatTime) {
  RpSort16(OpsimPrim(dst), OpsimPrim(src), repeatTime);
}

// The index / pattern tensors of a trait call are trait tensors of their own element type.
#define OPSIM_TT_OFF const LocalTensor<TensorTrait<uint32_t, PO, LO>>&
template <typename T, TPosition P, typename L, TPosition PO, typename LO>
void Gather(OPSIM_TT_L dst, OPSIM_TT_L src, OPSIM_TT_OFF srcOffset, const uint32_t srcBaseAddr,
            const uint32_t count) {
  Gather(OpsimPrim(dst), OpsimPrim(src), OpsimPrim(srcOffset), srcBaseAddr, count);
}
template <typename T, TPosition P, typename L, TPosition PO, typename LO>
void Gatherb(OPSIM_TT_L dst, OPSIM_TT_L src, OPSIM_TT_OFF offset, const uint8_t repeatTime,
             const GatherRepeatParams& repeatParams) {
  Gatherb(OpsimPrim(dst), OpsimPrim(src), OpsimPrim(offset), repeatTime, repeatParams);
}
template <typename T, TPosition P, typename L, TPosition PO, typename LO>
void Sort32(OPSIM_TT_L dst, OPSIM_TT_L src0, OPSIM_TT_OFF src1, const int32_t repeatTimes) {
  Sort32(OpsimPrim(dst), OpsimPrim(src0), OpsimPrim(src1), repeatTimes);
}
#undef OPSIM_TT_OFF
template <typename T, TPosition P, typename L, typename U, TPosition PU, typename LU,
          GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(OPSIM_TT_L dst, OPSIM_TT_L src0,
                const LocalTensor<TensorTrait<U, PU, LU>>& src1Pattern, const bool reduceMode,
                const uint32_t mask, const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt) {
  GatherMask<T, U, mode>(OpsimPrim(dst), OpsimPrim(src0), OpsimPrim(src1Pattern), reduceMode, mask,
                         gatherMaskParams, rsvdCnt);
}
template <typename T, TPosition P, typename L, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(OPSIM_TT_L dst, OPSIM_TT_L src0, const uint8_t src1Pattern, const bool reduceMode,
                const uint32_t mask, const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt) {
  GatherMask<T, mode>(OpsimPrim(dst), OpsimPrim(src0), src1Pattern, reduceMode, mask,
                      gatherMaskParams, rsvdCnt);
}

#undef OPSIM_TT_L
#undef OPSIM_TT_G

// Compare and Select (count forms): the mask tensor is a trait tensor of its own element type.
template <typename T, TPosition P, typename L, typename U, TPosition PU, typename LU>
void Compare(const LocalTensor<TensorTrait<U, PU, LU>>& dst,
             const LocalTensor<TensorTrait<T, P, L>>& src0,
             const LocalTensor<TensorTrait<T, P, L>>& src1, CMPMODE cmpMode, uint32_t count) {
  Compare(OpsimPrim(dst), OpsimPrim(src0), OpsimPrim(src1), cmpMode, count);
}
template <typename T, TPosition P, typename L, typename U, TPosition PU, typename LU>
void Select(const LocalTensor<TensorTrait<T, P, L>>& dst,
            const LocalTensor<TensorTrait<U, PU, LU>>& selMask,
            const LocalTensor<TensorTrait<T, P, L>>& src0,
            const LocalTensor<TensorTrait<T, P, L>>& src1, SELMODE selMode, uint32_t count) {
  Select(OpsimPrim(dst), OpsimPrim(selMask), OpsimPrim(src0), OpsimPrim(src1), selMode, count);
}
template <typename T, TPosition P, typename L, typename U, TPosition PU, typename LU>
void Select(const LocalTensor<TensorTrait<T, P, L>>& dst,
            const LocalTensor<TensorTrait<U, PU, LU>>& selMask,
            const LocalTensor<TensorTrait<T, P, L>>& src0, typename OpsimSame<T>::type src1,
            SELMODE selMode, uint32_t count) {
  Select(OpsimPrim(dst), OpsimPrim(selMask), OpsimPrim(src0), src1, selMode, count);
}

// Cast between two trait tensors (count form).
template <typename D, TPosition PD, typename LD, typename S, TPosition PS, typename LS>
void Cast(const LocalTensor<TensorTrait<D, PD, LD>>& dst,
          const LocalTensor<TensorTrait<S, PS, LS>>& src, const RoundMode mode,
          const uint32_t count) {
  Cast(OpsimPrim(dst), OpsimPrim(src), mode, count);
}

}  // namespace AscendC
