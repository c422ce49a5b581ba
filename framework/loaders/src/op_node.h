// The parts a single-op description and a graph node share: resolving `op` and `reading` to a
// registry name, reading `params`, creating the operation, tensor entries, and shape inference,
// each error as kConfigError at the node it comes from.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "opsim/framework/description_loader.h"
#include "yaml_read.h"

namespace opsim::loaders {

struct OpSpec {
  std::string op_type;
  std::string registry_name;
  std::string reading;
  AttrMap attrs;
  std::unique_ptr<Operation> operation;
};

// Reads the `op`, optional `reading` and optional `params` keys of `node` (a mapping whose keys
// the caller has checked) and creates the operation in the global registry.
Status CreateOpFromNode(const YamlFile& file, const YAML::Node& node, OpSpec* out);

// A tensor entry {name, shape, dtype}. With require_desc false, shape and dtype may both be left
// out (*has_desc false); giving only one of them is an error.
Status ReadTensorEntry(const YamlFile& file, const YAML::Node& node, std::string_view what,
                       bool require_desc, NamedTensorDesc* out, bool* has_desc);

// InferShape on `in`; its error becomes kConfigError at `at` naming `what`.
Status InferOutputs(const YamlFile& file, const YAML::Node& at, std::string_view what,
                    const Operation& operation, const std::vector<TensorDesc>& in,
                    std::vector<TensorDesc>* out);

// A declared output description against the inferred one (kConfigError at `at`).
Status CheckDeclaredOutput(const YamlFile& file, const YAML::Node& at,
                           const NamedTensorDesc& declared, const TensorDesc& inferred);

}  // namespace opsim::loaders
