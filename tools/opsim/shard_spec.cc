#include "shard_spec.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include "strict_flags.h"

namespace opsim::cli {
namespace {

Status Invalid(std::string message) { return {ErrorCode::kInvalidParam, std::move(message)}; }

std::string Quoted(std::string_view name, std::string_view value) {
  return std::string(name) + " = '" + std::string(value) + "'";
}

Status CheckBelow(uint32_t index, uint32_t total, const std::string& index_text,
                  const std::string& total_text) {
  if (index < total) return Status::Ok();
  return Invalid(index_text + " is not below " + total_text +
                 " (shards count from 0: the index must be less than the total)");
}

// One pair of variables (TEST_ or GTEST_): unset, or both set and valid.
struct PairRead {
  std::optional<Shard> shard;
  std::string total_text;  // "TEST_TOTAL_SHARDS = '4'"
};

Status ReadPair(const EnvLookup& env, const char* index_name, const char* total_name,
                PairRead* out) {
  const char* index = env(index_name);
  const char* total = env(total_name);
  if (index == nullptr && total == nullptr) return Status::Ok();
  if (total == nullptr) {
    return Invalid(Quoted(index_name, index) + " is set without " + total_name +
                   " (set both or neither)");
  }
  if (index == nullptr) {
    return Invalid(Quoted(total_name, total) + " is set without " + index_name +
                   " (set both or neither)");
  }
  int64_t n = 0, i = 0;
  OPSIM_RETURN_IF_ERROR(ParseInteger(total, total_name, 1, kMaxShards, &n));
  OPSIM_RETURN_IF_ERROR(ParseInteger(index, index_name, 0, kMaxShards - 1, &i));
  Shard s{static_cast<uint32_t>(i), static_cast<uint32_t>(n)};
  OPSIM_RETURN_IF_ERROR(
      CheckBelow(s.index, s.total, Quoted(index_name, index), Quoted(total_name, total)));
  out->shard = s;
  out->total_text = Quoted(total_name, total) + " and " + Quoted(index_name, index);
  return Status::Ok();
}

Status FromEnvironment(const EnvLookup& env, ShardRequest* out) {
  PairRead bazel, gtest;
  OPSIM_RETURN_IF_ERROR(ReadPair(env, "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", &bazel));
  OPSIM_RETURN_IF_ERROR(ReadPair(env, "GTEST_SHARD_INDEX", "GTEST_TOTAL_SHARDS", &gtest));
  if (bazel.shard && gtest.shard &&
      (bazel.shard->index != gtest.shard->index || bazel.shard->total != gtest.shard->total)) {
    return Invalid(bazel.total_text + " disagree with " + gtest.total_text +
                   " (set one pair, or both to the same shard)");
  }
  const std::optional<Shard> shard = bazel.shard ? bazel.shard : gtest.shard;
  if (!shard) return Status::Ok();
  out->shard = *shard;
  for (const char* name : {"TEST_SHARD_STATUS_FILE", "GTEST_SHARD_STATUS_FILE"}) {
    const char* file = env(name);
    if (file == nullptr) continue;
    if (*file == '\0') return Invalid(std::string(name) + " is set but empty (a file to touch)");
    bool seen = false;
    for (const std::string& f : out->status_files) seen = seen || f == file;
    if (!seen) out->status_files.emplace_back(file);
  }
  return Status::Ok();
}

}  // namespace

Status ParseShardFlag(std::string_view text, Shard* out) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos || text.find('/', slash + 1) != std::string_view::npos) {
    return Invalid(Quoted("--shard", text) +
                   ": not I/N (the shard's index from 0, '/', the number of shards; e.g. 0/4)");
  }
  const std::string_view index = text.substr(0, slash), total = text.substr(slash + 1);
  int64_t n = 0, i = 0;
  OPSIM_RETURN_IF_ERROR(ParseInteger(total, "--shard N", 1, kMaxShards, &n));
  OPSIM_RETURN_IF_ERROR(ParseInteger(index, "--shard I", 0, kMaxShards - 1, &i));
  Shard s{static_cast<uint32_t>(i), static_cast<uint32_t>(n)};
  OPSIM_RETURN_IF_ERROR(CheckBelow(s.index, s.total,
                                   Quoted("--shard", text) + ": index " + std::string(index),
                                   "the number of shards " + std::string(total)));
  *out = s;
  return Status::Ok();
}

Status ResolveShard(const std::optional<std::string>& flag, const EnvLookup& env,
                    ShardRequest* out) {
  ShardRequest r;
  if (flag) {
    OPSIM_RETURN_IF_ERROR(ParseShardFlag(*flag, &r.shard));
  } else {
    OPSIM_RETURN_IF_ERROR(FromEnvironment(env, &r));
  }
  *out = std::move(r);
  return Status::Ok();
}

Status TouchStatusFiles(const std::vector<std::string>& files) {
  for (const std::string& f : files) {
    const int fd = ::open(f.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
    if (fd < 0 || ::futimens(fd, nullptr) != 0) {
      const std::string why = std::strerror(errno);
      if (fd >= 0) ::close(fd);
      return {ErrorCode::kIoError, "cannot touch the shard status file '" + f + "': " + why};
    }
    ::close(fd);
  }
  return Status::Ok();
}

}  // namespace opsim::cli
