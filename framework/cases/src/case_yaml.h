// Reading case suites with yaml-cpp: marks, messages, key suggestions, and typed reads of
// scalars, lists and mappings that name file:line:column and the key in every error.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "opsim/cases/case.h"
#include "opsim/core/nearest_name.h"
#include "opsim/core/status.h"

namespace opsim::cases {

// yaml-cpp marks are 0-based and -1 when unknown; SourceMark is 1-based, 0 when unknown.
SourceMark MarkOf(const std::string& file, const YAML::Mark& mark);
SourceMark MarkOf(const std::string& file, const YAML::Node& node, const SourceMark& fallback);

// kConfigError "<file>:<line>:<col>: '<key>': <what>" (the key part left out when empty).
Status CaseError(const SourceMark& mark, std::string_view key, const std::string& what);

// "a sequence", "a mapping", "null", "'text'": for "expected X, got Y" messages.
std::string DescribeNode(const YAML::Node& node);

std::string Lower(std::string_view text);
std::string JoinNames(std::span<const std::string_view> names);

// A key of a mapping with its value and where both were written.
struct Entry {
  YAML::Node node;
  SourceMark key_mark;
  SourceMark value_mark;
};
using Fields = std::map<std::string, Entry, std::less<>>;

// Typed reads of one file's nodes; every error names the file position and the key.
class YamlReader {
 public:
  explicit YamlReader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  SourceMark Mark(const YAML::Node& node, const SourceMark& fallback) const {
    return MarkOf(file_, node, fallback);
  }
  // A mapping whose keys must be in `keys` (any key when `keys` is empty); a key given twice
  // and an unknown key (with the nearest valid one) are errors.
  Status ReadMap(const YAML::Node& map, const SourceMark& where, std::string_view what,
                 std::span<const std::string_view> keys, Fields* out) const;
  Status Text(const Entry& e, std::string_view key, std::string* out) const;
  Status Int(const Entry& e, std::string_view key, int64_t* out) const;
  Status Real(const Entry& e, std::string_view key, double* out) const;
  Status IntList(const Entry& e, std::string_view key, std::vector<int64_t>* out) const;
  // A scalar or a non-empty sequence of scalars, each with its mark.
  Status Names(const Entry& e, std::string_view key,
               std::vector<std::pair<std::string, SourceMark>>* out) const;
  // Scalars, sequences flattened in order (nested lists read as row-major values).
  Status Values(const YAML::Node& node, const SourceMark& fallback, std::string_view key,
                std::vector<CaseValue>* out) const;

 private:
  std::string file_;
};

// A scalar as an integer: optional '+', decimal digits; false for anything else.
bool ParseInt(const YAML::Node& node, int64_t* out);

}  // namespace opsim::cases
