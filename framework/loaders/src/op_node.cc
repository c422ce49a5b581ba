#include "op_node.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace opsim::loaders {
namespace {

// The readings are the namespaces of the registered op types ("OpenVINO" of
// "OpenVINO.ReduceSum"), written in lower case.
std::vector<std::string> Readings() {
  std::vector<std::string> readings;
  for (const std::string& name : OperationRegistry::Global().Names()) {
    const std::string reading = ReadingOf(name);
    if (!reading.empty() &&
        std::find(readings.begin(), readings.end(), reading) == readings.end()) {
      readings.push_back(reading);
    }
  }
  return readings;
}

// "OpenVINO." for "openvino": the namespace as the registry spells it.
std::string NamespacePrefix(const std::string& reading) {
  for (const std::string& name : OperationRegistry::Global().Names()) {
    if (!ReadingOf(name).empty() && ReadingOf(name) == reading) {
      return name.substr(0, name.find('.') + 1);
    }
  }
  return "";
}

// The factories name a bad attribute as "attribute 'k'" or "unknown attribute 'k' (known: a,
// b)" (operation_registry.h): point at that key and suggest the nearest known one.
Status FactoryError(const YamlFile& file, const YAML::Node& node, const YAML::Node& params,
                    const Status& status) {
  const std::string& message = status.message();
  std::string key;
  const size_t at = message.find("attribute '");
  if (at != std::string::npos) {
    const size_t begin = at + 11;
    const size_t end = message.find('\'', begin);
    if (end != std::string::npos) key = message.substr(begin, end - begin);
  }
  const bool in_params = !key.empty() && params.IsMap() && params[key].IsDefined();
  std::string what = message;
  const size_t known_at = message.find("(known: ");
  if (message.find("unknown attribute '") != std::string::npos && known_at != std::string::npos) {
    const size_t close = message.find(')', known_at);
    const std::string list = message.substr(known_at + 8, close - known_at - 8);
    std::vector<std::string> names;
    for (size_t pos = 0; pos <= list.size();) {
      const size_t comma = list.find(", ", pos);
      names.push_back(
          list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
      if (comma == std::string::npos) break;
      pos = comma + 2;
    }
    const std::vector<std::string_view> views(names.begin(), names.end());
    const std::string_view nearest = NearestName(key, views);
    if (!nearest.empty() && list != "none") {
      what += " (did you mean '" + std::string(nearest) + "'?)";
    }
  }
  if (in_params) return ConfigError(file, KeyNode(params, key), "params." + key, what);
  return ConfigError(file, params.IsDefined() ? params : node, "params", what);
}

}  // namespace

Status CreateOpFromNode(const YamlFile& file, const YAML::Node& node, OpSpec* out) {
  OpSpec spec;
  const YAML::Node op = node["op"];
  OPSIM_RETURN_IF_ERROR(ReadString(file, op, "op", &spec.op_type));
  spec.registry_name = spec.op_type;
  const YAML::Node reading = node["reading"];
  if (reading.IsDefined()) {
    OPSIM_RETURN_IF_ERROR(ReadString(file, reading, "reading", &spec.reading));
    const std::vector<std::string> readings = Readings();
    const std::vector<std::string_view> views(readings.begin(), readings.end());
    if (std::find(readings.begin(), readings.end(), spec.reading) == readings.end()) {
      return ConfigError(file, reading, "reading",
                         "unknown reading '" + spec.reading + "' (did you mean '" +
                             std::string(NearestName(spec.reading, views)) +
                             "'? expected one of: " + JoinNames(views) + ")");
    }
    if (!ReadingOf(spec.op_type).empty()) {
      return ConfigError(file, reading, "reading",
                         "op '" + spec.op_type +
                             "' names its reading already (leave 'reading' out, or write the op "
                             "without its namespace)");
    }
    spec.registry_name = NamespacePrefix(spec.reading) + spec.op_type;
  }
  const OperationRegistry& registry = OperationRegistry::Global();
  if (!registry.Contains(spec.registry_name)) {
    const std::vector<std::string> names = registry.Names();
    const std::vector<std::string_view> views(names.begin(), names.end());
    return ConfigError(file, op, "op",
                       "unknown op type '" + spec.registry_name + "' (did you mean '" +
                           std::string(NearestName(spec.registry_name, views)) +
                           "'? registered: " + JoinNames(views) + ")");
  }
  spec.reading = ReadingOf(spec.registry_name);
  const YAML::Node params = node["params"];
  if (params.IsDefined() && !params.IsNull()) {
    if (!params.IsMap()) {
      return ConfigError(file, params, "params", "expected a mapping, got " + DescribeNode(params));
    }
    for (auto it = params.begin(); it != params.end(); ++it) {
      std::string key;
      OPSIM_RETURN_IF_ERROR(ReadString(file, it->first, "params", &key));
      AttrValue value;
      OPSIM_RETURN_IF_ERROR(ReadAttr(file, it->second, "params." + key, &value));
      spec.attrs.emplace(std::move(key), std::move(value));
    }
  }
  // How many tensors a DYNAMIC input takes, and which OPTIONAL inputs are left out, follow from
  // the node's input list.
  if (const YAML::Node inputs = node["inputs"]; inputs.IsDefined() && inputs.IsSequence()) {
    Status counted = SetDynamicInputCount(spec.registry_name, inputs.size(), &spec.attrs);
    if (counted.ok()) {
      counted =
          MarkGivenInputs(spec.registry_name, std::vector<bool>(inputs.size(), true), &spec.attrs);
    }
    if (!counted.ok()) return ConfigError(file, inputs, "inputs", counted.message());
  }
  // A key the node lacks gives an invalid node, whose IsSequence() throws: the unknown-key check
  // after this one reports the node's misspelt key.
  if (const YAML::Node outputs = node["outputs"]; outputs.IsDefined() && outputs.IsSequence()) {
    const Status counted = SetDynamicOutputCount(spec.registry_name, outputs.size(), &spec.attrs);
    if (!counted.ok()) return ConfigError(file, outputs, "outputs", counted.message());
  }
  const Status created = registry.Create(spec.registry_name, spec.attrs, &spec.operation);
  if (!created.ok()) return FactoryError(file, node, params, created);
  *out = std::move(spec);
  return Status::Ok();
}

Status ReadTensorEntry(const YamlFile& file, const YAML::Node& node, std::string_view what,
                       bool require_desc, NamedTensorDesc* out, bool* has_desc) {
  static constexpr std::string_view kKeys[] = {"name", "shape", "dtype"};
  static constexpr std::string_view kRequired[] = {"name", "shape", "dtype"};
  static constexpr std::string_view kName[] = {"name"};
  OPSIM_RETURN_IF_ERROR(CheckMapping(file, node, what, kKeys,
                                     require_desc ? std::span<const std::string_view>(kRequired)
                                                  : std::span<const std::string_view>(kName)));
  NamedTensorDesc entry;
  OPSIM_RETURN_IF_ERROR(ReadString(file, node["name"], "name", &entry.name));
  const bool shape = node["shape"].IsDefined();
  const bool dtype = node["dtype"].IsDefined();
  if (shape != dtype) {
    return ConfigError(
        file, node, shape ? "dtype" : "shape",
        "missing key in " + std::string(what) + " (give both shape and dtype, or neither)");
  }
  entry.desc.format = ACL_FORMAT_ND;
  if (shape) {
    OPSIM_RETURN_IF_ERROR(ReadShape(file, node["shape"], "shape", &entry.desc.shape));
    OPSIM_RETURN_IF_ERROR(ReadDType(file, node["dtype"], "dtype", &entry.desc.dtype));
  }
  *out = std::move(entry);
  if (has_desc != nullptr) *has_desc = shape;
  return Status::Ok();
}

Status InferOutputs(const YamlFile& file, const YAML::Node& at, std::string_view what,
                    const Operation& operation, const std::vector<TensorDesc>& in,
                    std::vector<TensorDesc>* out) {
  SVector<TensorDesc> in_descs;
  for (const TensorDesc& d : in) in_descs.push_back(d);
  SVector<TensorDesc> out_descs;
  const Status inferred = operation.InferShape(in_descs, out_descs);
  if (!inferred.ok()) {
    return ConfigError(file, at, "",
                       std::string(what) + ": shape inference failed: " + inferred.message());
  }
  out->assign(out_descs.begin(), out_descs.end());
  return Status::Ok();
}

Status CheckDeclaredOutput(const YamlFile& file, const YAML::Node& at,
                           const NamedTensorDesc& declared, const TensorDesc& inferred) {
  if (declared.desc == inferred) return Status::Ok();
  return ConfigError(file, at, declared.name,
                     "declared as " + ToString(declared.desc) + " but shape inference gives " +
                         ToString(inferred));
}

}  // namespace opsim::loaders
