// CANN's AI CPU API, test side: NodeDefBuilder.
#include <string>
#include <vector>

#include "api_impl.h"
#include "node_def_builder.h"

namespace aicpu {

namespace {

// Adds attr (filled by set) to node under name.
template <typename Set>
void AddAttr(NodeDef* node, const std::string& name, Set set) {
  if (node == nullptr) {
    AppendKernelError("NodeDefBuilder: attribute '" + name + "' for a null node definition");
    return;
  }
  auto attr = CpuKernelUtils::CreateAttrValue();
  set(*attr);
  node->AddAttrs(name, attr.get());
}

}  // namespace

std::shared_ptr<NodeDef> NodeDefBuilder::CreateNodeDef() { return CpuKernelUtils::CreateNodeDef(); }

NodeDefBuilder::NodeDefBuilder(NodeDef* nodeDef, std::string name, std::string opName)
    : nodeDef_(nodeDef), name_(std::move(name)), opName_(std::move(opName)) {
  if (nodeDef_ == nullptr) {
    AppendKernelError("NodeDefBuilder: node '" + name_ + "' (" + opName_ +
                      "): the node definition is null");
    return;
  }
  nodeDef_->SetOpType(opName_);
}

void NodeDefBuilder::BuildNodeFromInputOutputNode(const InputOutputNode& node, bool isInput) {
  if (nodeDef_ == nullptr) {
    AppendKernelError("NodeDefBuilder: " + std::string(isInput ? "input" : "output") + " '" +
                      node.node + "' for a null node definition");
    return;
  }
  std::shared_ptr<Tensor> t = isInput ? nodeDef_->AddInputs() : nodeDef_->AddOutputs();
  t->SetDataType(node.dType);
  auto shape = t->GetTensorShape();
  shape->SetDimSizes(node.dims);
  shape->SetFormat(node.format);
  t->SetData(node.data);
  // CANN's builder multiplies GetSizeByDataType's -1 in for a type it has no size for, so a kernel
  // sees a nonzero size and refuses the type itself (ops-math's Add test of DT_UNDEFINED needs
  // that); no data is 0 bytes.
  int64_t bytes = GetSizeByDataType(node.dType);
  for (int64_t d : node.dims) bytes *= d;
  t->SetDataSize(node.data == nullptr ? 0 : static_cast<uint64_t>(bytes));
}

NodeDefBuilder& NodeDefBuilder::Input(const InputOutputNode& input) {
  BuildNodeFromInputOutputNode(input, true);
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Output(const InputOutputNode& output) {
  BuildNodeFromInputOutputNode(output, false);
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, int32_t value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetInt(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, int64_t value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetInt(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, float value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetFloat(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, double value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetFloat(static_cast<float>(value)); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, bool value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetBool(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, aicpu::DataType value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetDataType(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, const std::vector<bool>& value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetListBool(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, const std::string& value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetString(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, const std::vector<std::string>& value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetListString(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, const std::vector<int64_t>& value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetListInt(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, const std::vector<float>& value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetListFloat(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, const std::vector<aicpu::DataType>& value) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetListDataType(value); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, const std::vector<int64_t>& shape,
                                     std::string type) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) {
    if (type == "shape") {
      auto s = CpuKernelUtils::CreateTensorShape();
      s->SetDimSizes(shape);
      a.SetTensorShape(s.get());
    } else {
      a.SetListInt(shape);
    }
  });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name,
                                     const std::vector<std::vector<int64_t>>& shapeLists,
                                     std::string type) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) {
    if (type == "shape_list") {
      for (const auto& dims : shapeLists) a.AddListTensorShape()->SetDimSizes(dims);
    } else {
      a.SetListListInt(shapeLists);
    }
  });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, aicpu::Tensor* tensor) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetTensor(tensor); });
  return *this;
}

NodeDefBuilder& NodeDefBuilder::Attr(std::string name, std::vector<aicpu::Tensor*>& tensors) {
  AddAttr(nodeDef_, name, [&](AttrValue& a) { a.SetListTensor(tensors); });
  return *this;
}

}  // namespace aicpu
