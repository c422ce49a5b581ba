// CANN's AI CPU kernel API: a node's definition (op type, input and output tensors, attributes),
// from which CpuKernelContext::Init takes what a kernel sees. In memory; SerializeToString and
// ParseFromString use a text format of opsim's own (CANN's is protobuf) that round-trips every
// field, the data addresses included (the data itself stays the caller's).
#ifndef CPU_KERNEL_NODE_DEF_H
#define CPU_KERNEL_NODE_DEF_H

#include <memory>
#include <string>
#include <unordered_map>

#include "cpu_attr_value.h"
#include "cpu_tensor.h"

namespace aicpu {

class NodeDefImpl;
class AICPU_VISIBILITY NodeDef {
  friend class CpuKernelUtils;

 public:
  NodeDef() = delete;
  ~NodeDef() = default;

  // Replaces this node's contents; false (and the node unchanged) for a malformed string.
  bool ParseFromString(const std::string& str);
  bool SerializeToString(std::string& str) const;
  void SetOpType(const std::string& op);
  std::string GetOpType() const;
  std::shared_ptr<Tensor> AddInputs();
  std::shared_ptr<Tensor> AddOutputs();
  // Copies attr under name (replacing one of that name); false for a null attr or empty name.
  bool AddAttrs(const std::string& name, const AttrValue* attr);
  int32_t InputsSize() const;
  int32_t OutputsSize() const;
  // Null for an index outside the inputs (outputs).
  std::shared_ptr<Tensor> MutableInputs(int32_t index) const;
  std::shared_ptr<Tensor> MutableOutputs(int32_t index) const;
  std::unordered_map<std::string, std::shared_ptr<AttrValue>> Attrs() const;

 private:
  explicit NodeDef(NodeDefImpl* impl);
  std::shared_ptr<NodeDefImpl> impl_{nullptr};
};

}  // namespace aicpu

#endif  // CPU_KERNEL_NODE_DEF_H
