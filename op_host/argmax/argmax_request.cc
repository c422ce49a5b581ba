#include "argmax/argmax_request.h"

#include <algorithm>
#include <array>
#include <string>

namespace opsim {
namespace {

constexpr std::array kDTypes = {DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64,
                                DType::kInt8,    DType::kUInt8,   DType::kInt32,    DType::kUInt32,
                                DType::kInt64,   DType::kUInt64};

Status Invalid(ErrorCode code, std::string_view op, const std::string& what) {
  return {code, std::string(op) + ": " + what};
}

}  // namespace

std::span<const DType> ArgMaxDTypes() { return kDTypes; }

Status LowerArgMax(std::string_view op, bool select_min, DType dtype, std::span<const int64_t> dims,
                   int64_t axis, int64_t keepdims, int64_t select_last_index,
                   ArgMaxRequest* request) {
  if (std::find(kDTypes.begin(), kDTypes.end(), dtype) == kDTypes.end()) {
    return Invalid(ErrorCode::kInvalidTensorDtype, op,
                   "input dtype " + std::string(DTypeName(dtype)) +
                       " is not supported (float32, float16, bfloat16, float64, int8, uint8, "
                       "int32, uint32, int64, uint64)");
  }
  for (const auto& [name, value] :
       {std::pair{"keepdims", keepdims}, {"select_last_index", select_last_index}}) {
    if (value != 0 && value != 1) {
      return Invalid(
          ErrorCode::kInvalidParam, op,
          std::string("attribute '") + name + "' = " + std::to_string(value) + " is not 0 or 1");
    }
  }
  ArgMaxRequest out;
  OPSIM_RETURN_IF_ERROR(
      Shape::Make(dims.data(), dims.size(), &out.input, std::string(op) + " input"));
  const int64_t rank = out.input.rank();
  if (rank == 0) {
    return Invalid(ErrorCode::kInvalidTensorDimNum, op,
                   "the input is a scalar (rank 0); the axis must be in [-rank, rank - 1], which "
                   "is empty for rank 0");
  }
  if (axis < -rank || axis >= rank) {
    return Invalid(ErrorCode::kInvalidParam, op,
                   "attribute 'axis' = " + std::to_string(axis) + " is out of range [" +
                       std::to_string(-rank) + ", " + std::to_string(rank - 1) + "] for rank " +
                       std::to_string(rank));
  }
  out.axis = static_cast<int>(axis < 0 ? axis + rank : axis);
  if (out.input[out.axis] == 0) {
    return Invalid(ErrorCode::kInvalidTensorDim, op,
                   "axis " + std::to_string(out.axis) + " of input " + out.input.ToString() +
                       " has size 0: an empty slice has no index to return");
  }
  out.select_min = select_min;
  out.select_last = select_last_index == 1;
  out.dtype = dtype;
  out.keep_dims = keepdims == 1;
  for (int i = 0; i < out.input.rank(); ++i) {
    if (i != out.axis) {
      out.output.PushBack(out.input[i]);
    } else if (out.keep_dims) {
      out.output.PushBack(1);
    }
  }
  *request = out;
  return Status::Ok();
}

}  // namespace opsim
