#include <filesystem>
#include <map>
#include <utility>

#include "op_node.h"
#include "opsim/core/file_read.h"
#include "opsim/framework/graph.h"

namespace opsim {
namespace {

using loaders::ConfigError;
using loaders::YamlFile;

struct TensorInfo {
  TensorDesc desc;
  int producer = -1;  // node index; -1 for a graph input
  YAML::Node mark;    // where it was defined
  uint32_t id = 0;
};

std::string Line(const YAML::Node& node) {
  return node.Mark().line >= 0 ? " at line " + std::to_string(node.Mark().line + 1) : "";
}

// For "used before defined": the first later node whose outputs list names `name`. Later nodes
// are not checked yet: one that is no mapping or has no outputs list names nothing (and is
// refused when its turn comes). yaml-cpp throws on a missing key's node, hence IsDefined first.
int LaterProducer(const YAML::Node& nodes, size_t after, const std::string& name) {
  for (size_t j = after + 1; j < nodes.size(); ++j) {
    if (!nodes[j].IsMap()) continue;
    const YAML::Node outs = nodes[j]["outputs"];
    if (!outs.IsDefined() || !outs.IsSequence()) continue;
    for (const YAML::Node& o : outs) {
      if (o.IsScalar() && o.Scalar() == name) return static_cast<int>(j);
    }
  }
  return -1;
}

// The graph files a top-level load reads: the chain now open (to refuse a file that includes
// itself) and how many were read in all, both bounded so that a deep or exponential inclusion
// (each file including the next twice) fails clearly instead of running for hours.
struct Includes {
  std::vector<std::string> stack;
  size_t loaded = 0;
};
constexpr size_t kMaxNesting = 64;
constexpr size_t kMaxIncludes = 4096;

class GraphReader {
 public:
  explicit GraphReader(Includes* includes) : includes_(includes) {}

  Status Read(const std::string& path, LoadedGraph* out) {
    OPSIM_RETURN_IF_ERROR(loaders::ParseYamlFile(path, &file_));
    static constexpr std::string_view kKeys[] = {"graph", "inputs", "outputs", "nodes"};
    OPSIM_RETURN_IF_ERROR(
        loaders::CheckMapping(file_, file_.root, "a graph description", kKeys, kKeys));
    LoadedGraph graph;
    OPSIM_RETURN_IF_ERROR(loaders::ReadString(file_, file_.root["graph"], "graph", &graph.name));
    OPSIM_RETURN_IF_ERROR(ReadInputs(&graph));
    OPSIM_RETURN_IF_ERROR(ReadOutputNames());
    const YAML::Node nodes = file_.root["nodes"];
    if (!nodes.IsSequence() || nodes.size() == 0) {
      return ConfigError(
          file_, nodes, "nodes",
          "expected a non-empty sequence of nodes, got " + loaders::DescribeNode(nodes));
    }
    for (size_t i = 0; i < nodes.size(); ++i) OPSIM_RETURN_IF_ERROR(ReadNode(nodes, i));
    return Finish(&graph, out);
  }

 private:
  Status ReadInputs(LoadedGraph* graph) {
    const YAML::Node inputs = file_.root["inputs"];
    if (!inputs.IsSequence() || inputs.size() == 0) {
      return ConfigError(
          file_, inputs, "inputs",
          "expected a non-empty sequence of tensors, got " + loaders::DescribeNode(inputs));
    }
    for (const YAML::Node& entry : inputs) {
      NamedTensorDesc tensor;
      OPSIM_RETURN_IF_ERROR(
          loaders::ReadTensorEntry(file_, entry, "a graph input", true, &tensor, nullptr));
      if (tensors_.contains(tensor.name)) {
        return ConfigError(file_, entry["name"], "name",
                           "tensor '" + tensor.name + "' is declared twice");
      }
      tensors_[tensor.name] = {tensor.desc, -1, entry, static_cast<uint32_t>(graph->inputs.size())};
      graph->inputs.push_back(std::move(tensor));
    }
    return Status::Ok();
  }

  // outputs: a name, or {name, shape, dtype} to check against inference.
  Status ReadOutputNames() {
    const YAML::Node outputs = file_.root["outputs"];
    if (!outputs.IsSequence() || outputs.size() == 0) {
      return ConfigError(
          file_, outputs, "outputs",
          "expected a non-empty sequence of tensor names, got " + loaders::DescribeNode(outputs));
    }
    for (const YAML::Node& entry : outputs) {
      DeclaredOutput declared;
      declared.mark = entry;
      if (entry.IsMap()) {
        OPSIM_RETURN_IF_ERROR(loaders::ReadTensorEntry(file_, entry, "a graph output", false,
                                                       &declared.tensor, &declared.has_desc));
      } else {
        OPSIM_RETURN_IF_ERROR(loaders::ReadString(file_, entry, "outputs", &declared.tensor.name));
      }
      const std::string& name = declared.tensor.name;
      if (tensors_.contains(name)) {
        return ConfigError(
            file_, entry, "outputs",
            "graph output '" + name + "' is a graph input (an output must be written by a node)");
      }
      for (const DeclaredOutput& seen : outputs_) {
        if (seen.tensor.name == name) {
          return ConfigError(file_, entry, "outputs",
                             "graph output '" + name + "' is listed twice");
        }
      }
      outputs_.push_back(std::move(declared));
    }
    return Status::Ok();
  }

  Status CreateNodeOperation(const YAML::Node& node, std::string* label,
                             std::unique_ptr<Operation>* op) {
    if (node["graph"].IsDefined()) {
      for (std::string_view key : {"op", "reading", "params"}) {
        if (node[std::string(key)].IsDefined()) {
          return ConfigError(file_, loaders::KeyNode(node, key), key,
                             "a node gives either 'op' or 'graph', and a graph node takes no '" +
                                 std::string(key) + "'");
        }
      }
      std::string rel;
      OPSIM_RETURN_IF_ERROR(loaders::ReadString(file_, node["graph"], "graph", &rel));
      const std::filesystem::path base = std::filesystem::path(file_.path).parent_path();
      const std::string sub_path = (base / rel).lexically_normal().string();
      const std::string key = ComparablePath(sub_path);
      for (const std::string& open : includes_->stack) {
        if (open == key) {
          return ConfigError(file_, node["graph"], "graph",
                             "graph file '" + rel + "' includes itself (through " + open + ")");
        }
      }
      if (includes_->stack.size() >= kMaxNesting) {
        return ConfigError(file_, node["graph"], "graph",
                           "graph files nest more than " + std::to_string(kMaxNesting) +
                               " deep (at '" + rel + "')");
      }
      if (++includes_->loaded > kMaxIncludes) {
        return ConfigError(file_, node["graph"], "graph",
                           "the graph includes more than " + std::to_string(kMaxIncludes) +
                               " graph files in all (each inclusion counts; a file that includes "
                               "the next one twice doubles them at every level)");
      }
      includes_->stack.push_back(key);
      LoadedGraph sub;
      GraphReader reader(includes_);
      const Status loaded = reader.Read(sub_path, &sub);
      includes_->stack.pop_back();
      if (!loaded.ok()) {
        return ConfigError(file_, node["graph"], "graph",
                           "cannot load graph '" + rel + "': " + loaded.message());
      }
      *label += " (graph " + sub.name + ")";
      *op = std::move(sub.operation);
      return Status::Ok();
    }
    if (!node["op"].IsDefined()) {
      return ConfigError(file_, node, "op", "missing key in a node (give 'op' or 'graph')");
    }
    loaders::OpSpec spec;
    OPSIM_RETURN_IF_ERROR(loaders::CreateOpFromNode(file_, node, &spec));
    *label += " (" + spec.registry_name + ")";
    *op = std::move(spec.operation);
    return Status::Ok();
  }

  Status ReadNode(const YAML::Node& nodes, size_t index) {
    const YAML::Node node = nodes[index];
    static constexpr std::string_view kKeys[] = {"name",  "op",     "reading", "params",
                                                 "graph", "inputs", "outputs"};
    static constexpr std::string_view kRequired[] = {"inputs", "outputs"};
    OPSIM_RETURN_IF_ERROR(loaders::CheckMapping(file_, node, "a node", kKeys, kRequired));
    std::string label = "nodes[" + std::to_string(index) + "]";
    if (node["name"].IsDefined()) {
      std::string name;
      OPSIM_RETURN_IF_ERROR(loaders::ReadString(file_, node["name"], "name", &name));
      label = "node '" + name + "'";
    }
    std::unique_ptr<Operation> op;
    OPSIM_RETURN_IF_ERROR(CreateNodeOperation(node, &label, &op));

    std::vector<std::string> in_names;
    OPSIM_RETURN_IF_ERROR(loaders::ReadNameList(file_, node["inputs"], "inputs", &in_names));
    if (in_names.size() != op->GetInputNum()) {
      return ConfigError(file_, node["inputs"], "inputs",
                         label + " names " + std::to_string(in_names.size()) +
                             " inputs but its operation takes " +
                             std::to_string(op->GetInputNum()));
    }
    std::vector<TensorDesc> in_descs;
    for (size_t k = 0; k < in_names.size(); ++k) {
      const std::string& name = in_names[k];
      const auto it = tensors_.find(name);
      if (it == tensors_.end()) {
        const int later = LaterProducer(nodes, index, name);
        const std::string why =
            later >= 0 ? "is read before it is written (nodes[" + std::to_string(later) +
                             "] writes it; nodes run in the order given)"
                       : "is never produced (not a graph input and no node writes it)";
        return ConfigError(file_, node["inputs"][k], "inputs",
                           label + " input '" + name + "' " + why);
      }
      in_descs.push_back(it->second.desc);
    }
    std::vector<TensorDesc> out_descs;
    OPSIM_RETURN_IF_ERROR(loaders::InferOutputs(file_, node, label, *op, in_descs, &out_descs));

    std::vector<std::string> out_names;
    OPSIM_RETURN_IF_ERROR(loaders::ReadNameList(file_, node["outputs"], "outputs", &out_names));
    if (out_names.size() != out_descs.size()) {
      return ConfigError(file_, node["outputs"], "outputs",
                         label + " names " + std::to_string(out_names.size()) +
                             " outputs but its operation has " + std::to_string(out_descs.size()));
    }
    for (size_t k = 0; k < out_names.size(); ++k) {
      const std::string& name = out_names[k];
      const auto it = tensors_.find(name);
      if (it != tensors_.end()) {
        const std::string first = it->second.producer < 0
                                      ? "it is a graph input" + Line(it->second.mark)
                                      : "nodes[" + std::to_string(it->second.producer) +
                                            "] already writes it" + Line(it->second.mark);
        return ConfigError(file_, node["outputs"][k], "outputs",
                           label + " output '" + name + "' is produced twice (" + first + ")");
      }
      tensors_[name] = {out_descs[k], static_cast<int>(index), node["outputs"][k], 0};
      produced_.push_back(name);
    }
    node_in_names_.push_back(std::move(in_names));
    node_out_names_.push_back(std::move(out_names));
    ops_.push_back(std::move(op));
    return Status::Ok();
  }

  Status Finish(LoadedGraph* graph, LoadedGraph* out) {
    const auto in_count = static_cast<uint32_t>(graph->inputs.size());
    uint32_t next = in_count;
    for (const DeclaredOutput& declared : outputs_) {
      const auto it = tensors_.find(declared.tensor.name);
      if (it == tensors_.end()) {
        return ConfigError(
            file_, declared.mark, "outputs",
            "graph output '" + declared.tensor.name + "' is never produced (no node writes it)");
      }
      if (declared.has_desc) {
        OPSIM_RETURN_IF_ERROR(
            loaders::CheckDeclaredOutput(file_, declared.mark, declared.tensor, it->second.desc));
      }
      it->second.id = next++;
      graph->outputs.push_back({declared.tensor.name, it->second.desc});
    }
    const uint32_t out_end = next;
    for (const std::string& name : produced_) {
      TensorInfo& info = tensors_[name];
      if (info.id >= in_count && info.id < out_end) continue;
      info.id = next++;
      graph->internals.push_back(name);
    }
    GraphParam param;
    param.name = graph->name;
    param.inTensorNum = in_count;
    param.outTensorNum = out_end - in_count;
    param.internalTensorNum = next - out_end;
    for (size_t i = 0; i < ops_.size(); ++i) {
      Node node;
      node.operation = ops_[i].get();
      for (const std::string& n : node_in_names_[i]) node.inTensorIds.push_back(tensors_[n].id);
      for (const std::string& n : node_out_names_[i]) node.outTensorIds.push_back(tensors_[n].id);
      param.nodes.push_back(std::move(node));
    }
    const Status created = CreateGraphOperation(param, &graph->operation);
    if (!created.ok()) {
      return ConfigError(file_, file_.root["nodes"], "nodes",
                         "the graph is refused: " + created.message());
    }
    for (std::unique_ptr<Operation>& op : ops_) (void)op.release();  // the graph owns them now
    *out = std::move(*graph);
    return Status::Ok();
  }

  struct DeclaredOutput {
    NamedTensorDesc tensor;
    bool has_desc = false;
    YAML::Node mark;
  };

  Includes* includes_;
  YamlFile file_;
  std::map<std::string, TensorInfo, std::less<>> tensors_;
  std::vector<DeclaredOutput> outputs_;
  std::vector<std::string> produced_;  // in the order nodes write them
  std::vector<std::vector<std::string>> node_in_names_;
  std::vector<std::vector<std::string>> node_out_names_;
  std::vector<std::unique_ptr<Operation>> ops_;
};

}  // namespace

Status LoadGraphDescription(const std::string& path, LoadedGraph* out) {
  if (out == nullptr) return {ErrorCode::kInvalidParam, "LoadGraphDescription: out is null"};
  Includes includes;
  includes.stack = {ComparablePath(path)};
  GraphReader reader(&includes);
  return reader.Read(path, out);
}

}  // namespace opsim
