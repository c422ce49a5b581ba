// ArgMax / ArgMin as registry references: the attributes (axis, keepdims, select_last_index)
// read and checked here by ONNX's documented rules (no code of op_host's, so that a mistake in
// the op's lowering shows up as a difference), the indices computed by the plain C++ oracle,
// judged exactly (an index is right or wrong). Registered under ArgMax and
// ArgMin by operators::argmax::Register, which the list of operators calls
// (reference/CMakeLists.txt).
#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "argmax/argmax_reference.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {
namespace {

// ONNX ArgMax's types (opset 13) but int16 and uint16, which opsim has no dtype for.
constexpr std::array kDTypes = {DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64,
                                DType::kInt8,    DType::kUInt8,   DType::kInt32,    DType::kUInt32,
                                DType::kInt64,   DType::kUInt64};

// An int attribute as the op reads it (ONNX writes ints; a bool is accepted for the flags).
Status IntAttr(const std::string& op, const AttrMap& attrs, std::string_view key, int64_t* out) {
  const auto it = attrs.find(key);
  if (it == attrs.end()) return Status::Ok();
  if (const int64_t* i = std::get_if<int64_t>(&it->second)) {
    *out = *i;
    return Status::Ok();
  }
  if (const bool* b = std::get_if<bool>(&it->second)) {
    *out = *b ? 1 : 0;
    return Status::Ok();
  }
  return {ErrorCode::kInvalidParam, op + " reference: attribute '" + std::string(key) + "' is a " +
                                        std::string(AttrTypeName(it->second)) + " (expected int)"};
}

class ArgMaxOpReference final : public OpReference {
 public:
  ArgMaxOpReference(std::string op, bool select_min)
      : op_(std::move(op)), select_min_(select_min) {}

  std::vector<DType> DTypes(const AttrMap&) const override {
    return std::vector<DType>(kDTypes.begin(), kDTypes.end());
  }

  Status Auto(const AttrMap&, size_t index, DType dtype, AutoData* out) const override {
    if (index != 0) {
      return {ErrorCode::kInvalidParam, op_ + " takes one input, not " + std::to_string(index + 1)};
    }
    // Distinct values mostly: ties are legal (their rule is tested on written values) but random
    // data exercises the compare itself.
    AutoData a;
    a.kind = IsFloating(dtype) ? AutoData::Kind::kUniform : AutoData::Kind::kBits;
    *out = a;
    return Status::Ok();
  }

  Status Compute(const AttrMap& attrs, std::span<const HostTensor> inputs,
                 std::vector<HostTensor>* outputs) const override {
    ArgReduceSpec spec;
    Shape in_shape;
    OPSIM_RETURN_IF_ERROR(Lower(attrs, inputs, &spec, &in_shape));
    Shape out_shape;
    OPSIM_RETURN_IF_ERROR(ArgReducedShape(spec, in_shape, &out_shape));
    HostTensor out;
    out.dtype = DType::kInt64;
    out.shape.assign(out_shape.begin(), out_shape.end());
    const int64_t n = *out_shape.NumElements();
    std::vector<int64_t> indices(static_cast<size_t>(n));
    OPSIM_RETURN_IF_ERROR(
        ArgReduce(spec, inputs[0].dtype, in_shape, inputs[0].bytes.data(), indices.data()));
    out.bytes.resize(indices.size() * sizeof(int64_t));
    if (!indices.empty()) std::memcpy(out.bytes.data(), indices.data(), out.bytes.size());
    outputs->clear();
    outputs->push_back(std::move(out));
    return Status::Ok();
  }

  Judgement Judge(const AttrMap&, std::span<const HostTensor>, size_t index,
                  const HostTensor& expected, const HostTensor& actual) const override {
    Judgement j;
    if (index != 0 || expected.dtype != DType::kInt64 || actual.dtype != DType::kInt64 ||
        expected.bytes.size() != actual.bytes.size()) {
      j.message = op_ + " reference: output " + std::to_string(index) +
                  " is not the int64 indices it judges";
      return j;
    }
    const size_t n = expected.bytes.size() / sizeof(int64_t);
    for (size_t i = 0; i < n; ++i) {
      int64_t e = 0, a = 0;
      std::memcpy(&e, expected.bytes.data() + i * sizeof(int64_t), sizeof(int64_t));
      std::memcpy(&a, actual.bytes.data() + i * sizeof(int64_t), sizeof(int64_t));
      if (e != a) {
        j.message = op_ + ": index " + std::to_string(i) + " is " + std::to_string(a) +
                    ", expected " + std::to_string(e) + " (exact)";
        return j;
      }
    }
    j.ok = true;
    return j;
  }

 private:
  Status Lower(const AttrMap& attrs, std::span<const HostTensor> inputs, ArgReduceSpec* spec,
               Shape* in_shape) const {
    if (inputs.size() != 1) {
      return {ErrorCode::kInvalidParam,
              op_ + " reference: takes 1 input, got " + std::to_string(inputs.size())};
    }
    int64_t axis = 0, keepdims = 1, select_last = 0;
    OPSIM_RETURN_IF_ERROR(IntAttr(op_, attrs, "axis", &axis));
    OPSIM_RETURN_IF_ERROR(IntAttr(op_, attrs, "keepdims", &keepdims));
    OPSIM_RETURN_IF_ERROR(IntAttr(op_, attrs, "select_last_index", &select_last));
    const HostTensor& x = inputs[0];
    if (std::find(kDTypes.begin(), kDTypes.end(), x.dtype) == kDTypes.end()) {
      return Invalid("dtype " + std::string(DTypeName(x.dtype)) + " is not supported");
    }
    if ((keepdims != 0 && keepdims != 1) || (select_last != 0 && select_last != 1)) {
      return Invalid("keepdims and select_last_index are flags (0 or 1)");
    }
    OPSIM_RETURN_IF_ERROR(Shape::Make(x.shape.data(), x.shape.size(), in_shape, op_ + " input"));
    const std::optional<int64_t> bytes = in_shape->NumBytes(DTypeSize(x.dtype));
    if (!bytes || x.bytes.size() != static_cast<size_t>(*bytes)) {
      return Invalid("input 0 holds " + std::to_string(x.bytes.size()) + " bytes, not " +
                     in_shape->ToString() + " of " + std::string(DTypeName(x.dtype)));
    }
    spec->select_min = select_min_;
    spec->select_last = select_last == 1;
    spec->axis = axis;
    spec->keep_dims = keepdims == 1;
    // The axis's range [-r, r-1] (none for a scalar) and a non-empty reduced dim.
    Shape out_shape;
    return ArgReducedShape(*spec, *in_shape, &out_shape);
  }

  Status Invalid(const std::string& what) const {
    return {ErrorCode::kInvalidParam, op_ + " reference: " + what};
  }

  std::string op_;
  bool select_min_;
};

}  // namespace

namespace operators::argmax {
Status Register(ReferenceRegistry& registry) {
  OPSIM_RETURN_IF_ERROR(
      registry.Register("ArgMax", std::make_shared<ArgMaxOpReference>("ArgMax", false)));
  return registry.Register("ArgMin", std::make_shared<ArgMaxOpReference>("ArgMin", true));
}
}  // namespace operators::argmax

}  // namespace opsim::ref
