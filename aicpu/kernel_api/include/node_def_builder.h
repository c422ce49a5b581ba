// CANN's AI CPU kernel API, test side: builds a NodeDef from inputs, outputs and attributes, as
// CANN operator repositories' AI CPU unit tests do.
#ifndef CPU_NODEDEF_BUILDER_H
#define CPU_NODEDEF_BUILDER_H

#include <memory>
#include <string>
#include <vector>

#include "cpu_ops_kernel.h"

namespace aicpu {

class AICPU_VISIBILITY NodeDefBuilder {
 public:
  struct InputOutputNode {
    std::string node;
    aicpu::DataType dType;
    std::vector<int64_t> dims;
    void* data;
    // Unset in CANN's tests ({name, type, dims, data}): value 0, FORMAT_NCHW, as in CANN; the
    // initializer keeps -Wextra's missing-field warning away from such tests.
    aicpu::Format format = aicpu::FORMAT_NCHW;
  };

  static std::shared_ptr<NodeDef> CreateNodeDef();

  // Sets nodeDef's op type to opName (name is the node's name, which a NodeDef does not keep).
  NodeDefBuilder(NodeDef* nodeDef, std::string name, std::string opName);

  // Each adds a tensor of the node's dtype, dims, format and data; its data size is the dims'
  // element count times the type's size (0 for an unknown size).
  NodeDefBuilder& Input(const InputOutputNode& input);
  NodeDefBuilder& Output(const InputOutputNode& output);

  NodeDefBuilder& Attr(std::string name, int32_t value);
  NodeDefBuilder& Attr(std::string name, int64_t value);
  NodeDefBuilder& Attr(std::string name, float value);
  NodeDefBuilder& Attr(std::string name, double value);
  NodeDefBuilder& Attr(std::string name, bool value);
  NodeDefBuilder& Attr(std::string name, aicpu::DataType value);
  NodeDefBuilder& Attr(std::string name, const std::vector<bool>& value);
  NodeDefBuilder& Attr(std::string name, const std::string& value);
  NodeDefBuilder& Attr(std::string name, const std::vector<std::string>& value);
  NodeDefBuilder& Attr(std::string name, const std::vector<int64_t>& value);
  NodeDefBuilder& Attr(std::string name, const std::vector<float>& value);
  NodeDefBuilder& Attr(std::string name, const std::vector<aicpu::DataType>& value);
  // type "shape": a TensorShape attribute of these dims; any other type: an int list.
  NodeDefBuilder& Attr(std::string name, const std::vector<int64_t>& shape, std::string type);
  // type "shape_list": a list of TensorShapes; any other type: an int list list.
  NodeDefBuilder& Attr(std::string name, const std::vector<std::vector<int64_t>>& shapeLists,
                       std::string type);
  NodeDefBuilder& Attr(std::string name, aicpu::Tensor* tensor);
  NodeDefBuilder& Attr(std::string name, std::vector<aicpu::Tensor*>& tensors);

 private:
  void BuildNodeFromInputOutputNode(const InputOutputNode& node, bool isInput);

  NodeDef* nodeDef_;
  std::string name_;
  std::string opName_;
};

}  // namespace aicpu

#endif  // CPU_NODEDEF_BUILDER_H
