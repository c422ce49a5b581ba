#include "runtime/gm_registry.h"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/gm_blocks.h"

namespace opsim::sim::detail {

GmRegistry& GmRegistry::Get() {
  static GmRegistry registry;
  return registry;
}

void* GmRegistry::Alloc(size_t bytes, const void* caller) {
  // A size within 511 B of SIZE_MAX would round up past it, to a tiny block.
  if (bytes > SIZE_MAX - 511) return nullptr;
  // 512 B alignment, as the chip's device allocator guarantees at least 32 B.
  const size_t rounded = (bytes + 511) / 512 * 512;
  void* ptr = std::aligned_alloc(512, rounded == 0 ? 512 : rounded);
  if (ptr == nullptr) return nullptr;
  std::memset(ptr, 0, rounded == 0 ? 512 : rounded);
  std::lock_guard<std::mutex> lock(mu_);
  blocks_[ptr] = Block{bytes, caller};
  return ptr;
}

bool GmRegistry::Free(void* ptr) {
  if (ptr == nullptr) return true;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (blocks_.erase(ptr) == 0) return false;  // not ours: refusing beats corrupting the heap
  }
  std::free(ptr);
  return true;
}

bool GmRegistry::Find(const void* ptr, const void** base, uint64_t* bytes) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = blocks_.upper_bound(ptr);  // first block starting after ptr
  if (it == blocks_.begin()) return false;
  --it;
  const auto start = reinterpret_cast<uintptr_t>(it->first);
  const auto p = reinterpret_cast<uintptr_t>(ptr);
  // A zero-byte block still owns its start address (a kernel may be handed an empty tensor).
  if (p != start && p - start >= it->second.bytes) return false;
  *base = it->first;
  *bytes = it->second.bytes;
  return true;
}

std::vector<GmRegion> GmRegistry::Snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<GmRegion> out;
  for (const auto& [ptr, block] : blocks_) out.push_back({ptr, block.bytes, "GmAlloc"});
  return out;
}

std::vector<GmAllocBlock> GmRegistry::Live() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<GmAllocBlock> out;
  for (const auto& [ptr, block] : blocks_) out.push_back({ptr, block.bytes, block.caller});
  return out;
}

namespace {

// The end of the block holding p in `blocks` (sorted by base), or 0 when none does.
uintptr_t BlockEnd(const std::vector<GmRegion>& blocks, uintptr_t p) {
  auto it = std::upper_bound(blocks.begin(), blocks.end(), p, [](uintptr_t q, const GmRegion& b) {
    return q < reinterpret_cast<uintptr_t>(b.base);
  });
  if (it == blocks.begin()) return 0;
  --it;
  const uintptr_t end = reinterpret_cast<uintptr_t>(it->base) + it->bytes;
  return p < end ? end : 0;
}

}  // namespace

void ExtendToAllocations(const std::vector<GmRegion>& blocks, std::vector<GmRegion>* regions) {
  for (GmRegion& r : *regions) {
    const uintptr_t base = reinterpret_cast<uintptr_t>(r.base);
    uintptr_t end = BlockEnd(blocks, base);
    if (end <= base + r.bytes) continue;
    for (const GmRegion& other : *regions) {
      const uintptr_t at = reinterpret_cast<uintptr_t>(other.base);
      if (at > base && at < end) end = at;
    }
    r.bytes = std::max<uint64_t>(r.bytes, end - base);
  }
}

}  // namespace opsim::sim::detail

// The registry's public face: the CPU-debug heap (AscendC::GmAlloc/GmFree) and its lookups.
namespace AscendC {

// noinline: the return address must be the caller's (the program's main.cpp), which the leak
// report of CPU-debug programs names.
// Both say what went wrong on stderr: a CPU-debug program has no other channel for it, and
// going on silently (a wrapped size's tiny block, an ignored free) hides the bug.
__attribute__((noinline)) void* GmAlloc(size_t bytes) {
  void* ptr = opsim::sim::detail::GmRegistry::Get().Alloc(bytes, __builtin_return_address(0));
  if (ptr == nullptr) {
    std::fprintf(stderr,
                 "[ERROR] AscendC::GmAlloc(%zu): cannot allocate %zu B (%s); returns nullptr\n",
                 bytes, bytes,
                 bytes > SIZE_MAX - 511 ? "the size rounded up to 512 B would wrap past 2^64"
                                        : "out of host memory");
  }
  return ptr;
}
void GmFree(void* ptr) {
  if (opsim::sim::detail::GmRegistry::Get().Free(ptr)) return;
  const void* base = nullptr;
  uint64_t bytes = 0;
  if (opsim::sim::FindGmAllocBlock(ptr, &base, &bytes)) {
    std::fprintf(
        stderr,
        "[ERROR] AscendC::GmFree(%p): not the start of a GmAlloc block (it is %zu B "
        "into the %" PRIu64 " B block at %p); nothing freed\n",
        ptr, static_cast<size_t>(static_cast<const char*>(ptr) - static_cast<const char*>(base)),
        bytes, base);
    return;
  }
  std::fprintf(stderr,
               "[ERROR] AscendC::GmFree(%p): no live GmAlloc block starts there (freed already, "
               "or not from GmAlloc); nothing freed\n",
               ptr);
}

}  // namespace AscendC

bool opsim::sim::FindGmAllocBlock(const void* ptr, const void** base, uint64_t* bytes) {
  return detail::GmRegistry::Get().Find(ptr, base, bytes);
}

std::vector<opsim::sim::GmAllocBlock> opsim::sim::LiveGmAllocBlocks() {
  return detail::GmRegistry::Get().Live();
}
