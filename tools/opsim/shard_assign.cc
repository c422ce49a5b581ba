#include "shard_assign.h"

#include <algorithm>
#include <map>

#include "opsim/cases/output_digest.h"

namespace opsim::cli {
namespace {

// Per mille of the 910B's cost of a case, measured on the default suite (each device's cases
// alone, one thread: 910B 8.79 s, 910A 9.16 s, 310P 8.77 s); a device not listed weighs 1000.
const std::map<std::string, uint64_t>& DeviceWeights() {
  static const std::map<std::string, uint64_t> weights = {
      {"ascend910b", 1000}, {"ascend910a", 1040}, {"ascend310p", 1000}};
  return weights;
}

// splitmix64's finaliser: FNV-1a's low bits are weak on similar names.
uint64_t Finalise(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t NameHash(const std::string& name) {
  return Finalise(cases::Fnv1a64(reinterpret_cast<const uint8_t*>(name.data()), name.size()));
}

}  // namespace

uint64_t CaseCost(const cases::Case& c) {
  if (!c.skip.empty()) return 1;  // listed, not run
  uint64_t elements = 0;
  for (const cases::CaseInput& in : c.inputs) {
    uint64_t n = 1;
    for (int64_t d : in.shape) n *= static_cast<uint64_t>(std::max<int64_t>(d, 0));
    elements += n;
  }
  const auto it = DeviceWeights().find(c.device);
  const uint64_t weight = it == DeviceWeights().end() ? 1000 : it->second;
  return (kCaseFixedCost + elements) * weight / 1000;
}

uint32_t LightCaseShard(const std::string& full_name, uint32_t total) {
  uint64_t key = NameHash(full_name);
  int64_t b = -1, j = 0;
  while (j < static_cast<int64_t>(total)) {
    b = j;
    key = key * 2862933555777941757ull + 1;
    j = static_cast<int64_t>(static_cast<double>(b + 1) * (static_cast<double>(1ll << 31) /
                                                           static_cast<double>((key >> 33) + 1)));
  }
  return static_cast<uint32_t>(b);
}

ShardPlan PlanShards(const std::vector<std::string>& names, const std::vector<uint64_t>& costs,
                     uint32_t total) {
  ShardPlan plan;
  plan.shard_of.assign(names.size(), 0);
  plan.shard_cost.assign(total, 0);
  std::vector<size_t> heavy;
  for (size_t i = 0; i < names.size(); ++i) {
    if (costs[i] >= kHeavyCaseCost) {
      heavy.push_back(i);
      continue;
    }
    plan.shard_of[i] = LightCaseShard(names[i], total);
    plan.shard_cost[plan.shard_of[i]] += costs[i];
  }
  // Heaviest first; equal costs by name, so the order does not depend on the suites' order.
  std::sort(heavy.begin(), heavy.end(), [&](size_t a, size_t b) {
    if (costs[a] != costs[b]) return costs[a] > costs[b];
    return names[a] != names[b] ? names[a] < names[b] : a < b;
  });
  std::vector<uint64_t> heavy_cost(total, 0);
  for (size_t i : heavy) {
    const auto least = std::min_element(heavy_cost.begin(), heavy_cost.end());
    const uint32_t s = static_cast<uint32_t>(least - heavy_cost.begin());
    *least += costs[i];
    plan.shard_of[i] = s;
    plan.shard_cost[s] += costs[i];
  }
  plan.heavy_cases = heavy.size();
  return plan;
}

}  // namespace opsim::cli
