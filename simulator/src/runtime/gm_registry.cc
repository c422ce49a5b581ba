#include "runtime/gm_registry.h"

#include <cstdlib>
#include <cstring>

namespace opsim::sim::detail {

GmRegistry& GmRegistry::Get() {
  static GmRegistry registry;
  return registry;
}

void* GmRegistry::Alloc(size_t bytes) {
  // 512 B alignment, as the chip's device allocator guarantees at least 32 B.
  const size_t rounded = (bytes + 511) / 512 * 512;
  void* ptr = std::aligned_alloc(512, rounded == 0 ? 512 : rounded);
  if (ptr == nullptr) return nullptr;
  std::memset(ptr, 0, rounded == 0 ? 512 : rounded);
  std::lock_guard<std::mutex> lock(mu_);
  blocks_[ptr] = bytes;
  return ptr;
}

void GmRegistry::Free(void* ptr) {
  if (ptr == nullptr) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (blocks_.erase(ptr) == 0) return;  // not ours: ignoring beats corrupting the heap
  }
  std::free(ptr);
}

std::vector<GmRegion> GmRegistry::Snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<GmRegion> out;
  for (const auto& [ptr, bytes] : blocks_) out.push_back({ptr, bytes, "GmAlloc"});
  return out;
}

}  // namespace opsim::sim::detail
