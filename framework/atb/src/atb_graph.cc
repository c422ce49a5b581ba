// CreateOperation(GraphParam): ATB's graph over opsim's graph runtime. The nodes must be
// operations the facade created; on success the graph owns them (and destroys them with itself),
// as in ATB; on error the caller still does.
#include <set>
#include <string>
#include <utility>

#include "atb_convert.h"
#include "atb_log.h"
#include "atb_objects.h"
#include "opsim/framework/graph.h"

namespace opsim::atb_facade {
namespace {

Status GraphError(const atb::GraphParam& param, const std::string& what) {
  return {ErrorCode::kInvalidGraph, "graph '" + param.name + "': " + what};
}

// The opsim graph over the nodes' opsim operations (still owned by their objects).
Status ToOpsimGraph(const atb::GraphParam& param, opsim::GraphParam* out) {
  out->name = param.name;
  out->inTensorNum = param.inTensorNum;
  out->outTensorNum = param.outTensorNum;
  out->internalTensorNum = param.internalTensorNum;
  for (size_t i = 0; i < param.nodes.size(); ++i) {
    const atb::Node& node = param.nodes[i];
    const std::string name = "node[" + std::to_string(i) + "]";
    opsim::Node converted;
    if (node.operation != nullptr) {
      OperationObject* object = AsOperationObject(node.operation);
      if (object == nullptr) {
        return GraphError(param, name + ": operation was not created by atb::CreateOperation");
      }
      if (object->in_graph()) {
        return GraphError(
            param, name + ": operation " + object->GetName() + " already belongs to another graph");
      }
      converted.operation = object->impl();
    }
    for (const atb::ReshapeFunc& f : node.inTensorReshapeFuncs) {
      if (f) {
        return GraphError(param, name +
                                     ": inTensorReshapeFuncs are not modelled by opsim (give "
                                     "the node tensors of the shapes it takes)");
      }
    }
    for (const atb::Chunk& c : node.inTensorChunks) {
      if (c.chunkNum != 1 || c.chunkIndex != 0) {
        return GraphError(param, name + ": inTensorChunks are not modelled by opsim (chunkNum " +
                                     std::to_string(c.chunkNum) + ")");
      }
    }
    if (node.inTensorIds.size() > converted.inTensorIds.capacity() ||
        node.outTensorIds.size() > converted.outTensorIds.capacity()) {
      return GraphError(param, name + ": more than 64 tensor ids");
    }
    for (uint32_t id : node.inTensorIds) converted.inTensorIds.push_back(id);
    for (uint32_t id : node.outTensorIds) converted.outTensorIds.push_back(id);
    out->nodes.push_back(std::move(converted));
  }
  return Status::Ok();
}

}  // namespace

atb::Status MakeGraphObject(const atb::GraphParam& param, atb::Operation** operation) {
  opsim::GraphParam graph_param;
  Status st = ToOpsimGraph(param, &graph_param);
  std::unique_ptr<opsim::Operation> graph;
  if (st.ok()) st = CreateGraphOperation(graph_param, &graph);
  if (!st.ok()) {
    LogError("CreateOperation", st);
    return ToAtbStatus(st);
  }
  // The opsim graph owns the nodes' opsim operations now; the graph's object owns their objects.
  auto object = std::make_unique<OperationObject>(std::move(graph));
  object->infer_shape_func_ = param.inferShapeFunc;
  for (const atb::Node& node : param.nodes) {
    OperationObject* node_object = AsOperationObject(node.operation);
    (void)node_object->ReleaseToGraph().release();  // the opsim graph deletes it
    object->nodes_.emplace_back(node.operation);
  }
  *operation = object.release();
  return atb::NO_ERROR;
}

}  // namespace opsim::atb_facade

namespace atb {

template <>
Status CreateOperation(const GraphParam& opParam, Operation** operation) {
  if (operation == nullptr) {
    const opsim::Status st(opsim::ErrorCode::kInvalidParam,
                           "CreateOperation(GraphParam): operation is null");
    opsim::atb_facade::LogError("CreateOperation", st);
    return opsim::atb_facade::ToAtbStatus(st);
  }
  return opsim::atb_facade::MakeGraphObject(opParam, operation);
}

}  // namespace atb
