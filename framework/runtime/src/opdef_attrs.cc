#include "opdef_attrs.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/nearest_name.h"

namespace opsim {
namespace {

using Kind = ops::OpAttrDef::Kind;
using Stored = gert::AttrValueStorage::Kind;

std::string_view KindName(Kind kind) {
  switch (kind) {
    case Kind::kBool: return "bool";
    case Kind::kFloat: return "float";
    case Kind::kInt: return "int";
    case Kind::kString: return "string";
    case Kind::kListBool: return "bool list";
    case Kind::kListFloat: return "float list";
    case Kind::kListInt: return "int list";
    case Kind::kListListInt: return "int list list";
    case Kind::kUnset: break;
  }
  return "untyped";
}

Status ToFloat(double value, const std::string& where, float* out) {
  if (std::isfinite(value) && std::fabs(value) > std::numeric_limits<float>::max()) {
    // %g, not std::to_string: a double near its range printed in fixed point is 310 digits.
    char text[64];
    std::snprintf(text, sizeof(text), "%.17g", value);
    return {ErrorCode::kInvalidParam, where + " = " + text +
                                          " does not fit a float32 attribute (at most about "
                                          "3.4028235e38 in magnitude)"};
  }
  *out = static_cast<float>(value);
  return Status::Ok();
}

// The scalar kinds: Bool (also 0 / 1), Int (also a bool), Float (also an int), String (also an
// int, as YAML types `reduceType: 3`). `wrong` is the error for any other value type.
Status ConvertScalar(Kind kind, const AttrValue& value, const std::string& where,
                     const Status& wrong, gert::AttrValueStorage* v) {
  switch (kind) {
    case Kind::kBool:
      if (const bool* b = std::get_if<bool>(&value)) {
        v->kind = Stored::kBool;
        v->b = *b;
        return Status::Ok();
      }
      // ONNX and many description files write flags as 0 and 1.
      if (const int64_t* i = std::get_if<int64_t>(&value)) {
        if (*i != 0 && *i != 1) {
          return {ErrorCode::kInvalidParam,
                  where + " = " + std::to_string(*i) + " is not a bool (expected 0 or 1)"};
        }
        v->kind = Stored::kBool;
        v->b = *i == 1;
        return Status::Ok();
      }
      return wrong;
    case Kind::kInt:
      if (const int64_t* i = std::get_if<int64_t>(&value)) {
        v->kind = Stored::kInt;
        v->i = *i;
        return Status::Ok();
      }
      // An int flag (ONNX keepdims) given as true or false.
      if (const bool* b = std::get_if<bool>(&value)) {
        v->kind = Stored::kInt;
        v->i = *b ? 1 : 0;
        return Status::Ok();
      }
      return wrong;
    case Kind::kFloat:
      v->kind = Stored::kFloat;
      if (const double* d = std::get_if<double>(&value)) return ToFloat(*d, where, &v->f);
      if (const int64_t* i = std::get_if<int64_t>(&value)) {
        return ToFloat(static_cast<double>(*i), where, &v->f);
      }
      return wrong;
    case Kind::kString:
      if (const std::string* s = std::get_if<std::string>(&value)) {
        v->kind = Stored::kString;
        v->s = *s;
        return Status::Ok();
      }
      // A description file's `reduceType: 3` is text to YAML; the loader types it as an int.
      if (const int64_t* i = std::get_if<int64_t>(&value)) {
        v->kind = Stored::kString;
        v->s = std::to_string(*i);
        return Status::Ok();
      }
      return wrong;
    default: return wrong;
  }
}

// The list kinds: ListInt, ListFloat (also ints), ListBool (ints 0 / 1).
Status ConvertList(Kind kind, const AttrValue& value, const std::string& where, const Status& wrong,
                   gert::AttrValueStorage* v) {
  switch (kind) {
    case Kind::kListInt:
      if (const auto* l = std::get_if<std::vector<int64_t>>(&value)) {
        v->kind = Stored::kListInt;
        v->list_int = *l;
        return Status::Ok();
      }
      return wrong;
    case Kind::kListFloat: {
      std::vector<double> values;
      if (const auto* l = std::get_if<std::vector<double>>(&value)) {
        values = *l;
      } else if (const auto* li = std::get_if<std::vector<int64_t>>(&value)) {
        for (int64_t i : *li) values.push_back(static_cast<double>(i));
      } else {
        return wrong;
      }
      v->kind = Stored::kListFloat;
      for (size_t k = 0; k < values.size(); ++k) {
        float f = 0;
        OPSIM_RETURN_IF_ERROR(ToFloat(values[k], where + "[" + std::to_string(k) + "]", &f));
        v->list_float.push_back(f);
      }
      return Status::Ok();
    }
    case Kind::kListBool:
      if (const auto* l = std::get_if<std::vector<int64_t>>(&value)) {
        v->kind = Stored::kListBool;
        for (int64_t i : *l) {
          if (i != 0 && i != 1) {
            return {ErrorCode::kInvalidParam,
                    where + " holds " + std::to_string(i) + " (a bool list takes 0 and 1)"};
          }
          v->list_bool.push_back(static_cast<uint8_t>(i));
        }
        return Status::Ok();
      }
      return wrong;
    default: return wrong;
  }
}

// The given value converted to the declared kind; ints are accepted where floats are declared.
Status Convert(const ops::OpAttrDef& decl, const AttrValue& value, const std::string& where,
               gert::AttrValueStorage* v) {
  const Status wrong(ErrorCode::kInvalidParam, where + " is a " + std::string(AttrTypeName(value)) +
                                                   " (the OpDef declares " +
                                                   std::string(KindName(decl.GetKind())) + ")");
  switch (decl.GetKind()) {
    case Kind::kBool:
    case Kind::kInt:
    case Kind::kFloat:
    case Kind::kString: return ConvertScalar(decl.GetKind(), value, where, wrong, v);
    case Kind::kListInt:
    case Kind::kListFloat:
    case Kind::kListBool: return ConvertList(decl.GetKind(), value, where, wrong, v);
    case Kind::kListListInt:
    case Kind::kUnset: break;
  }
  return {ErrorCode::kUnsupported, where + ": attributes of kind " +
                                       std::string(KindName(decl.GetKind())) +
                                       " are not supported by opsim yet"};
}

gert::AttrValueStorage FromDefault(const ops::OpAttrDef& decl) {
  gert::AttrValueStorage v;
  switch (decl.GetKind()) {
    case Kind::kBool: v.kind = Stored::kBool, v.b = decl.GetBool(); break;
    case Kind::kInt: v.kind = Stored::kInt, v.i = decl.GetInt(); break;
    case Kind::kFloat: v.kind = Stored::kFloat, v.f = decl.GetFloat(); break;
    case Kind::kString: v.kind = Stored::kString, v.s = decl.GetString(); break;
    case Kind::kListInt: v.kind = Stored::kListInt, v.list_int = decl.GetListInt(); break;
    case Kind::kListFloat: v.kind = Stored::kListFloat, v.list_float = decl.GetListFloat(); break;
    case Kind::kListBool:
      v.kind = Stored::kListBool;
      for (bool b : decl.GetListBool()) v.list_bool.push_back(b ? 1 : 0);
      break;
    case Kind::kListListInt:
    case Kind::kUnset: break;
  }
  return v;
}

}  // namespace

Status ResolveOpDefAttrs(const ops::OpDef& def, const AttrMap& attrs, gert::RuntimeAttrs* out) {
  const std::string& op = def.GetOpType();
  std::vector<std::string_view> declared;
  for (const ops::OpAttrDef& a : def.GetAttrs()) declared.push_back(a.GetName());
  for (const auto& [key, value] : attrs) {
    // A DYNAMIC input's count, a constant input's value, a present mark or a caller's output
    // shape or type, read elsewhere.
    if (!key.empty() &&
        (key[0] == '@' || key[0] == '=' || key[0] == '+' || key[0] == '>' || key[0] == '<')) {
      continue;
    }
    bool known = false;
    for (std::string_view d : declared) known = known || d == key;
    if (known) continue;
    std::string message = op + ": unknown attribute '" + key + "'";
    const std::string_view near = NearestName(key, declared);
    if (!near.empty()) message += " (did you mean '" + std::string(near) + "'?)";
    std::string list;
    for (std::string_view d : declared) list += (list.empty() ? "" : ", ") + std::string(d);
    message += "; " + op + " declares " + (list.empty() ? std::string("no attributes") : list);
    return {ErrorCode::kInvalidParam, message};
  }
  std::vector<gert::AttrValueStorage> values;
  for (const ops::OpAttrDef& decl : def.GetAttrs()) {
    const std::string where = op + ": attribute '" + decl.GetName() + "'";
    const auto it = attrs.find(decl.GetName());
    if (it == attrs.end()) {
      if (decl.GetAttrType() == ops::REQUIRED && !decl.HasDefault()) {
        return {ErrorCode::kInvalidParam,
                where + " is required (" + std::string(KindName(decl.GetKind())) + ")"};
      }
      // An optional attribute declared without a value stays absent: GetAttrPointer gives
      // nullptr, so the op can tell "not given" from any value.
      values.push_back(decl.HasDefault() ? FromDefault(decl) : gert::AttrValueStorage{});
      continue;
    }
    gert::AttrValueStorage v;
    OPSIM_RETURN_IF_ERROR(Convert(decl, it->second, where, &v));
    values.push_back(std::move(v));
  }
  *out = gert::RuntimeAttrs(std::move(values));
  return Status::Ok();
}

}  // namespace opsim
