#include "opdef_soc_config.h"

#include <vector>

#include "opsim/op_api/op_registry.h"
#include "opsim/op_api/platform_figures.h"

namespace opsim {
namespace {

// "x=float16, y=float16": the dtypes column `c` gives each input and output.
std::string ColumnText(const ops::OpDef& def, size_t c) {
  std::string text;
  for (const auto* params : {&def.GetInputs(), &def.GetOutputs()}) {
    for (const ops::OpParamDef& p : *params) {
      const auto& types = p.GetDataTypes();
      if (types.empty()) continue;
      text += (text.empty() ? "" : ", ") + p.GetName() + "=" +
              DataTypeText(types[c < types.size() ? c : 0]);
    }
  }
  return text;
}

bool SameTypes(const std::vector<ops::OpParamDef>& a, size_t ca,
               const std::vector<ops::OpParamDef>& b, size_t cb) {
  for (size_t k = 0; k < a.size(); ++k) {
    const auto& ta = a[k].GetDataTypes();
    const auto& tb = b[k].GetDataTypes();
    if (ta.empty() || tb.empty()) continue;
    if (ta[ca < ta.size() ? ca : 0] != tb[cb < tb.size() ? cb : 0]) return false;
  }
  return true;
}

}  // namespace

Status CheckSocConfig(const ops::OpDef& def, const std::string& profile) {
  const auto& configs = def.GetAICore().GetConfigs();
  if (configs.empty() || configs.count(SocConfigName(profile)) > 0) return Status::Ok();
  std::string list;
  for (const auto& [soc, config] : configs) list += (list.empty() ? "" : ", ") + soc;
  return {ErrorCode::kUnsupported, def.GetOpType() + ": has no AICore config for " +
                                       SocConfigName(profile) + " (device " + profile +
                                       "); AddConfig names " + list};
}

Status CheckSocPrototype(const ops::OpDef& def, const std::string& profile,
                         const gert::OpCallData& call, size_t column,
                         const CallerOutputDTypes* outputs) {
  const auto& configs = def.GetAICore().GetConfigs();
  const auto config = configs.find(SocConfigName(profile));
  if (config == configs.end() ||
      (config->second.GetInputs().empty() && config->second.GetOutputs().empty())) {
    return Status::Ok();
  }
  const std::string where = "AddConfig(\"" + config->first + "\", config) of device " + profile;
  const ops::OpDef merged = op_api::MergedForSoc(def, config->second);
  if (merged.GetInputs().size() != def.GetInputs().size() ||
      merged.GetOutputs().size() != def.GetOutputs().size()) {
    return {ErrorCode::kUnsupported,
            def.GetOpType() + ": " + where +
                " declares an input or output the OpDef does not have (opsim runs the OpDef's "
                "own inputs and outputs, whose kernels it builds)"};
  }
  size_t merged_column = 0;
  if (Status st = SelectColumn(merged, call, &merged_column, outputs); !st.ok()) {
    return {st.code(), st.message() + ", by the " + where};
  }
  if (!SameTypes(def.GetInputs(), column, merged.GetInputs(), merged_column) ||
      !SameTypes(def.GetOutputs(), column, merged.GetOutputs(), merged_column)) {
    return {ErrorCode::kUnsupported,
            def.GetOpType() + ": the " + where + " gives this call the dtypes " +
                ColumnText(merged, merged_column) + ", but the OpDef's own column for it is " +
                ColumnText(def, column) + ", and opsim builds kernels for the OpDef's columns"};
  }
  return Status::Ok();
}

}  // namespace opsim
