// Global memory handed out by AscendC::GmAlloc; every launch may address it.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <vector>

#include "opsim/sim/launch.h"

namespace opsim::sim::detail {

class GmRegistry {
 public:
  static GmRegistry& Get();
  void* Alloc(size_t bytes);
  void Free(void* ptr);
  std::vector<GmRegion> Snapshot() const;
  // The block holding ptr (base and requested bytes), false when none does.
  bool Find(const void* ptr, const void** base, uint64_t* bytes) const;

 private:
  mutable std::mutex mu_;
  std::map<const void*, size_t> blocks_;
};

}  // namespace opsim::sim::detail
