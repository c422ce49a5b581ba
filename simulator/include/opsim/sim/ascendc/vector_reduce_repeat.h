// Level-0 reductions within a repeat: WholeReduce* with bit masks or the mask register,
// BlockReduceSum/Max/Min (one result per 32 B block), PairReduceSum (one per adjacent pair),
// and Brcb (each of 8 elements broadcast to a whole 32 B block).
//
// dstRepStride counts one repeat's results: 1 (or 2 with an index) for WholeReduce*, 8 for
// BlockReduce*, 256 B / sizeof(T) / 2 for PairReduceSum. A block or pair with no lane on the
// mask is not written (the A2/A3 rule of CANN's ReduceDataBlock/ReducePairElem pages).
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/vector_unit.h"

namespace AscendC {
struct BrcbRepeatParams {
  BrcbRepeatParams() = default;
  BrcbRepeatParams(uint16_t dstBlkStrideIn, uint16_t dstRepStrideIn)
      : dstBlkStride(dstBlkStrideIn), dstRepStride(dstRepStrideIn) {}
  uint32_t blockNumber = 8;
  uint16_t dstBlkStride = 1;
  uint16_t dstRepStride = 8;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
};
}  // namespace AscendC

namespace opsim::sim::detail {

enum class GroupKind : uint8_t { kWhole, kBlock, kPair };
// order: AscendC::ReduceOrder as an integer (kWhole only; others are value-only).
void GroupReduce(const char* name, vec::ReduceOp op, DType dtype, uint32_t elem_bytes,
                 GroupKind kind, uint8_t order, const MaskArg& mask, int32_t repeat,
                 const UbRef& dst, int32_t dst_rep_stride, const RepeatOperand& src);
void BroadcastBlocks(const char* name, uint32_t elem_bytes, const UbRef& dst, const UbRef& src,
                     int32_t repeat, uint32_t dst_blk_stride, uint32_t dst_rep_stride);

template <bool isSetMask>
MaskArg ReduceMaskOf(const uint64_t mask[]) {
  return MaskOf<isSetMask>(mask);
}
// The reduce APIs take the counter-mode mask as int32_t; a negative one enables nothing.
template <bool isSetMask>
MaskArg ReduceMaskOf(int32_t mask) {
  return MaskOf<isSetMask>(mask < 0 ? uint64_t{0} : static_cast<uint64_t>(mask));
}
void RaiseBadStride(const char* name, int32_t value);
// The later rounds of ReduceSum/Max/Min's high-dimension form: reduces round 1's `repeat`
// results in `work` (one sum per repeat; value-index pairs for max and min) to dst[0], and for
// `with_index` the position in the whole source in dst[1].
void FinishRepeatReduce(const char* name, vec::ReduceOp op, DType dtype, uint32_t elem_bytes,
                        const UbRef& dst, const UbRef& work, int32_t repeat, bool with_index);
inline RepeatOperand ReduceSrc(const char* name, const UbRef& ref, int32_t blk, int32_t rep) {
  if (blk < 0) RaiseBadStride(name, blk);
  if (rep < 0) RaiseBadStride(name, rep);
  return RepeatOperand{ref, static_cast<uint32_t>(blk), static_cast<uint32_t>(rep)};
}

template <typename T, typename MaskType>
void ReduceRepeats(const char* name, vec::ReduceOp op, const AscendC::LocalTensor<T>& dst,
                   const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& work,
                   MaskType mask, int32_t repeat, int32_t src_rep_stride, bool with_index) {
  const auto order = op == vec::ReduceOp::kSum ? AscendC::ReduceOrder::ORDER_ONLY_VALUE
                                               : AscendC::ReduceOrder::ORDER_VALUE_INDEX;
  GroupReduce(name, op, AscendC::DTypeOf<T>(), sizeof(T), GroupKind::kWhole,
              static_cast<uint8_t>(order), ReduceMaskOf<true>(mask), repeat, work.ref(), 1,
              ReduceSrc(name, src.ref(), 1, src_rep_stride));
  FinishRepeatReduce(name, op, AscendC::DTypeOf<T>(), sizeof(T), dst.ref(), work.ref(), repeat,
                     with_index);
}

}  // namespace opsim::sim::detail

namespace AscendC {

#define OPSIM_GROUP_REDUCE(Name, Op, Kind, MaskType)                                         \
  template <typename T, bool isSetMask = true>                                               \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,  \
            MaskType mask, const int32_t dstRepStride, const int32_t srcBlkStride,           \
            const int32_t srcRepStride) {                                                    \
    OPSIM_A2_TAKES(kReduce, PrimT<T>, #Name);                                                \
    using namespace opsim::sim::detail;                                                      \
    GroupReduce(#Name, opsim::sim::vec::ReduceOp::Op, DTypeOf<PrimT<T>>(), sizeof(PrimT<T>), \
                GroupKind::Kind, static_cast<uint8_t>(ReduceOrder::ORDER_ONLY_VALUE),        \
                ReduceMaskOf<isSetMask>(mask), repeatTime, dst.ref(), dstRepStride,          \
                ReduceSrc(#Name, src.ref(), srcBlkStride, srcRepStride));                    \
  }
OPSIM_GROUP_REDUCE(BlockReduceSum, kSum, kBlock, const uint64_t*)
OPSIM_GROUP_REDUCE(BlockReduceSum, kSum, kBlock, const int32_t)
OPSIM_GROUP_REDUCE(BlockReduceMax, kMax, kBlock, const uint64_t*)
OPSIM_GROUP_REDUCE(BlockReduceMax, kMax, kBlock, const int32_t)
OPSIM_GROUP_REDUCE(BlockReduceMin, kMin, kBlock, const uint64_t*)
OPSIM_GROUP_REDUCE(BlockReduceMin, kMin, kBlock, const int32_t)
OPSIM_GROUP_REDUCE(PairReduceSum, kSum, kPair, const uint64_t*)
OPSIM_GROUP_REDUCE(PairReduceSum, kSum, kPair, const int32_t)
#undef OPSIM_GROUP_REDUCE

// WholeReduce* with a bit mask (the int mask forms are in vector.h).
template <typename T, bool isSetMask = true>
void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
                    const int32_t repeatTime, const int32_t dstRepStride,
                    const int32_t srcBlkStride, const int32_t srcRepStride) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "WholeReduceSum");
  using namespace opsim::sim::detail;
  GroupReduce("WholeReduceSum", opsim::sim::vec::ReduceOp::kSum, DTypeOf<PrimT<T>>(),
              sizeof(PrimT<T>), GroupKind::kWhole,
              static_cast<uint8_t>(ReduceOrder::ORDER_ONLY_VALUE), ReduceMaskOf<isSetMask>(mask),
              repeatTime, dst.ref(), dstRepStride,
              ReduceSrc("WholeReduceSum", src.ref(), srcBlkStride, srcRepStride));
}
#define OPSIM_WHOLE_MAXMIN(Name, Op)                                                           \
  template <typename T, bool isSetMask = true>                                                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],       \
            const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,  \
            const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {  \
    OPSIM_A2_TAKES(kReduce, PrimT<T>, #Name);                                                  \
    using namespace opsim::sim::detail;                                                        \
    GroupReduce(#Name, opsim::sim::vec::ReduceOp::Op, DTypeOf<PrimT<T>>(), sizeof(PrimT<T>),   \
                GroupKind::kWhole, static_cast<uint8_t>(order), ReduceMaskOf<isSetMask>(mask), \
                repeatTime, dst.ref(), dstRepStride,                                           \
                ReduceSrc(#Name, src.ref(), srcBlkStride, srcRepStride));                      \
  }
OPSIM_WHOLE_MAXMIN(WholeReduceMax, kMax)
OPSIM_WHOLE_MAXMIN(WholeReduceMin, kMin)
#undef OPSIM_WHOLE_MAXMIN

// ReduceSum/Max/Min over repeats ("tensor高维切分计算", ReduceMax page atlasascendc_api_07_0075):
// round 1 reduces each repeat of `mask` lanes (repeats srcRepStride blocks apart, blocks
// contiguous) into the work tensor as WholeReduce* does, the max/min instruction always with
// its index; later rounds reduce those results, a sum as a tree of 256 B repeats again. The
// index is the repeat's position times a repeat's elements plus the index within the repeat.
#define OPSIM_REDUCE_REPEATS(Name, Op, MaskType)                                                  \
  template <typename T>                                                                           \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work,     \
            MaskType mask, const int32_t repeatTimes, const int32_t srcRepStride,                 \
            bool calIndex = false) {                                                              \
    OPSIM_A2_TAKES(kReduce, PrimT<T>, #Name);                                                     \
    opsim::sim::detail::ReduceRepeats<PrimT<T>>(#Name, opsim::sim::vec::ReduceOp::Op, dst, src,   \
                                                work, mask, repeatTimes, srcRepStride, calIndex); \
  }
OPSIM_REDUCE_REPEATS(ReduceMax, kMax, const uint64_t*)
OPSIM_REDUCE_REPEATS(ReduceMax, kMax, const int32_t)
OPSIM_REDUCE_REPEATS(ReduceMin, kMin, const uint64_t*)
OPSIM_REDUCE_REPEATS(ReduceMin, kMin, const int32_t)
#undef OPSIM_REDUCE_REPEATS
// ReduceSum's high-dimension form has no index.
template <typename T>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work,
               const uint64_t mask[], const int32_t repeatTimes, const int32_t srcRepStride) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "ReduceSum");
  opsim::sim::detail::ReduceRepeats<PrimT<T>>("ReduceSum", opsim::sim::vec::ReduceOp::kSum, dst,
                                              src, work, mask, repeatTimes, srcRepStride, false);
}
template <typename T>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& work,
               const int32_t mask, const int32_t repeatTimes, const int32_t srcRepStride) {
  OPSIM_A2_TAKES(kReduce, PrimT<T>, "ReduceSum");
  opsim::sim::detail::ReduceRepeats<PrimT<T>>("ReduceSum", opsim::sim::vec::ReduceOp::kSum, dst,
                                              src, work, mask, repeatTimes, srcRepStride, false);
}

// Repeat r broadcasts src[8r .. 8r + 7], each to one 32 B block of dst.
template <typename T>
void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTime,
          const BrcbRepeatParams& repeatParams) {
  static_assert(sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4,
                "Brcb takes 16- or 32-bit elements");
  OPSIM_A2_TAKES(kBrcb, PrimT<T>, "Brcb");
  opsim::sim::detail::BroadcastBlocks("Brcb", sizeof(PrimT<T>), dst.ref(), src.ref(), repeatTime,
                                      repeatParams.dstBlkStride, repeatParams.dstRepStride);
}

}  // namespace AscendC
