#include "desc_check.h"

#include <optional>
#include <string>

#include "opsim/core/shape.h"

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
  const std::optional<uint64_t> bytes = TensorDescBytes(tensor.desc);
  // A valid shape of a known dtype whose bytes do not fit 64 bits describes no memory: dataSize 0
  // must not pass for it ([2^62] int32 reached the tiling, whose byte counts wrapped to 0). An
  // unknown dtype or a bad shape is refused later, by the rule it breaks.
  Shape shape;
  if (!bytes && DTypeFromAcl(tensor.desc.dtype) &&
      ShapeFromDims(tensor.desc.shape, &shape, std::string(name)).ok()) {
    return {ErrorCode::kInvalidTensorSize, std::string(op) + ": " + std::string(name) + " " +
                                               ToString(tensor.desc) +
                                               " needs 2^64 bytes or more (no memory holds it)"};
  }
  const uint64_t want = bytes.value_or(0);
  if (tensor.dataSize == want) return Status::Ok();
  return {ErrorCode::kInvalidTensorSize, std::string(op) + ": " + std::string(name) +
                                             " dataSize = " + std::to_string(tensor.dataSize) +
                                             " B but " + ToString(tensor.desc) + " needs " +
                                             std::to_string(want) + " B"};
}

}  // namespace opsim
