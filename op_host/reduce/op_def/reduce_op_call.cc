#include "reduce_op_call.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <span>

#include "opsim/core/tensor.h"
#include "reduce/reduce_param.h"

namespace opsim::reduce_op {
namespace {

constexpr const char kOpenVinoPrefix[] = "OpenVINO.";

Status Invalid(const std::string& op, const std::string& what) {
  return {ErrorCode::kInvalidParam, op + ": " + what};
}

// reduceType as a name ("sum", "REDUCE_SUM", any case) or ATB's number ("3"); the number is
// passed on as it is, so that ATB's own message refuses one outside the enum.
Status ParseReduceType(const std::string& op, const char* text, int* out) {
  if (text == nullptr || *text == '\0') {
    *out = infer::ReduceParam::REDUCE_UNDEFINED;
    return Status::Ok();
  }
  std::string upper(text);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  if (upper.rfind("REDUCE_", 0) == 0) upper = upper.substr(7);
  for (const ReducerInfo& r : Reducers()) {
    if (upper == r.name) {
      *out = r.atb_type;
      return Status::Ok();
    }
  }
  int value = 0;
  const char* end = upper.data() + upper.size();
  const auto [ptr, ec] = std::from_chars(upper.data(), end, value);
  if (ec == std::errc() && ptr == end && value >= 0 && value <= 255) {
    *out = value;
    return Status::Ok();
  }
  return Invalid(op, "attribute 'reduceType' = \"" + std::string(text) +
                         "\" is not a reducer (expected sum, max, min or prod, or ATB's "
                         "number 1..4)");
}

// The axes input's values: a 1-D (or scalar) int64 or int32 tensor whose value is known.
Status ReadAxesInput(const std::string& op, const gert::Tensor& axes, std::vector<int64_t>* out) {
  if (axes.GetOriginShape().GetDimNum() > 1) {
    return {ErrorCode::kInvalidTensorDimNum, op + ": the axes input has rank " +
                                                 std::to_string(axes.GetOriginShape().GetDimNum()) +
                                                 " (expected a 1-D tensor)"};
  }
  if (axes.GetAddr() == nullptr) {
    return {ErrorCode::kUnsupported,
            op + ": the axes input's value is not known on the host (give it as a constant: an "
                 "initializer in a model, \"=axes\" in a description, or a file to opsim exec)"};
  }
  const int64_t n = axes.GetShapeSize();
  out->clear();
  for (int64_t i = 0; i < n; ++i) {
    out->push_back(axes.GetDataType() == ge::DT_INT32 ? axes.GetData<int32_t>()[i]
                                                      : axes.GetData<int64_t>()[i]);
  }
  return Status::Ok();
}

// ONNX (opset 20) reduces bool by max (any) and min (all), as OpenVINO's ReduceLogicalOr / And
// do: the uint8 kernels on the same bytes.
DType BoolAsUInt8(const ReduceOpType& type, DType dtype) {
  const bool max_min = type.kind == ReduceKind::kMax || type.kind == ReduceKind::kMin;
  return dtype == DType::kBool && max_min && type.variant == ReduceVariant::kPlain ? DType::kUInt8
                                                                                   : dtype;
}

std::optional<std::vector<int64_t>> ListAttr(const gert::RuntimeAttrs& attrs, size_t index) {
  const gert::TypedContinuousVector<int64_t>* list = attrs.GetListInt(index);
  if (list == nullptr) return std::nullopt;
  return std::vector<int64_t>(list->GetData(), list->GetData() + list->GetSize());
}

Status LowerOnnxCall(const ReduceOpType& type, const ReduceCall& call, DType dtype,
                     const Shape& input, ReduceRequest* request) {
  const gert::RuntimeAttrs& attrs = *call.attrs;
  std::optional<std::vector<int64_t>> axes = ListAttr(attrs, kOnnxAxes);
  if (call.axes != nullptr) {
    if (axes) {
      return Invalid(type.name,
                     "the axes are given twice, as the attribute (ONNX opset < 13 / 18) and as "
                     "input 1 (later opsets); give one");
    }
    axes.emplace();
    OPSIM_RETURN_IF_ERROR(ReadAxesInput(type.name, *call.axes, &*axes));
  }
  const int64_t keepdims = *attrs.GetInt(kOnnxKeepdims);
  const int64_t noop = *attrs.GetInt(kOnnxNoopWithEmptyAxes);
  for (const auto& [name, value] :
       {std::pair{"keepdims", keepdims}, {"noop_with_empty_axes", noop}}) {
    if (value != 0 && value != 1) {
      return Invalid(type.name, std::string("attribute '") + name + "' = " + std::to_string(value) +
                                    " is not 0 or 1");
    }
  }
  std::optional<std::span<const int64_t>> axes_view;
  if (axes) axes_view = std::span<const int64_t>(*axes);
  OPSIM_RETURN_IF_ERROR(LowerOnnx(type.kind, BoolAsUInt8(type, dtype), input, axes_view,
                                  keepdims == 1, noop == 1, request, type.variant));
  request->bool_values = dtype == DType::kBool;
  return Status::Ok();
}

Status LowerOpenVinoCall(const ReduceOpType& type, const ReduceCall& call, DType dtype,
                         const Shape& input, ReduceRequest* request) {
  std::optional<std::vector<int64_t>> axes = ListAttr(*call.attrs, kOpenVinoReductionAxes);
  if (call.axes != nullptr && axes) {
    return Invalid(type.name,
                   "the axes are given twice, as input 1 and as the attribute 'reduction_axes'; "
                   "give one");
  }
  if (call.axes != nullptr) {
    axes.emplace();
    OPSIM_RETURN_IF_ERROR(ReadAxesInput(type.name, *call.axes, &*axes));
  }
  if (!axes) {
    return Invalid(type.name, "the axes are missing (input 1, or the attribute 'reduction_axes')");
  }
  OPSIM_RETURN_IF_ERROR(LowerOpenVino(type.kind, BoolAsUInt8(type, dtype), input, *axes,
                                      *call.attrs->GetBool(kOpenVinoKeepDims), request,
                                      type.variant));
  request->bool_values = dtype == DType::kBool;
  return Status::Ok();
}

Status LowerAtbCall(const ReduceOpType& type, const ReduceCall& call, DType dtype,
                    const Shape& input, ReduceRequest* request) {
  infer::ReduceParam param;
  int reduce_type = 0;
  OPSIM_RETURN_IF_ERROR(
      ParseReduceType(type.name, call.attrs->GetStr(kAtbReduceType), &reduce_type));
  param.reduceType = static_cast<infer::ReduceParam::ReduceType>(reduce_type);
  if (const auto axis = ListAttr(*call.attrs, kAtbAxis)) {
    for (int64_t a : *axis) param.axis.push_back(a);
  }
  return LowerAtb(param, dtype, input, /*strict_dtypes=*/false, request);
}

std::vector<ReduceOpType> BuildReduceOpTypes() {
  std::vector<ReduceOpType> types;
  for (const ReducerInfo& r : Reducers()) {
    const std::string op = "Reduce" + std::string(r.title);
    types.push_back({op, Reading::kOnnx, r.kind});
    types.push_back({kOpenVinoPrefix + op, Reading::kOpenVino, r.kind});
  }
  for (const ReduceVariantInfo& v : ReduceVariants()) {
    const std::string op = "Reduce" + std::string(v.title);
    types.push_back({op, Reading::kOnnx, ReduceKind::kSum, v.variant});
    const bool openvino = v.variant == ReduceVariant::kMean || v.variant == ReduceVariant::kL1 ||
                          v.variant == ReduceVariant::kL2;
    if (openvino) {
      types.push_back({kOpenVinoPrefix + op, Reading::kOpenVino, ReduceKind::kSum, v.variant});
    }
  }
  types.push_back({std::string(kOpenVinoPrefix) + "ReduceLogicalAnd", Reading::kOpenVino,
                   ReduceKind::kMin, ReduceVariant::kPlain, true});
  types.push_back({std::string(kOpenVinoPrefix) + "ReduceLogicalOr", Reading::kOpenVino,
                   ReduceKind::kMax, ReduceVariant::kPlain, true});
  types.push_back({"Reduce", Reading::kAtb, ReduceKind::kSum});
  return types;
}

}  // namespace

const std::vector<ReduceOpType>& ReduceOpTypes() {
  static const std::vector<ReduceOpType> types = BuildReduceOpTypes();
  return types;
}

std::optional<ReduceOpType> FindReduceOpType(const std::string& name) {
  for (const ReduceOpType& t : ReduceOpTypes()) {
    if (t.name == name) return t;
  }
  return std::nullopt;
}

Status LowerReduceCall(const ReduceCall& call, ReduceRequest* request) {
  const std::optional<ReduceOpType> type = FindReduceOpType(call.op_type);
  if (!type || call.attrs == nullptr) {
    return {ErrorCode::kInvalidParam, call.op_type + ": not a Reduce operator"};
  }
  Shape input;
  OPSIM_RETURN_IF_ERROR(MakeReduceInputShape(type->name, call.dims, &input));
  const std::optional<DType> dtype = DTypeFromAcl(static_cast<aclDataType>(call.dtype));
  if (!dtype) {
    return {ErrorCode::kInvalidTensorDtype, type->name + ": dtype " +
                                                std::to_string(static_cast<int>(call.dtype)) +
                                                " is not one opsim knows"};
  }
  switch (type->reading) {
    case Reading::kOnnx: return LowerOnnxCall(*type, call, *dtype, input, request);
    case Reading::kOpenVino: return LowerOpenVinoCall(*type, call, *dtype, input, request);
    case Reading::kAtb: return LowerAtbCall(*type, call, *dtype, input, request);
  }
  return {ErrorCode::kInvalidParam, call.op_type + ": not a Reduce operator"};
}

}  // namespace opsim::reduce_op
