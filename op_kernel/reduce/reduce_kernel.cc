#include "reduce/reduce_kernel.h"

#include <cstdint>
#include <string>

#include "opsim/sim/fault.h"

namespace opsim::kernels {
namespace {

GM_ADDR Offset(GM_ADDR base, uint64_t bytes) {
  return reinterpret_cast<GM_ADDR>(reinterpret_cast<uintptr_t>(base) + bytes);
}

GM_ADDR Address(const ReduceLaunchTiling& launch, ReduceBuffer buffer, GM_ADDR x, GM_ADDR y,
                GM_ADDR workspace) {
  switch (buffer) {
    case ReduceBuffer::kInput: return x;
    case ReduceBuffer::kOutput: return y;
    // As the chip adds addresses: integers, so that an offset the tiling got wrong (the
    // kernel_launch fuzz target's, or a null workspace's) gives an address the GM checks refuse,
    // not undefined pointer arithmetic in the simulator.
    case ReduceBuffer::kScratchA: return Offset(workspace, launch.scratch_a_offset);
    case ReduceBuffer::kScratchB: return Offset(workspace, launch.scratch_b_offset);
  }
  return nullptr;
}

}  // namespace
}  // namespace opsim::kernels

extern "C" void opsim_reduce_launch(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  using namespace opsim::kernels;
  GET_TILING_DATA_WITH_STRUCT(ReduceLaunchTiling, launch, tiling);
  if (launch.pass_count > kMaxReducePasses) {
    opsim::sim::RaiseFault(opsim::sim::FaultKind::kInvalidArgument, "reduce_kernel",
                           "the tiling holds " + std::to_string(launch.pass_count) +
                               " passes (at most " + std::to_string(kMaxReducePasses) + ")");
  }
  for (uint32_t p = 0; p < launch.pass_count; ++p) {
    // A pass reads what the one before wrote, on other cores.
    if (p > 0) AscendC::SyncAll();
    const ReducePassTiling& t = launch.passes[p];
    ReducePassArgs pass;
    pass.key = t.key;
    pass.x = Address(launch, t.src, x, y, workspace);
    pass.y = Address(launch, t.dst, x, y, workspace);
    pass.workspace = workspace;
    pass.tiling = t.data;
    if (DispatchReduceSum(pass) || DispatchReduceMax(pass) || DispatchReduceMin(pass) ||
        DispatchReduceProd(pass)) {
      continue;
    }
    opsim::sim::RaiseFault(
        opsim::sim::FaultKind::kInvalidArgument, "reduce_kernel",
        "pass " + std::to_string(p) + " has no kernel for key " + std::to_string(t.key));
  }
}
