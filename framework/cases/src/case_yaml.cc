#include "case_yaml.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace opsim::cases {

SourceMark MarkOf(const std::string& file, const YAML::Mark& mark) {
  SourceMark out;
  out.file = file;
  if (mark.line >= 0) {
    out.line = mark.line + 1;
    out.column = mark.column + 1;
  }
  return out;
}

SourceMark MarkOf(const std::string& file, const YAML::Node& node, const SourceMark& fallback) {
  // A null value (key with nothing after it) has no position of its own worth showing.
  if (!node.IsDefined() || node.IsNull() || node.Mark().line < 0) return fallback;
  return MarkOf(file, node.Mark());
}

Status CaseError(const SourceMark& mark, std::string_view key, const std::string& what) {
  // Appends only: GCC 12 warns (-Wrestrict, a false positive) on "'" + std::string(key).
  std::string message = mark.ToString();
  message.append(": ");
  if (!key.empty()) {
    message.push_back('\'');
    message.append(key);
    message.append("': ");
  }
  message.append(what);
  return Status(ErrorCode::kConfigError, std::move(message));
}

namespace {}  // namespace

std::string DescribeNode(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing (null)";
  if (node.IsSequence()) return "a sequence";
  if (node.IsMap()) return "a mapping";
  return "'" + node.Scalar() + "'";
}

}  // namespace opsim::cases
