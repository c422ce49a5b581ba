// YAML op and graph descriptions (docs/YAML.md): load a file, create its Operation through the
// registry, and report the tensors a caller must bind.
//
// Every error in a file is kConfigError "<file>:<line>:<col>: '<key>': <what>": unknown keys
// (with the nearest valid key), wrong types, unknown op types (with the registered ones), bad
// dtypes, parameters the operator refuses, shapes inference refuses, declared outputs that
// differ from inference, and tensor names used before they are defined, never produced or
// produced twice. A file that cannot be read is kIoError (ReadRegularFile: "<file>: cannot open for
// reading: ...").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"

namespace opsim {

struct NamedTensorDesc {
  std::string name;
  TensorDesc desc;
};

// One operator: `op` as written, the registry name it resolved to, its reading (the name's
// namespace: "openvino", or ""), its parameters, and the input and output tensors (outputs from
// shape inference, named as the file names them or "y", "y1", ... when it does not).
struct LoadedOp {
  std::string op_type;
  std::string registry_name;
  std::string reading;
  AttrMap attrs;
  std::vector<NamedTensorDesc> inputs;
  std::vector<NamedTensorDesc> outputs;
  std::unique_ptr<Operation> operation;
};

// A graph: its name, the graph inputs and outputs in id order (inputs, then outputs; the
// VariantPack of operation->Setup/Execute takes them in this order), the internal tensor names
// in id order, and the graph Operation (which owns its nodes' operations).
struct LoadedGraph {
  std::string name;
  std::vector<NamedTensorDesc> inputs;
  std::vector<NamedTensorDesc> outputs;
  std::vector<std::string> internals;
  std::unique_ptr<Operation> operation;
};

// The registry names are resolved in OperationRegistry::Global().
Status LoadOpDescription(const std::string& path, LoadedOp* out);
Status LoadGraphDescription(const std::string& path, LoadedGraph* out);

// The reading of a registry name: its namespace in lower case ("openvino" for
// "OpenVINO.ReduceSum"), "" for a name without one. `reading: openvino` with `op: ReduceSum`
// names "OpenVINO.ReduceSum".
std::string ReadingOf(const std::string& registry_name);

}  // namespace opsim
