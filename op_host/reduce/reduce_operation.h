// ReduceOperation: a normalised Reduce request bound to a device. Setup tiles it (cached);
// Execute checks every buffer, then runs every pass in one launch on the simulator.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/launch.h"
#include "reduce/reduce_request.h"
#include "reduce/reduce_tiling.h"

namespace opsim {

struct ReduceExecOptions {
  int host_threads = 0;  // 0: all hardware threads
  bool checked = false;  // the simulator's checked mode
  bool trace = false;    // collect per-instruction trace events
};

struct ReduceExecStats {
  double device_ns = 0;                  // simulated time of all passes
  std::vector<sim::KernelStats> passes;  // one per kernel launch (one launch runs all passes)
};

class ReduceOperation {
 public:
  explicit ReduceOperation(const ReduceRequest& request) : request_(request) {}

  const ReduceRequest& request() const { return request_; }
  // Tiles the request for `device`; *workspace_bytes is what Execute needs.
  Status Setup(const sim::DeviceProfile& device, uint64_t* workspace_bytes);
  const ReducePlan* plan() const { return plan_.get(); }

  // x holds the input (request().input, request().dtype), y receives the output. Nothing is
  // written when any argument is wrong.
  Status Execute(const void* x, uint64_t x_bytes, void* y, uint64_t y_bytes, void* workspace,
                 uint64_t workspace_bytes, const ReduceExecOptions& options,
                 ReduceExecStats* stats = nullptr);

 private:
  ReduceRequest request_;
  std::shared_ptr<const ReducePlan> plan_;
  std::shared_ptr<const sim::DeviceProfile> device_;
};

}  // namespace opsim
