#include "exec_opdef.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <string>
#include <vector>

#include "cli_util.h"
#include "opsim/core/nearest_name.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"
#include "strict_flags.h"

namespace opsim::cli {
namespace {

std::vector<std::string> SplitList(std::string text) {
  if (!text.empty() && text.front() == '[' && text.back() == ']')
    text = text.substr(1, text.size() - 2);
  std::vector<std::string> items;
  size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string item = text.substr(start, comma - start);
    while (!item.empty() && item.front() == ' ') item.erase(0, 1);
    while (!item.empty() && item.back() == ' ') item.pop_back();
    items.push_back(item);
    start = comma + 1;
  }
  return items;
}

// The text of one --attr value read as the type the OpDef declares for it; an undeclared name
// passes as a string so the operation can name it and suggest the nearest declared one.
Status ParseAttr(const ops::OpDef& def, const std::string& spec, AttrMap* attrs) {
  const size_t eq = spec.find('=');
  if (eq == std::string::npos || eq == 0) {
    return {ErrorCode::kInvalidParam, "--attr " + spec + ": expected name=value"};
  }
  const std::string name = spec.substr(0, eq);
  const std::string text = spec.substr(eq + 1);
  const std::string where = "--attr " + name;
  if (attrs->count(name) > 0) return {ErrorCode::kInvalidParam, where + " is given twice"};
  const ops::OpAttrDef* decl = nullptr;
  for (const ops::OpAttrDef& a : def.GetAttrs()) {
    if (a.GetName() == name) decl = &a;
  }
  using Kind = ops::OpAttrDef::Kind;
  const Kind kind = decl == nullptr ? Kind::kString : decl->GetKind();
  switch (kind) {
    case Kind::kBool: {
      bool value = false;
      OPSIM_RETURN_IF_ERROR(ParseBool(text, where, &value));
      (*attrs)[name] = value;
      return Status::Ok();
    }
    case Kind::kInt: {
      int64_t value = 0;
      OPSIM_RETURN_IF_ERROR(ParseInteger(text, where, std::numeric_limits<int64_t>::min(),
                                         std::numeric_limits<int64_t>::max(), &value));
      (*attrs)[name] = value;
      return Status::Ok();
    }
    case Kind::kFloat: {
      double v = 0;
      OPSIM_RETURN_IF_ERROR(ParseReal(text, where, &v));
      (*attrs)[name] = v;
      return Status::Ok();
    }
    case Kind::kListInt:
    case Kind::kListBool: {
      std::vector<int64_t> values;
      OPSIM_RETURN_IF_ERROR(ParseIntList(text, where, &values));
      (*attrs)[name] = values;
      return Status::Ok();
    }
    case Kind::kListFloat: {
      std::vector<double> values;
      for (const std::string& item : SplitList(text)) {
        double v = 0;
        OPSIM_RETURN_IF_ERROR(ParseReal(item, where + " item", &v));
        values.push_back(v);
      }
      (*attrs)[name] = values;
      return Status::Ok();
    }
    default: (*attrs)[name] = text; return Status::Ok();
  }
}

std::string Normalized(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace

Status ParseOpDefAttrs(const std::string& op, const std::vector<std::string>& specs, AttrMap* out) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return {ErrorCode::kInvalidParam, "'" + op + "' has no OpDef"};
  for (const std::string& spec : specs) OPSIM_RETURN_IF_ERROR(ParseAttr(*def, spec, out));
  return Status::Ok();
}

Status AttrFlags(const std::string& op, const std::vector<std::string>& args,
                 std::vector<std::string>* specs) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return {ErrorCode::kInvalidParam, "'" + op + "' has no OpDef"};
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
      return {ErrorCode::kInvalidParam, "'" + arg + "' is not a flag"};
    }
    const size_t eq = arg.find('=');
    const std::string flag = arg.substr(0, eq);
    std::string value;
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return {ErrorCode::kInvalidParam, flag + " has no value"};
    }
    const ops::OpAttrDef* match = nullptr;
    std::string names;
    for (const ops::OpAttrDef& a : def->GetAttrs()) {
      names += (names.empty() ? "" : ", ") + a.GetName();
      if (Normalized(a.GetName()) != Normalized(flag.substr(2))) continue;
      // Two attributes one flag spells alike (`axis` and `Axis`): guessing would set either.
      if (match != nullptr) {
        return {ErrorCode::kInvalidParam,
                flag + " is ambiguous: it matches the attributes '" + match->GetName() + "' and '" +
                    a.GetName() + "' of " + op + " (flags ignore case, '-' and '_'); use --attr " +
                    a.GetName() + "=" + value + " or --attr " + match->GetName() + "=" + value};
      }
      match = &a;
    }
    if (match == nullptr) {
      std::vector<std::string> flags;
      for (const ops::OpAttrDef& a : def->GetAttrs()) flags.push_back(FlagOf(a.GetName()));
      const std::vector<std::string_view> views(flags.begin(), flags.end());
      const std::string_view near = NearestName(flag, views);
      return {ErrorCode::kInvalidParam,
              flag + " is neither an option of this command nor an attribute of " + op +
                  (near.empty() ? std::string() : " (did you mean " + std::string(near) + "?)") +
                  "; its attributes: " + (names.empty() ? std::string("none") : names)};
    }
    specs->push_back(match->GetName() + "=" + value);
  }
  return Status::Ok();
}

bool IsOpDefOperator(const std::string& op) { return op_api::FindOpDef(op) != nullptr; }

std::string FlagOf(std::string_view attribute) {
  std::string flag = "--";
  for (size_t i = 0; i < attribute.size(); ++i) {
    const char c = attribute[i];
    if (c == '_') {
      flag += '-';
    } else if (std::isupper(static_cast<unsigned char>(c))) {
      if (i > 0) flag += '-';
      flag += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      flag += c;
    }
  }
  return flag;
}

}  // namespace opsim::cli
