#include "reduce/reduce_reading_attrs.h"

#include <cstring>
#include <optional>
#include <variant>

namespace opsim::ref {

Status ReduceFlagAttr(std::string_view op, const AttrMap& attrs, std::string_view key, bool* out) {
  const auto it = attrs.find(key);
  if (it == attrs.end()) return Status::Ok();
  if (const bool* b = std::get_if<bool>(&it->second)) {
    *out = *b;
    return Status::Ok();
  }
  if (const int64_t* i = std::get_if<int64_t>(&it->second); i != nullptr && (*i == 0 || *i == 1)) {
    *out = *i == 1;
    return Status::Ok();
  }
  return {ErrorCode::kInvalidParam, std::string(op) + " reference: attribute '" + std::string(key) +
                                        "' is not a flag (expected 0 or 1)"};
}

Status ReduceAxesInput(std::string_view op, const HostTensor& t, std::vector<int64_t>* out) {
  if (t.dtype != DType::kInt64 || t.shape.size() > 1 || t.bytes.size() % sizeof(int64_t) != 0) {
    return {ErrorCode::kInvalidParam,
            std::string(op) + " reference: the axes input must be a 1-D int64 tensor, got " +
                std::string(DTypeName(t.dtype)) + " of rank " + std::to_string(t.shape.size())};
  }
  out->resize(t.bytes.size() / sizeof(int64_t));
  if (!out->empty()) std::memcpy(out->data(), t.bytes.data(), t.bytes.size());
  return Status::Ok();
}

Status LowerReduceReading(const std::string& op, bool openvino, ReduceKind kind,
                          ReduceVariant variant, DType dtype, const AttrMap& attrs,
                          std::span<const HostTensor> inputs, ReduceRequest* req) {
  if (inputs.empty() || inputs.size() > 2) {
    return {ErrorCode::kInvalidParam,
            op + " reference: takes 1 or 2 inputs, got " + std::to_string(inputs.size())};
  }
  const HostTensor& x = inputs[0];
  Shape shape;
  OPSIM_RETURN_IF_ERROR(MakeReduceInputShape(op, x.shape, &shape));
  if (x.bytes.size() != static_cast<size_t>(*shape.NumElements()) * DTypeSize(x.dtype)) {
    return {ErrorCode::kInvalidParam,
            op + " reference: input 0 holds " + std::to_string(x.bytes.size()) + " bytes, not " +
                shape.ToString() + " of " + std::string(DTypeName(x.dtype))};
  }
  std::optional<std::vector<int64_t>> axes;
  const std::string_view axes_key = openvino ? "reduction_axes" : "axes";
  if (attrs.contains(axes_key)) {
    std::vector<int64_t> a;
    OPSIM_RETURN_IF_ERROR(GetAttr(op, attrs, axes_key, &a));
    axes = std::move(a);
  }
  if (inputs.size() == 2) {
    if (axes) {
      return {ErrorCode::kInvalidParam,
              op + " reference: axes given both as attribute and as input 1"};
    }
    std::vector<int64_t> a;
    OPSIM_RETURN_IF_ERROR(ReduceAxesInput(op, inputs[1], &a));
    axes = std::move(a);
  }
  if (openvino) {
    bool keep = kOpenVinoDefaultKeepDims;
    OPSIM_RETURN_IF_ERROR(ReduceFlagAttr(op, attrs, "keep_dims", &keep));
    if (!axes) {
      return {ErrorCode::kInvalidParam,
              op + " reference: the axes are missing (input 1, or the attribute 'reduction_axes')"};
    }
    return LowerOpenVino(kind, dtype, shape, *axes, keep, req, variant);
  }
  bool keepdims = kOnnxDefaultKeepdims;
  bool noop = kOnnxDefaultNoopWithEmptyAxes;
  OPSIM_RETURN_IF_ERROR(ReduceFlagAttr(op, attrs, "keepdims", &keepdims));
  OPSIM_RETURN_IF_ERROR(ReduceFlagAttr(op, attrs, "noop_with_empty_axes", &noop));
  std::optional<std::span<const int64_t>> span;
  if (axes) span = std::span<const int64_t>(*axes);
  return LowerOnnx(kind, dtype, shape, span, keepdims, noop, req, variant);
}

}  // namespace opsim::ref
