// gert::Range<T> (CANN's exe_graph/runtime/range.h): a lower and an upper bound held by address,
// as a shape-range inference function reads and writes them. Equal when both bounds are the same
// objects or hold equal values.
#pragma once

namespace gert {

template <typename T>
class Range {
 public:
  Range() = default;
  Range(T* min, T* max) : min_(min), max_(max) {}
  explicit Range(T* same_ele) : min_(same_ele), max_(same_ele) {}
  bool operator==(const Range<T>& rht) const {
    if (min_ == rht.min_ && max_ == rht.max_) return true;
    if (min_ == nullptr || max_ == nullptr || rht.min_ == nullptr || rht.max_ == nullptr) {
      return false;
    }
    return *min_ == *rht.min_ && *max_ == *rht.max_;
  }
  void SetMin(T* min) { min_ = min; }
  void SetMax(T* max) { max_ = max; }
  const T* GetMin() const { return min_; }
  const T* GetMax() const { return max_; }
  T* GetMin() { return min_; }
  T* GetMax() { return max_; }

 private:
  T* min_ = nullptr;
  T* max_ = nullptr;
};

}  // namespace gert
