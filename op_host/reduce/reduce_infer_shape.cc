#include "reduce/reduce_infer_shape.h"

#include <string>

namespace opsim {

Shape ReduceOutputShape(const Shape& input, std::span<const int64_t> axes, bool keep_dims) {
  Shape output;
  size_t next = 0;  // axes are sorted, so one pass over the dims consumes them in order
  for (int d = 0; d < input.rank(); ++d) {
    const bool reduced = next < axes.size() && axes[next] == d;
    if (reduced) ++next;
    if (!reduced) {
      output.PushBack(input[d]);
    } else if (keep_dims) {
      output.PushBack(1);
    }
  }
  return output;
}

Status InferReduceShape(ReduceRequest* request) {
  constexpr const char* kOp = "InferReduceShape";
  if (request == nullptr) return {ErrorCode::kInvalidParam, std::string(kOp) + ": request is null"};
  const int rank = request->input.rank();
  const auto& axes = request->axes;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t axis = axes[i];
    if (axis < 0 || axis >= rank) {
      return {ErrorCode::kInvalidParam,
              std::string(kOp) + ": axes[" + std::to_string(i) + "] = " + std::to_string(axis) +
                  " is out of range for an input of rank " + std::to_string(rank) +
                  " (expected 0 <= axis < " + std::to_string(rank) + ")"};
    }
    if (i > 0 && axis <= axes[i - 1]) {
      return {ErrorCode::kInvalidParam,
              std::string(kOp) + ": axes[" + std::to_string(i) + "] = " + std::to_string(axis) +
                  " follows axes[" + std::to_string(i - 1) + "] = " + std::to_string(axes[i - 1]) +
                  " (expected sorted unique axes)"};
    }
  }
  if (request->identity != axes.empty()) {
    return {ErrorCode::kInvalidParam,
            std::string(kOp) + ": identity = " + (request->identity ? "true" : "false") + " with " +
                std::to_string(axes.size()) +
                " axes (expected identity exactly when there are no axes)"};
  }
  request->output = request->identity
                        ? request->input
                        : ReduceOutputShape(request->input, std::span(axes.begin(), axes.end()),
                                            request->keep_dims);
  return Status::Ok();
}

}  // namespace opsim
