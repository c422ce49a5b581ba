#include "desc_check.h"

namespace opsim {

Status CheckDescMatches(std::string_view op, std::string_view name, const TensorDesc& got,
                        const TensorDesc& want) {
  const std::string prefix = std::string(op) + ": " + std::string(name) + " ";
  const std::string expected = " (expected " + ToString(want) + ")";
  if (got.dtype != want.dtype) {
    return {ErrorCode::kInvalidTensorDtype,
            prefix + "dtype = " + std::to_string(static_cast<int32_t>(got.dtype)) + expected};
  }
  if (got.format != want.format) {
    return {ErrorCode::kInvalidTensorFormat,
            prefix + "format = " + FormatName(got.format) + expected};
  }
  if (got.shape.dimNum != want.shape.dimNum) {
    return {ErrorCode::kInvalidTensorDimNum,
            prefix + "dimNum = " + std::to_string(got.shape.dimNum) + expected};
  }
  for (uint64_t i = 0; i < want.shape.dimNum && i < MAX_DIM; ++i) {
    if (got.shape.dims[i] != want.shape.dims[i]) {
      return {ErrorCode::kInvalidTensorDim, prefix + "dims[" + std::to_string(i) + "] = " +
                                                std::to_string(got.shape.dims[i]) + expected};
    }
  }
  return Status::Ok();
}

Status CheckDataSize(std::string_view op, std::string_view name, const Tensor& tensor) {
  const uint64_t want = TensorDescBytes(tensor.desc).value_or(0);
  if (tensor.dataSize == want) return Status::Ok();
  return {ErrorCode::kInvalidTensorSize, std::string(op) + ": " + std::string(name) +
                                             " dataSize = " + std::to_string(tensor.dataSize) +
                                             " B but " + ToString(tensor.desc) + " needs " +
                                             std::to_string(want) + " B"};
}

}  // namespace opsim
