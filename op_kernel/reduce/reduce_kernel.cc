#include "reduce/reduce_kernel.h"

namespace op_kernel {
namespace {

__aicore__ GM_ADDR Offset(GM_ADDR base, uint64_t bytes) {
  return reinterpret_cast<GM_ADDR>(reinterpret_cast<uintptr_t>(base) + bytes);
}

__aicore__ GM_ADDR Address(const ReduceLaunchTiling& launch, ReduceBuffer buffer, GM_ADDR x,
                           GM_ADDR y, GM_ADDR workspace) {
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
}  // namespace op_kernel

extern "C" void opsim_reduce_launch(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  using namespace op_kernel;
  GET_TILING_DATA_WITH_STRUCT(ReduceLaunchTiling, launch, tiling);
  // The host tiling never writes more; a tiling that does stops here, as CANN's kernels stop.
  ascendc_assert(launch.pass_count <= kMaxReducePasses,
                 "Reduce kernel: the tiling holds %u passes (at most %u)", launch.pass_count,
                 kMaxReducePasses);
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
    ascendc_assert(false, "Reduce kernel: pass %u has no kernel for key %llu", p,
                   static_cast<unsigned long long>(t.key));
  }
}
