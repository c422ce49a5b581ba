// CANN's AI CPU API: NodeDef in memory (serialization: node_def_text.cc).
#include <string>

#include "api_impl.h"
#include "cpu_kernel_utils.h"
#include "cpu_node_def.h"

namespace aicpu {

NodeDef::NodeDef(NodeDefImpl* impl) : impl_(impl) {}

void NodeDef::SetOpType(const std::string& op) { impl_->opType = op; }
std::string NodeDef::GetOpType() const { return impl_->opType; }

std::shared_ptr<Tensor> NodeDef::AddInputs() {
  impl_->inputs.push_back(CpuKernelUtils::CreateTensor());
  return impl_->inputs.back();
}

std::shared_ptr<Tensor> NodeDef::AddOutputs() {
  impl_->outputs.push_back(CpuKernelUtils::CreateTensor());
  return impl_->outputs.back();
}

bool NodeDef::AddAttrs(const std::string& name, const AttrValue* attr) {
  if (attr == nullptr || name.empty()) {
    AppendKernelError("NodeDef::AddAttrs: " +
                      (name.empty() ? std::string("an attribute without a name")
                                    : "the value of attribute '" + name + "' is null") +
                      " (op type '" + impl_->opType + "')");
    return false;
  }
  // A deep copy: the node's attribute never shares the shapes or tensors of the one given.
  impl_->attrs[name] = CpuKernelUtils::CreateAttrValue(
      new AttrValueImpl(CopyAttrValueImpl(*CpuKernelUtils::GetImpl(attr))));
  return true;
}

int32_t NodeDef::InputsSize() const { return static_cast<int32_t>(impl_->inputs.size()); }
int32_t NodeDef::OutputsSize() const { return static_cast<int32_t>(impl_->outputs.size()); }

std::shared_ptr<Tensor> NodeDef::MutableInputs(int32_t index) const {
  if (index < 0 || static_cast<size_t>(index) >= impl_->inputs.size()) return nullptr;
  return impl_->inputs[static_cast<size_t>(index)];
}

std::shared_ptr<Tensor> NodeDef::MutableOutputs(int32_t index) const {
  if (index < 0 || static_cast<size_t>(index) >= impl_->outputs.size()) return nullptr;
  return impl_->outputs[static_cast<size_t>(index)];
}

std::unordered_map<std::string, std::shared_ptr<AttrValue>> NodeDef::Attrs() const {
  return impl_->attrs;
}

}  // namespace aicpu
