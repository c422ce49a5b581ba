// gert::Shape and gert::StorageShape: the shapes a tiling or infer-shape function reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace gert {

class Shape {
 public:
  static constexpr size_t kMaxDimNum = 25;
  static constexpr int64_t kInvalidDimValue = INT64_MIN;

  Shape() = default;
  Shape(std::initializer_list<int64_t> dims) {
    for (int64_t d : dims) AppendDim(d);
  }

  size_t GetDimNum() const { return dim_num_; }
  void SetDimNum(size_t dim_num) { dim_num_ = dim_num > kMaxDimNum ? kMaxDimNum : dim_num; }
  bool IsScalar() const { return dim_num_ == 0; }
  void SetScalar() { dim_num_ = 0; }
  // kInvalidDimValue for an index past the rank, as CANN does.
  int64_t GetDim(size_t index) const { return index < dim_num_ ? dims_[index] : kInvalidDimValue; }
  void SetDim(size_t index, int64_t value) {
    if (index < kMaxDimNum) dims_[index] = value;
  }
  Shape& AppendDim(int64_t value) {
    if (dim_num_ < kMaxDimNum) dims_[dim_num_++] = value;
    return *this;
  }
  const int64_t& operator[](size_t index) const { return dims_[index]; }
  int64_t& operator[](size_t index) { return dims_[index]; }
  // Product of the dims (1 for a scalar); -1 when a dim is negative or the product overflows.
  int64_t GetShapeSize() const {
    int64_t size = 1;
    for (size_t i = 0; i < dim_num_; ++i) {
      if (dims_[i] < 0) return -1;
      if (dims_[i] != 0 && size > INT64_MAX / dims_[i]) return -1;
      size *= dims_[i];
    }
    return size;
  }
  bool operator==(const Shape& other) const {
    if (dim_num_ != other.dim_num_) return false;
    for (size_t i = 0; i < dim_num_; ++i) {
      if (dims_[i] != other.dims_[i]) return false;
    }
    return true;
  }
  bool operator!=(const Shape& other) const { return !(*this == other); }

 private:
  size_t dim_num_ = 0;
  int64_t dims_[kMaxDimNum] = {};
};

// CANN keeps the shape the graph gave (origin) and the shape in memory (storage); for ND they
// are the same, which is all opsim runs.
class StorageShape {
 public:
  StorageShape() = default;
  StorageShape(std::initializer_list<int64_t> origin, std::initializer_list<int64_t> storage)
      : origin_(origin), storage_(storage) {}
  const Shape& GetOriginShape() const { return origin_; }
  const Shape& GetStorageShape() const { return storage_; }
  Shape& MutableOriginShape() { return origin_; }
  Shape& MutableStorageShape() { return storage_; }
  bool operator==(const StorageShape& other) const {
    return origin_ == other.origin_ && storage_ == other.storage_;
  }
  bool operator!=(const StorageShape& other) const { return !(*this == other); }

 private:
  Shape origin_;
  Shape storage_;
};

}  // namespace gert
