#include "figure_parser.h"

#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <set>
#include <string_view>

#include "opsim/core/nearest_name.h"
#include "profile_error.h"

namespace opsim::sim::profile {
namespace {

constexpr std::array<std::string_view, 3> kFigureKeys = {kValueKey, kSourceKey, kAssumptionKey};

// A quoted scalar ("48") is a string even if it reads like a number: yaml-cpp tags it "!".
bool IsQuoted(const YAML::Node& node) { return node.Tag() == "!"; }

bool IsBoolText(std::string_view text) {
  // YAML 1.2 core schema booleans, plus the YAML 1.1 words people still write.
  static constexpr std::array<std::string_view, 16> kWords = {
      "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes",
      "YES",  "no",   "No",   "NO",    "on",    "On",    "off", "Off"};
  for (std::string_view word : kWords) {
    if (text == word) return true;
  }
  return false;
}

std::string Quote(std::string_view text) {
  // Built by append: "'" + std::string + "'" trips GCC 12's -Wrestrict false positive.
  std::string quoted;
  quoted.reserve(text.size() + 2);
  quoted.append(1, '\'').append(text).append(1, '\'');
  return quoted;
}

// Reads a whole integer; false if text is not one. Overflow reports as out of int64 range.
bool ParseInteger(std::string_view text, int64_t* value, bool* overflow) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  if (first == last || (*first == '-' && first != text.data())) return false;
  const auto [end, error] = std::from_chars(first, last, *value);
  if (end != last) return false;
  *overflow = error == std::errc::result_out_of_range;
  return error == std::errc() || *overflow;
}

bool ParseReal(std::string_view text, double* value) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  if (first == last || (*first == '-' && first != text.data())) return false;
  const auto [end, error] = std::from_chars(first, last, *value, std::chars_format::general);
  return end == last && error == std::errc() && std::isfinite(*value);
}

struct ParsedValue {
  double number = 0;
  bool flag = false;
};

Status ParseValue(const std::string& file, const FieldSpec& spec, const YAML::Node& node,
                  const YAML::Mark& mark, ParsedValue* out) {
  const std::string field(spec.name);
  const std::string text = node.IsScalar() ? node.Scalar() : std::string();
  const bool plain_scalar = node.IsScalar() && !IsQuoted(node);
  switch (spec.kind) {
    case FigureKind::kFlag: {
      if (plain_scalar && (text == "true" || text == "True" || text == "TRUE")) {
        out->flag = true;
        return Status::Ok();
      }
      if (plain_scalar && (text == "false" || text == "False" || text == "FALSE")) {
        out->flag = false;
        return Status::Ok();
      }
      return ProfileError(file, mark, field,
                          "expected a boolean (true or false), got " + DescribeNode(node));
    }
    case FigureKind::kCount: {
      int64_t value = 0;
      bool overflow = false;
      if (!plain_scalar || IsBoolText(text) || !ParseInteger(text, &value, &overflow)) {
        return ProfileError(file, mark, field,
                            "expected a whole number, got " + DescribeNode(node));
      }
      if (overflow) {
        return ProfileError(file, mark, field,
                            text + " is out of range (expected " + field +
                                " <= " + std::to_string(static_cast<int64_t>(spec.max)) + ")");
      }
      out->number = static_cast<double>(value);
      break;
    }
    case FigureKind::kReal: {
      double value = 0;
      if (!plain_scalar || IsBoolText(text) || !ParseReal(text, &value)) {
        return ProfileError(file, mark, field,
                            "expected a finite number, got " + DescribeNode(node));
      }
      out->number = value;
      break;
    }
  }
  const std::string reason = CheckFigureRange(spec, out->number);
  if (!reason.empty()) return ProfileError(file, mark, field, reason);
  return Status::Ok();
}

void Store(const FieldSpec& spec, const ParsedValue& value, DeviceProfile* profile) {
  if (auto* count = std::get_if<uint32_t DeviceProfile::*>(&spec.member)) {
    profile->** count = static_cast<uint32_t>(value.number);
  } else if (auto* flag = std::get_if<bool DeviceProfile::*>(&spec.member)) {
    profile->** flag = value.flag;
  } else {
    profile->*std::get<double DeviceProfile::*>(spec.member) = value.number;
  }
}

}  // namespace

std::string DescribeNode(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null: return "nothing (null)";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Scalar:
      if (IsQuoted(node)) return "the quoted string \"" + node.Scalar() + "\"";
      if (IsBoolText(node.Scalar())) return "the boolean " + Quote(node.Scalar());
      return Quote(node.Scalar());
    case YAML::NodeType::Undefined: break;
  }
  return "an undefined node";
}

Status ParseFigure(const std::string& file, const FieldSpec& spec, const YAML::Node& node,
                   const YAML::Mark& key_mark, DeviceProfile* profile) {
  const std::string field(spec.name);
  // A null value ("vector_cores:" and nothing) is placed at the next token: point at the key.
  const YAML::Mark figure_mark = node.IsNull() ? key_mark : KnownMark(node.Mark(), key_mark);
  if (!node.IsMap()) {
    return ProfileError(file, figure_mark, field,
                        "expected a mapping {value: ..., source: \"...\"} or {value: ..., "
                        "assumption: \"...\"}, got " +
                            DescribeNode(node));
  }
  // std::optional, not a default YAML::Node: assigning to a yaml-cpp node rewrites what it
  // refers to, and a default node counts as defined.
  std::optional<YAML::Node> value;
  std::optional<YAML::Node> provenance;
  std::string_view provenance_key;
  std::set<std::string> seen;
  // Copies of the entry's nodes: yaml-cpp's iterator-> returns a proxy temporary, so references
  // into it would dangle.
  for (const auto& entry : node) {
    const YAML::Node key = entry.first;
    const YAML::Node item = entry.second;
    const YAML::Mark mark = KnownMark(key.Mark(), figure_mark);
    if (!key.IsScalar()) {
      return ProfileError(file, mark, field,
                          "a key inside the figure is " + DescribeNode(key) +
                              "; expected value, source or assumption");
    }
    const std::string& name = key.Scalar();
    if (!seen.insert(name).second) {
      return ProfileError(file, mark, field, "key " + Quote(name) + " appears twice");
    }
    if (name == kValueKey) {
      value.emplace(item);
    } else if (name == kSourceKey || name == kAssumptionKey) {
      if (provenance_key.empty()) {
        provenance.emplace(item);
        provenance_key = name == kSourceKey ? kSourceKey : kAssumptionKey;
      } else {
        return ProfileError(file, mark, field,
                            "has both 'source' and 'assumption'; give exactly one (a sourced "
                            "figure is not an assumption)");
      }
    } else {
      return ProfileError(file, mark, field,
                          "unknown key " + Quote(name) + " in the figure (did you mean " +
                              Quote(NearestName(name, kFigureKeys)) +
                              "? expected value, source or assumption)");
    }
  }
  if (!value) {
    return ProfileError(file, figure_mark, field, "the figure has no 'value'");
  }
  if (provenance_key.empty()) {
    return ProfileError(file, figure_mark, field,
                        "the figure has no provenance: add source: \"<where it comes from>\" or "
                        "assumption: \"<why this value>\"");
  }
  const YAML::Mark provenance_mark =
      provenance->IsNull() ? figure_mark : KnownMark(provenance->Mark(), figure_mark);
  if (!provenance->IsScalar() || (IsBoolText(provenance->Scalar()) && !IsQuoted(*provenance))) {
    return ProfileError(
        file, provenance_mark, field,
        std::string(provenance_key) + " must be a text, got " + DescribeNode(*provenance));
  }
  if (provenance->Scalar().find_first_not_of(" \t\r\n") == std::string::npos) {
    return ProfileError(file, provenance_mark, field,
                        std::string(provenance_key) + " must be a non-empty text");
  }
  ParsedValue parsed;
  OPSIM_RETURN_IF_ERROR(
      ParseValue(file, spec, *value,
                 value->IsNull() ? figure_mark : KnownMark(value->Mark(), figure_mark), &parsed));
  Store(spec, parsed, profile);
  profile->provenance[field] = std::string(provenance_key) + ": " + provenance->Scalar();
  return Status::Ok();
}

}  // namespace opsim::sim::profile
