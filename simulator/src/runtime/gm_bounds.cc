#include "runtime/gm_bounds.h"

#include <cstdio>

#include "opsim/sim/ascendc/tensor.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

std::string BoundsHex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof(b), "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

std::string KnownRegions(const LaunchState& launch) {
  std::string known;
  for (const GmRegion& g : launch.regions) known += (known.empty() ? "" : ", ") + g.name;
  return known.empty() ? std::string("none registered") : known;
}

}  // namespace

std::string NearestRegion(const LaunchState& launch, const uint8_t* p) {
  const GmRegion* below = nullptr;
  for (const GmRegion& g : launch.regions) {
    // The first of equal bases wins: launch regions come before the GmAlloc blocks they lie in.
    if (g.base <= static_cast<const void*>(p) && (below == nullptr || g.base > below->base)) {
      below = &g;
    }
  }
  if (below == nullptr) return "";
  const uint64_t past =
      static_cast<uint64_t>(p - static_cast<const uint8_t*>(below->base)) - below->bytes;
  return " (" + std::to_string(past) + " B past the end of GM '" + below->name + "' of " +
         std::to_string(below->bytes) + " B)";
}

GmRef BindGm(const void* ptr, uint64_t bytes, bool whole_region) {
  Core& core = Cur();  // outside a launch: kNoLaunch
  auto* p = static_cast<uint8_t*>(const_cast<void*>(ptr));
  const int16_t r = p == nullptr ? -1 : core.launch->FindRegion(p);
  if (r < 0) return GmRef{p, whole_region ? 0 : bytes, 0, -1};
  const GmRegion& g = core.launch->regions[static_cast<size_t>(r)];
  const uint64_t limit = g.bytes - static_cast<uint64_t>(p - static_cast<const uint8_t*>(g.base));
  return GmRef{p, whole_region ? limit : bytes, limit, r};
}

void CheckGmAccessSlow(Core& core, const GmRef& gm, uint64_t offset, uint64_t span,
                       const char* instr, const char* operand) {
  const LaunchState& launch = *core.launch;
  if (gm.ptr == nullptr) {
    RaiseFault(FaultKind::kOutOfBoundsGm, instr,
               std::string(operand) +
                   " accesses an unbound GlobalTensor (no SetGlobalBuffer, or a null address)");
  }
  const uint8_t* at = gm.ptr + offset;
  if (gm.region < 0) {
    char addr[32];
    std::snprintf(addr, sizeof(addr), "%p", static_cast<const void*>(gm.ptr));
    RaiseFault(FaultKind::kOutOfBoundsGm, instr,
               std::string(operand) + " accesses a GlobalTensor at address " + addr +
                   NearestRegion(launch, gm.ptr) +
                   ", which is not inside any registered GM region (" + KnownRegions(launch) + ")");
  }
  const GmRegion& g = launch.regions[static_cast<size_t>(gm.region)];
  if (offset + span > gm.limit) {
    const uint64_t off = static_cast<uint64_t>(at - static_cast<const uint8_t*>(g.base));
    RaiseFault(FaultKind::kOutOfBoundsGm, instr,
               std::string(operand) + " accesses GM '" + g.name + "' [" + BoundsHex(off) + ", " +
                   BoundsHex(off + span) + ") of " + std::to_string(g.bytes) +
                   " B, past the end of its allocation: the chip would read or overwrite memory "
                   "the kernel does not own");
  }
  // Inside the region, past the declared size: what the chip runs without complaint.
  core.launch->Warn(core, "global_tensor_overrun", instr, gm.region, [&] {
    return std::string(operand) + " accesses " + launch.DescribeGm(at, span) + ", past the " +
           std::to_string(gm.bytes) + " B the GlobalTensor declares (SetGlobalBuffer) but inside " +
           "the allocation of '" + g.name + "'; the chip does not check declared sizes";
  });
}

}  // namespace opsim::sim::detail
