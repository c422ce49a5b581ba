// ModelProto -> graph: the tensor names of the ONNX graph become the ids of a GraphParam
// (caller's inputs, then constants, then outputs, then internals), nodes are imported one by
// one in the file's order, each with its input's description so shape inference runs as the
// graph is built.
#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "model_operation.h"
#include "onnx_model_checks.h"
#include "onnx_opdef_nodes.h"
#include "onnx_proto.h"
#include "onnx_tensor.h"
#include "opsim/framework/graph.h"
#include "opsim/framework/onnx_model.h"

namespace opsim {
namespace {

using onnx_import::CheckDeclaredOutput;
using onnx_import::DeclaredDesc;
using onnx_import::DefaultOpset;
using onnx_import::IsInitializer;
using onnx_import::ParseModel;
using onnx_import::TypeKind;

class Importer {
 public:
  Importer(const onnx::ModelProto& model, std::string what, int64_t opset)
      : graph_(model.graph()), what_(std::move(what)), opset_(opset) {}

  Status Run(const OnnxLoadOptions& options, OnnxModel* out) {
    OPSIM_RETURN_IF_ERROR(ReadInitializers());
    OPSIM_RETURN_IF_ERROR(ReadInputs(options));
    for (int i = 0; i < graph_.node_size(); ++i) {
      OPSIM_RETURN_IF_ERROR(ReadNode(static_cast<size_t>(i)));
    }
    OPSIM_RETURN_IF_ERROR(ReadOutputs());
    return Build(out);
  }

 private:
  enum class Kind { kInput, kConstant, kNode };
  struct Entry {
    Kind kind = Kind::kInput;
    TensorDesc desc;
    uint32_t id = 0;
    bool assigned = false;
  };

  Status Defined(const std::string& name, const std::string& what) {
    if (name.empty()) return {ErrorCode::kInvalidGraph, what_ + ": " + what + " has no name"};
    if (tensors_.contains(name) || constants_.contains(name)) {
      return {ErrorCode::kInvalidGraph,
              what_ + ": " + what + " '" + name + "' is defined twice (graph names are SSA)"};
    }
    return Status::Ok();
  }

  Status ReadInitializers() {
    if (graph_.sparse_initializer_size() > 0) {
      return {ErrorCode::kUnsupported, what_ + ": sparse initializers are not supported"};
    }
    for (const onnx::TensorProto& t : graph_.initializer()) {
      OPSIM_RETURN_IF_ERROR(Defined(t.name(), "initializer"));
      OnnxTensor value;
      OPSIM_RETURN_IF_ERROR(
          onnx_import::TensorFromProto(t, what_ + ": initializer '" + t.name() + "'", &value));
      value.name = t.name();
      constants_.emplace(t.name(), std::move(value));
    }
    return Status::Ok();
  }

  Status ReadInputs(const OnnxLoadOptions& options) {
    std::map<std::string, const OnnxTensor*> given;
    for (const OnnxTensor& v : options.input_values) {
      if (!given.emplace(v.name, &v).second) {
        return {ErrorCode::kInvalidParam, what_ + ": input_values names '" + v.name + "' twice"};
      }
    }
    std::string names;
    for (const onnx::ValueInfoProto& info : graph_.input()) {
      const std::string& name = info.name();
      // IR < 4 lists initializers among the inputs too: they stay constants.
      if (!name.empty() && IsInitializer(graph_, name)) continue;
      OPSIM_RETURN_IF_ERROR(Defined(name, "graph input"));
      names += (names.empty() ? "" : ", ") + name;
      const std::string what = what_ + ": graph input '" + name + "'";
      TensorDesc declared;
      const auto value = given.find(name);
      if (value == given.end()) {
        OPSIM_RETURN_IF_ERROR(DeclaredDesc(info, what, &declared));
        tensors_[name] = {Kind::kInput, declared, 0, false};
        input_order_.push_back(name);
        continue;
      }
      OPSIM_RETURN_IF_ERROR(CheckGivenValue(info, what, *value->second));
      constants_.emplace(name, *value->second);
      given.erase(value);
    }
    if (!given.empty()) {
      return {ErrorCode::kInvalidParam, what_ + ": input_values names '" + given.begin()->first +
                                            "', which is not an input of the graph (inputs: " +
                                            (names.empty() ? "none" : names) + ")"};
    }
    return Status::Ok();
  }

  // A value given at load time: its dtype and the declared dims must agree; a symbolic dim
  // takes the value's.
  Status CheckGivenValue(const onnx::ValueInfoProto& info, const std::string& what,
                         const OnnxTensor& value) {
    if (!IsKnownDType(static_cast<int32_t>(value.dtype))) {
      return {ErrorCode::kInvalidParam, what + ": the given value has an unknown dtype"};
    }
    Shape shape;
    OPSIM_RETURN_IF_ERROR(Shape::Make(value.dims.data(), value.dims.size(), &shape, what));
    const std::optional<int64_t> need = shape.NumBytes(DTypeSize(value.dtype));
    const auto bytes = static_cast<uint64_t>(need.value_or(-1));
    if (!need || value.data.size() != bytes) {
      return {ErrorCode::kInvalidTensorSize,
              what + ": the given value holds " + std::to_string(value.data.size()) +
                  " bytes but " + ToString(value.Desc()) + " needs " + std::to_string(bytes)};
    }
    if (!info.has_type()) return Status::Ok();
    // A tensor value given for a sequence (or map...) input would be read as something the model
    // does not declare.
    if (!info.type().has_tensor_type()) {
      return {ErrorCode::kUnsupported,
              what + " is " + TypeKind(info) + ", not a tensor (only tensor inputs are supported)"};
    }
    const onnx::TypeProto_Tensor& tensor = info.type().tensor_type();
    bool same = tensor.elem_type() == 0 || DTypeFromOnnx(tensor.elem_type()) == value.dtype;
    if (tensor.has_shape()) {
      same = same && static_cast<size_t>(tensor.shape().dim_size()) == value.dims.size();
      for (int i = 0; same && i < tensor.shape().dim_size(); ++i) {
        const auto& d = tensor.shape().dim(i);
        same = !d.has_dim_value() || d.dim_value() == value.dims[i];
      }
    }
    if (same) return Status::Ok();
    return {ErrorCode::kInvalidParam, what + ": the given value is " + ToString(value.Desc()) +
                                          ", which differs from the input's declared " +
                                          OnnxTypeName(tensor.elem_type()) + " type or shape"};
  }

  // A node input's description: a graph input, a constant (which then becomes an inner-graph
  // input the model binds itself) or an earlier node's output.
  Status InputDesc(const std::string& name, const std::string& label, size_t k, TensorDesc* out) {
    if (const auto c = constants_.find(name); c != constants_.end()) {
      *out = c->second.Desc();
      if (!tensors_.contains(name)) {
        tensors_[name] = {Kind::kConstant, *out, 0, false};
        constant_order_.push_back(name);
      }
      return Status::Ok();
    }
    if (const auto t = tensors_.find(name); t != tensors_.end()) {
      *out = t->second.desc;
      return Status::Ok();
    }
    return {ErrorCode::kInvalidGraph,
            label + ": input " + std::to_string(k) + " '" + name +
                "' is not a graph input, an initializer or the output of an earlier node"};
  }

  Status ReadNode(size_t index) {
    const onnx::NodeProto& node = graph_.node(static_cast<int>(index));
    const std::string label = what_ + ": " + onnx_import::NodeLabel(node, index, opset_);
    if (!onnx_import::IsOpDefNode(node)) {
      return {ErrorCode::kUnsupported,
              label + ": op type '" + node.op_type() + "' is not supported (supported: " +
                  onnx_import::OpDefList() + ", and the ops of loaded operator libraries)"};
    }
    NodeEntry entry;
    SVector<TensorDesc> in_descs;
    AttrMap attrs;
    OPSIM_RETURN_IF_ERROR(onnx_import::ReadNodeAttributes(node, label, &attrs));
    // Every input, in order, as the op's inputs; a constant a ValueDepend input reads is the
    // operation's own, a left-out one absent.
    std::vector<bool> present;
    for (int k = 0; k < node.input_size(); ++k) {
      const std::string& name = node.input(k);
      const size_t position = static_cast<size_t>(k);
      present.push_back(!name.empty());
      if (name.empty()) continue;
      const auto constant = constants_.find(name);
      std::string key;
      AttrValue value;
      if (constant != constants_.end() &&
          onnx_import::FoldConstant(node, position, constant->second, &key, &value)) {
        attrs[key] = std::move(value);
        continue;
      }
      TensorDesc desc;
      OPSIM_RETURN_IF_ERROR(InputDesc(name, label, position, &desc));
      if (in_descs.size() == SVector<TensorDesc>::kCapacity) {
        return {
            ErrorCode::kUnsupported,
            label + ": more than " + std::to_string(SVector<TensorDesc>::kCapacity) + " inputs"};
      }
      in_descs.push_back(desc);
      entry.inputs.push_back(name);
    }
    Status created = SetDynamicInputCount(node.op_type(), in_descs.size(), &attrs);
    if (created.ok()) created = MarkGivenInputs(node.op_type(), present, &attrs);
    if (created.ok()) {
      created =
          SetDynamicOutputCount(node.op_type(), static_cast<size_t>(node.output_size()), &attrs);
    }
    if (created.ok())
      created = OperationRegistry::Global().Create(node.op_type(), attrs, &entry.op);
    if (!created.ok()) return {created.code(), label + ": " + created.message()};
    SVector<TensorDesc> out_descs;
    const Status inferred = entry.op->InferShape(in_descs, out_descs);
    if (!inferred.ok()) return {inferred.code(), label + ": " + inferred.message()};
    if (static_cast<size_t>(node.output_size()) != out_descs.size()) {
      return {ErrorCode::kInvalidGraph,
              label + ": the node lists " + std::to_string(node.output_size()) +
                  " outputs but its op has " + std::to_string(out_descs.size())};
    }
    for (size_t k = 0; k < out_descs.size(); ++k) {
      const std::string& output = node.output(static_cast<int>(k));
      if (output.empty()) {
        return {ErrorCode::kUnsupported,
                label + ": output " + std::to_string(k) + " has no name (every output is kept)"};
      }
      if (tensors_.contains(output) || constants_.contains(output)) {
        return {ErrorCode::kInvalidGraph,
                label + ": output '" + output + "' is already defined (graph names are SSA)"};
      }
      tensors_[output] = {Kind::kNode, out_descs[k], 0, false};
      produced_.push_back(output);
      entry.outputs.push_back(output);
    }
    nodes_.push_back(std::move(entry));
    return Status::Ok();
  }

  Status ReadOutputs() {
    if (graph_.output_size() == 0) {
      return {ErrorCode::kInvalidGraph, what_ + ": the graph has no outputs"};
    }
    std::set<std::string> seen;
    for (const onnx::ValueInfoProto& info : graph_.output()) {
      const std::string& name = info.name();
      const std::string what = what_ + ": graph output '" + name + "'";
      if (name.empty()) return {ErrorCode::kInvalidGraph, what_ + ": a graph output has no name"};
      if (!seen.insert(name).second) return {ErrorCode::kInvalidGraph, what + " is listed twice"};
      const auto it = tensors_.find(name);
      if (it == tensors_.end() || it->second.kind != Kind::kNode) {
        const bool known = it != tensors_.end() || constants_.contains(name);
        return known ? Status{ErrorCode::kUnsupported,
                              what +
                                  " is a graph input or initializer; the importer needs every "
                                  "output written by a node"}
                     : Status{ErrorCode::kInvalidGraph,
                              what + " is never produced (no node writes it)"};
      }
      OPSIM_RETURN_IF_ERROR(CheckDeclaredOutput(info, what, it->second.desc));
      output_order_.push_back(name);
    }
    return Status::Ok();
  }

  Status Build(OnnxModel* out) {
    const size_t in_count = input_order_.size() + constant_order_.size();
    if (in_count > SVector<Tensor>::kCapacity ||
        output_order_.size() > SVector<Tensor>::kCapacity) {
      return {ErrorCode::kUnsupported,
              what_ + ": " + std::to_string(in_count) + " inputs and constants, " +
                  std::to_string(output_order_.size()) + " outputs (at most " +
                  std::to_string(SVector<Tensor>::kCapacity) + " each)"};
    }
    uint32_t next = 0;
    OnnxModel model;
    std::vector<TensorDesc> input_descs;
    std::vector<OnnxTensor> constants;
    for (const std::string& name : input_order_) {
      Assign(name, &next);
      model.inputs.push_back({name, tensors_[name].desc});
      input_descs.push_back(tensors_[name].desc);
    }
    for (const std::string& name : constant_order_) {
      Assign(name, &next);
      model.constants.push_back(name);
      constants.push_back(constants_[name]);
    }
    for (const std::string& name : output_order_) {
      Assign(name, &next);
      model.outputs.push_back({name, tensors_[name].desc});
    }
    const uint32_t outputs_end = next;
    for (const std::string& name : produced_) {
      if (!tensors_[name].assigned) Assign(name, &next);
    }
    GraphParam param;
    param.name = graph_.name().empty() ? "onnx graph" : graph_.name();
    param.inTensorNum = static_cast<uint32_t>(in_count);
    param.outTensorNum = static_cast<uint32_t>(output_order_.size());
    param.internalTensorNum = next - outputs_end;
    for (const NodeEntry& n : nodes_) {
      Node node;
      node.operation = n.op.get();
      for (const std::string& name : n.inputs) node.inTensorIds.push_back(tensors_[name].id);
      for (const std::string& name : n.outputs) node.outTensorIds.push_back(tensors_[name].id);
      param.nodes.push_back(std::move(node));
    }
    std::unique_ptr<Operation> graph;
    const Status created = CreateGraphOperation(param, &graph);
    if (!created.ok()) return {created.code(), what_ + ": " + created.message()};
    for (NodeEntry& n : nodes_) (void)n.op.release();  // the graph owns them now
    model.graph_name = param.name;
    model.opset = opset_;
    model.operation = onnx_import::MakeModelOperation(param.name, std::move(graph),
                                                      std::move(input_descs), std::move(constants));
    *out = std::move(model);
    return Status::Ok();
  }

  void Assign(const std::string& name, uint32_t* next) {
    Entry& e = tensors_[name];
    e.id = (*next)++;
    e.assigned = true;
  }

  struct NodeEntry {
    std::unique_ptr<Operation> op;
    std::vector<std::string> inputs;
    std::vector<std::string> outputs;
  };

  const onnx::GraphProto& graph_;
  std::string what_;
  int64_t opset_;
  std::map<std::string, OnnxTensor> constants_;
  std::map<std::string, Entry> tensors_;  // every name a node may read as data, and outputs
  std::vector<std::string> input_order_;
  std::vector<std::string> constant_order_;  // constants read as data, in first-use order
  std::vector<std::string> output_order_;
  std::vector<std::string> produced_;
  std::vector<NodeEntry> nodes_;
};

}  // namespace

Status LoadOnnxModel(std::string_view bytes, std::string_view what, const OnnxLoadOptions& options,
                     OnnxModel* out) {
  if (out == nullptr) return {ErrorCode::kInvalidParam, "LoadOnnxModel: out is null"};
  const std::string w(what);
  onnx::ModelProto model;
  OPSIM_RETURN_IF_ERROR(ParseModel(bytes, w, &model));
  int64_t opset = 0;
  OPSIM_RETURN_IF_ERROR(DefaultOpset(model, w, &opset));
  Importer importer(model, w, opset);
  return importer.Run(options, out);
}

Status LoadOnnxModelFile(const std::string& path, const OnnxLoadOptions& options, OnnxModel* out) {
  std::string bytes;
  OPSIM_RETURN_IF_ERROR(ReadFileBytes(path, &bytes));
  return LoadOnnxModel(bytes, path, options, out);
}

Status InspectOnnxModel(std::string_view bytes, std::string_view what, OnnxModelInfo* out) {
  if (out == nullptr) return {ErrorCode::kInvalidParam, "InspectOnnxModel: out is null"};
  const std::string w(what);
  onnx::ModelProto model;
  OPSIM_RETURN_IF_ERROR(ParseModel(bytes, w, &model));
  OnnxModelInfo info;
  OPSIM_RETURN_IF_ERROR(DefaultOpset(model, w, &info.opset));
  const onnx::GraphProto& graph = model.graph();
  info.graph_name = graph.name();
  for (const onnx::ValueInfoProto& in : graph.input()) {
    if (!IsInitializer(graph, in.name())) info.inputs.push_back(in.name());
  }
  for (const onnx::ValueInfoProto& o : graph.output()) info.outputs.push_back(o.name());
  std::set<std::string> unsupported;
  for (const onnx::NodeProto& node : graph.node()) {
    if (onnx_import::IsOpDefNode(node)) continue;
    unsupported.insert(onnx_import::IsDefaultDomain(node.domain())
                           ? node.op_type()
                           : node.domain() + ":" + node.op_type());
  }
  info.unsupported_ops.assign(unsupported.begin(), unsupported.end());
  *out = std::move(info);
  return Status::Ok();
}

}  // namespace opsim
