// Reading description files with yaml-cpp: marks, kConfigError messages, key checks with a
// suggestion, and the typed reads every description needs (names, int lists, dtypes, attrs).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "opsim/core/nearest_name.h"
#include "opsim/core/status.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::loaders {

// A file being read: its path as the user gave it (for messages) and its root node.
struct YamlFile {
  std::string path;
  YAML::Node root;
};

// kIoError when the file cannot be read; kConfigError "<file>:<line>:<col>: <what>" on a
// YAML syntax error or a broken rule of opsim/yaml/strict_yaml.h (one document, no repeated key,
// bounded nesting and alias expansion).
Status ParseYamlFile(const std::string& path, YamlFile* out);

// kConfigError "<file>:<line>:<col>: '<key>': <what>" at the node's mark (1-based); the key
// part is left out when key is empty.
Status ConfigError(const YamlFile& file, const YAML::Node& at, std::string_view key,
                   const std::string& what);

// "a, b, c".
std::string JoinNames(std::span<const std::string_view> names);

// "a sequence", "a mapping", "null", "'text'": for "expected X, got Y".
std::string DescribeNode(const YAML::Node& node);

// `node` must be a mapping whose keys are all in `known` (else "unknown key 'k' (did you mean
// 'n'? expected one of: ...)") and hold every key in `required` (else "missing key").
Status CheckMapping(const YamlFile& file, const YAML::Node& node, std::string_view what,
                    std::span<const std::string_view> known,
                    std::span<const std::string_view> required);

// The key node of `key` in a mapping (for the mark of an unknown or bad key).
YAML::Node KeyNode(const YAML::Node& map, std::string_view key);

Status ReadString(const YamlFile& file, const YAML::Node& node, std::string_view key,
                  std::string* out);
// An integer scalar (no float, no bool).
Status ReadInt(const YamlFile& file, const YAML::Node& node, std::string_view key, int64_t* out);
// A sequence of integers ([] allowed).
Status ReadIntList(const YamlFile& file, const YAML::Node& node, std::string_view key,
                   std::vector<int64_t>* out);
// A sequence of names.
Status ReadNameList(const YamlFile& file, const YAML::Node& node, std::string_view key,
                    std::vector<std::string>* out);
// A dtype name as core's ParseDType reads it, to the ACL value.
Status ReadDType(const YamlFile& file, const YAML::Node& node, std::string_view key,
                 aclDataType* out);
// A shape: up to MAX_DIM dims, each >= 0.
Status ReadShape(const YamlFile& file, const YAML::Node& node, std::string_view key, Dims* out);
// An attribute: true/false -> bool, an integer -> int, a number -> float, [ints] -> int list,
// anything else scalar (or quoted) -> string. Maps and non-integer lists are errors.
Status ReadAttr(const YamlFile& file, const YAML::Node& node, std::string_view key, AttrValue* out);

}  // namespace opsim::loaders
