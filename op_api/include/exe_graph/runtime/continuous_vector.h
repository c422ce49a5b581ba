// gert::ContinuousVector and TypedContinuousVector<T>: a vector stored in one block of bytes, as
// CANN lays it out (a list attribute's value in the runtime attributes, a shape list): the
// capacity and the size (size_t each), 40 reserved bytes, then the elements. The layout is part
// of the contract: CANN's RuntimeAttrs hands out the address of such a block, and a tiling
// function that reads a list attribute through a scalar getter (GetBool, GetInt) reads its first
// bytes (the capacity's), so opsim keeps the same bytes in the same places.
#pragma once

#include <securec.h>  // CANN's includes it; code that includes this header may call memcpy_s

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

#include "graph/types.h"

namespace gert {

class ContinuousVector {
 public:
  // A zeroed block able to hold `capacity` elements of T; `total_size` receives its bytes.
  // nullptr when the size overflows.
  template <typename T>
  static std::unique_ptr<uint8_t[]> Create(size_t capacity, size_t& total_size) {
    constexpr size_t kHeader = sizeof(ContinuousVector) - 8;  // capacity, size, reserved
    if (capacity > (SIZE_MAX - sizeof(ContinuousVector)) / sizeof(T)) return nullptr;
    // The elements start where `elements_` does, which holds 8 bytes even for no element.
    total_size = kHeader + std::max<size_t>(capacity * sizeof(T), 8);
    std::unique_ptr<uint8_t[]> holder(new (std::nothrow) uint8_t[total_size]());
    if (holder != nullptr) reinterpret_cast<ContinuousVector*>(holder.get())->Init(capacity);
    return holder;
  }
  static std::unique_ptr<uint8_t[]> Create(size_t capacity, size_t& total_size) {
    return Create<int64_t>(capacity, total_size);
  }

  void Init(size_t capacity) {
    capacity_ = capacity;
    size_ = 0;
    std::memset(reserved_, 0, sizeof(reserved_));
  }
  size_t GetSize() const { return size_; }
  // GRAPH_FAILED (and no change) for a size above the capacity.
  ge::graphStatus SetSize(size_t size) {
    if (size > capacity_) return ge::GRAPH_FAILED;
    size_ = size;
    return ge::GRAPH_SUCCESS;
  }
  size_t GetCapacity() const { return capacity_; }
  const void* GetData() const { return elements_; }
  void* MutableData() { return elements_; }

 private:
  size_t capacity_;
  size_t size_;
  uint8_t reserved_[40];
  alignas(8) uint8_t elements_[8];
};
static_assert(std::is_standard_layout_v<ContinuousVector>, "CANN's layout is a plain struct");
static_assert(sizeof(ContinuousVector) == 64, "capacity, size, 40 reserved bytes, 8 B of data");

template <typename T>
class TypedContinuousVector : private ContinuousVector {
 public:
  using ContinuousVector::GetCapacity;
  using ContinuousVector::GetSize;
  using ContinuousVector::SetSize;
  T* MutableData() { return static_cast<T*>(ContinuousVector::MutableData()); }
  const T* GetData() const { return static_cast<const T*>(ContinuousVector::GetData()); }
};

}  // namespace gert
