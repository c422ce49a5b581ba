// Block identity, cross-core and cross-pipe synchronisation, workspace and tiling helpers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {
void BarrierPipes(int pipe);  // PIPE_ALL: every pipe waits for all the others
void SetFlagImpl(AscendC::HardEvent event, int32_t id);
void WaitFlagImpl(AscendC::HardEvent event, int32_t id);
void SyncAllImpl(bool aiv_only);
void DataSyncBarrierImpl(AscendC::MemDsbT mem);  // sys_ctrl.cc
}  // namespace opsim::sim::detail

namespace AscendC {

inline int64_t GetBlockIdx() { return opsim::sim::detail::Cur().block_idx; }
inline int64_t GetBlockNum() { return opsim::sim::detail::Cur().block_num; }

// Orders `pipe` after itself (a no-op in the in-order model) or, for PIPE_ALL, all pipes.
template <pipe_t pipe>
void PipeBarrier() {
  opsim::sim::detail::BarrierPipes(pipe);
}
template <HardEvent event>
void SetFlag(int32_t eventId) {
  opsim::sim::detail::SetFlagImpl(event, eventId);
}
template <HardEvent event>
void WaitFlag(int32_t eventId) {
  opsim::sim::detail::WaitFlagImpl(event, eventId);
}

// Holds the scalar unit until its earlier loads and stores of `arg0` (ALL: GM and the UB; DDR:
// GM; UB; SEQ) are done, for a flag written to GM after its data (the A2/A3 and the 310B; on
// an AIC, UB waits for nothing). The simulator's scalar accesses complete when issued, so it
// costs one scalar instruction.
template <MemDsbT arg0>
void DataSyncBarrier() {
  opsim::sim::detail::DataSyncBarrierImpl(arg0);
}

// Cross-core barrier over all blocks of the launch (every block must reach it). In a MIX kernel
// on the 910B: isAIVOnly = true joins the AIV; false every core, AIC included (docs/CUBE.md).
template <bool isAIVOnly = true>
void SyncAll() {
  opsim::sim::detail::SyncAllImpl(isAIVOnly);
}

// The simulated chip reserves no system workspace: the user workspace starts at the pointer.
inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) { return workspace; }
// The system workspace pointer a kernel records with SetSysWorkspace (its `workspace`
// argument) for the library code that asks for it; null until set in this block.
inline void SetSysWorkspace(GM_ADDR workspace) {
  opsim::sim::detail::Cur().sys_workspace = workspace;
}
inline GM_ADDR GetSysWorkSpacePtr() { return opsim::sim::detail::Cur().sys_workspace; }

// Global memory for host-side tests (Ascend's CPU-mode GmAlloc): registered for every launch.
void* GmAlloc(size_t bytes);
void GmFree(void* ptr);

}  // namespace AscendC

namespace opsim::sim {
// The GmAlloc block holding ptr: its start and requested size. False when ptr is not inside
// memory from GmAlloc. ICPU_RUN_KF uses it to register each pointer argument as its own region.
bool FindGmAllocBlock(const void* ptr, const void** base, uint64_t* bytes);
}  // namespace opsim::sim

// TILING_KEY_IS, GET_TILING_DATA_WITH_STRUCT and the rest of CANN's kernel tiling macros.
#include "opsim/sim/ascendc/tiling_macros.h"
