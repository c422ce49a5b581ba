// CANN's AI CPU API: CpuKernelContext, what a kernel's Compute sees of a NodeDef.
#include <string>

#include "api_impl.h"
#include "cpu_context.h"
#include "cpu_node_def.h"
#include "log.h"

namespace aicpu {

CpuKernelContext::CpuKernelContext(DeviceType type) : deviceType_(type) {}

uint32_t CpuKernelContext::Init(NodeDef* nodeDef) {
  op_.clear();
  inputs_.clear();
  outputs_.clear();
  attrs_.clear();
  if (nodeDef == nullptr) {
    AppendKernelError("CpuKernelContext::Init: the node definition is null");
    return KERNEL_STATUS_PARAM_INVALID;
  }
  if (nodeDef->GetOpType().empty()) {
    AppendKernelError("CpuKernelContext::Init: the node definition has no op type");
    return KERNEL_STATUS_PARAM_INVALID;
  }
  for (int32_t i = 0; i < nodeDef->InputsSize(); ++i) inputs_.push_back(nodeDef->MutableInputs(i));
  for (int32_t i = 0; i < nodeDef->OutputsSize(); ++i) {
    outputs_.push_back(nodeDef->MutableOutputs(i));
  }
  attrs_ = nodeDef->Attrs();
  op_ = nodeDef->GetOpType();
  return KERNEL_STATUS_OK;
}

std::string CpuKernelContext::GetOpType() const { return op_; }

Tensor* CpuKernelContext::Input(uint32_t index) const {
  if (index >= inputs_.size()) {
    KERNEL_LOG_WARN("%s: input %u requested, the node has %zu", op_.c_str(), index, inputs_.size());
    return nullptr;
  }
  return inputs_[index].get();
}

Tensor* CpuKernelContext::Output(uint32_t index) const {
  if (index >= outputs_.size()) {
    KERNEL_LOG_WARN("%s: output %u requested, the node has %zu", op_.c_str(), index,
                    outputs_.size());
    return nullptr;
  }
  return outputs_[index].get();
}

AttrValue* CpuKernelContext::GetAttr(std::string name) const {
  const auto it = attrs_.find(name);
  return it == attrs_.end() ? nullptr : it->second.get();
}

uint32_t CpuKernelContext::GetInputsSize() const { return static_cast<uint32_t>(inputs_.size()); }
uint32_t CpuKernelContext::GetOutputsSize() const { return static_cast<uint32_t>(outputs_.size()); }

}  // namespace aicpu
