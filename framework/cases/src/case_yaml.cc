#include "case_yaml.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

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

std::string DescribeNode(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing (null)";
  if (node.IsSequence()) return "a sequence";
  if (node.IsMap()) return "a mapping";
  return "'" + node.Scalar() + "'";
}

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string JoinNames(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

bool ParseInt(const YAML::Node& node, int64_t* out) {
  if (!node.IsScalar()) return false;
  const std::string& s = node.Scalar();
  const char* first = s.data();
  const char* last = s.data() + s.size();
  if (first != last && *first == '+') ++first;
  const auto r = std::from_chars(first, last, *out);
  return first != last && r.ec == std::errc() && r.ptr == last;
}

Status YamlReader::ReadMap(const YAML::Node& map, const SourceMark& where, std::string_view what,
                           std::span<const std::string_view> keys, Fields* out) const {
  if (!map.IsMap()) {
    return CaseError(where, "", std::string(what) + " must be a mapping, got " + DescribeNode(map));
  }
  for (const auto& item : map) {
    const YAML::Node key = item.first;
    const YAML::Node value = item.second;
    const SourceMark key_mark = MarkOf(file_, key, where);
    if (!key.IsScalar()) {
      return CaseError(key_mark, "", "a key in " + std::string(what) + " is " + DescribeNode(key));
    }
    const std::string& name = key.Scalar();
    if (!keys.empty() && std::find(keys.begin(), keys.end(), name) == keys.end()) {
      return CaseError(key_mark, name,
                       "unknown key in " + std::string(what) + " (did you mean '" +
                           std::string(NearestName(name, keys)) +
                           "'? valid keys: " + JoinNames(keys) + ")");
    }
    if (out->count(name) != 0) {
      return CaseError(key_mark, name, "the key appears twice in " + std::string(what));
    }
    out->emplace(name, Entry{value, key_mark, MarkOf(file_, value, key_mark)});
  }
  return Status::Ok();
}

Status YamlReader::Text(const Entry& e, std::string_view key, std::string* out) const {
  if (!e.node.IsScalar() || e.node.Scalar().empty()) {
    return CaseError(e.value_mark, key, "expected a non-empty text, got " + DescribeNode(e.node));
  }
  *out = e.node.Scalar();
  return Status::Ok();
}

Status YamlReader::Int(const Entry& e, std::string_view key, int64_t* out) const {
  if (!ParseInt(e.node, out)) {
    return CaseError(e.value_mark, key, "expected an integer, got " + DescribeNode(e.node));
  }
  return Status::Ok();
}

Status YamlReader::Real(const Entry& e, std::string_view key, double* out) const {
  const std::string s = e.node.IsScalar() ? e.node.Scalar() : "";
  char* end = nullptr;
  const double v = s.empty() ? 0.0 : std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) {
    return CaseError(e.value_mark, key, "expected a finite number, got " + DescribeNode(e.node));
  }
  *out = v;
  return Status::Ok();
}

Status YamlReader::IntList(const Entry& e, std::string_view key, std::vector<int64_t>* out) const {
  if (!e.node.IsSequence()) {
    return CaseError(e.value_mark, key,
                     "expected a sequence of integers like [2, 3], got " + DescribeNode(e.node));
  }
  std::vector<int64_t> values;
  for (const YAML::Node& item : e.node) {
    int64_t v = 0;
    if (!ParseInt(item, &v)) {
      return CaseError(MarkOf(file_, item, e.value_mark), key,
                       "expected an integer, got " + DescribeNode(item));
    }
    values.push_back(v);
  }
  *out = std::move(values);
  return Status::Ok();
}

Status YamlReader::Names(const Entry& e, std::string_view key,
                         std::vector<std::pair<std::string, SourceMark>>* out) const {
  out->clear();
  if (e.node.IsScalar()) {
    out->emplace_back(e.node.Scalar(), e.value_mark);
    return Status::Ok();
  }
  if (!e.node.IsSequence() || e.node.size() == 0) {
    return CaseError(
        e.value_mark, key,
        "expected a name or a non-empty sequence of names, got " + DescribeNode(e.node));
  }
  for (const YAML::Node& item : e.node) {
    const SourceMark m = MarkOf(file_, item, e.value_mark);
    if (!item.IsScalar()) {
      return CaseError(m, key, "expected a name, got " + DescribeNode(item));
    }
    out->emplace_back(item.Scalar(), m);
  }
  return Status::Ok();
}

Status YamlReader::Values(const YAML::Node& node, const SourceMark& fallback, std::string_view key,
                          std::vector<CaseValue>* out) const {
  const SourceMark m = MarkOf(file_, node, fallback);
  if (node.IsScalar()) {
    out->push_back(CaseValue{node.Scalar(), m});
    return Status::Ok();
  }
  if (!node.IsSequence()) {
    return CaseError(m, key, "expected a value or a sequence of values, got " + DescribeNode(node));
  }
  for (const YAML::Node& item : node) OPSIM_RETURN_IF_ERROR(Values(item, m, key, out));
  return Status::Ok();
}

}  // namespace opsim::cases
