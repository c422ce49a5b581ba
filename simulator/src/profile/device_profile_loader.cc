// LoadDeviceProfile: one YAML file to one DeviceProfile, with every figure checked.
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "figure_parser.h"
#include "opsim/core/nearest_name.h"
#include "opsim/sim/device_profile.h"
#include "opsim/yaml/strict_yaml.h"
#include "profile_error.h"
#include "profile_fields.h"

namespace opsim::sim {
namespace {

using profile::DescribeNode;
using profile::KnownMark;
using profile::ProfileError;

Status ReadFile(const std::string& path, std::string* text) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) {
    return Status(ErrorCode::kConfigError, path + ": device profile file does not exist");
  }
  if (!std::filesystem::is_regular_file(status)) {
    return Status(ErrorCode::kConfigError, path + ": device profile is not a regular file");
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (!in || in.bad()) {
    return Status(ErrorCode::kConfigError, path + ": device profile file cannot be read");
  }
  *text = buffer.str();
  return Status::Ok();
}

// A plain-string field (name, architecture): a non-empty scalar.
Status ParseText(const std::string& file, std::string_view field, const YAML::Node& node,
                 const YAML::Mark& mark, std::string* out) {
  if (!node.IsScalar() || node.Scalar().find_first_not_of(" \t\r\n") == std::string::npos) {
    return ProfileError(file, mark, field, "expected a non-empty text, got " + DescribeNode(node));
  }
  *out = node.Scalar();
  return Status::Ok();
}

// Checks that involve two figures; marks holds where each figure's value was written.
Status CheckConsistency(const std::string& file, const DeviceProfile& p,
                        const std::map<std::string, YAML::Mark, std::less<>>& marks) {
  if (p.ub_bytes % p.copy_align_bytes != 0) {
    return ProfileError(file, marks.at("ub_bytes"), "ub_bytes",
                        std::to_string(p.ub_bytes) + " is not a multiple of copy_align_bytes = " +
                            std::to_string(p.copy_align_bytes));
  }
  if (p.vector_repeat_bytes % p.copy_align_bytes != 0) {
    return ProfileError(
        file, marks.at("vector_repeat_bytes"), "vector_repeat_bytes",
        std::to_string(p.vector_repeat_bytes) +
            " is not a multiple of copy_align_bytes = " + std::to_string(p.copy_align_bytes));
  }
  // The cost model charges max(slowest core, bytes / HBM): if all cores together could not
  // reach the HBM rate, the HBM figure would never matter and the profile would be misleading.
  const double all_cores = p.vector_cores * p.dma_gbps_per_core;
  if (all_cores < p.hbm_gbps) {
    return ProfileError(
        file, marks.at("dma_gbps_per_core"), "dma_gbps_per_core",
        profile::FormatNumber(p.dma_gbps_per_core) + " GB/s x " + std::to_string(p.vector_cores) +
            " cores = " + profile::FormatNumber(all_cores) +
            " GB/s cannot saturate hbm_gbps = " + profile::FormatNumber(p.hbm_gbps) +
            " (expected dma_gbps_per_core >= hbm_gbps / vector_cores = " +
            profile::FormatNumber(p.hbm_gbps / p.vector_cores) + ")");
  }
  // The issue is the part of a DMA's set-up that holds its pipe (docs/CUBE.md, "DMA set-up"):
  // more than the whole set-up would make a copy's data land before its pipe is free.
  if (p.dma_issue_ns > p.dma_setup_ns) {
    return ProfileError(file, marks.at("dma_issue_ns"), "dma_issue_ns",
                        profile::FormatNumber(p.dma_issue_ns) +
                            " ns is above dma_setup_ns = " + profile::FormatNumber(p.dma_setup_ns) +
                            " ns (expected the issue to be part of the set-up)");
  }
  // An L2 hit slower than a miss would make caching a penalty: a unit slip, not a chip.
  if (p.l2_bytes > 0 && p.l2_gbps_per_core < p.dma_gbps_per_core) {
    return ProfileError(
        file, marks.at("l2_gbps_per_core"), "l2_gbps_per_core",
        profile::FormatNumber(p.l2_gbps_per_core) +
            " GB/s is below dma_gbps_per_core = " + profile::FormatNumber(p.dma_gbps_per_core) +
            " GB/s (expected an L2 hit at least as fast as a read from HBM)");
  }
  return Status::Ok();
}

Status ParseDocument(const std::string& file, const YAML::Node& root, DeviceProfile* profile) {
  const YAML::Mark root_mark = KnownMark(root.Mark(), YAML::Mark());
  if (!root.IsMap()) {
    return ProfileError(file, root_mark, "",
                        "the top level must be a mapping of profile fields (name, architecture, "
                        "vector_cores, ...), got " +
                            DescribeNode(root));
  }
  std::set<std::string, std::less<>> seen;
  std::map<std::string, YAML::Mark, std::less<>> marks;
  // Copies of the entry's nodes: yaml-cpp's iterator-> returns a proxy temporary, so references
  // into it would dangle.
  for (const auto& entry : root) {
    const YAML::Node key = entry.first;
    const YAML::Node item = entry.second;
    const YAML::Mark key_mark = KnownMark(key.Mark(), root_mark);
    if (!key.IsScalar()) {
      return ProfileError(file, key_mark, "",
                          "a top-level key is " + DescribeNode(key) + "; expected a field name");
    }
    const std::string& name = key.Scalar();
    if (!seen.insert(name).second) {
      return ProfileError(file, key_mark, name, "the field appears twice");
    }
    // A null value is placed at the next token: point at the key instead.
    const YAML::Mark value_mark = item.IsNull() ? key_mark : KnownMark(item.Mark(), key_mark);
    marks[name] = value_mark;
    if (name == profile::kNameField) {
      OPSIM_RETURN_IF_ERROR(ParseText(file, name, item, value_mark, &profile->name));
    } else if (name == profile::kArchitectureField) {
      OPSIM_RETURN_IF_ERROR(ParseText(file, name, item, value_mark, &profile->architecture));
    } else if (const profile::FieldSpec* spec = profile::FindFigure(name)) {
      OPSIM_RETURN_IF_ERROR(profile::ParseFigure(file, *spec, item, key_mark, profile));
    } else {
      return ProfileError(file, key_mark, name,
                          "unknown field (did you mean '" +
                              std::string(NearestName(name, profile::TopLevelKeys())) + "'?)");
    }
  }
  std::string missing;
  std::string_view first_missing;
  for (std::string_view name : profile::TopLevelKeys()) {
    if (seen.count(name) != 0) continue;
    if (first_missing.empty()) first_missing = name;
    missing += missing.empty() ? "'" : ", '";
    missing += name;
    missing += "'";
  }
  if (!first_missing.empty()) {
    return ProfileError(file, root_mark, first_missing,
                        "missing required field(s) " + missing +
                            " (every figure needs {value: ..., source|assumption: \"...\"})");
  }
  const std::string stem = std::filesystem::path(file).stem().string();
  if (profile->name != stem) {
    return ProfileError(file, marks.at("name"), "name",
                        "'" + profile->name + "' must equal the file name stem '" + stem + "'");
  }
  return CheckConsistency(file, *profile, marks);
}

// The profile of one file's text: parsed and checked.
Status ParseDeviceProfile(const std::string& path, const std::string& text, DeviceProfile* out) {
  DeviceProfile profile;
  profile.file = path;
  // The rules every loader shares (one document, no repeated key, bounded nesting and aliases).
  YAML::Node root;
  yaml::YamlProblem problem;
  if (!yaml::ParseStrictYaml(text, &root, &problem)) {
    return ProfileError(path, problem.mark, problem.key, problem.what);
  }
  if (!root.IsDefined() || root.IsNull()) {
    return ProfileError(path, YAML::Mark(), "",
                        "the file holds no YAML document (expected a mapping of profile fields)");
  }
  try {
    OPSIM_RETURN_IF_ERROR(ParseDocument(path, root, &profile));
  } catch (const YAML::Exception& e) {
    return ProfileError(path, e.mark, "", "YAML error: " + e.msg);
  }
  *out = std::move(profile);
  return Status::Ok();
}

// Every context and every case loads its device's profile, and parsing it (yaml-cpp) cost three
// quarters of `opsim run`'s time on the default suite. The file is still read each time and the
// parsed profile reused only while its text is the same, so an edited file is never stale.
class ParsedProfiles {
 public:
  bool Find(const std::string& path, const std::string& text, DeviceProfile* out) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = parsed_.find(path);
    if (it == parsed_.end() || it->second.text != text) return false;
    *out = it->second.profile;
    return true;
  }
  void Store(const std::string& path, const std::string& text, const DeviceProfile& profile) {
    const std::lock_guard<std::mutex> lock(mutex_);
    // A program that loads ever new files (a fuzzer) must not grow without bound.
    if (parsed_.size() >= kMaxFiles) parsed_.clear();
    parsed_[path] = Entry{text, profile};
  }

 private:
  static constexpr size_t kMaxFiles = 64;
  struct Entry {
    std::string text;
    DeviceProfile profile;
  };
  std::mutex mutex_;
  std::map<std::string, Entry> parsed_;
};

}  // namespace

Status LoadDeviceProfile(const std::string& path, DeviceProfile* out) {
  if (out == nullptr) {
    return Status(ErrorCode::kInvalidParam, "LoadDeviceProfile: out is null (expected a profile)");
  }
  static ParsedProfiles parsed;
  std::string text;
  OPSIM_RETURN_IF_ERROR(ReadFile(path, &text));
  if (parsed.Find(path, text, out)) return Status::Ok();
  DeviceProfile profile;
  OPSIM_RETURN_IF_ERROR(ParseDeviceProfile(path, text, &profile));
  parsed.Store(path, text, profile);
  *out = std::move(profile);
  return Status::Ok();
}

}  // namespace opsim::sim
