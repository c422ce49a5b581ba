// Storage of Core lists kept between launches (core_storage.h).
#include "runtime/core_storage.h"

#include <utility>
#include <vector>

namespace opsim::sim::detail {
namespace {

// One set per Core alive at once on this thread: a launch's cores run one after another on it,
// and blocks parked in SyncAll keep theirs meanwhile. Bounded so that a thread that once ran many
// parked blocks does not keep all their storage.
constexpr size_t kMaxSpare = 64;
thread_local std::vector<BlockLists> spare;

}  // namespace

void AdoptStorage(Core& core) {
  if (spare.empty()) return;
  static_cast<BlockLists&>(core) = std::move(spare.back());
  spare.pop_back();
}

void ReturnStorage(Core& core) {
  core.Clear();
  if (spare.size() >= kMaxSpare) return;
  spare.push_back(std::move(static_cast<BlockLists&>(core)));
}

}  // namespace opsim::sim::detail
