#include "opsim/core/shape.h"

#include <algorithm>

namespace opsim {

Shape::Shape(std::initializer_list<int64_t> dims) {
  for (int64_t d : dims) {
    if (rank_ == kMaxRank) break;
    dims_[static_cast<size_t>(rank_++)] = d;
  }
}

Status Shape::Make(const int64_t* dims, size_t rank, Shape* out, std::string_view what) {
  if (rank > static_cast<size_t>(kMaxRank)) {
    return {ErrorCode::kInvalidTensorDimNum, std::string(what) + ": rank " + std::to_string(rank) +
                                                 " exceeds the maximum rank " +
                                                 std::to_string(kMaxRank)};
  }
  Shape shape;
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] < 0) {
      return {ErrorCode::kInvalidTensorDim, std::string(what) + ": dim[" + std::to_string(i) +
                                                "] = " + std::to_string(dims[i]) +
                                                " is negative (expected dim >= 0)"};
    }
    shape.PushBack(dims[i]);
  }
  if (!shape.NumElements()) {
    return {ErrorCode::kInvalidTensorSize,
            std::string(what) + ": shape " + shape.ToString() + " has more than 2^63-1 elements"};
  }
  *out = shape;
  return Status::Ok();
}

void Shape::PushBack(int64_t dim) {
  if (rank_ < kMaxRank) dims_[static_cast<size_t>(rank_++)] = dim;
}

std::optional<int64_t> Shape::NumElements() const {
  int64_t n = 1;
  // A zero dim makes the product 0 whatever the others are, so overflow only counts without one.
  if (std::find(begin(), end(), 0) != end()) return 0;
  for (int64_t d : *this) {
    if (__builtin_mul_overflow(n, d, &n)) return std::nullopt;
  }
  return n;
}

std::optional<int64_t> Shape::NumBytes(size_t element_size) const {
  std::optional<int64_t> n = NumElements();
  int64_t bytes = 0;
  if (!n || __builtin_mul_overflow(*n, static_cast<int64_t>(element_size), &bytes)) {
    return std::nullopt;
  }
  return bytes;
}

std::string DimsToString(std::span<const int64_t> dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ",";
    s += std::to_string(dims[i]);
  }
  return s + "]";
}

std::string Shape::ToString() const {
  return DimsToString(std::span<const int64_t>(dims_.data(), static_cast<size_t>(rank_)));
}

bool operator==(const Shape& a, const Shape& b) {
  return a.rank_ == b.rank_ && std::equal(a.begin(), a.end(), b.begin());
}

}  // namespace opsim
