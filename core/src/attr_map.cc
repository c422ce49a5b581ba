#include "opsim/core/attr_map.h"

namespace opsim {
namespace {

Status WrongType(std::string_view op, std::string_view key, const AttrValue& value,
                 std::string_view expected) {
  return {ErrorCode::kInvalidParam, std::string(op) + ": attribute '" + std::string(key) +
                                        "' is a " + std::string(AttrTypeName(value)) +
                                        " (expected " + std::string(expected) + ")"};
}

template <typename T>
Status Get(std::string_view op, const AttrMap& attrs, std::string_view key, T* out,
           std::string_view expected) {
  const auto it = attrs.find(key);
  if (it == attrs.end()) return Status::Ok();
  const T* value = std::get_if<T>(&it->second);
  if (value == nullptr) return WrongType(op, key, it->second, expected);
  *out = *value;
  return Status::Ok();
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

}  // namespace

std::string_view AttrTypeName(const AttrValue& value) {
  switch (value.index()) {
    case 0: return "bool";
    case 1: return "int";
    case 2: return "float";
    case 3: return "string";
    case 4: return "int list";
    default: return "float list";
  }
}

Status GetAttr(std::string_view op, const AttrMap& attrs, std::string_view key, int64_t* out) {
  return Get(op, attrs, key, out, "int");
}
Status GetAttr(std::string_view op, const AttrMap& attrs, std::string_view key, bool* out) {
  return Get(op, attrs, key, out, "bool");
}
Status GetAttr(std::string_view op, const AttrMap& attrs, std::string_view key,
               std::vector<int64_t>* out) {
  return Get(op, attrs, key, out, "int list");
}
Status GetAttr(std::string_view op, const AttrMap& attrs, std::string_view key, std::string* out) {
  return Get(op, attrs, key, out, "string");
}

Status CheckAttrKeys(std::string_view op, const AttrMap& attrs,
                     const std::vector<std::string_view>& known) {
  for (const auto& [key, value] : attrs) {
    bool found = false;
    for (std::string_view k : known) found = found || k == key;
    if (found) continue;
    std::vector<std::string> names(known.begin(), known.end());
    return {ErrorCode::kInvalidParam, std::string(op) + ": unknown attribute '" + key +
                                          "' (known: " + JoinNames(names) + ")"};
  }
  return Status::Ok();
}

}  // namespace opsim
