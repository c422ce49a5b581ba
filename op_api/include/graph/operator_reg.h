// CANN's operator prototype language (graph/operator_reg.h), as operator repositories' op_graph
// headers write it:
//   REG_OP(Elu)
//       .INPUT(x, TensorType({DT_FLOAT, DT_FLOAT16}))
//       .OUTPUT(y, TensorType::FloatingDataType())
//       .ATTR(alpha, Float, 1.0)
//       .REQUIRED_ATTR(axes, ListInt)
//       .OP_END_FACTORY_REG(Elu)
// declares class ge::op::Elu, a ge::Operator whose constructor registers that IR (names, kinds,
// and each tensor's dtype expression as text, as CANN registers it: the expression is not
// evaluated, so a prototype naming DT_FLOAT32 or a bare FloatingDataType builds, as with CANN).
// Each input, output and attribute gets the accessors CANN generates for it (name_in_x,
// get_input_desc_x, update_input_desc_x, get_output_desc_y, update_output_desc_y, name_attr_a,
// get_attr_a, set_attr_a). Not here yet: GRAPH and DYNAMIC_GRAPH (subgraphs), the graph
// connections (set_input_x, create_dynamic_input_x) and the creator registry (OperatorFactory).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "graph/operator.h"
#include "graph/types.h"

namespace ge {

struct TensorType {
  explicit TensorType(DataType dt) : types{dt} {}
  TensorType(const std::initializer_list<DataType>& initial_types) : types(initial_types) {}

  // CANN's categories.
  static TensorType ALL() {
    return {DT_BOOL,   DT_COMPLEX128, DT_COMPLEX64, DT_DOUBLE,   DT_FLOAT,    DT_FLOAT16,
            DT_INT16,  DT_INT32,      DT_INT64,     DT_INT8,     DT_QINT16,   DT_QINT32,
            DT_QINT8,  DT_QUINT16,    DT_QUINT8,    DT_RESOURCE, DT_STRING,   DT_UINT16,
            DT_UINT32, DT_UINT64,     DT_UINT8,     DT_BF16,     DT_COMPLEX32};
  }
  static TensorType QuantifiedType() {
    return {DT_QINT16, DT_QINT32, DT_QINT8, DT_QUINT16, DT_QUINT8};
  }
  static TensorType OrdinaryType() {
    return {DT_BOOL,   DT_COMPLEX128, DT_COMPLEX64, DT_DOUBLE,   DT_FLOAT,  DT_FLOAT16,
            DT_INT16,  DT_INT32,      DT_INT64,     DT_INT8,     DT_UINT16, DT_UINT32,
            DT_UINT64, DT_UINT8,      DT_BF16,      DT_COMPLEX32};
  }
  static TensorType BasicType() {
    return {DT_COMPLEX128, DT_COMPLEX64, DT_DOUBLE, DT_FLOAT,  DT_FLOAT16, DT_INT16,    DT_INT32,
            DT_INT64,      DT_INT8,      DT_QINT16, DT_QINT32, DT_QINT8,   DT_QUINT16,  DT_QUINT8,
            DT_UINT16,     DT_UINT32,    DT_UINT64, DT_UINT8,  DT_BF16,    DT_COMPLEX32};
  }
  static TensorType NumberType() {
    return {DT_COMPLEX128, DT_COMPLEX64, DT_DOUBLE, DT_FLOAT,  DT_FLOAT16, DT_INT16,
            DT_INT32,      DT_INT64,     DT_INT8,   DT_QINT32, DT_QINT8,   DT_QUINT8,
            DT_UINT16,     DT_UINT32,    DT_UINT64, DT_UINT8,  DT_BF16,    DT_COMPLEX32};
  }
  static TensorType RealNumberType() {
    return {DT_DOUBLE, DT_FLOAT,  DT_FLOAT16, DT_INT16,  DT_INT32, DT_INT64,
            DT_INT8,   DT_UINT16, DT_UINT32,  DT_UINT64, DT_UINT8, DT_BF16};
  }
  static TensorType ComplexDataType() { return {DT_COMPLEX128, DT_COMPLEX64, DT_COMPLEX32}; }
  static TensorType IntegerDataType() {
    return {DT_INT16, DT_INT32, DT_INT64, DT_INT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_UINT8};
  }
  static TensorType SignedDataType() { return {DT_INT16, DT_INT32, DT_INT64, DT_INT8}; }
  static TensorType UnsignedDataType() { return {DT_UINT16, DT_UINT32, DT_UINT64, DT_UINT8}; }
  static TensorType FloatingDataType() { return {DT_DOUBLE, DT_FLOAT, DT_FLOAT16}; }
  static TensorType IndexNumberType() { return {DT_INT32, DT_INT64}; }
  static TensorType FLOAT() { return {DT_FLOAT, DT_FLOAT16, DT_BF16}; }

  std::vector<DataType> types;
};

// The attribute types ATTR and REQUIRED_ATTR name, as C++ types (a default is one of these).
namespace op_ir {
using Int = int64_t;
using Float = float;
using Bool = bool;
using String = std::string;
using Type = DataType;
using ListInt = std::vector<int64_t>;
using ListFloat = std::vector<float>;
using ListBool = std::vector<bool>;
using ListString = std::vector<std::string>;
using ListType = std::vector<DataType>;
using ListListInt = std::vector<std::vector<int64_t>>;
using Tensor = ::ge::Tensor;
// What each macro's leading dot attaches to.
struct Chain {
  void Next() const {}
};
}  // namespace op_ir

}  // namespace ge

// Each macro ends the registration function the previous one opened by calling its own (declared
// further down the class, so the calls run in the prototype's order), declares the members CANN
// generates for its input, output or attribute, and opens that function: the leading dot of the
// next macro then attaches to the ge::op_ir::Chain the function body ends with.
#define REG_OP(x)                                                       \
  namespace op {                                                        \
  class x : public ::ge::Operator {                                     \
    using OpsimThisType = x;                                            \
                                                                        \
   public:                                                              \
    explicit x(const char* name) : Operator(name, #x) { OpsimIr(); }    \
    explicit x(const ::ge::AscendString& name) : x(name.GetString()) {} \
    x() : Operator(#x, #x) { OpsimIr(); }                               \
                                                                        \
   private:                                                             \
    void OpsimIr() {                                                    \
      ::ge::op_ir::Chain()

#define OPSIM_REG_INPUT(x, t, kind)                                              \
  Next();                                                                        \
  OpsimIn_##x();                                                                 \
  }                                                                              \
                                                                                 \
 public:                                                                         \
  static const char* name_in_##x() { return #x; }                                \
  ::ge::TensorDesc get_input_desc_##x() const { return GetInputDescByName(#x); } \
  ::ge::graphStatus update_input_desc_##x(const ::ge::TensorDesc& desc) {        \
    return UpdateInputDesc(#x, desc);                                            \
  }                                                                              \
                                                                                 \
 private:                                                                        \
  void OpsimIn_##x() {                                                           \
    InputRegister(#x, #t, IrKind::kind);                                         \
    ::ge::op_ir::Chain()

#define OPSIM_REG_OUTPUT(x, t, kind)                                               \
  Next();                                                                          \
  OpsimOut_##x();                                                                  \
  }                                                                                \
                                                                                   \
 public:                                                                           \
  static const char* name_out_##x() { return #x; }                                 \
  ::ge::TensorDesc get_output_desc_##x() const { return GetOutputDescByName(#x); } \
  ::ge::graphStatus update_output_desc_##x(const ::ge::TensorDesc& desc) {         \
    return UpdateOutputDesc(#x, desc);                                             \
  }                                                                                \
                                                                                   \
 private:                                                                          \
  void OpsimOut_##x() {                                                            \
    OutputRegister(#x, #t, IrKind::kind);                                          \
    ::ge::op_ir::Chain()

#define INPUT(x, t) OPSIM_REG_INPUT(x, t, kRequired)
#define OPTIONAL_INPUT(x, t) OPSIM_REG_INPUT(x, t, kOptional)
#define DYNAMIC_INPUT(x, t) OPSIM_REG_INPUT(x, t, kDynamic)
#define OUTPUT(x, t) OPSIM_REG_OUTPUT(x, t, kRequired)
#define DYNAMIC_OUTPUT(x, t) OPSIM_REG_OUTPUT(x, t, kDynamic)

// An attribute's accessors; get_attr_x() is the type's zero when the attribute has no value.
#define OPSIM_REG_ATTR_ACCESSORS(x, Type)                       \
 public:                                                        \
  static const char* name_attr_##x() { return #x; }             \
  ::ge::op_ir::Type get_attr_##x() const {                      \
    ::ge::op_ir::Type value{};                                  \
    (void)GetAttr(#x, value);                                   \
    return value;                                               \
  }                                                             \
  OpsimThisType& set_attr_##x(const ::ge::op_ir::Type& value) { \
    SetAttr(#x, value);                                         \
    return *this;                                               \
  }                                                             \
                                                                \
 private:

// The default is built as the type (ATTR(pads, ListInt, {0, 0}) builds a ListInt) and set.
#define ATTR(x, Type, ...)                            \
  Next();                                             \
  OpsimAttr_##x();                                    \
  }                                                   \
  OPSIM_REG_ATTR_ACCESSORS(x, Type)                   \
  void OpsimAttr_##x() {                              \
    AttrRegister(#x, ::ge::op_ir::Type(__VA_ARGS__)); \
    ::ge::op_ir::Chain()
#define REQUIRED_ATTR(x, Type)                     \
  Next();                                          \
  OpsimAttr_##x();                                 \
  }                                                \
  OPSIM_REG_ATTR_ACCESSORS(x, Type)                \
  void OpsimAttr_##x() {                           \
    RequiredAttrRegister(#x, ::ge::op_ir::Type{}); \
    ::ge::op_ir::Chain()

// A type symbol the tensors' expressions name (DATATYPE(T, TensorType({DT_FLOAT}))): text, as
// the tensors' expressions are.
#define DATATYPE(x, t)      \
  Next();                   \
  DataTypeRegister(#x, #t); \
  ::ge::op_ir::Chain()

#define OP_END_FACTORY_REG(x) \
  Next();                     \
  }                           \
  }                           \
  ;                           \
  }
