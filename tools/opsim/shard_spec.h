// Which shard of a case suite this process runs: `opsim run --shard I/N`, or the test-sharding
// environment protocol of Bazel and GoogleTest (docs/CASES.md, "Sharding"):
//   TEST_TOTAL_SHARDS / TEST_SHARD_INDEX      (Bazel; any CI matrix can set them)
//   GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX    (GoogleTest; Bazel sets both pairs alike)
//   TEST_SHARD_STATUS_FILE / GTEST_SHARD_STATUS_FILE: touched when the environment shards, to
//   tell the runner that the program understood the request.
// An explicit --shard beats the environment, which is then not read at all.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/status.h"

namespace opsim::cli {

// The most shards a suite is cut into (a Kubernetes Indexed Job allows 100000 completions).
inline constexpr int64_t kMaxShards = 100000;

struct Shard {
  uint32_t index = 0;  // 0 <= index < total
  uint32_t total = 1;  // 1: the whole suite
};

struct ShardRequest {
  Shard shard;                            // 0/1 when neither --shard nor the environment shards
  std::vector<std::string> status_files;  // to touch (from the environment only)
};

// Reads a variable: nullptr when it is not set (std::getenv in the program).
using EnvLookup = std::function<const char*(const char*)>;

// "I/N" as --shard takes it. kInvalidParam naming the text and the rule broken: not two
// decimal numbers around one '/', N outside 1..kMaxShards, I not below N.
Status ParseShardFlag(std::string_view text, Shard* out);

// The shard to run: --shard when `flag` is given, else the environment. kInvalidParam
// naming the variable, its value and the rule: a value that is not a decimal number, a total of
// 0 or above kMaxShards, an index not below its total, an index without its total or a total
// without its index, or the TEST_ and GTEST_ pairs disagreeing.
Status ResolveShard(const std::optional<std::string>& flag, const EnvLookup& env,
                    ShardRequest* out);

// Creates each status file or updates its time (the protocol's "touch"); kIoError naming the
// variable's file and the reason on failure.
Status TouchStatusFiles(const std::vector<std::string>& files);

}  // namespace opsim::cli
