// DMA set-up overlapping the previous transfer on its queue (dma_setup.h).
#include "runtime/dma_setup.h"

#include <utility>
#include <vector>

#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

// The core's queues, kept by its launch per slot (a slot's cores run on one host thread at a
// time, so no lock); null outside a launch, where every DMA pays its whole set-up.
DmaQueues* QueuesOf(const Core& core) {
  LaunchState* launch = core.launch;
  if (launch == nullptr || core.core_idx < 0 ||
      static_cast<size_t>(core.core_idx) >= launch->dma_queues.size()) {
    return nullptr;
  }
  auto& slot = launch->dma_queues[static_cast<size_t>(core.core_idx)];
  for (auto& [owner, queues] : slot) {
    if (owner == &core) return &queues;
  }
  slot.emplace_back(&core, DmaQueues{});
  return &slot.back().second;
}

}  // namespace

double DmaSetupNs(const Core& core, Pipe pipe, double not_before) {
  const DmaQueues* q = QueuesOf(core);
  const int p = static_cast<int>(pipe);
  const double ready = core.clock[p] > not_before ? core.clock[p] : not_before;
  if (q == nullptr || ready != q->end[p]) return core.dma_setup_ns;
  return core.dma_setup_ns > q->transfer[p] ? core.dma_setup_ns - q->transfer[p] : 0;
}

double IssueDma(Core& core, Pipe pipe, const char* name, double setup_ns, double transfer_ns,
                uint64_t bytes, double not_before) {
  const double start = core.Issue(pipe, name, setup_ns + transfer_ns, bytes, not_before);
  if (DmaQueues* q = QueuesOf(core)) {
    const int p = static_cast<int>(pipe);
    q->end[p] = core.clock[p];
    q->transfer[p] = transfer_ns;
  }
  return start;
}

void DrainDmaQueues(Core& core, int pipe) {
  DmaQueues* q = QueuesOf(core);
  if (q == nullptr) return;
  if (pipe == kPipeCount) {
    q->transfer.fill(0);
  } else {
    q->transfer[static_cast<size_t>(pipe)] = 0;
  }
}

}  // namespace opsim::sim::detail
