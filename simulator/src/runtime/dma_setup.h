// A DMA's occupancy of its pipe apart from its latency (docs/CUBE.md, "DMA set-up"): a copy holds
// its pipe (MTE2, MTE3, FIX) for dma_issue_ns + its transfer, so the next copy on the pipe starts
// then, while its data is there for whatever waits on it (a flag, a queue, a barrier, the block's
// end) dma_setup_ns + its transfer after its start. N copies issued back to back thus cost about
// N x (issue + transfer) + one set-up, and a copy that waited holds its pipe no longer.
#pragma once

#include <cstdint>

#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {

// Core::Issue for a DMA on `pipe` of transfer_ns, starting no earlier than `not_before`: the pipe
// is held for dma_issue_ns + transfer_ns and the data lands dma_setup_ns + transfer_ns after the
// start (Core::landed). Returns the start.
double IssueDma(Core& core, Pipe pipe, const char* name, double transfer_ns, uint64_t bytes,
                double not_before = 0);

// From a DMA's start to its data being there: set-up + transfer, summed before a start is added,
// so that every access interval a caller records ends at the same double as Core::landed.
inline double DmaLatencyNs(const Core& core, double transfer_ns) {
  return core.dma_setup_ns + transfer_ns;
}

inline double DmaTransferNs(const Core& core, uint64_t bytes) {
  return static_cast<double>(bytes) * core.dma_ns_per_byte;
}

}  // namespace opsim::sim::detail
