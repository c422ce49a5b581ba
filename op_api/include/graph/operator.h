// ge::Operator, the part an operator prototype (REG_OP, graph/operator_reg.h) builds on: a named
// operator of a type with the inputs, outputs and attributes its prototype registers, as CANN's
// graph/operator.h names them (GetName, GetOpType, GetInputsSize, GetOutputsSize). Not here yet:
// the graph side (SetInput, GetInputDesc, TensorDesc, attribute values, subgraphs) and the
// per-input/attribute accessors REG_OP generates in CANN (set_input_x, get_attr_alpha...).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/types.h"

namespace ge {

class Operator {
 public:
  Operator() = default;
  Operator(const char* name, const char* type)
      : name_(name == nullptr ? "" : name), type_(type == nullptr ? "" : type) {}
  virtual ~Operator() = default;

  graphStatus GetName(AscendString& name) const {
    name = AscendString(name_.c_str());
    return GRAPH_SUCCESS;
  }
  graphStatus GetOpType(AscendString& type) const {
    type = AscendString(type_.c_str());
    return GRAPH_SUCCESS;
  }
  // Registered inputs and outputs (a dynamic one counts once, as its prototype declares it).
  size_t GetInputsSize() const { return inputs_.size(); }
  size_t GetOutputsSize() const { return outputs_.size(); }

 protected:
  // How a prototype declares an input, an output or an attribute (operator_reg.h's macros).
  enum class IrKind { kRequired, kOptional, kDynamic };
  struct IrTensor {
    std::string name;
    IrKind kind = IrKind::kRequired;
    // The prototype's dtype expression as written ("TensorType({DT_FLOAT, DT_BF16})"): CANN
    // registers the text, not its value, so a prototype may name symbols no header declares.
    std::string dtype_symbol;
  };
  struct IrAttr {
    std::string name;
    bool required = false;
  };
  void InputRegister(const char* name, const char* dtype_symbol, IrKind kind) {
    inputs_.push_back({name, kind, dtype_symbol});
  }
  void OutputRegister(const char* name, const char* dtype_symbol, IrKind kind) {
    outputs_.push_back({name, kind, dtype_symbol});
  }
  void AttrRegister(const char* name, bool required) { attrs_.push_back({name, required}); }

  std::vector<IrTensor> inputs_;
  std::vector<IrTensor> outputs_;
  std::vector<IrAttr> attrs_;

 private:
  std::string name_;
  std::string type_;
};

}  // namespace ge
