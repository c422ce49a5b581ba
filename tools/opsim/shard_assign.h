// Which cases of a suite each shard runs (docs/CASES.md, "Sharding"). Every shard process
// computes the same plan from the whole selection (suites, --device, --filter), so the shards
// agree without talking to each other.
//
// A case's cost is what it is expected to take: a fixed part plus its input elements, times a
// weight of its device (CaseCost). Cases below kHeavyCaseCost ("light": all but the few large
// ones) go to the shard a jump consistent hash of their full name picks: that depends on the
// name and the number of shards only, so adding, removing or changing any other case never
// moves a light case, and going from N to N+1 shards moves only the light cases the new shard
// takes. Heavy cases are placed by cost, heaviest first, each on the shard with the least heavy
// cost so far (ties: the lower shard); so adding or removing a heavy case can move other heavy
// cases, never a light one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opsim/cases/case.h"

namespace opsim::cli {

// Cost units: one input element on a device of weight 1000 (the 910B). A case's fixed part
// (creating the operation, generating inputs, the reference, judging) is as long as about
// 32000 elements take, fitted on the default suite's files (docs/PERFORMANCE.md, "Sharding").
inline constexpr uint64_t kCaseFixedCost = 32000;
// Heavy: about 8 times a small case, 224000 input elements and more on the 910B.
inline constexpr uint64_t kHeavyCaseCost = 256000;

// The expected cost of running one case (checked or not: both scale alike).
uint64_t CaseCost(const cases::Case& c);

// The light cases' shard: a 64-bit hash of the name, then Lamping and Veach's jump consistent
// hash (arXiv:1406.2294) into `total` shards.
uint32_t LightCaseShard(const std::string& full_name, uint32_t total);

struct ShardPlan {
  std::vector<uint32_t> shard_of;    // per case, in the selection's order
  std::vector<uint64_t> shard_cost;  // per shard: the sum of its cases' costs
  size_t heavy_cases = 0;
};

// `names` and `costs` per case, in the selection's order.
ShardPlan PlanShards(const std::vector<std::string>& names, const std::vector<uint64_t>& costs,
                     uint32_t total);

}  // namespace opsim::cli
