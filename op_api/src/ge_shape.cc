// ge::Shape (graph/tensor.h): dims shared between copies, CANN's rules for unknown dims and
// ranks and for a product that overflows.
#include "graph/tensor.h"

namespace ge {

class ShapeImpl {
 public:
  std::vector<int64_t> dims;
};

namespace {

// a * b when it fits int64 (either sign), else false.
bool MultiplyFits(int64_t a, int64_t b, int64_t* out) { return !__builtin_mul_overflow(a, b, out); }

}  // namespace

Shape::Shape() : impl_(std::make_shared<ShapeImpl>()) {}

Shape::Shape(const std::vector<int64_t>& dims) : impl_(std::make_shared<ShapeImpl>()) {
  impl_->dims = dims;
}

size_t Shape::GetDimNum() const {
  for (int64_t d : impl_->dims) {
    if (d == UNKNOWN_DIM_NUM) return 0;
  }
  return impl_->dims.size();
}

int64_t Shape::GetDim(size_t idx) const { return idx < impl_->dims.size() ? impl_->dims[idx] : 0; }

graphStatus Shape::SetDim(size_t idx, int64_t value) {
  if (idx >= impl_->dims.size()) return GRAPH_FAILED;
  impl_->dims[idx] = value;
  return GRAPH_SUCCESS;
}

std::vector<int64_t> Shape::GetDims() const { return impl_->dims; }

int64_t Shape::GetShapeSize() const {
  if (impl_->dims.empty()) return 0;
  int64_t size = 1;
  for (int64_t d : impl_->dims) {
    if (d == UNKNOWN_DIM || d == UNKNOWN_DIM_NUM) return -1;
    if (!MultiplyFits(size, d, &size)) return 0;
  }
  return size;
}

}  // namespace ge
