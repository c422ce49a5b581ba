// KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE: the kernel says how it runs (AIV only, AIC only,
// MIX 1:1 or 1:2), and a launch of another shape runs again that way (launch.cc). On the chip
// the compiler reads the declaration; here it acts when the kernel reaches it, so it must come
// before the kernel's first instruction (CANN's samples put it first).
#include <string>

#include "cube/cube_matmul_detail.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

namespace {

const char* TypeName(int type) {
  static constexpr const char* kNames[] = {
      "KERNEL_TYPE_AIV_ONLY",       "KERNEL_TYPE_AIC_ONLY",    "KERNEL_TYPE_MIX_AIV_1_0",
      "KERNEL_TYPE_MIX_AIC_1_0",    "KERNEL_TYPE_MIX_AIC_1_1", "KERNEL_TYPE_MIX_AIC_1_2",
      "KERNEL_TYPE_AICORE",         "KERNEL_TYPE_VECTORCORE",  "KERNEL_TYPE_MIX_AICORE",
      "KERNEL_TYPE_MIX_VECTOR_CORE"};
  return type >= 0 && type < KERNEL_TYPE_MAX ? kNames[type] : "?";
}

// The launch shape a type asks for on `device`; false for the types of chips whose AI core
// holds both units (AICORE, MIX_AICORE), which any launch there is.
bool TypeShape(int type, bool matmul_library, const DeviceProfile& device, LaunchShape* shape) {
  const bool split = device.cube_cores > 0 && device.cube_cores < device.vector_cores;
  switch (type) {
    case KERNEL_TYPE_AIV_ONLY:
    case KERNEL_TYPE_MIX_AIV_1_0:
    case KERNEL_TYPE_VECTORCORE:
    case KERNEL_TYPE_MIX_VECTOR_CORE: *shape = {}; return true;
    case KERNEL_TYPE_AIC_ONLY:
    case KERNEL_TYPE_MIX_AIC_1_0:
      *shape = {};
      shape->core_type = CoreType::kAic;
      return true;
    case KERNEL_TYPE_MIX_AIC_1_1:
    case KERNEL_TYPE_MIX_AIC_1_2:
      *shape = {};
      shape->mix = split;
      // A Matmul library's AIC is CANN's Matmul server; any other MIX kernel's runs its code.
      shape->mix_shape.aiv_per_block = type == KERNEL_TYPE_MIX_AIC_1_1 ? 1 : 2;
      shape->mix_shape.aic_runs_kernel = !matmul_library;
      return true;
    default: return false;
  }
}

bool SameShape(const LaunchShape& a, const LaunchShape& b) {
  if (a.core_type != b.core_type || a.mix != b.mix) return false;
  return !a.mix || (a.mix_shape.aiv_per_block == b.mix_shape.aiv_per_block &&
                    a.mix_shape.aic_runs_kernel == b.mix_shape.aic_runs_kernel);
}

void Declare(int type, const void* caller, const char* api) {
  Core& core = Cur();
  if (type < 0 || type >= KERNEL_TYPE_MAX) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               "kernel type " + std::to_string(type) + " is not a KernelMetaType");
  }
  LaunchShape wanted;
  if (!TypeShape(type, MixKernelAt(caller), *core.device, &wanted)) return;
  LaunchState& launch = *core.launch;
  if (SameShape(wanted, launch.shape)) return;
  uint64_t issued = 0;
  for (const PipeStats& p : core.stats) issued += p.instructions;
  if (issued > 0 || core.last_instruction != nullptr) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               std::string(api) + "(" + TypeName(type) +
                   ") after the kernel's first instruction: the launch already runs it another "
                   "way (declare the type first, as CANN's samples do)");
  }
  launch.RequestRelaunch(wanted);
  throw AbortError{};
}

}  // namespace

void DeclareKernelTaskType(int type) {
  if (Cur().launch->shape.declared) return;
  Declare(type, __builtin_return_address(0), "KERNEL_TASK_TYPE_DEFAULT");
}

void DeclareKernelTaskTypeForKey(uint64_t key, int type) {
  if (Cur().tiling_key != key) return;
  Declare(type, __builtin_return_address(0), "KERNEL_TASK_TYPE");
}

}  // namespace opsim::sim::detail
