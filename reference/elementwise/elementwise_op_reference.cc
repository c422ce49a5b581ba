// The elementwise operators as registry references: the plain C++ oracle (elementwise_reference.h)
// computes; the judgement is the one tests/op_host/elementwise_kernel_test.cc applies: bitwise
// equal, NaN matches NaN (any payload), and Exp / Log of a floating type within 1 ulp (the
// vector unit's exp and log are not correctly rounded). Registered under the registry names
// Abs, Neg, Exp, Log, Sqrt, Reciprocal, Add, Sub, Mul, Div, Cast and CastLike by
// operators::elementwise::Register, which the list of operators calls (reference/CMakeLists.txt).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "elementwise/elementwise_reference.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {
namespace {

enum class Kind { kUnary, kBinary, kCast, kCastLike };

struct ElementwiseOp {
  const char* name;
  Kind kind;
  bool ints;         // defined for integers too
  bool signed_only;  // of the integers, the signed ones (Neg)
  int64_t ulps;      // Exp, Log: 1
};

constexpr ElementwiseOp kElementwiseOps[] = {
    {"Abs", Kind::kUnary, true, false, 0},   {"Neg", Kind::kUnary, true, true, 0},
    {"Exp", Kind::kUnary, false, false, 1},  {"Log", Kind::kUnary, false, false, 1},
    {"Sqrt", Kind::kUnary, false, false, 0}, {"Reciprocal", Kind::kUnary, false, false, 0},
    {"Add", Kind::kBinary, true, false, 0},  {"Sub", Kind::kBinary, true, false, 0},
    {"Mul", Kind::kBinary, true, false, 0},  {"Div", Kind::kBinary, true, false, 0},
    {"Cast", Kind::kCast, true, false, 0},   {"CastLike", Kind::kCastLike, true, false, 0},
};

constexpr DType kFloats[] = {DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64};
constexpr DType kSigned[] = {DType::kInt8, DType::kInt32, DType::kInt64};
constexpr DType kAllInts[] = {DType::kInt8,   DType::kUInt8, DType::kInt32,
                              DType::kUInt32, DType::kInt64, DType::kUInt64};

// ONNX's TensorProto.DataType numbers of the dtypes the operators take (Cast's `to`), kept here
// rather than read from op_host so that the reference checks the op's table.
struct OnnxDType {
  int64_t onnx;
  DType dtype;
};
constexpr OnnxDType kOnnxDTypes[] = {
    {1, DType::kFloat32}, {2, DType::kUInt8},   {3, DType::kInt8},     {6, DType::kInt32},
    {7, DType::kInt64},   {9, DType::kBool},    {10, DType::kFloat16}, {11, DType::kFloat64},
    {12, DType::kUInt32}, {13, DType::kUInt64}, {16, DType::kBFloat16}};

bool IsNaNBits(DType t, const uint8_t* p) {
  uint64_t bits = 0;
  std::memcpy(&bits, p, DTypeSize(t));
  switch (t) {
    case DType::kFloat32: return (bits & 0x7FFFFFFFu) > 0x7F800000u;
    case DType::kFloat64: return (bits & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
    case DType::kFloat16: return (bits & 0x7FFFu) > 0x7C00u;
    case DType::kBFloat16: return (bits & 0x7FFFu) > 0x7F80u;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // no NaN in them: complex and int4 are refused by the element-wise
                             // references
    default: return false;
  }
}

// A float's bits as a signed integer that counts ulps (sign-magnitude to two's complement).
int64_t OrderedBits(DType t, const uint8_t* p) {
  uint64_t bits = 0;
  const size_t n = DTypeSize(t);
  std::memcpy(&bits, p, n);
  const uint64_t sign = uint64_t{1} << (n * 8 - 1);
  const int64_t magnitude = static_cast<int64_t>(bits & (sign - 1));
  return (bits & sign) ? -magnitude : magnitude;
}

int64_t ElementCount(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

class ElementwiseOpReference final : public OpReference {
 public:
  explicit ElementwiseOpReference(const ElementwiseOp& op) : op_(op), name_(op.name) {}

  std::vector<DType> DTypes(const AttrMap&) const override {
    std::vector<DType> out(std::begin(kFloats), std::end(kFloats));
    if (!op_.ints) return out;
    if (op_.signed_only) {
      out.insert(out.end(), std::begin(kSigned), std::end(kSigned));
      return out;
    }
    out.insert(out.end(), std::begin(kAllInts), std::end(kAllInts));
    if (op_.kind == Kind::kCast || op_.kind == Kind::kCastLike) out.push_back(DType::kBool);
    return out;
  }

  Status Auto(const AttrMap&, size_t index, DType dtype, AutoData* out) const override {
    AutoData a;
    if (dtype == DType::kBool) {
      a.kind = AutoData::Kind::kIntRange;
      a.int_low = 0;
      a.int_high = 1;
    } else if (IsFloating(dtype)) {
      a.kind = AutoData::Kind::kUniform;
      // Log and Sqrt on their domain mostly (negatives give NaN, tested by written values);
      // Cast over a range that overflows the 8-bit integers (300.0 -> uint8 wraps to 44).
      if (name_ == "Log" || name_ == "Sqrt") {
        a.low = 0.0;
        a.high = 4.0;
      }
      if (op_.kind == Kind::kCast || op_.kind == Kind::kCastLike) {
        a.low = -300.0;
        a.high = 300.0;
      }
    } else if (name_ == "Div" && index == 1) {
      a.kind = AutoData::Kind::kIntRange;  // integer division by zero is a kernel fault
      a.int_low = 1;
      a.int_high = 7;
    } else {
      a.kind = AutoData::Kind::kBits;  // every value, so wrap-around is exercised
    }
    *out = a;
    return Status::Ok();
  }

  Status Compute(const AttrMap& attrs, std::span<const HostTensor> inputs,
                 std::vector<HostTensor>* outputs) const override {
    const size_t arity = op_.kind == Kind::kBinary || op_.kind == Kind::kCastLike ? 2 : 1;
    if (inputs.size() != arity) {
      return {ErrorCode::kInvalidParam, name_ + " reference: takes " + std::to_string(arity) +
                                            " inputs, got " + std::to_string(inputs.size())};
    }
    for (size_t i = 0; i < inputs.size(); ++i) {
      const int64_t n = ElementCount(inputs[i].shape);
      if (n < 0 || inputs[i].bytes.size() != static_cast<size_t>(n) * DTypeSize(inputs[i].dtype)) {
        return {ErrorCode::kInvalidParam, name_ + " reference: input " + std::to_string(i) +
                                              " holds " + std::to_string(inputs[i].bytes.size()) +
                                              " bytes, not its shape's"};
      }
    }
    const HostTensor& x = inputs[0];
    HostTensor out;
    out.dtype = x.dtype;
    out.shape = x.shape;
    const int64_t n = ElementCount(x.shape);
    switch (op_.kind) {
      case Kind::kUnary:
        out.bytes.assign(x.bytes.size(), 0);
        OPSIM_RETURN_IF_ERROR(
            ElementwiseUnaryReference(name_, x.dtype, x.bytes.data(), out.bytes.data(), n));
        break;
      case Kind::kBinary:
        if (inputs[1].dtype != x.dtype) {
          return {ErrorCode::kInvalidTensorDtype,
                  name_ + " reference: B is " + std::string(DTypeName(inputs[1].dtype)) +
                      ", A is " + std::string(DTypeName(x.dtype)) + " (they must be alike)"};
        }
        OPSIM_RETURN_IF_ERROR(ElementwiseBinaryReference(name_, x.dtype, x.shape, x.bytes.data(),
                                                         inputs[1].shape, inputs[1].bytes.data(),
                                                         &out.shape, &out.bytes));
        break;
      case Kind::kCast:
      case Kind::kCastLike: {
        if (op_.kind == Kind::kCastLike) {
          out.dtype = inputs[1].dtype;
        } else {
          OPSIM_RETURN_IF_ERROR(CastTarget(attrs, &out.dtype));
        }
        out.bytes.assign(static_cast<size_t>(n) * DTypeSize(out.dtype), 0);
        OPSIM_RETURN_IF_ERROR(
            CastReference(x.dtype, out.dtype, x.bytes.data(), out.bytes.data(), n));
        break;
      }
    }
    outputs->clear();
    outputs->push_back(std::move(out));
    return Status::Ok();
  }

  Judgement Judge(const AttrMap&, std::span<const HostTensor>, size_t index,
                  const HostTensor& expected, const HostTensor& actual) const override {
    Judgement j;
    const DType t = expected.dtype;
    if (index != 0 || actual.dtype != t || expected.bytes.size() != actual.bytes.size()) {
      j.message = name_ + " reference: output " + std::to_string(index) + " (" +
                  std::string(DTypeName(actual.dtype)) + ", " +
                  std::to_string(actual.bytes.size()) + " bytes) is not the " +
                  std::string(DTypeName(t)) + " output of " +
                  std::to_string(expected.bytes.size()) + " bytes it judges";
      return j;
    }
    const size_t size = DTypeSize(t);
    for (size_t i = 0; i * size < expected.bytes.size(); ++i) {
      const uint8_t* e = expected.bytes.data() + i * size;
      const uint8_t* a = actual.bytes.data() + i * size;
      if (std::memcmp(e, a, size) == 0) continue;
      if (IsFloating(t)) {
        const bool e_nan = IsNaNBits(t, e), a_nan = IsNaNBits(t, a);
        if (e_nan && a_nan) continue;
        const int64_t ulps = std::llabs(OrderedBits(t, e) - OrderedBits(t, a));
        if (!e_nan && !a_nan) {
          j.max_abs_err = std::max(j.max_abs_err, static_cast<double>(ulps));
          if (ulps <= op_.ulps) continue;
        }
      }
      uint64_t eb = 0, ab = 0;
      std::memcpy(&eb, e, size);
      std::memcpy(&ab, a, size);
      j.message = name_ + " " + std::string(DTypeName(t)) + ": element " + std::to_string(i) +
                  " has bits 0x" + Hex(ab) + ", expected 0x" + Hex(eb) +
                  (op_.ulps > 0 ? " (within " + std::to_string(op_.ulps) + " ulp)" : " (exact)");
      return j;
    }
    j.ok = true;
    return j;
  }

 private:
  static std::string Hex(uint64_t v) {
    char text[24];
    std::snprintf(text, sizeof(text), "%llx", static_cast<unsigned long long>(v));
    return text;
  }

  Status CastTarget(const AttrMap& attrs, DType* out) const {
    int64_t to = 0;
    const auto it = attrs.find("to");
    if (it == attrs.end()) {
      return {ErrorCode::kInvalidParam, name_ + " reference: the attribute 'to' is missing"};
    }
    if (const int64_t* v = std::get_if<int64_t>(&it->second)) to = *v;
    for (const OnnxDType& d : kOnnxDTypes) {
      if (d.onnx == to) {
        *out = d.dtype;
        return Status::Ok();
      }
    }
    return {ErrorCode::kInvalidParam, name_ + " reference: attribute 'to' = " + std::to_string(to) +
                                          " is not a TensorProto dtype number it covers"};
  }

  ElementwiseOp op_;
  std::string name_;
};

}  // namespace

namespace operators::elementwise {
Status Register(ReferenceRegistry& registry) {
  for (const ElementwiseOp& op : kElementwiseOps) {
    OPSIM_RETURN_IF_ERROR(registry.Register(op.name, std::make_shared<ElementwiseOpReference>(op)));
  }
  return Status::Ok();
}
}  // namespace operators::elementwise

}  // namespace opsim::ref
