// Cross-block synchronisation through GM flags: IBSet/IBWait and the in-order chain
// InitDetermineComputeWorkspace/WaitPreBlock/NotifyNextBlock (docs/ASCENDC.md, "Cross-block
// flags"). A waiting block parks in the launch's barrier machinery instead of spinning.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"

namespace opsim::sim::detail {
enum class BlockSyncOp : uint8_t { kIBSet, kIBWait, kInitDetermine, kWaitPre, kNotifyNext };
// blockIdx/eventID are used by IBSet/IBWait only; aiv_only doubles the block count when false.
void BlockSyncImpl(BlockSyncOp op, const GmRef& gm, const UbRef& ub, int32_t blockIdx,
                   int32_t eventID, bool aiv_only);
}  // namespace opsim::sim::detail

namespace AscendC {

template <bool isAIVOnly = true>
void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
           int32_t blockIdx, int32_t eventID) {
  opsim::sim::detail::BlockSyncImpl(opsim::sim::detail::BlockSyncOp::kIBSet, gmWorkspace.ref(),
                                    ubWorkspace.ref(), blockIdx, eventID, isAIVOnly);
}
template <bool isAIVOnly = true>
void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
            int32_t blockIdx, int32_t eventID) {
  opsim::sim::detail::BlockSyncImpl(opsim::sim::detail::BlockSyncOp::kIBWait, gmWorkspace.ref(),
                                    ubWorkspace.ref(), blockIdx, eventID, isAIVOnly);
}
inline void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace,
                                          LocalTensor<int32_t>& ubWorkspace) {
  opsim::sim::detail::BlockSyncImpl(opsim::sim::detail::BlockSyncOp::kInitDetermine,
                                    gmWorkspace.ref(), ubWorkspace.ref(), 0, 0, true);
}
inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
  opsim::sim::detail::BlockSyncImpl(opsim::sim::detail::BlockSyncOp::kWaitPre, gmWorkspace.ref(),
                                    ubWorkspace.ref(), 0, 0, true);
}
inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
  opsim::sim::detail::BlockSyncImpl(opsim::sim::detail::BlockSyncOp::kNotifyNext, gmWorkspace.ref(),
                                    ubWorkspace.ref(), 0, 0, true);
}

}  // namespace AscendC
