#include "opdef_outputs.h"

#include <string>

#include "opsim/core/tensor.h"

namespace opsim {

namespace {

// The index of the output `key` (">y", "<y") names, or an error naming the op's outputs.
Status OutputIndex(const ops::OpDef& def, const std::string& key, const char* what, size_t* index) {
  const std::vector<ops::OpParamDef>& outputs = def.GetOutputs();
  std::string names;
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (key.compare(1, std::string::npos, outputs[k].GetName()) == 0) {
      *index = k;
      return Status::Ok();
    }
    names += (names.empty() ? "" : ", ") + outputs[k].GetName();
  }
  const std::string& op = def.GetOpType();
  return {ErrorCode::kInvalidParam, op + ": '" + key + "' gives the " + what +
                                        " of an output the op does not have (" + op +
                                        "'s outputs: " + (names.empty() ? "none" : names) + ")"};
}

}  // namespace

Status PlanCallerOutputDTypes(const ops::OpDef& def, const AttrMap& attrs,
                              CallerOutputDTypes* out) {
  CallerOutputDTypes plan(def.GetOutputs().size());
  for (const auto& [key, value] : attrs) {
    if (key.empty() || key[0] != '<') continue;
    size_t index = 0;
    OPSIM_RETURN_IF_ERROR(OutputIndex(def, key, "data type", &index));
    const auto* dtype = std::get_if<int64_t>(&value);
    if (dtype == nullptr) {
      return {ErrorCode::kInvalidParam, def.GetOpType() + ": '" + key + "' is a " +
                                            std::string(AttrTypeName(value)) +
                                            " (expected an int: the output's data type)"};
    }
    plan[index] = static_cast<ge::DataType>(*dtype);
  }
  *out = std::move(plan);
  return Status::Ok();
}

Status PlanCallerOutputShapes(const ops::OpDef& def, const AttrMap& attrs,
                              CallerOutputShapes* out) {
  const std::string& op = def.GetOpType();
  const std::vector<ops::OpParamDef>& outputs = def.GetOutputs();
  CallerOutputShapes plan(outputs.size());
  for (const auto& [key, value] : attrs) {
    if (key.empty() || key[0] != '>') continue;
    size_t index = 0;
    OPSIM_RETURN_IF_ERROR(OutputIndex(def, key, "shape", &index));
    const auto* dims = std::get_if<std::vector<int64_t>>(&value);
    if (dims == nullptr) {
      return {ErrorCode::kInvalidParam, op + ": '" + key + "' is a " +
                                            std::string(AttrTypeName(value)) +
                                            " (expected an int list: the output's dims)"};
    }
    if (dims->size() > MAX_DIM) {
      return {ErrorCode::kInvalidTensorDimNum,
              op + ": '" + key + "' has " + std::to_string(dims->size()) + " dims (at most " +
                  std::to_string(MAX_DIM) + ")"};
    }
    for (size_t i = 0; i < dims->size(); ++i) {
      if ((*dims)[i] < 0) {
        return {ErrorCode::kInvalidTensorDim, op + ": '" + key + "' dim " + std::to_string(i) +
                                                  " is " + std::to_string((*dims)[i]) +
                                                  " (a tensor's dims are 0 or more)"};
      }
    }
    plan[index] = *dims;
  }
  *out = std::move(plan);
  return Status::Ok();
}

}  // namespace opsim
