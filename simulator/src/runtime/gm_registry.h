// Global memory handed out by AscendC::GmAlloc; every launch may address it.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <vector>

#include "opsim/sim/gm_blocks.h"
#include "opsim/sim/launch.h"

namespace opsim::sim::detail {

class GmRegistry {
 public:
  static GmRegistry& Get();
  // caller: the return address of AscendC::GmAlloc, for the leak report (null when unknown).
  void* Alloc(size_t bytes, const void* caller = nullptr);
  // false (nothing freed) for a pointer that is not the start of a live block.
  bool Free(void* ptr);
  std::vector<GmRegion> Snapshot() const;
  std::vector<GmAllocBlock> Live() const;
  // The block holding ptr (base and requested bytes), false when none does.
  bool Find(const void* ptr, const void** base, uint64_t* bytes) const;

 private:
  mutable std::mutex mu_;
  struct Block {
    size_t bytes;
    const void* caller;
  };
  std::map<const void*, Block> blocks_;
};

// The chip's MMU checks a kernel's addresses against the runtime's allocations, not against
// the tensors a launch names: each region of `regions` that starts inside a block of `blocks`
// (a Snapshot, by address) grows to that block's end, so that a kernel may read the tail of
// the allocation its tensor lies in (aclrtMalloc's padding, the rest of a workspace). It stops
// short of the next region of `regions` inside the block: another tensor of the launch there
// keeps its own role and bounds. Regions outside every block are left as they are.
void ExtendToAllocations(const std::vector<GmRegion>& blocks, std::vector<GmRegion>* regions);

}  // namespace opsim::sim::detail
