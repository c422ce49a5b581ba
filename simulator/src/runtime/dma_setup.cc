// A DMA's pipe occupancy apart from its latency (dma_setup.h).
#include "runtime/dma_setup.h"

namespace opsim::sim::detail {

double IssueDma(Core& core, Pipe pipe, const char* name, double transfer_ns, uint64_t bytes,
                double not_before) {
  const double start = core.Issue(pipe, name, core.dma_issue_ns + transfer_ns, bytes, not_before);
  double& landed = core.landed[static_cast<int>(pipe)];
  landed = std::max(landed, start + DmaLatencyNs(core, transfer_ns));
  if (landed > core.timeout_ns) RaiseTimeout(name, landed, core.timeout_ns);
  return start;
}

}  // namespace opsim::sim::detail
