// MIX kernels: the sub-block identity an AIV sees, and the scope in which a Matmul's cube
// instructions run on the AIC of its MIX block (docs/CUBE.md, "MIX kernels").
#include <dlfcn.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "cube/mix_run.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

extern thread_local Core* tls_core;
thread_local MixBlock* tls_mix = nullptr;

namespace {

// The load addresses of the libraries (or the program) holding code that includes
// lib/matmul_intf.h without ASCENDC_CUBE_ONLY.
std::mutex g_mix_mu;
std::vector<const void*> g_mix_objects;

const void* ObjectOf(const void* address) {
  Dl_info info{};
  return dladdr(address, &info) != 0 ? info.dli_fbase : nullptr;
}

}  // namespace

bool DeclareMixKernels(const void* in_object) noexcept {
  const void* base = ObjectOf(in_object);
  if (base == nullptr) return false;
  const std::lock_guard<std::mutex> lock(g_mix_mu);
  if (std::find(g_mix_objects.begin(), g_mix_objects.end(), base) == g_mix_objects.end()) {
    g_mix_objects.push_back(base);
  }
  return true;
}

bool MixKernelAt(const void* kernel) noexcept {
  const void* base = ObjectOf(kernel);
  if (base == nullptr) return false;
  const std::lock_guard<std::mutex> lock(g_mix_mu);
  return std::find(g_mix_objects.begin(), g_mix_objects.end(), base) != g_mix_objects.end();
}

int64_t MixSubBlockIdx() {
  (void)Cur();  // outside a kernel: the kNoLaunch fault
  return tls_mix != nullptr ? tls_mix->sub_block : 0;
}

// AIV cores per AIC in the running launch: 2 (or 1 for MIX_AIC_1_1) in a MIX block on the
// 910B, else 1.
int64_t MixTaskRation() {
  (void)Cur();
  return tls_mix != nullptr ? tls_mix->aiv_per_block : 1;
}

CubeScope::CubeScope(const char* api) {
  Core& core = Cur();
  // Outside a MIX block, or on its AIC running the kernel's own code: in place.
  if (tls_mix == nullptr || tls_mix->member->aic) {
    if (core.core_type == CoreType::kAiv && core.device->cube_cores < core.device->vector_cores) {
      RaiseFault(FaultKind::kUnsupported, api,
                 "the Matmul runs on the cube, and an AIV core of " + core.device->name +
                     " has none (launch the kernel as MIX: ICPU_RUN_KF in KernelMode::MIX_MODE, "
                     "sim::LaunchMix; or on the AIC: AIC_MODE, CoreType::kAic)");
    }
    return;
  }
  Core& aic = *tls_mix->aic;
  // The request leaves the AIV when its scalar unit issues it and reaches the AIC a flag
  // hand-off later; the AIC's pipes start no earlier.
  const double request = core.clock[static_cast<int>(Pipe::kS)] + core.flag_ns;
  for (double& c : aic.clock) c = std::max(c, request);
  aic.block_idx = core.block_idx;
  aiv_ = &core;
  tls_core = &aic;
}

CubeScope::~CubeScope() {
  if (aiv_ == nullptr) return;
  Core& aic = *tls_core;
  tls_core = aiv_;
  // Synchronous calls: the AIV's scalar unit waits for the AIC's answer, so nothing it issues
  // after starts before.
  const double done = aic.AllDone() + aiv_->flag_ns;
  for (double& c : aiv_->clock) c = std::max(c, done);
}

}  // namespace opsim::sim::detail
