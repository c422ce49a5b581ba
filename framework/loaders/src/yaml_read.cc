#include "yaml_read.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include "opsim/core/dtype.h"
#include "opsim/core/file_read.h"
#include "opsim/core/yaml_documents.h"
#include "yaml_limits.h"

namespace opsim::loaders {
namespace {

std::string Where(const YamlFile& file, const YAML::Mark& mark) {
  if (mark.line < 0) return file.path;
  return file.path + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
}

bool IsQuoted(const YAML::Node& node) { return node.Tag() == "!"; }

std::optional<int64_t> ParseInt(const YAML::Node& node) {
  if (!node.IsScalar() || IsQuoted(node)) return std::nullopt;
  const std::string& s = node.Scalar();
  int64_t value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return value;
}

std::optional<bool> ParseBool(const YAML::Node& node) {
  if (!node.IsScalar() || IsQuoted(node)) return std::nullopt;
  const std::string& s = node.Scalar();
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  return std::nullopt;
}

std::optional<double> ParseFloat(const YAML::Node& node) {
  if (!node.IsScalar() || IsQuoted(node) || node.Scalar().empty()) return std::nullopt;
  const std::string& s = node.Scalar();
  char* end = nullptr;
  const double value = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
  return value;
}

// A number written past a double's range (1e400): strtod would make it infinity, which the file
// did not say.
bool OverflowsDouble(const YAML::Node& node) {
  if (!node.IsScalar() || IsQuoted(node) || node.Scalar().empty()) return false;
  const std::string& s = node.Scalar();
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && errno == ERANGE && std::isinf(value);
}

Status CheckInRange(const YamlFile& file, const YAML::Node& node, std::string_view key) {
  if (!OverflowsDouble(node)) return Status::Ok();
  return ConfigError(file, node, key,
                     "'" + node.Scalar() + "' is beyond the range of a double (about 1.8e308)");
}

// A description is a few kilobytes; this bounds what the YAML parser is handed.
constexpr uint64_t kMaxYamlBytes = 64 << 20;

}  // namespace

Status ParseYamlFile(const std::string& path, YamlFile* out) {
  std::string text;
  OPSIM_RETURN_IF_ERROR(ReadRegularFile(path, kMaxYamlBytes, "a description file", &text));
  OPSIM_RETURN_IF_ERROR(CheckYamlText(path, text));
  out->path = path;
  // Not YAML::LoadAll, which never returns on some malformed text (yaml_documents.h).
  std::vector<YAML::Mark> documents;
  try {
    documents = YamlDocumentMarks(text, 2);
    out->root = documents.empty() ? YAML::Node() : YAML::Load(text);
  } catch (const YAML::Exception& e) {
    return {ErrorCode::kConfigError, Where(*out, e.mark) + ": YAML syntax error: " + e.msg};
  }
  if (documents.size() > 1) {
    return {ErrorCode::kConfigError,
            Where(*out, documents[1]) +
                ": a second YAML document (a description file holds one; remove the '---')"};
  }
  return CheckYamlTree(*out);
}

Status ConfigError(const YamlFile& file, const YAML::Node& at, std::string_view key,
                   const std::string& what) {
  const YAML::Mark mark = at.IsDefined() ? at.Mark() : YAML::Mark::null_mark();
  std::string message = Where(file, mark);
  message.append(": ");
  if (!key.empty()) {
    message.push_back('\'');
    message.append(key);
    message.append("': ");
  }
  message.append(what);
  return {ErrorCode::kConfigError, std::move(message)};
}

std::string JoinNames(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out.empty() ? "none" : out;
}

std::string DescribeNode(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "null";
  if (node.IsSequence()) return "a sequence";
  if (node.IsMap()) return "a mapping";
  return "'" + node.Scalar() + "'";
}

YAML::Node KeyNode(const YAML::Node& map, std::string_view key) {
  if (!map.IsMap()) return map;
  for (auto it = map.begin(); it != map.end(); ++it) {
    if (it->first.IsScalar() && it->first.Scalar() == key) return it->first;
  }
  return map;
}

Status CheckMapping(const YamlFile& file, const YAML::Node& node, std::string_view what,
                    std::span<const std::string_view> known,
                    std::span<const std::string_view> required) {
  if (!node.IsMap()) {
    return ConfigError(file, node, "",
                       std::string(what) + " must be a mapping, got " + DescribeNode(node));
  }
  for (auto it = node.begin(); it != node.end(); ++it) {
    const std::string key = it->first.IsScalar() ? it->first.Scalar() : "";
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    return ConfigError(file, it->first, key,
                       "unknown key in " + std::string(what) + " (did you mean '" +
                           std::string(NearestName(key, known)) +
                           "'? expected one of: " + JoinNames(known) + ")");
  }
  for (std::string_view key : required) {
    if (!node[std::string(key)].IsDefined()) {
      return ConfigError(
          file, node, key,
          "missing key in " + std::string(what) + " (required: " + JoinNames(required) + ")");
    }
  }
  return Status::Ok();
}

Status ReadString(const YamlFile& file, const YAML::Node& node, std::string_view key,
                  std::string* out) {
  if (!node.IsScalar() || node.Scalar().empty()) {
    return ConfigError(file, node, key, "expected a non-empty string, got " + DescribeNode(node));
  }
  *out = node.Scalar();
  return Status::Ok();
}

Status ReadInt(const YamlFile& file, const YAML::Node& node, std::string_view key, int64_t* out) {
  const std::optional<int64_t> value = ParseInt(node);
  if (!value) return ConfigError(file, node, key, "expected an integer, got " + DescribeNode(node));
  *out = *value;
  return Status::Ok();
}

Status ReadIntList(const YamlFile& file, const YAML::Node& node, std::string_view key,
                   std::vector<int64_t>* out) {
  if (!node.IsSequence()) {
    return ConfigError(file, node, key,
                       "expected a sequence of integers, got " + DescribeNode(node));
  }
  std::vector<int64_t> values;
  for (const YAML::Node& item : node) {
    int64_t v = 0;
    OPSIM_RETURN_IF_ERROR(ReadInt(file, item, key, &v));
    values.push_back(v);
  }
  *out = std::move(values);
  return Status::Ok();
}

Status ReadNameList(const YamlFile& file, const YAML::Node& node, std::string_view key,
                    std::vector<std::string>* out) {
  if (!node.IsSequence()) {
    return ConfigError(file, node, key,
                       "expected a sequence of tensor names, got " + DescribeNode(node));
  }
  std::vector<std::string> names;
  for (const YAML::Node& item : node) {
    std::string name;
    OPSIM_RETURN_IF_ERROR(ReadString(file, item, key, &name));
    names.push_back(std::move(name));
  }
  *out = std::move(names);
  return Status::Ok();
}

Status ReadDType(const YamlFile& file, const YAML::Node& node, std::string_view key,
                 aclDataType* out) {
  std::string text;
  OPSIM_RETURN_IF_ERROR(ReadString(file, node, key, &text));
  const std::optional<DType> dtype = ParseDType(text);
  if (!dtype) {
    std::vector<std::string_view> names;
    for (DType d : AllDTypes()) names.push_back(DTypeName(d));
    return ConfigError(file, node, key,
                       "unknown dtype '" + text + "' (did you mean '" +
                           std::string(NearestName(text, names)) +
                           "'? expected one of: " + JoinNames(names) + ")");
  }
  *out = AclFromDType(*dtype);
  return Status::Ok();
}

Status ReadShape(const YamlFile& file, const YAML::Node& node, std::string_view key, Dims* out) {
  std::vector<int64_t> dims;
  OPSIM_RETURN_IF_ERROR(ReadIntList(file, node, key, &dims));
  if (dims.size() > MAX_DIM) {
    return ConfigError(file, node, key,
                       "rank " + std::to_string(dims.size()) + " is above the maximum of " +
                           std::to_string(MAX_DIM));
  }
  Dims shape;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0) {
      return ConfigError(file, node[i], key,
                         "dims[" + std::to_string(i) + "] = " + std::to_string(dims[i]) +
                             " is negative (dims must be >= 0)");
    }
    shape.dims[i] = dims[i];
  }
  shape.dimNum = dims.size();
  *out = shape;
  return Status::Ok();
}

Status ReadAttr(const YamlFile& file, const YAML::Node& node, std::string_view key,
                AttrValue* out) {
  if (node.IsSequence()) {
    // Integers make an int list; any non-integer number makes the whole list a float list.
    std::vector<int64_t> ints;
    std::vector<double> floats;
    bool all_ints = true;
    for (const YAML::Node& item : node) {
      OPSIM_RETURN_IF_ERROR(CheckInRange(file, item, key));
      const std::optional<int64_t> i = ParseInt(item);
      const std::optional<double> f =
          i ? std::optional<double>(static_cast<double>(*i)) : ParseFloat(item);
      if (!f) {
        return ConfigError(file, item, key,
                           "a list parameter must hold numbers only, got " + DescribeNode(item));
      }
      all_ints = all_ints && i.has_value();
      if (i) ints.push_back(*i);
      floats.push_back(*f);
    }
    if (all_ints) {
      *out = std::move(ints);
    } else {
      *out = std::move(floats);
    }
    return Status::Ok();
  }
  if (!node.IsScalar()) {
    return ConfigError(file, node, key,
                       "expected a scalar or a list of numbers, got " + DescribeNode(node));
  }
  OPSIM_RETURN_IF_ERROR(CheckInRange(file, node, key));
  if (const auto b = ParseBool(node)) {
    *out = *b;
  } else if (const auto i = ParseInt(node)) {
    *out = *i;
  } else if (const auto f = ParseFloat(node)) {
    *out = *f;
  } else {
    *out = node.Scalar();
  }
  return Status::Ok();
}

}  // namespace opsim::loaders
