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

}  // namespace opsim::sim::detail
