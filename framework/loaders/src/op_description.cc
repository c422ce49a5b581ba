#include <cctype>
#include <utility>

#include "op_node.h"

namespace opsim {

using loaders::ConfigError;
using loaders::YamlFile;

std::string ReadingOf(const std::string& registry_name) {
  const size_t dot = registry_name.find('.');
  if (dot == std::string::npos) return "";
  std::string reading = registry_name.substr(0, dot);
  for (char& c : reading) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return reading;
}

namespace {

// The optional `outputs` list: a name for each output the op infers, and, where an entry gives a
// description, that description checked against the inferred one.
Status ReadDeclaredOutputs(const YamlFile& file, const Operation& operation,
                           const std::vector<TensorDesc>& out_descs, LoadedOp* loaded) {
  const YAML::Node outputs = file.root["outputs"];
  if (!outputs.IsDefined()) return Status::Ok();
  if (!outputs.IsSequence()) {
    return ConfigError(file, outputs, "outputs",
                       "expected a sequence of tensors, got " + loaders::DescribeNode(outputs));
  }
  if (outputs.size() != out_descs.size()) {
    return ConfigError(file, outputs, "outputs",
                       std::to_string(outputs.size()) + " outputs declared but " +
                           operation.GetName() + " has " + std::to_string(out_descs.size()));
  }
  for (size_t i = 0; i < out_descs.size(); ++i) {
    NamedTensorDesc declared;
    bool has_desc = false;
    OPSIM_RETURN_IF_ERROR(loaders::ReadTensorEntry(file, outputs[i], "an output",
                                                   /*require_desc=*/false, &declared, &has_desc));
    for (const NamedTensorDesc& in : loaded->inputs) {
      if (in.name == declared.name) {
        return ConfigError(file, outputs[i]["name"], "name",
                           "output '" + declared.name + "' has the name of an input");
      }
    }
    if (has_desc) {
      OPSIM_RETURN_IF_ERROR(loaders::CheckDeclaredOutput(file, outputs[i], declared, out_descs[i]));
    }
    loaded->outputs[i].name = declared.name;
  }
  return Status::Ok();
}

}  // namespace

Status LoadOpDescription(const std::string& path, LoadedOp* out) {
  if (out == nullptr) return {ErrorCode::kInvalidParam, "LoadOpDescription: out is null"};
  YamlFile file;
  OPSIM_RETURN_IF_ERROR(loaders::ParseYamlFile(path, &file));
  static constexpr std::string_view kKeys[] = {"op", "reading", "params", "inputs", "outputs"};
  static constexpr std::string_view kRequired[] = {"op", "inputs"};
  OPSIM_RETURN_IF_ERROR(
      loaders::CheckMapping(file, file.root, "an op description", kKeys, kRequired));
  loaders::OpSpec spec;
  OPSIM_RETURN_IF_ERROR(loaders::CreateOpFromNode(file, file.root, &spec));

  LoadedOp loaded;
  const YAML::Node inputs = file.root["inputs"];
  if (!inputs.IsSequence()) {
    return ConfigError(file, inputs, "inputs",
                       "expected a sequence of tensors, got " + loaders::DescribeNode(inputs));
  }
  std::vector<TensorDesc> in_descs;
  for (const YAML::Node& entry : inputs) {
    NamedTensorDesc tensor;
    OPSIM_RETURN_IF_ERROR(
        loaders::ReadTensorEntry(file, entry, "an input", /*require_desc=*/true, &tensor, nullptr));
    for (const NamedTensorDesc& seen : loaded.inputs) {
      if (seen.name == tensor.name) {
        return ConfigError(file, entry["name"], "name",
                           "input '" + tensor.name + "' is declared twice");
      }
    }
    in_descs.push_back(tensor.desc);
    loaded.inputs.push_back(std::move(tensor));
  }
  if (in_descs.size() != spec.operation->GetInputNum()) {
    return ConfigError(file, inputs, "inputs",
                       std::to_string(in_descs.size()) + " inputs given but " +
                           spec.operation->GetName() + " takes " +
                           std::to_string(spec.operation->GetInputNum()));
  }
  std::vector<TensorDesc> out_descs;
  OPSIM_RETURN_IF_ERROR(loaders::InferOutputs(file, inputs, spec.operation->GetName(),
                                              *spec.operation, in_descs, &out_descs));
  for (size_t i = 0; i < out_descs.size(); ++i) {
    std::string name = "y";
    if (i > 0) name.append(std::to_string(i));
    loaded.outputs.push_back({std::move(name), out_descs[i]});
  }
  OPSIM_RETURN_IF_ERROR(ReadDeclaredOutputs(file, *spec.operation, out_descs, &loaded));
  loaded.op_type = std::move(spec.op_type);
  loaded.registry_name = std::move(spec.registry_name);
  loaded.reading = std::move(spec.reading);
  loaded.attrs = std::move(spec.attrs);
  loaded.operation = std::move(spec.operation);
  *out = std::move(loaded);
  return Status::Ok();
}

}  // namespace opsim
