// Ascend C's sort APIs of the 910B beyond Sort32 (CANN's kernel_operator_proposal_intf.h): MrgSort
// (merge up to four sorted proposal lists), GetMrgSortResult, and the library built on them: Sort
// (Sort32, then optionally a full merge), Concat, Extract, GetSortLen and GetSortOffset. A proposal
// is 8 bytes: the score in the low bytes (half: 2, then 2 reserved), the uint32_t index in the high
// 4 (vector_sort.h). Declarations only: the work is in one compiled entry
// (simulator/src/runtime/hl_sort.cc). The SortConfig forms of Sort are the Ascend 950's only (CANN
// compiles them to nothing elsewhere): a kernel that calls one does not build for the simulated
// chips. docs/ASCENDC.md, "Sort and MrgSort".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/sort_config.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector_sort.h"

namespace AscendC {

constexpr int32_t MRG_SORT_ELEMENT_LEN = 4;

struct MrgSort4Info {
  MrgSort4Info() {}
  MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN],
               const bool ifExhaustedSuspensionIn, const uint16_t validBitIn,
               const uint16_t repeatTimesIn)
      : ifExhaustedSuspension(ifExhaustedSuspensionIn),
        validBit(validBitIn),
        repeatTimes(static_cast<uint8_t>(repeatTimesIn)) {
    for (int32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) elementLengths[i] = elementLengthsIn[i];
  }
  uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};
  bool ifExhaustedSuspension = false;
  uint16_t validBit = 0;
  uint8_t repeatTimes = 1;
};

// The lists to merge; src3 and src4 may be empty tensors when fewer lists are valid.
template <typename T>
struct MrgSortSrcList {
  MrgSortSrcList() {}
  MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In,
                 const LocalTensor<T>& src3In, const LocalTensor<T>& src4In)
      : src1(src1In), src2(src2In), src3(src3In), src4(src4In) {}
  LocalTensor<T> src1;
  LocalTensor<T> src2;
  LocalTensor<T> src3;
  LocalTensor<T> src4;
};

}  // namespace AscendC

namespace opsim::sim::detail {

struct MrgSortCall {
  const UbRef* dst;
  const UbRef* lists[4];
  uint16_t lengths[4];
  bool half_scores;
  bool exhausted_suspension;
  uint16_t valid_bit;
  int32_t repeat;
};
// Merges and charges one MrgSort; records the proposals taken from each list (GetMrgSortResult).
void MrgSortRun(const MrgSortCall& call);
// The proposals the last MrgSort of this core took from each list.
void MrgSortResult(uint16_t taken[4]);
// Sort's full merge: dst's repeat * 32 proposals (Sort32's runs) merged in rounds of four runs,
// through tmp, into one list, largest first.
void SortFullMergeRun(const UbRef& dst, const UbRef& tmp, bool half_scores, int32_t repeat);
// Extract: the scores and the indices of repeat * 32 proposals.
void ExtractRun(const UbRef& values, const UbRef& indices, const UbRef& sorted, bool half_scores,
                int32_t repeat);

// Instantiated by the SortConfig forms of Sort: CANN's dav-2201 and 2002 builds give them an
// empty body, so the chip would leave dst as it was; opsim refuses the kernel at build instead.
template <typename T>
struct SortConfigFormRefused {
  static_assert(sizeof(T) == 0,
                "Sort with SortConfig (radix or merge sort of calCount elements) is the Ascend "
                "950's (dav-3510) form: not on the 910B, 910A or 310P, where CANN compiles it to "
                "nothing (use Sort<T, isFullSort> with Concat and Extract)");
};

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "MrgSort takes half or float proposals");
  opsim::sim::detail::MrgSortRun(
      {&dst.ref(),
       {&src.src1.ref(), &src.src2.ref(), &src.src3.ref(), &src.src4.ref()},
       {params.elementLengths[0], params.elementLengths[1], params.elementLengths[2],
        params.elementLengths[3]},
       std::is_same_v<T, half>,
       params.ifExhaustedSuspension,
       params.validBit,
       params.repeatTimes});
}

template <typename T, bool isExhaustedSuspension = false>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList,
             const uint16_t elementCountList[4], uint32_t sortedNum[4], uint16_t validBit,
             const int32_t repeatTime) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "MrgSort takes half or float proposals");
  const MrgSort4Info info(elementCountList, isExhaustedSuspension, validBit,
                          static_cast<uint16_t>(repeatTime));
  opsim::sim::detail::MrgSortRun(
      {&dst.ref(),
       {&sortList.src1.ref(), &sortList.src2.ref(), &sortList.src3.ref(), &sortList.src4.ref()},
       {elementCountList[0], elementCountList[1], elementCountList[2], elementCountList[3]},
       std::is_same_v<T, half>,
       isExhaustedSuspension,
       validBit,
       repeatTime});
  if (isExhaustedSuspension) {
    uint16_t taken[4];
    opsim::sim::detail::MrgSortResult(taken);
    for (int i = 0; i < 4; ++i) sortedNum[i] = taken[i];
  }
}

inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                             uint16_t& mrgSortList4) {
  uint16_t taken[4];
  opsim::sim::detail::MrgSortResult(taken);
  mrgSortList1 = taken[0];
  mrgSortList2 = taken[1];
  mrgSortList3 = taken[2];
  mrgSortList4 = taken[3];
}

// The 910B's Concat: the scores are Sort's input as they are (tmp is not used).
template <typename T>
void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp,
            const int32_t repeatTime) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Concat takes half or float");
  (void)tmp;
  (void)repeatTime;
  concat = src;
}

template <typename T, bool isFullSort>
void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat,
          const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp, const int32_t repeatTime) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Sort takes half or float");
  Sort32(dst, concat, index, repeatTime);
  if constexpr (isFullSort) {
    opsim::sim::detail::SortFullMergeRun(dst.ref(), tmp.ref(), std::is_same_v<T, half>, repeatTime);
  }
}

template <typename T>
void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex,
             const LocalTensor<T>& sorted, const int32_t repeatTime) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Extract takes half or float");
  opsim::sim::detail::ExtractRun(dstValue.ref(), dstIndex.ref(), sorted.ref(),
                                 std::is_same_v<T, half>, repeatTime);
}

template <typename T, typename U, bool isReuseSource = false,
          const SortConfig& config = DEFAULT_SORT_CONFIG>
void Sort(LocalTensor<T>&, LocalTensor<U>&, const LocalTensor<T>&, const LocalTensor<U>&,
          const LocalTensor<uint8_t>&, const uint32_t) {
  (void)sizeof(opsim::sim::detail::SortConfigFormRefused<T>);
}
template <typename T, typename U, bool isReuseSource = false,
          const SortConfig& config = DEFAULT_SORT_CONFIG>
void Sort(const LocalTensor<T>&, const LocalTensor<U>&, const LocalTensor<T>&,
          const LocalTensor<U>&, const uint32_t) {
  (void)sizeof(opsim::sim::detail::SortConfigFormRefused<T>);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
void Sort(LocalTensor<T>&, const LocalTensor<T>&, const LocalTensor<uint8_t>&, const uint32_t) {
  (void)sizeof(opsim::sim::detail::SortConfigFormRefused<T>);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
void Sort(LocalTensor<T>&, const LocalTensor<T>&, const uint32_t) {
  (void)sizeof(opsim::sim::detail::SortConfigFormRefused<T>);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
void Sort(LocalTensor<T>&, LocalTensor<uint32_t>&, const LocalTensor<T>&,
          const LocalTensor<uint8_t>&, const uint32_t) {
  (void)sizeof(opsim::sim::detail::SortConfigFormRefused<T>);
}
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
void Sort(LocalTensor<T>&, LocalTensor<uint32_t>&, const LocalTensor<T>&, const uint32_t) {
  (void)sizeof(opsim::sim::detail::SortConfigFormRefused<T>);
}

// Elements of T that elemCount proposals (8 bytes each) take: what to allocate for Sort's output.
template <typename T>
uint32_t GetSortLen(const uint32_t elemCount) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "GetSortLen takes half or float");
  return elemCount * (8 / sizeof(T));
}
// Elements of T before proposal elemOffset: where it starts in a LocalTensor<T> of proposals.
template <typename T>
uint32_t GetSortOffset(const uint32_t elemOffset) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "GetSortOffset takes half or float");
  return elemOffset * (8 / sizeof(T));
}

}  // namespace AscendC
