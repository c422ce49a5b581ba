#include "opsim/framework/reduce_model_operations.h"

#include <string>
#include <utility>

#include "reduce_front_door_operation.h"

namespace opsim {
namespace {

struct KindName {
  ReduceKind kind;
  const char* name;
};
constexpr KindName kKinds[] = {{ReduceKind::kSum, "ReduceSum"},
                               {ReduceKind::kMax, "ReduceMax"},
                               {ReduceKind::kMin, "ReduceMin"},
                               {ReduceKind::kProd, "ReduceProd"}};

std::string KindOpName(ReduceKind kind) {
  for (const KindName& k : kKinds) {
    if (k.kind == kind) return k.name;
  }
  return "Reduce";
}

// A 0/1 flag that models write as a bool or as an int (ONNX attributes are ints).
Status GetFlag(std::string_view op, const AttrMap& attrs, std::string_view key, bool* out) {
  const auto it = attrs.find(key);
  if (it == attrs.end()) return Status::Ok();
  if (const bool* b = std::get_if<bool>(&it->second)) {
    *out = *b;
    return Status::Ok();
  }
  if (const int64_t* i = std::get_if<int64_t>(&it->second)) {
    if (*i == 0 || *i == 1) {
      *out = *i == 1;
      return Status::Ok();
    }
    return {ErrorCode::kInvalidParam, std::string(op) + ": attribute '" + std::string(key) +
                                          "' = " + std::to_string(*i) +
                                          " is not a flag (expected 0 or 1)"};
  }
  return {ErrorCode::kInvalidParam, std::string(op) + ": attribute '" + std::string(key) +
                                        "' is a " + std::string(AttrTypeName(it->second)) +
                                        " (expected bool or int 0/1)"};
}

Status OnnxFromAttrs(ReduceKind kind, const AttrMap& attrs, std::unique_ptr<Operation>* out) {
  const std::string name = KindOpName(kind);
  OPSIM_RETURN_IF_ERROR(CheckAttrKeys(name, attrs, {"axes", "keepdims", "noop_with_empty_axes"}));
  OnnxReduceParam param;
  param.kind = kind;
  if (attrs.contains("axes")) {
    std::vector<int64_t> axes;
    OPSIM_RETURN_IF_ERROR(GetAttr(name, attrs, "axes", &axes));
    param.axes = std::move(axes);
  }
  OPSIM_RETURN_IF_ERROR(GetFlag(name, attrs, "keepdims", &param.keepdims));
  OPSIM_RETURN_IF_ERROR(GetFlag(name, attrs, "noop_with_empty_axes", &param.noop_with_empty_axes));
  return CreateOnnxReduceOperation(param, out);
}

Status OpenVinoFromAttrs(ReduceKind kind, const AttrMap& attrs, std::unique_ptr<Operation>* out) {
  const std::string name = "OpenVINO." + KindOpName(kind);
  OPSIM_RETURN_IF_ERROR(CheckAttrKeys(name, attrs, {"reduction_axes", "keep_dims"}));
  if (!attrs.contains("reduction_axes")) {
    return {ErrorCode::kInvalidParam,
            name + ": attribute 'reduction_axes' is missing (it is required; [] means identity)"};
  }
  OpenVinoReduceParam param;
  param.kind = kind;
  OPSIM_RETURN_IF_ERROR(GetAttr(name, attrs, "reduction_axes", &param.reduction_axes));
  OPSIM_RETURN_IF_ERROR(GetFlag(name, attrs, "keep_dims", &param.keep_dims));
  return CreateOpenVinoReduceOperation(param, out);
}

}  // namespace

Status CreateOnnxReduceOperation(const OnnxReduceParam& param, std::unique_ptr<Operation>* out) {
  const std::string name = "ONNX " + KindOpName(param.kind);
  if (out == nullptr) return {ErrorCode::kInvalidParam, name + ": operation is null"};
  ReduceFrontDoor door;
  door.name = name;
  door.lower = [param](DType dtype, const Shape& input, bool, ReduceRequest* request) {
    std::optional<std::span<const int64_t>> axes;
    if (param.axes) axes = std::span<const int64_t>(*param.axes);
    return LowerOnnx(param.kind, dtype, input, axes, param.keepdims, param.noop_with_empty_axes,
                     request);
  };
  *out = MakeReduceFrontDoorOperation(std::move(door));
  return Status::Ok();
}

Status CreateOpenVinoReduceOperation(const OpenVinoReduceParam& param,
                                     std::unique_ptr<Operation>* out) {
  const std::string name = "OpenVINO " + KindOpName(param.kind);
  if (out == nullptr) return {ErrorCode::kInvalidParam, name + ": operation is null"};
  ReduceFrontDoor door;
  door.name = name;
  door.lower = [param](DType dtype, const Shape& input, bool, ReduceRequest* request) {
    return LowerOpenVino(param.kind, dtype, input, param.reduction_axes, param.keep_dims, request);
  };
  *out = MakeReduceFrontDoorOperation(std::move(door));
  return Status::Ok();
}

Status RegisterReduceModelOperations(OperationRegistry& registry) {
  for (const KindName& k : kKinds) {
    const ReduceKind kind = k.kind;
    OPSIM_RETURN_IF_ERROR(
        registry.Register(k.name, [kind](const AttrMap& attrs, std::unique_ptr<Operation>* out) {
          return OnnxFromAttrs(kind, attrs, out);
        }));
    OPSIM_RETURN_IF_ERROR(
        registry.Register(std::string("OpenVINO.") + k.name,
                          [kind](const AttrMap& attrs, std::unique_ptr<Operation>* out) {
                            return OpenVinoFromAttrs(kind, attrs, out);
                          }));
  }
  return Status::Ok();
}

}  // namespace opsim
