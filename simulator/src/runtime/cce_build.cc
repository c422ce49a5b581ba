// What the CPU-debug kernel code was compiled with: CANN's --cce-auto-sync=off, recorded when a
// kernel translation unit built that way is loaded (kernel_operator.h, OPSIM_CCE_AUTO_SYNC=0).
#include <atomic>

#include "opsim/sim/launch.h"

namespace opsim::sim {
namespace {
std::atomic<bool> g_built_without_auto_sync{false};
}  // namespace

void DeclareKernelsBuiltWithoutAutoSync() { g_built_without_auto_sync = true; }
bool KernelsBuiltWithoutAutoSync() { return g_built_without_auto_sync; }

}  // namespace opsim::sim
