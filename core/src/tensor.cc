#include "opsim/core/tensor.h"

#include <algorithm>

namespace opsim {

bool operator==(const Dims& a, const Dims& b) {
  if (a.dimNum != b.dimNum) return false;
  const uint64_t n = std::min<uint64_t>(a.dimNum, MAX_DIM);
  return std::equal(a.dims, a.dims + n, b.dims);
}

bool operator==(const TensorDesc& a, const TensorDesc& b) {
  return a.dtype == b.dtype && a.format == b.format && a.shape == b.shape;
}

std::optional<DType> DTypeFromAcl(aclDataType dtype) {
  const auto value = static_cast<int32_t>(dtype);
  if (!IsKnownDType(value)) return std::nullopt;
  return static_cast<DType>(value);
}

aclDataType AclFromDType(DType dtype) { return static_cast<aclDataType>(dtype); }

std::string FormatName(aclFormat format) {
  switch (format) {
    case ACL_FORMAT_UNDEFINED: return "UNDEFINED";
    case ACL_FORMAT_NCHW: return "NCHW";
    case ACL_FORMAT_NHWC: return "NHWC";
    case ACL_FORMAT_ND: return "ND";
    case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
    case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
    case ACL_FORMAT_NC1HWC0_C04: return "NC1HWC0_C04";
    case ACL_FORMAT_HWCN: return "HWCN";
    case ACL_FORMAT_NDHWC: return "NDHWC";
    case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
    case ACL_FORMAT_NCDHW: return "NCDHW";
    case ACL_FORMAT_NDC1HWC0: return "NDC1HWC0";
    case ACL_FRACTAL_Z_3D: return "FRACTAL_Z_3D";
    case ACL_FORMAT_NC: return "NC";
    case ACL_FORMAT_NCL: return "NCL";
  }
  return "format(" + std::to_string(static_cast<int32_t>(format)) + ")";
}

Status ShapeFromDims(const Dims& dims, Shape* out, const std::string& what) {
  if (dims.dimNum > MAX_DIM) {
    return {ErrorCode::kInvalidTensorDimNum, what + ": dimNum = " + std::to_string(dims.dimNum) +
                                                 " exceeds MAX_DIM (expected " +
                                                 "0 <= dimNum <= " + std::to_string(MAX_DIM) + ")"};
  }
  return Shape::Make(dims.dims, dims.dimNum, out, what);
}

Dims DimsFromShape(const Shape& shape) {
  Dims dims;
  dims.dimNum = static_cast<uint64_t>(shape.rank());
  std::copy(shape.begin(), shape.end(), dims.dims);
  return dims;
}

std::string ToString(const TensorDesc& desc) {
  // Appends rather than operator+ on temporaries: g++ 12 warns falsely (-Wrestrict) on those.
  std::string out;
  if (const std::optional<DType> dtype = DTypeFromAcl(desc.dtype)) {
    out.append(DTypeName(*dtype));
  } else {
    out.append("dtype(").append(std::to_string(static_cast<int32_t>(desc.dtype))).append(")");
  }
  out.append(" ").append(FormatName(desc.format)).append(" [");
  const uint64_t n = std::min<uint64_t>(desc.shape.dimNum, MAX_DIM);
  for (uint64_t i = 0; i < n; ++i) {
    if (i) out += ",";
    out += std::to_string(desc.shape.dims[i]);
  }
  if (desc.shape.dimNum > MAX_DIM) out += ",...";
  return out + "]";
}

std::optional<uint64_t> TensorDescBytes(const TensorDesc& desc) {
  const std::optional<DType> dtype = DTypeFromAcl(desc.dtype);
  if (!dtype) return std::nullopt;
  Shape shape;
  if (!ShapeFromDims(desc.shape, &shape, "tensor").ok()) return std::nullopt;
  const std::optional<int64_t> elements = shape.NumElements();
  const std::optional<int64_t> bytes = elements ? DTypeBytes(*dtype, *elements) : std::nullopt;
  if (!bytes) return std::nullopt;
  return static_cast<uint64_t>(*bytes);
}

}  // namespace opsim
