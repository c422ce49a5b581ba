// CANN's ReduceType spellings of the level-0 reductions (asc-devkit
// kernel_operator_vec_reduce_intf.h, the ReduceDataBlock/ReduceRepeat/ReducePairElem pages):
// ReduceDataBlock<SUM|MAX|MIN> is BlockReduceSum/Max/Min, ReduceRepeat<SUM|MAX|MIN> is
// WholeReduceSum/Max/Min (order has no effect for SUM), ReducePairElem<SUM> is PairReduceSum, with
// the mask before repeatTime. On the 910B CANN runs them as those instructions, so they share
// their checks, costs and results; faults name the new spelling. half and float, dst and src of
// one type (CANN's static_assert "only supports identical src type and dst type").
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/ascendc/vector_reduce_repeat.h"

namespace AscendC {

enum class ReduceType { SUM = 0, MAX, MIN };

}  // namespace AscendC

namespace opsim::sim::detail {

template <AscendC::ReduceType kType>
constexpr vec::ReduceOp ReduceOpOf() {
  return kType == AscendC::ReduceType::SUM   ? vec::ReduceOp::kSum
         : kType == AscendC::ReduceType::MAX ? vec::ReduceOp::kMax
                                             : vec::ReduceOp::kMin;
}

template <typename T, typename U>
constexpr void CheckReduceTypeOperands() {
  static_assert(
      std::is_same_v<T, U>,
      "ReduceDataBlock/ReduceRepeat/ReducePairElem: dst and src are one type on the 910B");
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "ReduceDataBlock/ReduceRepeat/ReducePairElem take half or float on the 910B");
}

template <AscendC::ReduceType kType>
constexpr const char* DataBlockName() {
  return kType == AscendC::ReduceType::SUM   ? "ReduceDataBlock<SUM>"
         : kType == AscendC::ReduceType::MAX ? "ReduceDataBlock<MAX>"
                                             : "ReduceDataBlock<MIN>";
}
template <AscendC::ReduceType kType>
constexpr const char* RepeatName() {
  return kType == AscendC::ReduceType::SUM   ? "ReduceRepeat<SUM>"
         : kType == AscendC::ReduceType::MAX ? "ReduceRepeat<MAX>"
                                             : "ReduceRepeat<MIN>";
}

}  // namespace opsim::sim::detail

namespace AscendC {

#define OPSIM_REDUCE_TYPE_GROUP(Name, Kind, NameOf, MaskType)                                 \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>             \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src, MaskType mask,              \
            const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride, \
            const int32_t srcRepStride) {                                                     \
    using namespace opsim::sim::detail;                                                       \
    CheckReduceTypeOperands<T, U>();                                                          \
    static_assert(GroupKind::Kind != GroupKind::kPair || reduceType == ReduceType::SUM,       \
                  "ReducePairElem takes ReduceType::SUM only");                               \
    const char* name = NameOf;                                                                \
    GroupReduce(name, ReduceOpOf<reduceType>(), DTypeOf<T>(), sizeof(T), GroupKind::Kind,     \
                static_cast<uint8_t>(ReduceOrder::ORDER_ONLY_VALUE),                          \
                ReduceMaskOf<isSetMask>(mask), repeatTime, dst.ref(), dstRepStride,           \
                ReduceSrc(name, src.ref(), srcBlkStride, srcRepStride));                      \
  }
OPSIM_REDUCE_TYPE_GROUP(ReduceDataBlock, kBlock, DataBlockName<reduceType>(), const int32_t)
OPSIM_REDUCE_TYPE_GROUP(ReduceDataBlock, kBlock, DataBlockName<reduceType>(), const uint64_t*)
OPSIM_REDUCE_TYPE_GROUP(ReducePairElem, kPair, "ReducePairElem<SUM>", const int32_t)
OPSIM_REDUCE_TYPE_GROUP(ReducePairElem, kPair, "ReducePairElem<SUM>", const uint64_t*)
#undef OPSIM_REDUCE_TYPE_GROUP

// SUM ignores `order` (CANN: "归约操作类型为SUM时，该参数不生效").
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                  const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                  const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {
  using namespace opsim::sim::detail;
  CheckReduceTypeOperands<T, U>();
  WholeReduce(ReduceOpOf<reduceType>(), RepeatName<reduceType>(), dst, src, mask, repeatTime,
              dstRepStride, srcBlkStride, srcRepStride,
              reduceType == ReduceType::SUM ? ReduceOrder::ORDER_ONLY_VALUE : order, isSetMask);
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],
                  const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                  const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {
  using namespace opsim::sim::detail;
  CheckReduceTypeOperands<T, U>();
  const char* name = RepeatName<reduceType>();
  GroupReduce(
      name, ReduceOpOf<reduceType>(), DTypeOf<T>(), sizeof(T), GroupKind::kWhole,
      static_cast<uint8_t>(reduceType == ReduceType::SUM ? ReduceOrder::ORDER_ONLY_VALUE : order),
      ReduceMaskOf<isSetMask>(mask), repeatTime, dst.ref(), dstRepStride,
      ReduceSrc(name, src.ref(), srcBlkStride, srcRepStride));
}

}  // namespace AscendC
