// op::FVector, nnopbase's small vector (opdev/fast_vector.h): the element type and an inline
// capacity, which opsim does not need; it is a std::vector with the same member functions.
#pragma once

#include <cstddef>
#include <vector>

namespace op {

template <typename T, size_t N = 8>
class FVector : public std::vector<T> {
 public:
  using std::vector<T>::vector;
  FVector() = default;
};

}  // namespace op
