// Target listing and the test hook that pins dispatch to one target.
#include "vector/vector_config.h"  // must precede Highway

#include <hwy/targets.h>

#include <mutex>
#include <string>
#include <vector>

#include "opsim/sim/vector_unit.h"
#include "vector/vector_dispatch.h"

namespace opsim::sim::vec {
namespace {

std::mutex& TargetMutex() {
  static std::mutex mu;
  return mu;
}

// Compiled-and-supported targets, captured before any test pinned the set (a pinned set
// would hide the others from hwy::SupportedAndGeneratedTargets()).
const std::vector<int64_t>& AllTargets() {
  static const std::vector<int64_t> targets = hwy::SupportedAndGeneratedTargets();
  return targets;
}

}  // namespace

std::vector<std::string> SupportedTargets() {
  std::vector<std::string> names;
  for (const int64_t t : AllTargets()) names.emplace_back(hwy::TargetName(t));
  return names;
}

void ForceTargetForTest(const std::string& target) {
  const std::lock_guard<std::mutex> lock(TargetMutex());
  const std::vector<int64_t>& all = AllTargets();  // before the first pin
  if (target.empty()) {
    hwy::SetSupportedTargetsForTest(0);  // also resets the dispatch tables
    return;
  }
  for (const int64_t t : all) {
    if (target == hwy::TargetName(t)) {
      hwy::SetSupportedTargetsForTest(t);
      return;
    }
  }
  // An unknown name leaves dispatch as it is; ActiveTarget() shows what runs.
}

std::string ActiveTarget() { return hwy::TargetName(detail::DispatchedTarget()); }

}  // namespace opsim::sim::vec
