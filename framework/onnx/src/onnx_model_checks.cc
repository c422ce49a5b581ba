#include "onnx_model_checks.h"

#include <limits>
#include <optional>
#include <string>

#include "onnx_opdef_nodes.h"
#include "onnx_tensor.h"

namespace opsim::onnx_import {
namespace {

// The newest opset of the default domain released when this importer was written (ONNX 1.18).
// An operator's meaning may change in a newer opset, so a model that claims one is refused
// rather than read by older rules.
constexpr int64_t kNewestKnownOpset = 23;

}  // namespace

Status ParseModel(std::string_view bytes, const std::string& what, onnx::ModelProto* model) {
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    return {ErrorCode::kIoError, what + ": " + std::to_string(bytes.size()) +
                                     " bytes exceed protobuf's 2 GiB message limit"};
  }
  if (!model->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return {ErrorCode::kIoError, what +
                                     ": not an ONNX model (the onnx.ModelProto protobuf does not "
                                     "parse: the file is truncated or in another format)"};
  }
  if (!model->has_graph()) {
    return {ErrorCode::kIoError, what + ": the model has no graph (truncated or not a model)"};
  }
  return Status::Ok();
}

Status DefaultOpset(const onnx::ModelProto& model, const std::string& what, int64_t* opset) {
  for (const onnx::OperatorSetIdProto& id : model.opset_import()) {
    if (!onnx_import::IsDefaultDomain(id.domain())) continue;
    if (id.version() < 1 || id.version() > kNewestKnownOpset) {
      return {ErrorCode::kInvalidParam, what + ": opset_import of the default domain has version " +
                                            std::to_string(id.version()) + " (expected 1 to " +
                                            std::to_string(kNewestKnownOpset) +
                                            ", the newest opset this importer knows)"};
    }
    *opset = id.version();
    return Status::Ok();
  }
  return {ErrorCode::kInvalidGraph,
          what + ": opset_import names no version of the default ONNX domain ('' or 'ai.onnx')"};
}

bool IsInitializer(const onnx::GraphProto& graph, const std::string& name) {
  for (const onnx::TensorProto& t : graph.initializer()) {
    if (t.name() == name) return true;
  }
  return false;
}

std::string TypeKind(const onnx::ValueInfoProto& info) {
  if (!info.has_type()) return "declared without a type";
  switch (info.type().value_case()) {
    case onnx::TypeProto::kTensorType: return "a tensor";
    case onnx::TypeProto::kSequenceType: return "a sequence";
    case onnx::TypeProto::kMapType: return "a map";
    case onnx::TypeProto::kOptionalType: return "an optional";
    case onnx::TypeProto::kSparseTensorType: return "a sparse tensor";
    case onnx::TypeProto::kOpaqueType: return "an opaque value";
    default: return "of no type ONNX defines";
  }
}

Status DeclaredDesc(const onnx::ValueInfoProto& info, const std::string& what, TensorDesc* out) {
  if (!info.has_type() || !info.type().has_tensor_type()) {
    return {ErrorCode::kUnsupported,
            what + " is " + TypeKind(info) + ", not a tensor (only tensor inputs are supported)"};
  }
  const onnx::TypeProto_Tensor& tensor = info.type().tensor_type();
  const std::optional<DType> dtype = DTypeFromOnnx(tensor.elem_type());
  if (!dtype) {
    return {ErrorCode::kUnsupported, what + " has elem_type " + OnnxTypeName(tensor.elem_type()) +
                                         ", which opsim does not support"};
  }
  if (!tensor.has_shape()) {
    return {ErrorCode::kUnsupported, what + " declares no shape (the importer needs every dim)"};
  }
  if (tensor.shape().dim_size() > kMaxRank) {
    return {ErrorCode::kInvalidTensorDimNum, what + " has rank " +
                                                 std::to_string(tensor.shape().dim_size()) +
                                                 " (at most " + std::to_string(kMaxRank) + ")"};
  }
  std::vector<int64_t> dims;
  for (int i = 0; i < tensor.shape().dim_size(); ++i) {
    const onnx::TensorShapeProto_Dimension& d = tensor.shape().dim(i);
    if (!d.has_dim_value()) {
      return {ErrorCode::kUnsupported,
              what + " dim " + std::to_string(i) + " is symbolic ('" + d.dim_param() +
                  "'); the importer needs numbers (or the input's value at load time)"};
    }
    if (d.dim_value() < 0) {
      return {ErrorCode::kInvalidTensorDim, what + " dim " + std::to_string(i) + " = " +
                                                std::to_string(d.dim_value()) + " is negative"};
    }
    dims.push_back(d.dim_value());
  }
  Shape shape;
  OPSIM_RETURN_IF_ERROR(Shape::Make(dims.data(), dims.size(), &shape, what));
  out->dtype = AclFromDType(*dtype);
  out->format = ACL_FORMAT_ND;
  out->shape = DimsFromShape(shape);
  return Status::Ok();
}

Status CheckDeclaredOutput(const onnx::ValueInfoProto& info, const std::string& what,
                           const TensorDesc& inferred) {
  if (!info.has_type() || !info.type().has_tensor_type()) return Status::Ok();
  const onnx::TypeProto_Tensor& tensor = info.type().tensor_type();
  const std::optional<DType> got = DTypeFromAcl(inferred.dtype);
  if (tensor.elem_type() != 0 && DTypeFromOnnx(tensor.elem_type()) != got) {
    return {ErrorCode::kInvalidGraph, what + " is declared " + OnnxTypeName(tensor.elem_type()) +
                                          " but the graph computes " + ToString(inferred)};
  }
  if (!tensor.has_shape()) return Status::Ok();
  bool same = static_cast<uint64_t>(tensor.shape().dim_size()) == inferred.shape.dimNum;
  for (int i = 0; same && i < tensor.shape().dim_size(); ++i) {
    const auto& d = tensor.shape().dim(i);
    same = !d.has_dim_value() || d.dim_value() == inferred.shape.dims[i];
  }
  if (same) return Status::Ok();
  std::string declared = "[";
  for (int i = 0; i < tensor.shape().dim_size(); ++i) {
    const auto& d = tensor.shape().dim(i);
    if (i > 0) declared += ',';
    declared += d.has_dim_value() ? std::to_string(d.dim_value()) : "'" + d.dim_param() + "'";
  }
  return {ErrorCode::kInvalidGraph, what + " is declared with shape " + declared +
                                        "] but the graph computes " + ToString(inferred)};
}

}  // namespace opsim::onnx_import
