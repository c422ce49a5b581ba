// Template kernels in opsim_op_gen (template_units.h).
#include "template_units.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace opsim::op_gen {
namespace {

namespace fs = std::filesystem;

constexpr uint64_t kInputMarker = 100000000;   // ASCENDC_TPL_INPUT(0)
constexpr uint64_t kOutputMarker = 900000000;  // ASCENDC_TPL_OUTPUT(0)
constexpr uint64_t kMarkerSpan = 100000000;

bool Encoded(const AscendC::ParamStruct& p) {
  return p.paramType == ASCENDC_TPL_DTYPE || p.paramType == ASCENDC_TPL_FORMAT ||
         p.paramType == ASCENDC_TPL_UINT || p.paramType == ASCENDC_TPL_BOOL;
}

std::string Folder(const std::string& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(fs::path(path), ec);
  return (ec ? fs::path(path) : canonical).parent_path().string();
}

// The dtype a DATATYPE field is tied to in `column` (ASCENDC_TPL_INPUT(i) / OUTPUT(i), the first
// one listed, as CANN takes it); false when it is not tied.
bool TiedDtype(const ops::OpDef& def, const AscendC::ParamStruct& p, size_t column,
               uint64_t* dtype) {
  for (uint64_t v : p.vals) {
    const bool input = v >= kInputMarker && v < kInputMarker + kMarkerSpan;
    const bool output = v >= kOutputMarker && v < kOutputMarker + kMarkerSpan;
    if (!input && !output) continue;
    const auto& params = input ? def.GetInputs() : def.GetOutputs();
    const size_t index = v - (input ? kInputMarker : kOutputMarker);
    if (index >= params.size() || column >= params[index].GetDataTypes().size()) return false;
    *dtype = static_cast<uint64_t>(params[index].GetDataTypes()[column]);
    return true;
  }
  return false;
}

// One template argument as C++ text: a type for DATATYPE, a literal otherwise.
bool ArgumentText(const AscendC::ParamStruct& p, uint64_t value, std::string* text) {
  if (p.opsimDataType) {
    // A number past every DataType names none (and must not be cast into the enum).
    if (value >= static_cast<uint64_t>(ge::DT_MAX)) return false;
    const char* type = KernelCType(static_cast<ge::DataType>(value));
    if (type == nullptr) return false;
    *text = type;
  } else if (p.paramType == ASCENDC_TPL_BOOL) {
    *text = value != 0 ? "true" : "false";
  } else {
    *text = std::to_string(value) + (value > 0x7fffffffULL ? "ULL" : "");
  }
  return true;
}

// The combinations of one ASCENDC_TPL_ARGS_SEL group, each in declaration order.
bool GroupCombinations(const AscendC::TilingDeclareParams& declare,
                       const std::vector<AscendC::ParamStruct>& group, size_t index,
                       std::vector<std::vector<uint64_t>>* out, std::string* error) {
  std::vector<std::vector<uint64_t>> combos{{}};
  for (const AscendC::ParamStruct& d : declare) {
    if (!Encoded(d)) continue;
    const auto s = std::find_if(group.begin(), group.end(), [&](const AscendC::ParamStruct& p) {
      return std::string(p.name) == d.name;
    });
    if (s == group.end() || s->vals.empty()) {
      *error = "ASCENDC_TPL_ARGS_SEL number " + std::to_string(index) + " gives no value for " +
               d.name + " (every group must select every declared field)";
      return false;
    }
    std::vector<std::vector<uint64_t>> next;
    for (const auto& partial : combos) {
      for (uint64_t v : s->vals) {
        next.push_back(partial);
        next.back().push_back(v);
      }
    }
    combos = std::move(next);
  }
  out->insert(out->end(), combos.begin(), combos.end());
  return true;
}

}  // namespace

const char* KernelCType(ge::DataType t) {
  switch (t) {
    case ge::DT_FLOAT: return "float";
    case ge::DT_FLOAT16: return "half";
    case ge::DT_BF16: return "bfloat16_t";
    case ge::DT_DOUBLE: return "double";
    case ge::DT_INT8: return "int8_t";
    case ge::DT_UINT8: return "uint8_t";
    case ge::DT_INT16: return "int16_t";
    case ge::DT_UINT16: return "uint16_t";
    case ge::DT_INT32: return "int32_t";
    case ge::DT_UINT32: return "uint32_t";
    case ge::DT_INT64: return "int64_t";
    case ge::DT_UINT64: return "uint64_t";
    case ge::DT_BOOL: return "bool";
    case ge::DT_INT4: return "int4b_t";  // CANN's op compiler's name for DT_INT4 columns
    default: return nullptr;
  }
}

bool FindTemplateArguments(const std::string& op_type, const std::string& kernel_path,
                           AscendC::TemplateArguments* found, std::string* error) {
  const std::vector<AscendC::TemplateArguments> all = AscendC::RegisteredTemplateArguments();
  for (const AscendC::TemplateArguments& a : all) {
    if (a.declare != nullptr && a.label == op_type) {
      *found = a;
      return true;
    }
  }
  const std::string folder = Folder(kernel_path);
  std::vector<const AscendC::TemplateArguments*> beside;
  for (const AscendC::TemplateArguments& a : all) {
    if (a.declare != nullptr && Folder(a.file) == folder) beside.push_back(&a);
  }
  if (beside.size() > 1) {
    *error = op_type + ": " + std::to_string(beside.size()) + " files of " + folder +
             " declare ASCENDC_TPL_ARGS_DECL and none is labelled " + op_type;
    return false;
  }
  if (beside.empty()) return false;
  *found = *beside[0];
  return true;
}

std::vector<Instantiation> InstantiationsOf(const ops::OpDef& def,
                                            const AscendC::TemplateArguments& args, size_t column,
                                            std::string* error) {
  const std::string op = def.GetOpType();
  if (args.select == nullptr || args.select->empty()) {
    *error = op + ": " + args.file + " declares template arguments but ASCENDC_TPL_SEL selects " +
             "none, so no kernel would be built";
    return {};
  }
  const AscendC::TilingDeclareParams& declare = *args.declare;
  std::vector<std::vector<uint64_t>> combos;
  for (size_t g = 0; g < args.select->size(); ++g) {
    if (!GroupCombinations(declare, (*args.select)[g], g, &combos, error)) {
      *error = op + ": " + *error;
      return {};
    }
  }
  std::vector<const AscendC::ParamStruct*> fields;
  for (const AscendC::ParamStruct& d : declare) {
    if (Encoded(d)) fields.push_back(&d);
  }
  std::map<uint64_t, size_t> seen;
  std::vector<Instantiation> out;
  for (size_t c = 0; c < combos.size(); ++c) {
    std::vector<uint64_t> full;  // one argument per declared parameter, as the key wants them
    size_t at = 0;
    for (const AscendC::ParamStruct& d : declare) full.push_back(Encoded(d) ? combos[c][at++] : 0);
    const uint64_t key = AscendC::EncodeTilingKey(declare, *args.select, full);
    if (key == AscendC::INVALID_TILING_KEY) {
      *error = op + ": ASCENDC_TPL_SEL of " + args.file + " breaks a rule of the declaration " +
               "(the [ERROR] line above says which)";
      return {};
    }
    if (!seen.emplace(key, c).second) {
      *error = op + ": ASCENDC_TPL_SEL has duplicated definitions (tiling key " +
               std::to_string(key) + " is selected twice)";
      return {};
    }
    bool keep = true;
    for (size_t i = 0; i < fields.size(); ++i) {
      uint64_t tied = 0;
      const AscendC::ParamStruct& f = *fields[i];
      if (f.opsimDataType && TiedDtype(def, f, column, &tied) && tied != combos[c][i]) keep = false;
    }
    if (!keep) continue;
    Instantiation inst{key, "", ""};
    for (size_t i = 0; i < fields.size(); ++i) {
      const AscendC::ParamStruct& f = *fields[i];
      std::string text;
      if (!ArgumentText(f, combos[c][i], &text)) {
        *error = op + ": " + f.name + " = " + std::to_string(combos[c][i]) +
                 " is a dtype no kernel type stands for";
        return {};
      }
      if (i > 0) {
        inst.template_args += ", ";
        inst.fields += ", ";
      }
      inst.template_args += text;
      inst.fields.append(f.name).append("=").append(text);
    }
    out.push_back(std::move(inst));
  }
  return out;
}

std::string LayoutDefinition(const AscendC::TilingDeclareParams& declare, const std::string& name) {
  std::string text = "static const opsim::op_api::TemplateKeyLayout " + name + "{\n";
  for (const AscendC::ParamStruct& d : declare) {
    text += "    {\"" + std::string(d.name) + "\", " + std::to_string(d.paramType) + "U, " +
            std::to_string(Encoded(d) ? d.bitWidth : 0) + "U, {";
    if (d.paramType == ASCENDC_TPL_UINT) {
      for (size_t i = 0; i < d.vals.size(); ++i) {
        if (i > 0) text += ", ";
        text += std::to_string(d.vals[i]) + "ULL";
      }
    }
    text += "}},\n";
  }
  return text + "};\n";
}

}  // namespace opsim::op_gen
