// ONNX models (docs/ONNX.md): load a .onnx file into a graph of registry operations, and a
// serialised TensorProto (.pb) into a host buffer. Protobuf stays behind this header: callers
// see opsim types only.
//
// Errors: a file that cannot be opened or does not parse is kIoError; a tensor payload whose
// size differs from its shape is kInvalidTensorSize; an op type, dtype or model feature the
// importer does not have is kUnsupported naming the node, its op type and its opset; a graph
// that refers to a name nothing defines, or defines a name twice, is kInvalidGraph; bad
// attributes or axes are the operator's own code, prefixed with the node.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/description_loader.h"

namespace opsim {

// A dense tensor in host memory: little-endian elements in row-major order.
struct OnnxTensor {
  std::string name;
  DType dtype = DType::kFloat32;
  std::vector<int64_t> dims;
  std::vector<uint8_t> data;

  TensorDesc Desc() const;  // ND
};

struct OnnxLoadOptions {
  // Values of graph inputs known at load time. Each becomes a constant of the loaded model,
  // exactly as an initializer would: it may then feed a node's axes, and it is no longer one of
  // the model's inputs. Its dtype and dims must match the input's declaration.
  std::vector<OnnxTensor> input_values;
};

// A loaded model. `operation` takes `inputs` (in this order) and writes `outputs`; it binds the
// constants (initializers and input_values that feed a node's data input) itself, as pre-filled
// inputs of the inner graph.
struct OnnxModel {
  std::string graph_name;
  int64_t opset = 0;  // of the default ONNX domain
  std::vector<NamedTensorDesc> inputs;
  std::vector<NamedTensorDesc> outputs;
  std::vector<std::string> constants;  // bound inside `operation`, in its inner-graph order
  std::unique_ptr<Operation> operation;
};

// What a model holds, without importing it: for a runner that must bind inputs by position or
// skip a model whose ops the importer does not have.
struct OnnxModelInfo {
  std::string graph_name;
  int64_t opset = 0;
  std::vector<std::string> inputs;  // graph inputs that are not initializers, in order
  std::vector<std::string> outputs;
  // Op types with no importer, sorted and unique; "domain:Op" outside the default domain.
  std::vector<std::string> unsupported_ops;
};

// `what` names the model in messages (a file name, "model").
Status LoadOnnxModel(std::string_view bytes, std::string_view what, const OnnxLoadOptions& options,
                     OnnxModel* out);
Status LoadOnnxModelFile(const std::string& path, const OnnxLoadOptions& options, OnnxModel* out);
Status InspectOnnxModel(std::string_view bytes, std::string_view what, OnnxModelInfo* out);

// A serialised onnx.TensorProto: raw_data or the typed field ONNX packs the dtype in
// (float_data, double_data, int64_data, uint64_data for uint32/uint64, int32_data for int32,
// int8, uint8, bool and the bits of float16/bfloat16).
Status LoadOnnxTensor(std::string_view bytes, std::string_view what, OnnxTensor* out);
Status LoadOnnxTensorFile(const std::string& path, OnnxTensor* out);

// ONNX TensorProto.DataType -> DType; nullopt for the ones opsim does not have.
std::optional<DType> DTypeFromOnnx(int32_t onnx_type);
// "FLOAT", "BOOL", ...; "DataType(<n>)" for an unknown value.
std::string OnnxTypeName(int32_t onnx_type);

// The file's bytes (a regular file of at most 2 GiB: ReadRegularFile), or its kIoError.
Status ReadFileBytes(const std::string& path, std::string* out);

}  // namespace opsim
