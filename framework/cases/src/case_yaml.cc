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

namespace {

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string_view NearestName(std::string_view name, std::span<const std::string_view> names) {
  std::string_view best;
  size_t best_distance = 0;
  for (std::string_view candidate : names) {
    const size_t d = EditDistance(name, candidate);
    if (best.empty() || d < best_distance) {
      best = candidate;
      best_distance = d;
    }
  }
  return best;
}

std::string DescribeNode(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing (null)";
  if (node.IsSequence()) return "a sequence";
  if (node.IsMap()) return "a mapping";
  return "'" + node.Scalar() + "'";
}

}  // namespace opsim::cases
