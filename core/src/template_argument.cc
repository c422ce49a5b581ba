// Template tiling keys (ascendc/host_api/tiling/template_argument.h): CANN's encoding and
// selection rules, and the registry opsim's build step reads.
#include "ascendc/host_api/tiling/template_argument.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>

namespace AscendC {
namespace {

// An unsigned parameter's declared values as ASCENDC_TPL_UINT_DECL writes them: the flag, then
// for RANGE a count and that many low, high pairs; for LIST the values; for MIX the ranges (count
// first) and then the values. Malformed input keeps what it can and says so.
std::vector<uint64_t> ExpandUintValues(const char* name, const std::vector<uint64_t>& given) {
  if (given.empty()) return {};
  const uint64_t flag = given[0];
  std::vector<uint64_t> out;
  size_t at = 1;
  if (flag == ASCENDC_TPL_UI_RANGE || flag == ASCENDC_TPL_UI_MIX) {
    const uint64_t ranges = at < given.size() ? given[at++] : 0;
    constexpr uint64_t kMaxRange = 1 << 16;  // values, not bits: the kernel is built per value
    for (uint64_t r = 0; r < ranges && at + 1 < given.size(); ++r, at += 2) {
      const uint64_t low = given[at];
      const uint64_t high = given[at + 1];
      if (high < low || high - low >= kMaxRange) {
        std::fprintf(stderr,
                     "[ERROR] template argument %s: range [%llu, %llu] is empty or "
                     "holds more than %llu values\n",
                     name, static_cast<unsigned long long>(low),
                     static_cast<unsigned long long>(high),
                     static_cast<unsigned long long>(kMaxRange));
        continue;
      }
      for (uint64_t v = low; v <= high; ++v) out.push_back(v);
    }
    if (flag == ASCENDC_TPL_UI_RANGE) return out;
  } else if (flag != ASCENDC_TPL_UI_LIST) {
    std::fprintf(stderr,
                 "[ERROR] template argument %s: flag %llu is not ASCENDC_TPL_UI_RANGE, "
                 "ASCENDC_TPL_UI_LIST or ASCENDC_TPL_UI_MIX\n",
                 name, static_cast<unsigned long long>(flag));
    return {};
  }
  out.insert(out.end(), given.begin() + static_cast<ptrdiff_t>(std::min(at, given.size())),
             given.end());
  return out;
}

uint64_t Fail(const std::string& why) {
  std::fprintf(stderr, "[ERROR] tiling key: %s\n", why.c_str());
  return INVALID_TILING_KEY;
}

// The code parameter `p` contributes for `value`: the value itself, or for an unsigned
// parameter its index among the declared values; false when it has none.
bool CodeOf(const ParamStruct& p, uint64_t value, uint64_t* code) {
  if (p.paramType != ASCENDC_TPL_UINT) {
    *code = value;
    return true;
  }
  const auto it = std::find(p.vals.begin(), p.vals.end(), value);
  if (it == p.vals.end()) return false;
  *code = static_cast<uint64_t>(it - p.vals.begin());
  return true;
}

// Whether the parameter takes bits of the key (kernel type and the like select, not encode).
bool Encoded(const ParamStruct& p) {
  return p.paramType == ASCENDC_TPL_DTYPE || p.paramType == ASCENDC_TPL_FORMAT ||
         p.paramType == ASCENDC_TPL_UINT || p.paramType == ASCENDC_TPL_BOOL ||
         p.paramType == ASCENDC_TPL_SHARED_KERNEL_TYPE;
}

std::string Str(uint64_t v) { return std::to_string(v); }

// The selection's rules against the declaration: "" or the broken one.
std::string CheckSelect(const TilingDeclareParams& declare, const TilingSelectParams& select) {
  for (size_t g = 0; g < select.size(); ++g) {
    for (const ParamStruct& s : select[g]) {
      if (!Encoded(s)) continue;
      const auto d = std::find_if(declare.begin(), declare.end(), [&](const ParamStruct& p) {
        return std::string(p.name) == s.name;
      });
      if (d == declare.end()) {
        return "selection " + Str(g) + " names " + s.name + ", which is not declared";
      }
      if (d->paramType != s.paramType) {
        return "selection " + Str(g) + " gives " + s.name + " another kind than its declaration";
      }
      for (uint64_t v : s.vals) {
        if (std::find(d->vals.begin(), d->vals.end(), v) == d->vals.end()) {
          return "selection " + Str(g) + " gives " + s.name + " the value " + Str(v) +
                 ", which its declaration does not list";
        }
      }
    }
  }
  return "";
}

// Whether `args` (in declaration order) is one combination of selection group `group`.
bool Selected(const TilingDeclareParams& declare, const std::vector<ParamStruct>& group,
              const std::vector<uint64_t>& args) {
  for (size_t i = 0; i < declare.size(); ++i) {
    const auto s = std::find_if(group.begin(), group.end(), [&](const ParamStruct& p) {
      return std::string(p.name) == declare[i].name;
    });
    if (s == group.end() || std::find(s->vals.begin(), s->vals.end(), args[i]) == s->vals.end()) {
      return false;
    }
  }
  return true;
}

struct Registry {
  std::mutex mu;
  std::map<std::string, TemplateArguments> by_file;
};

Registry& TheRegistry() {
  static Registry* r = new Registry;  // registered from static initialisers of any library
  return *r;
}

}  // namespace

ParamStruct::ParamStruct(const char* name_, uint32_t paramType_, uint8_t bitWidth_,
                         std::vector<uint64_t> vals_, const char* macroType_, bool opsimDataType_)
    : name(name_),
      paramType(paramType_),
      bitWidth(bitWidth_),
      vals(std::move(vals_)),
      macroType(macroType_),
      opsimDataType(opsimDataType_) {
  if (paramType == ASCENDC_TPL_UINT) vals = ExpandUintValues(name, vals);
}

uint64_t FastEncodeTilingKeyDirect(const TilingDeclareParams& declare,
                                   const std::vector<uint64_t>& args) {
  if (args.size() != declare.size()) {
    return Fail(Str(args.size()) + " arguments for " + Str(declare.size()) +
                " declared parameters");
  }
  uint64_t key = 0;
  uint32_t offset = 0;
  for (size_t i = 0; i < declare.size(); ++i) {
    const ParamStruct& p = declare[i];
    if (!Encoded(p)) continue;
    uint64_t code = 0;
    if (!CodeOf(p, args[i], &code)) {
      return Fail(std::string(p.name) + " = " + Str(args[i]) + " is not among its declared values");
    }
    if (offset + p.bitWidth > MAX_BITS_NUM) {
      return Fail("the declared parameters take more than " + Str(MAX_BITS_NUM) + " bits");
    }
    if (p.bitWidth < 64 && code >= (uint64_t{1} << p.bitWidth)) {
      return Fail(std::string(p.name) + " = " + Str(args[i]) + " does not fit its " +
                  Str(p.bitWidth) + " bits");
    }
    key |= code << offset;
    offset += p.bitWidth;
  }
  return key;
}

uint64_t EncodeTilingKey(const TilingDeclareParams& declare, const TilingSelectParams& select,
                         const std::vector<uint64_t>& args) {
  if (const std::string broken = CheckSelect(declare, select); !broken.empty()) return Fail(broken);
  if (args.size() != declare.size()) {
    return Fail(Str(args.size()) + " arguments for " + Str(declare.size()) +
                " declared parameters");
  }
  const bool any = std::any_of(select.begin(), select.end(),
                               [&](const auto& group) { return Selected(declare, group, args); });
  if (!any) return Fail("the arguments match no ASCENDC_TPL_ARGS_SEL of the selection");
  return FastEncodeTilingKeyDirect(declare, args);
}

int RegisterTemplateDeclare(const char* file, const char* label,
                            const TilingDeclareParams* declare) {
  Registry& r = TheRegistry();
  const std::lock_guard<std::mutex> lock(r.mu);
  TemplateArguments& a = r.by_file[file];
  a.file = file;
  a.label = label;
  a.declare = declare;
  return 0;
}

int RegisterTemplateSelect(const char* file, const TilingSelectParams* select) {
  Registry& r = TheRegistry();
  const std::lock_guard<std::mutex> lock(r.mu);
  TemplateArguments& a = r.by_file[file];
  a.file = file;
  a.select = select;
  return 0;
}

std::vector<TemplateArguments> RegisteredTemplateArguments() {
  Registry& r = TheRegistry();
  const std::lock_guard<std::mutex> lock(r.mu);
  std::vector<TemplateArguments> out;
  for (const auto& [file, a] : r.by_file) out.push_back(a);
  return out;
}

}  // namespace AscendC
