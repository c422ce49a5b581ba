// CANN's AI CPU kernel API: what a kernel's Compute sees (op type, inputs, outputs, attributes),
// taken from a NodeDef by Init. The tensors are the NodeDef's own (shared), so an output shape a
// kernel sets is the caller's to read.
#ifndef CPU_KERNELS_CONTEXT_H
#define CPU_KERNELS_CONTEXT_H

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "cpu_attr_value.h"
#include "cpu_tensor.h"
#include "cpu_types.h"

namespace aicpu {

class Device;
class NodeDef;
class AICPU_VISIBILITY CpuKernelContext {
  friend class CpuKernelUtils;

 public:
  explicit CpuKernelContext(DeviceType type);
  CpuKernelContext() = delete;
  ~CpuKernelContext() = default;
  CpuKernelContext(const CpuKernelContext&) = delete;
  CpuKernelContext(CpuKernelContext&&) = delete;
  CpuKernelContext& operator=(const CpuKernelContext&) = delete;
  CpuKernelContext& operator=(CpuKernelContext&&) = delete;

  // KERNEL_STATUS_OK, or KERNEL_STATUS_PARAM_INVALID (logged) for a null node, an empty op type
  // or a null tensor among its inputs or outputs.
  uint32_t Init(NodeDef* nodeDef);
  std::string GetOpType() const;
  // Null (logged) for an index outside the inputs (outputs).
  Tensor* Input(uint32_t index) const;
  Tensor* Output(uint32_t index) const;
  // Null when the node has no attribute of that name.
  AttrValue* GetAttr(std::string name) const;
  uint32_t GetInputsSize() const;
  uint32_t GetOutputsSize() const;

 private:
  std::string op_;
  std::vector<std::shared_ptr<Tensor>> inputs_;
  std::vector<std::shared_ptr<Tensor>> outputs_;
  std::unordered_map<std::string, std::shared_ptr<AttrValue>> attrs_;
  std::shared_ptr<Device> device_{nullptr};
  DeviceType deviceType_;
};

}  // namespace aicpu

#endif  // CPU_KERNELS_CONTEXT_H
