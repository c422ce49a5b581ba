// Reduce plans memoised by (reducer, variant, dtype, shape, axes, keep-dims, device): the
// operation asks for its plan at every tiling call, and suites and benches repeat shapes.
#include <map>
#include <mutex>

#include "reduce/reduce_tiling.h"

namespace opsim {
namespace {

struct PlanCache {
  std::mutex mu;
  std::map<std::string, std::shared_ptr<const ReducePlan>> plans;
};

PlanCache& Cache() {
  static PlanCache cache;
  return cache;
}

std::string CacheKey(const ReduceRequest& r, const sim::DeviceProfile& d) {
  std::string key = d.name + "|" + std::to_string(static_cast<int>(r.kind)) + "|" +
                    std::to_string(static_cast<int>(r.dtype)) + "|" + r.input.ToString() + "|";
  for (int64_t a : r.axes) key += std::to_string(a) + ",";
  key += r.keep_dims ? "|k" : "|d";
  key += '|';
  key += std::to_string(static_cast<int>(r.variant));
  if (r.bool_values) key += "|b";
  return key;
}

constexpr size_t kCacheCapacity = 4096;

}  // namespace

Status CachedReducePlan(const ReduceRequest& request, const sim::DeviceProfile& device,
                        std::shared_ptr<const ReducePlan>* plan) {
  const std::string key = CacheKey(request, device);
  PlanCache& cache = Cache();
  {
    std::lock_guard<std::mutex> lock(cache.mu);
    auto it = cache.plans.find(key);
    if (it != cache.plans.end()) {
      *plan = it->second;
      return Status::Ok();
    }
  }
  auto fresh = std::make_shared<ReducePlan>();
  OPSIM_RETURN_IF_ERROR(ComputeReducePlan(request, device, fresh.get()));
  std::lock_guard<std::mutex> lock(cache.mu);
  if (cache.plans.size() >= kCacheCapacity) cache.plans.clear();
  *plan = cache.plans.emplace(key, std::move(fresh)).first->second;
  return Status::Ok();
}

void ClearReducePlanCache() {
  std::lock_guard<std::mutex> lock(Cache().mu);
  Cache().plans.clear();
}

size_t ReducePlanCacheSize() {
  std::lock_guard<std::mutex> lock(Cache().mu);
  return Cache().plans.size();
}

}  // namespace opsim
