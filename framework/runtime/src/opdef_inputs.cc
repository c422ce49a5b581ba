#include "opdef_inputs.h"

#include <cstring>
#include <string>

#include "opsim/framework/context.h"
#include "opsim/op_api/op_registry.h"

namespace opsim {
namespace {

template <typename T>
ConstantInput MakeConstant(aclDataType dtype, const std::vector<T>& values) {
  ConstantInput c;
  c.desc.dtype = dtype;
  c.desc.format = ACL_FORMAT_ND;
  c.desc.shape.dimNum = 1;
  c.desc.shape.dims[0] = static_cast<int64_t>(values.size());
  c.data_bytes = values.size() * sizeof(T);
  c.bytes.resize(PaddedDeviceBytes(c.data_bytes));
  if (!values.empty()) std::memcpy(c.bytes.data(), values.data(), c.data_bytes);
  return c;
}

Status ReadConstant(const std::string& op, const std::string& key, const AttrValue& value,
                    ConstantInput* out) {
  if (const auto* ints = std::get_if<std::vector<int64_t>>(&value)) {
    *out = MakeConstant(ACL_INT64, *ints);
    return Status::Ok();
  }
  if (const auto* doubles = std::get_if<std::vector<double>>(&value)) {
    std::vector<float> floats(doubles->begin(), doubles->end());
    *out = MakeConstant(ACL_FLOAT, floats);
    return Status::Ok();
  }
  return {ErrorCode::kInvalidParam, op + ": the constant input '" + key + "' is a " +
                                        std::string(AttrTypeName(value)) +
                                        " (expected an int list or a float list)"};
}

// The "@<name>" count of a DYNAMIC input or output (`what`), 1..kMaxOpTensors.
Status ReadCount(const std::string& op, const char* what, const ops::OpParamDef& p,
                 const AttrMap& attrs, size_t* out) {
  const std::string count_key = "@" + p.GetName();
  const auto count = attrs.find(count_key);
  const int64_t* n = count == attrs.end() ? nullptr : std::get_if<int64_t>(&count->second);
  if (n == nullptr || *n < 1 || *n > static_cast<int64_t>(op_api::kMaxOpTensors)) {
    return {ErrorCode::kInvalidParam,
            op + ": the DYNAMIC " + what + " '" + p.GetName() + "' needs its tensor count as the " +
                "int attribute '" + count_key + "' (1.." + std::to_string(op_api::kMaxOpTensors) +
                ", what a VariantPack holds)" +
                (n != nullptr           ? ", got " + std::to_string(*n)
                 : count == attrs.end() ? std::string()
                                        : ", got a " + std::string(AttrTypeName(count->second)))};
  }
  *out = static_cast<size_t>(*n);
  return Status::Ok();
}

// Instances per output: a DYNAMIC one's "@<name>" count, 1 for the others (whose name a count
// may still give when it is a DYNAMIC input's too, an in-place list).
Status PlanOutputCounts(const ops::OpDef& def, const AttrMap& attrs, OpDefInputs* plan) {
  const std::string& op = def.GetOpType();
  size_t tensors = 0;
  for (const ops::OpParamDef& p : def.GetOutputs()) {
    size_t n = 1;
    if (p.GetParamType() == ops::DYNAMIC) {
      OPSIM_RETURN_IF_ERROR(ReadCount(op, "output", p, attrs, &n));
    } else if (attrs.count("@" + p.GetName()) > 0) {
      bool dynamic_input = false;
      for (const ops::OpParamDef& in : def.GetInputs()) {
        dynamic_input =
            dynamic_input || (in.GetName() == p.GetName() && in.GetParamType() == ops::DYNAMIC);
      }
      if (!dynamic_input) {
        return {ErrorCode::kInvalidParam, op + ": '@" + p.GetName() + "' is given, but '" +
                                              p.GetName() + "' is not a DYNAMIC output"};
      }
    }
    plan->output_counts.push_back(n);
    tensors += n;
  }
  if (tensors > op_api::kMaxOpTensors) {
    return {ErrorCode::kInvalidParam, op + ": the call takes " + std::to_string(tensors) +
                                          " output tensors (each of a DYNAMIC output's counts); "
                                          "at most " +
                                          std::to_string(op_api::kMaxOpTensors) +
                                          " fit a VariantPack"};
  }
  return Status::Ok();
}

}  // namespace

size_t OpDefInputs::PackCount() const {
  size_t n = 0;
  for (size_t k = 0; k < counts.size(); ++k) n += constants[k] || absent[k] ? 0 : counts[k];
  return n;
}

SVector<TensorDesc> OpDefInputs::WithConstants(const SVector<TensorDesc>& pack) const {
  SVector<TensorDesc> all;
  size_t next = 0;
  for (size_t k = 0; k < counts.size(); ++k) {
    if (constants[k]) {
      all.push_back(constants[k]->desc);
      continue;
    }
    if (absent[k]) {
      all.push_back(TensorDesc{});  // ACL_DT_UNDEFINED
      continue;
    }
    for (size_t i = 0; i < counts[k] && next < pack.size(); ++i) all.push_back(pack[next++]);
  }
  return all;
}

Status PlanOpDefInputs(const ops::OpDef& def, const AttrMap& attrs, OpDefInputs* out) {
  const std::string& op = def.GetOpType();
  OpDefInputs plan;
  for (const ops::OpParamDef& p : def.GetInputs()) {
    const std::string count_key = "@" + p.GetName();
    const std::string value_key = "=" + p.GetName();
    const auto count = attrs.find(count_key);
    const auto value = attrs.find(value_key);
    const auto present = attrs.find("+" + p.GetName());
    plan.constants.emplace_back();
    plan.absent.push_back(p.GetParamType() == ops::OPTIONAL && present == attrs.end() &&
                          value == attrs.end());
    if (present != attrs.end()) {
      const bool* yes = std::get_if<bool>(&present->second);
      if (p.GetParamType() != ops::OPTIONAL || yes == nullptr || !*yes || value != attrs.end()) {
        return {ErrorCode::kInvalidParam,
                op + ": '+" + p.GetName() +
                    "' marks an OPTIONAL input present; it takes true, on an input given no "
                    "constant ('" +
                    p.GetName() + "' is " +
                    (p.GetParamType() == ops::OPTIONAL ? "OPTIONAL" : "not OPTIONAL") + ")"};
      }
    }
    if (p.GetParamType() == ops::DYNAMIC) {
      if (value != attrs.end()) {
        return {ErrorCode::kInvalidParam, op + ": '" + value_key + "' gives a constant for '" +
                                              p.GetName() +
                                              "', a DYNAMIC input (give its tensors instead)"};
      }
      size_t n = 0;
      OPSIM_RETURN_IF_ERROR(ReadCount(op, "input", p, attrs, &n));
      plan.counts.push_back(n);
      continue;
    }
    if (count != attrs.end()) {
      return {ErrorCode::kInvalidParam, op + ": '" + count_key + "' is given, but '" + p.GetName() +
                                            "' is not a DYNAMIC input"};
    }
    plan.counts.push_back(1);
    if (value != attrs.end()) {
      ConstantInput c;
      OPSIM_RETURN_IF_ERROR(ReadConstant(op, value_key, value->second, &c));
      plan.constants.back() = std::move(c);
    }
  }
  for (const auto& [key, value] : attrs) {
    if (key.empty() || (key[0] != '@' && key[0] != '=' && key[0] != '+')) continue;
    bool known = false;
    for (const ops::OpParamDef& p : def.GetInputs()) known = known || key.substr(1) == p.GetName();
    for (const ops::OpParamDef& p : def.GetOutputs()) {
      known = known || (key[0] == '@' && key.substr(1) == p.GetName());
    }
    if (!known) {
      return {ErrorCode::kInvalidParam, op + ": '" + key + "' names no input" +
                                            (key[0] == '@' ? " or output" : "") + " of the op"};
    }
  }
  OPSIM_RETURN_IF_ERROR(PlanOutputCounts(def, attrs, &plan));
  // A VariantPack holds 64 tensors: more would be cut off, not refused, further on.
  size_t tensors = 0;
  for (size_t c : plan.counts) tensors += c;
  if (tensors > op_api::kMaxOpTensors) {
    return {ErrorCode::kInvalidParam, op + ": the call takes " + std::to_string(tensors) +
                                          " input tensors (each of a DYNAMIC input's counts); at "
                                          "most " +
                                          std::to_string(op_api::kMaxOpTensors) +
                                          " fit a VariantPack"};
  }
  *out = std::move(plan);
  return Status::Ok();
}

}  // namespace opsim
