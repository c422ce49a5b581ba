#include "opsim/framework/operation_registry.h"

#include <algorithm>
#include <utility>

#include "opdef_operation.h"
#include "opsim/op_api/op_registry.h"

namespace opsim {
namespace {

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

}  // namespace

namespace {

// The "@<name>" count of the one DYNAMIC parameter among `params` (the OpDef's inputs or
// outputs, `what`), from how many tensors the call gives.
Status SetDynamicCount(std::string_view op, const std::vector<ops::OpParamDef>& params,
                       const char* what, size_t given, AttrMap* attrs) {
  const ops::OpParamDef* dynamic = nullptr;
  size_t fixed = 0;
  for (const ops::OpParamDef& p : params) {
    if (p.GetParamType() != ops::DYNAMIC) {
      ++fixed;
    } else if (dynamic == nullptr) {
      dynamic = &p;
    } else {
      return Status::Ok();  // two dynamic ones: only "@name" attributes can say how to split
    }
  }
  if (dynamic == nullptr || attrs->count("@" + dynamic->GetName()) > 0) return Status::Ok();
  if (given <= fixed) {
    return {ErrorCode::kInvalidParam, std::string(op) + ": " + std::to_string(given) + " " + what +
                                          "s given, but " + std::to_string(fixed) + " fixed " +
                                          what + "s and at least one tensor for the " + "dynamic " +
                                          what + " '" + dynamic->GetName() + "' are needed"};
  }
  (*attrs)["@" + dynamic->GetName()] = static_cast<int64_t>(given - fixed);
  return Status::Ok();
}

}  // namespace

Status SetDynamicInputCount(std::string_view op, size_t given_inputs, AttrMap* attrs) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return Status::Ok();
  return SetDynamicCount(op, def->GetInputs(), "input", given_inputs, attrs);
}

Status SetDynamicOutputCount(std::string_view op, size_t given_outputs, AttrMap* attrs) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return Status::Ok();
  return SetDynamicCount(op, def->GetOutputs(), "output", given_outputs, attrs);
}

Status MarkGivenInputs(std::string_view op, const std::vector<bool>& present, AttrMap* attrs) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return Status::Ok();
  const auto& inputs = def->GetInputs();
  for (const ops::OpParamDef& p : inputs) {
    if (p.GetParamType() == ops::DYNAMIC) return Status::Ok();
  }
  for (size_t k = 0; k < inputs.size(); ++k) {
    const bool constant = attrs->count("=" + inputs[k].GetName()) > 0;
    const bool given = k < present.size() && present[k];
    if (inputs[k].GetParamType() == ops::OPTIONAL) {
      if (given && !constant) (*attrs)["+" + inputs[k].GetName()] = true;
    } else if (!given && !constant) {
      return {ErrorCode::kInvalidInTensorNum, std::string(op) + ": input " + std::to_string(k) +
                                                  " (" + inputs[k].GetName() +
                                                  ") is required but the node leaves it out"};
    }
  }
  return Status::Ok();
}

OperationRegistry& OperationRegistry::Global() {
  // Never destroyed: operations may be created and run while the process exits.
  static OperationRegistry* registry = new OperationRegistry();
  return *registry;
}

OperationRegistry& OperationRegistry::AiCpu() {
  static OperationRegistry* registry = new OperationRegistry(false);
  return *registry;
}

Status OperationRegistry::Register(std::string name, OperationFactory factory) {
  if (name.empty()) return {ErrorCode::kInvalidParam, "OperationRegistry: name is empty"};
  if (!factory) {
    return {ErrorCode::kInvalidParam, "OperationRegistry: the factory for '" + name + "' is empty"};
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (factories_.contains(name)) {
    return {ErrorCode::kInvalidParam,
            "OperationRegistry: '" + name + "' is already registered (names must be unique)"};
  }
  factories_.emplace(std::move(name), std::move(factory));
  return Status::Ok();
}

Status OperationRegistry::Create(std::string_view name, const AttrMap& attrs,
                                 std::unique_ptr<Operation>* out) const {
  if (out == nullptr) return {ErrorCode::kInvalidParam, "OperationRegistry::Create: out is null"};
  OperationFactory factory;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = factories_.find(name);
    if (it != factories_.end()) factory = it->second;
  }
  if (factory) return factory(attrs, out);
  // Operators defined the Ascend way (ours and loaded libraries') come from their OpDef.
  if (const ops::OpDef* def = answers_opdefs_ ? op_api::FindOpDef(name) : nullptr) {
    return MakeOpDefOperation(*def, attrs, out);
  }
  return {ErrorCode::kInvalidParam, "OperationRegistry: unknown operator '" + std::string(name) +
                                        "' (registered: " + JoinNames(Names()) + ")"};
}

bool OperationRegistry::Contains(std::string_view name) const {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (factories_.find(name) != factories_.end()) return true;
  }
  return answers_opdefs_ && op_api::FindOpDef(name) != nullptr;
}

std::vector<std::string> OperationRegistry::Names() const {
  std::vector<std::string> names =
      answers_opdefs_ ? op_api::OpDefNames() : std::vector<std::string>{};
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : factories_) names.push_back(entry.first);
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace opsim
