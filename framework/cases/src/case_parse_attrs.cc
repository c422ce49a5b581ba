// A case's `attrs` and `vary` keys (docs/CASES.md): each value typed as the YAML wrote it (an
// int, a real, a bool, text, a list of numbers), checked for values YAML 1.1 and 1.2 read apart.
#include <cmath>
#include <cstdlib>
#include <map>

#include "case_parse_keys.h"
#include "opsim/yaml/strict_yaml.h"

namespace opsim::cases {
namespace {

Status TypeAttr(const YamlReader& yaml, const YAML::Node& node, const SourceMark& mark,
                std::string_view key, AttrChoice* out) {
  if (yaml::IsBeyondDouble(node)) {
    return CaseError(mark, key,
                     "'" + node.Scalar() + "' is beyond the range of a double (about 1.8e308)");
  }
  if (yaml::IsYaml11Bool(node)) {
    return CaseError(mark, key,
                     "'" + node.Scalar() +
                         "' is a bool in YAML 1.1 but text in YAML 1.2 (write true or false, or "
                         "quote it for text)");
  }
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    out->text = s;
    out->quoted = node.Tag() == "!";
    int64_t i = 0;
    char* end = nullptr;
    const double d = s.empty() ? 0.0 : std::strtod(s.c_str(), &end);
    if (out->quoted) {
      out->value = s;
    } else if (Lower(s) == "true" || Lower(s) == "false") {
      out->value = Lower(s) == "true";
    } else if (ParseInt(node, &i)) {
      out->value = i;
    } else if (!s.empty() && end == s.c_str() + s.size() && std::isfinite(d)) {
      out->value = d;
    } else {
      out->value = s;
    }
    return Status::Ok();
  }
  if (!node.IsSequence()) {
    return CaseError(
        mark, key,
        "an attribute value is a scalar or a list of numbers, got " + DescribeNode(node));
  }
  std::vector<int64_t> ints;
  std::vector<double> reals;
  bool all_int = true;
  out->text = "[";
  for (const YAML::Node& item : node) {
    const SourceMark m = yaml.Mark(item, mark);
    int64_t i = 0;
    const std::string s = item.IsScalar() ? item.Scalar() : "";
    char* end = nullptr;
    const double d = s.empty() ? 0.0 : std::strtod(s.c_str(), &end);
    if (!item.IsScalar() || item.Tag() == "!" || s.empty() || end != s.c_str() + s.size() ||
        !std::isfinite(d)) {
      return CaseError(m, key, "an attribute list holds numbers only, got " + DescribeNode(item));
    }
    if (ParseInt(item, &i)) {
      ints.push_back(i);
    } else {
      all_int = false;
    }
    reals.push_back(d);
    out->text += (out->text.size() > 1 ? "," : "") + s;
  }
  out->text += "]";
  if (all_int) {
    out->value = ints;
  } else {
    out->value = reals;
  }
  return Status::Ok();
}

// `attrs` (name -> value) or `vary` (name -> list of values) of one level.
Status ReadAttrLevel(const YamlReader& yaml, const Fields& f,
                     std::map<std::string, AttrSpec>* out) {
  for (std::string_view level : {"attrs", "vary"}) {
    const auto it = f.find(level);
    if (it == f.end()) continue;
    Fields named;
    OPSIM_RETURN_IF_ERROR(
        yaml.ReadMap(it->second.node, it->second.value_mark, std::string(level), {}, &named));
    for (const auto& [name, e] : named) {
      if (out->count(name) != 0) {
        return CaseError(e.key_mark, name,
                         "is both in 'attrs' and in 'vary' (an attribute is fixed or varied)");
      }
      AttrSpec a;
      a.name = name;
      a.mark = e.key_mark;
      a.varied = level == "vary";
      if (!a.varied) {
        AttrChoice c;
        OPSIM_RETURN_IF_ERROR(TypeAttr(yaml, e.node, e.value_mark, name, &c));
        a.choices.push_back(std::move(c));
      } else {
        if (!e.node.IsSequence() || e.node.size() == 0) {
          return CaseError(
              e.value_mark, name,
              "'vary' takes a non-empty list of the values to try, got " + DescribeNode(e.node));
        }
        for (const YAML::Node& item : e.node) {
          AttrChoice c;
          OPSIM_RETURN_IF_ERROR(TypeAttr(yaml, item, yaml.Mark(item, e.value_mark), name, &c));
          for (const AttrChoice& seen : a.choices) {
            if (seen.text == c.text) {
              return CaseError(yaml.Mark(item, e.value_mark), name,
                               "value " + c.text + " is listed twice");
            }
          }
          a.choices.push_back(std::move(c));
        }
      }
      out->emplace(name, std::move(a));
    }
  }
  return Status::Ok();
}

}  // namespace

Status ParseCaseAttrs(const YamlReader& yaml, const Fields& defaults, const Fields& own,
                      CaseSpec* spec) {
  std::map<std::string, AttrSpec> from_defaults;
  std::map<std::string, AttrSpec> from_case;
  OPSIM_RETURN_IF_ERROR(ReadAttrLevel(yaml, defaults, &from_defaults));
  OPSIM_RETURN_IF_ERROR(ReadAttrLevel(yaml, own, &from_case));
  // A case's own attribute, fixed or varied, replaces the defaults' one of that name.
  for (auto& [name, a] : from_case) from_defaults.insert_or_assign(name, std::move(a));
  for (auto& [name, a] : from_defaults) spec->attrs.push_back(std::move(a));
  return Status::Ok();
}

}  // namespace opsim::cases
