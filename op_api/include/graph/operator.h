// ge::Operator (CANN's graph/operator.h) as operator prototypes (REG_OP, graph/operator_reg.h)
// and operators' unit tests use it: a named operator of a type with the inputs, outputs and
// attributes its prototype registers, each input and output with a ge::TensorDesc
// (GetInputDesc / UpdateInputDesc by name or index, GetOutputDescByName...) and attribute values
// (SetAttr / GetAttr of CANN's kinds; an ATTR's default is set when the prototype is built, a
// REQUIRED_ATTR has none until set). Invalid uses return CANN's graphStatus codes and say why on
// stderr: an unknown input, output or attribute name, an index past the prototype's, an attribute
// read as a kind it does not hold. A dynamic input or output has one description (its IR name),
// and counts once in GetInputsSize / GetOutputsSize. Not here: the graph side (SetInput to
// another operator's output, subgraphs) and InferShapeAndType's
// V1 infer functions (IMPLEMT_INFERFUNC): it runs the runtime's (IMPL_OP_INFERSHAPE).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

class Operator {
 public:
  Operator() = default;
  Operator(const char_t* name, const char_t* type)
      : name_(name == nullptr ? "" : name), type_(type == nullptr ? "" : type) {}
  virtual ~Operator() = default;

  graphStatus GetName(AscendString& name) const;
  graphStatus GetOpType(AscendString& type) const;
  std::string GetName() const { return name_; }
  std::string GetOpType() const { return type_; }
  // Valid inputs, as GE counts them: an optional input counts once described (UpdateInputDesc),
  // a dynamic one once, as its prototype declares it. Outputs: every registered one.
  size_t GetInputsSize() const;
  size_t GetOutputsSize() const { return outputs_.size(); }

  // A description by IR name or index; an empty one (and a message) when there is none.
  TensorDesc GetInputDesc(const std::string& name) const {
    return GetInputDescByName(name.c_str());
  }
  TensorDesc GetInputDesc(uint32_t index) const;
  TensorDesc GetInputDescByName(const char_t* name) const;
  TensorDesc GetOutputDesc(const std::string& name) const {
    return GetOutputDescByName(name.c_str());
  }
  TensorDesc GetOutputDesc(uint32_t index) const;
  TensorDesc GetOutputDescByName(const char_t* name) const;
  // GRAPH_FAILED for a name or index the prototype does not have.
  graphStatus UpdateInputDesc(const std::string& name, const TensorDesc& desc) {
    return UpdateInputDesc(name.c_str(), desc);
  }
  graphStatus UpdateInputDesc(const char_t* name, const TensorDesc& desc);
  graphStatus UpdateInputDesc(uint32_t index, const TensorDesc& desc);
  graphStatus UpdateOutputDesc(const std::string& name, const TensorDesc& desc) {
    return UpdateOutputDesc(name.c_str(), desc);
  }
  graphStatus UpdateOutputDesc(const char_t* name, const TensorDesc& desc);
  graphStatus UpdateOutputDesc(uint32_t index, const TensorDesc& desc);

  // An attribute's value: integers are held as int64 (CANN's VT_INT), strings as std::string.
  using AttrValueHolder =
      std::variant<int64_t, float, bool, std::string, DataType, std::vector<int64_t>,
                   std::vector<float>, std::vector<bool>, std::vector<std::string>,
                   std::vector<DataType>, std::vector<std::vector<int64_t>>, Tensor>;
  template <typename T>
  Operator& SetAttr(const char_t* name, const T& value) {
    SetAttrValue(name, Hold(value));
    return *this;
  }
  template <typename T>
  Operator& SetAttr(const std::string& name, const T& value) {
    return SetAttr(name.c_str(), value);
  }
  // GRAPH_FAILED when the attribute is unknown, has no value, or holds another kind.
  template <typename T>
  graphStatus GetAttr(const char_t* name, T& value) const {
    const AttrValueHolder* held = FindAttrValue(name);
    if (held == nullptr) return GRAPH_FAILED;
    return Read(*held, value) ? GRAPH_SUCCESS : AttrKindMismatch(name);
  }
  template <typename T>
  graphStatus GetAttr(const std::string& name, T& value) const {
    return GetAttr(name.c_str(), value);
  }
  bool HasAttr(const char_t* name) const { return FindAttrValue(name, false) != nullptr; }
  // Each attribute (set, or registered by the prototype) and its kind: "VT_INT", "VT_FLOAT",
  // "VT_BOOL", "VT_STRING", "VT_DATA_TYPE", "VT_LIST_INT", ..., "VT_TENSOR".
  const std::map<std::string, std::string> GetAllAttrNamesAndTypes() const;
  graphStatus GetAllAttrNamesAndTypes(std::map<AscendString, AscendString>& attr_name_types) const;
  // Runs the op type's registered InferShape (IMPL_OP_INFERSHAPE), and its InferDataType when it
  // has one, on the input descriptions and attributes, and writes the outputs' shapes (and
  // dtypes) into their descriptions. An optional input never described is absent; a dynamic one
  // has one instance. GRAPH_FAILED when the type registers no InferShape or an attribute is of a
  // kind the runtime attributes cannot hold; else the function's status.
  graphStatus InferShapeAndType();
  // GRAPH_FAILED (and the names on stderr) when a required attribute has no value.
  graphStatus VerifyAllAttr(bool disable_common_verifier = false);

 protected:
  // How a prototype declares an input, an output or an attribute (operator_reg.h's macros).
  enum class IrKind { kRequired, kOptional, kDynamic };
  struct IrTensor {
    std::string name;
    IrKind kind = IrKind::kRequired;
    // The prototype's dtype expression as written ("TensorType({DT_FLOAT, DT_BF16})"): CANN
    // registers the text, not its value, so a prototype may name symbols no header declares.
    std::string dtype_symbol;
    TensorDesc desc;
    bool described = false;  // UpdateInputDesc named it: an optional input is then present
  };
  struct IrAttr {
    std::string name;
    bool required = false;
    std::string kind;     // "VT_INT"...
    bool valued = false;  // an ATTR's default, or set
    AttrValueHolder value;
  };
  void InputRegister(const char_t* name, const char_t* dtype_symbol, IrKind kind);
  void OutputRegister(const char_t* name, const char_t* dtype_symbol, IrKind kind);
  void DataTypeRegister(const char_t* name, const char_t* types) {
    datatypes_.emplace_back(name, types);
  }
  template <typename T>
  void AttrRegister(const char_t* name, const T& default_value) {
    attrs_.push_back({name, false, KindOf(Hold(default_value)), true, Hold(default_value)});
  }
  template <typename T>
  void RequiredAttrRegister(const char_t* name, const T& kind_of) {
    attrs_.push_back({name, true, KindOf(Hold(kind_of)), false, AttrValueHolder()});
  }

  std::vector<IrTensor> inputs_;
  std::vector<IrTensor> outputs_;
  std::vector<IrAttr> attrs_;
  std::vector<std::pair<std::string, std::string>> datatypes_;  // DATATYPE's symbol, its text

 private:
  template <typename T>
  static AttrValueHolder Hold(const T& value) {
    if constexpr (std::is_same_v<T, DataType> || std::is_same_v<T, Tensor>) {
      return value;
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      return static_cast<int64_t>(value);
    } else if constexpr (std::is_convertible_v<T, std::string>) {
      return std::string(value);
    } else if constexpr (std::is_same_v<T, AscendString>) {
      return std::string(value.GetString());
    } else {
      return value;  // float, bool and the list kinds as the holder names them
    }
  }
  template <typename T>
  static bool Read(const AttrValueHolder& held, T& value) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      if (const auto* v = std::get_if<int64_t>(&held)) value = static_cast<T>(*v);
      return std::holds_alternative<int64_t>(held);
    } else if constexpr (std::is_same_v<T, AscendString>) {
      if (const auto* v = std::get_if<std::string>(&held)) value = AscendString(v->c_str());
      return std::holds_alternative<std::string>(held);
    } else {
      if (const auto* v = std::get_if<T>(&held)) value = *v;
      return std::holds_alternative<T>(held);
    }
  }
  static std::string KindOf(const AttrValueHolder& value);
  void SetAttrValue(const char_t* name, AttrValueHolder value);
  const AttrValueHolder* FindAttrValue(const char_t* name, bool report = true) const;
  graphStatus AttrKindMismatch(const char_t* name) const;
  IrTensor* FindTensor(std::vector<IrTensor>& tensors, const char_t* name, const char* what);
  const IrTensor* FindTensor(const std::vector<IrTensor>& tensors, const char_t* name,
                             const char* what) const;
  const IrTensor* TensorAt(const std::vector<IrTensor>& tensors, uint32_t index,
                           const char* what) const;

  std::string name_;
  std::string type_;
};

}  // namespace ge
