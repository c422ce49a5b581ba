// ATB-style small vector: inline storage with a hard capacity, never touches the heap.
//
// Where ATB's SVector throws when it is full, this one refuses: push_back and resize return
// false and leave the contents as they were, and overflowed() stays true until clear() or
// assignment from a vector that fits. A validator can then report the lost entries as a
// parameter error instead of the process dying on an uncaught exception.
//
// operator[] is unchecked in release builds like std::vector's (an assert in debug builds);
// at() is the checked access and returns nullptr for an index outside [0, size()).
#pragma once

#include <cassert>

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>

namespace opsim {

template <typename T, std::size_t N = 64>
class SVector {
  static_assert(N > 0, "an SVector needs room for at least one element");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  static constexpr std::size_t kCapacity = N;

  constexpr SVector() = default;
  // Keeps the first N values of a longer list and marks the vector overflowed.
  constexpr SVector(std::initializer_list<T> values) {
    for (const T& value : values) push_back(value);
  }
  // count copies of value; a count above N leaves the vector empty and overflowed.
  constexpr SVector(std::size_t count, const T& value) { resize(count, value); }

  constexpr std::size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return N; }
  // True once an element was refused for lack of room.
  constexpr bool overflowed() const { return overflowed_; }

  constexpr T* data() { return data_.data(); }
  constexpr const T* data() const { return data_.data(); }
  constexpr iterator begin() { return data_.data(); }
  constexpr iterator end() { return data_.data() + size_; }
  constexpr const_iterator begin() const { return data_.data(); }
  constexpr const_iterator end() const { return data_.data() + size_; }

  constexpr T& operator[](std::size_t i) {
    assert(i < size_);
    return data_[i];
  }
  constexpr const T& operator[](std::size_t i) const {
    assert(i < size_);
    return data_[i];
  }
  constexpr T* at(std::size_t i) { return i < size_ ? &data_[i] : nullptr; }
  constexpr const T* at(std::size_t i) const { return i < size_ ? &data_[i] : nullptr; }

  // Returns false (and changes nothing but overflowed()) when the vector is full.
  constexpr bool push_back(const T& value) {
    if (size_ == N) {
      overflowed_ = true;
      return false;
    }
    data_[size_++] = value;
    return true;
  }
  constexpr void pop_back() {
    if (size_ > 0) --size_;
  }
  // Grows with copies of value or shrinks; a count above N is refused as a whole.
  constexpr bool resize(std::size_t count, const T& value = T()) {
    if (count > N) {
      overflowed_ = true;
      return false;
    }
    for (std::size_t i = size_; i < count; ++i) data_[i] = value;
    size_ = count;
    return true;
  }
  constexpr void clear() {
    size_ = 0;
    overflowed_ = false;
  }

  // Equal when the elements are; the overflow mark is bookkeeping, not content.
  friend constexpr bool operator==(const SVector& a, const SVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::array<T, N> data_{};
  std::size_t size_ = 0;
  bool overflowed_ = false;
};

}  // namespace opsim
