// Small helpers for reading case suites with yaml-cpp: marks, messages, key suggestions.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include <yaml-cpp/yaml.h>

#include "opsim/cases/reduce_case.h"
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

}  // namespace opsim::cases
