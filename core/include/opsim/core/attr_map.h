// The attributes an operation is created with, by name, and their typed reads: the vocabulary
// the runtime's registry, the references and every door share.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "opsim/core/status.h"

namespace opsim {

using AttrValue =
    std::variant<bool, int64_t, double, std::string, std::vector<int64_t>, std::vector<double>>;
using AttrMap = std::map<std::string, AttrValue, std::less<>>;

// "bool", "int", "float", "string", "int list", "float list".
std::string_view AttrTypeName(const AttrValue& value);

// Typed reads for factories. Each returns kInvalidParam naming `op`, the key, the type found
// and the type expected; a missing key leaves *out as it was (the default) and returns Ok.
Status GetAttr(std::string_view op, const AttrMap& attrs, std::string_view key, int64_t* out);
Status GetAttr(std::string_view op, const AttrMap& attrs, std::string_view key, bool* out);
Status GetAttr(std::string_view op, const AttrMap& attrs, std::string_view key,
               std::vector<int64_t>* out);
Status GetAttr(std::string_view op, const AttrMap& attrs, std::string_view key, std::string* out);
// kInvalidParam for the first key not in `known`, listing the known keys.
Status CheckAttrKeys(std::string_view op, const AttrMap& attrs,
                     const std::vector<std::string_view>& known);

}  // namespace opsim
