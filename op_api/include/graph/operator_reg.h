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
// Each macro closes the statement the previous one left open, so the leading dots belong to the
// chain object (ge::op_ir::Chain) the previous macro ends with. Not here yet: GRAPH and
// DYNAMIC_GRAPH (subgraphs), the accessors CANN generates per input and attribute, and the creator
// registry (OperatorFactory).
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
// What each macro's leading dot attaches to.
struct Chain {
  void Next() const {}
};
}  // namespace op_ir

}  // namespace ge

#define REG_OP(x)                                               \
  namespace op {                                                \
  class x : public ::ge::Operator {                             \
   public:                                                      \
    explicit x(const char* name) : Operator(name, #x) { Ir(); } \
    x() : Operator(#x, #x) { Ir(); }                            \
                                                                \
   private:                                                     \
    void Ir() {                                                 \
      ::ge::op_ir::Chain()

#define OPSIM_REG_TENSOR(reg, x, t, kind) \
  Next();                                 \
  reg(#x, #t, IrKind::kind);              \
  ::ge::op_ir::Chain()

#define INPUT(x, t) OPSIM_REG_TENSOR(InputRegister, x, t, kRequired)
#define OPTIONAL_INPUT(x, t) OPSIM_REG_TENSOR(InputRegister, x, t, kOptional)
#define DYNAMIC_INPUT(x, t) OPSIM_REG_TENSOR(InputRegister, x, t, kDynamic)
#define OUTPUT(x, t) OPSIM_REG_TENSOR(OutputRegister, x, t, kRequired)
#define DYNAMIC_OUTPUT(x, t) OPSIM_REG_TENSOR(OutputRegister, x, t, kDynamic)

// The default is checked against the type (ATTR(pads, ListInt, {0, 0}) builds a ListInt).
#define ATTR(x, Type, ...)              \
  Next();                               \
  (void)::ge::op_ir::Type(__VA_ARGS__); \
  AttrRegister(#x, false);              \
  ::ge::op_ir::Chain()
#define REQUIRED_ATTR(x, Type) \
  Next();                      \
  AttrRegister(#x, true);      \
  ::ge::op_ir::Chain()

#define OP_END_FACTORY_REG(x) \
  Next();                     \
  }                           \
  }                           \
  ;                           \
  }
