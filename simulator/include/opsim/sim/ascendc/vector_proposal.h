// The region-proposal instructions of the 910A (dav-1001) and the 310P (dav-2002), as CANN's
// kernel_operator_proposal_intf.h declares them: ProposalConcat, ProposalExtract, RpSort16 and
// MrgSort4. A region proposal is 8 elements of T, [x1, y1, x2, y2, score, label, reserved_0,
// reserved_1] (16 bytes for half, 32 for float). The 910B has none of them (CANN: "unsupported
// API on current device"): there they are `unsupported` faults. Declarations only: the work is
// in one compiled entry (simulator/src/runtime/vector_proposal.cc). docs/ASCENDC.md, "Region
// proposals (910A, 310P)".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/hl_sort.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {

enum class ProposalOp : uint8_t { kConcat, kExtract, kRpSort16 };
// ProposalConcat / ProposalExtract (mode = modeNumber) and RpSort16 (mode unused).
void ProposalRun(ProposalOp op, const UbRef& dst, const UbRef& src, bool half, int32_t repeat,
                 int32_t mode);
// MrgSort4 on region proposals; sets the core's merge-result register (GetMrgSortResult).
void MrgSort4Run(const MrgSortCall& call);

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                    const int32_t modeNumber) {
  static_assert(std::is_same_v<PrimT<T>, half> || std::is_same_v<PrimT<T>, float>,
                "ProposalConcat takes half or float");
  opsim::sim::detail::ProposalRun(opsim::sim::detail::ProposalOp::kConcat, dst.ref(), src.ref(),
                                  std::is_same_v<PrimT<T>, half>, repeatTime, modeNumber);
}

template <typename T>
void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                     const int32_t modeNumber) {
  static_assert(std::is_same_v<PrimT<T>, half> || std::is_same_v<PrimT<T>, float>,
                "ProposalExtract takes half or float");
  opsim::sim::detail::ProposalRun(opsim::sim::detail::ProposalOp::kExtract, dst.ref(), src.ref(),
                                  std::is_same_v<PrimT<T>, half>, repeatTime, modeNumber);
}

template <typename T>
void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime) {
  static_assert(std::is_same_v<PrimT<T>, half> || std::is_same_v<PrimT<T>, float>,
                "RpSort16 takes half or float");
  opsim::sim::detail::ProposalRun(opsim::sim::detail::ProposalOp::kRpSort16, dst.ref(), src.ref(),
                                  std::is_same_v<PrimT<T>, half>, repeatTime, 0);
}

template <typename T>
void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
  static_assert(std::is_same_v<PrimT<T>, half> || std::is_same_v<PrimT<T>, float>,
                "MrgSort4 takes half or float proposals");
  opsim::sim::detail::MrgSort4Run(
      {&dst.ref(),
       {&src.src1.ref(), &src.src2.ref(), &src.src3.ref(), &src.src4.ref()},
       {params.elementLengths[0], params.elementLengths[1], params.elementLengths[2],
        params.elementLengths[3]},
       std::is_same_v<PrimT<T>, half>,
       params.ifExhaustedSuspension,
       params.validBit,
       params.repeatTimes});
}

}  // namespace AscendC
