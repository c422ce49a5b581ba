// op::FVector, nnopbase's small vector (opdev/fast_vector.h): the element type and an inline
// capacity, which opsim does not need; it is a std::vector with the same member functions, and
// for bool one whose data() is a bool array (std::vector<bool> packs bits and has none).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace op {

template <typename T, size_t N = 8>
class FVector : public std::vector<T> {
 public:
  using std::vector<T>::vector;
  FVector() = default;
};

template <size_t N>
class FVector<bool, N> {
 public:
  FVector() = default;
  FVector(std::initializer_list<bool> values) : cells_(values.begin(), values.end()) {}
  explicit FVector(size_t n, bool value = false) : cells_(n, value) {}
  template <typename It>
  FVector(It first, It last) : cells_(first, last) {}

  size_t size() const { return cells_.size(); }
  bool empty() const { return cells_.empty(); }
  void clear() { cells_.clear(); }
  void reserve(size_t n) { cells_.reserve(n); }
  void resize(size_t n, bool value = false) { cells_.resize(n, value); }
  void push_back(bool v) { cells_.push_back(v); }
  void emplace_back(bool v) { cells_.push_back(v); }
  bool* data() { return reinterpret_cast<bool*>(cells_.data()); }
  const bool* data() const { return reinterpret_cast<const bool*>(cells_.data()); }
  bool& operator[](size_t i) { return data()[i]; }
  const bool& operator[](size_t i) const { return data()[i]; }
  bool* begin() { return data(); }
  bool* end() { return data() + size(); }
  const bool* begin() const { return data(); }
  const bool* end() const { return data() + size(); }

 private:
  // Bytes of 0 and 1, a bool's representations, so that data() is a bool array.
  std::vector<unsigned char> cells_;
};

}  // namespace op
