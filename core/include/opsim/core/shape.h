// Tensor shapes of rank 0 to kMaxRank, with element counts checked against int64 overflow.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>

#include "opsim/core/status.h"

namespace opsim {

inline constexpr int kMaxRank = 8;  // ATB's MAX_DIM

// "[2,3]", "[]" for no dims: how every message and report writes a list of dims or axes.
std::string DimsToString(std::span<const int64_t> dims);

class Shape {
 public:
  Shape() = default;
  // Dims beyond kMaxRank are dropped; use Make() to validate untrusted input.
  Shape(std::initializer_list<int64_t> dims);

  // Checks rank <= kMaxRank, every dim >= 0 and the element count fits int64.
  static Status Make(const int64_t* dims, size_t rank, Shape* out, std::string_view what);

  int rank() const { return rank_; }
  int64_t operator[](int i) const { return dims_[static_cast<size_t>(i)]; }
  int64_t& operator[](int i) { return dims_[static_cast<size_t>(i)]; }
  const int64_t* data() const { return dims_.data(); }
  const int64_t* begin() const { return dims_.data(); }
  const int64_t* end() const { return dims_.data() + rank_; }
  void PushBack(int64_t dim);  // caller keeps rank <= kMaxRank

  // Product of dims (1 for rank 0); nullopt when it overflows int64.
  std::optional<int64_t> NumElements() const;
  // NumElements * element_size; nullopt when it overflows int64.
  std::optional<int64_t> NumBytes(size_t element_size) const;

  std::string ToString() const;  // "[2,3]", "[]" for a scalar
  friend bool operator==(const Shape& a, const Shape& b);

 private:
  std::array<int64_t, kMaxRank> dims_{};
  int rank_ = 0;
};

}  // namespace opsim
