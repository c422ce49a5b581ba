// DMA set-up as latency, not occupancy (docs/CUBE.md, "DMA set-up"): the MTE sets up a copy's
// descriptor while the previous copy on the same queue transfers, so a copy that follows it
// without waiting pays only the part of dma_setup_ns that transfer did not cover; a copy that
// waited (a flag, a queue hand-off, a barrier, SyncAll, an auto-sync order, the block's start)
// pays all of it. Each core has a queue per DMA pipe (MTE2, MTE3, FIX).
#pragma once

#include <array>
#include <cstdint>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// One core's DMA queues: per pipe, the end of its last DMA and that DMA's transfer time (ns). A
// transfer of 0 covers no set-up.
struct DmaQueues {
  std::array<double, kPipeCount> end{};
  std::array<double, kPipeCount> transfer{};
};

// The set-up a DMA on `pipe` that may start at `not_before` pays on top of its transfer.
double DmaSetupNs(const Core& core, Pipe pipe, double not_before = 0);
// Core::Issue for a DMA costing setup_ns (DmaSetupNs) + transfer_ns; remembers the transfer,
// which the next DMA on the pipe may overlap. Returns the start.
double IssueDma(Core& core, Pipe pipe, const char* name, double setup_ns, double transfer_ns,
                uint64_t bytes, double not_before = 0);
// The core's next DMA on `pipe` (every DMA pipe when `pipe` is kPipeCount) overlaps nothing: its
// queue drained (a barrier) or the core waited (a block's start, SyncAll).
void DrainDmaQueues(Core& core, int pipe = kPipeCount);

inline double DmaTransferNs(const Core& core, uint64_t bytes) {
  return static_cast<double>(bytes) * core.dma_ns_per_byte;
}

}  // namespace opsim::sim::detail
