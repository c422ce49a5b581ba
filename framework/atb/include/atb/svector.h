// atb::SVector as ATB's atb/svector.h declares it: one template parameter, 64 elements inline,
// growing once to a heap block of MAX_SVECTOR_SIZE (256); at() and operator[] return references
// and throw std::out_of_range past size(); growing past 256 throws MaxSizeExceeded. ATB's own
// operations catch these, and so does the facade (ERROR_OUT_OF_HOST_MEMORY, as ATB returns).
//
// opsim's runtime keeps its own opsim::SVector (fixed capacity, refuses instead of throwing);
// the facade converts at the boundary.
#pragma once

#include <cstddef>
#include <exception>
#include <initializer_list>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>

namespace atb {

constexpr std::size_t MAX_SVECTOR_SIZE = 256;
constexpr std::size_t DEFAULT_SVECTOR_SIZE = 64;
constexpr bool CHECK_BOUND = true;

struct MaxSizeExceeded : public std::exception {
  const char* what() const noexcept override {
    return "atb::SVector: more than MAX_SVECTOR_SIZE (256) elements";
  }
};

template <class T>
class SVector {
 public:
  SVector() = default;
  SVector(std::initializer_list<T> list) { Assign(list.begin(), list.size()); }
  explicit SVector(std::size_t size, const T& value = T()) {
    Grow(size);
    for (std::size_t i = 0; i < size; ++i) data()[i] = value;
    size_ = size;
  }
  SVector(const SVector& other) { Assign(other.data(), other.size_); }
  SVector(SVector&& other) noexcept
      : heap_(std::move(other.heap_)), capacity_(other.capacity_), size_(other.size_) {
    if (!heap_) std::move(other.storage_, other.storage_ + other.size_, storage_);
    other.capacity_ = DEFAULT_SVECTOR_SIZE;
    other.size_ = 0;
  }
  ~SVector() = default;

  SVector& operator=(const SVector& other) {
    if (this != &other) Assign(other.data(), other.size_);
    return *this;
  }
  SVector& operator=(SVector&& other) noexcept {
    if (this == &other) return *this;
    heap_ = std::move(other.heap_);
    capacity_ = other.capacity_;
    size_ = other.size_;
    if (!heap_) std::move(other.storage_, other.storage_ + other.size_, storage_);
    other.capacity_ = DEFAULT_SVECTOR_SIZE;
    other.size_ = 0;
    return *this;
  }
  SVector& operator=(std::initializer_list<T> list) {
    Assign(list.begin(), list.size());
    return *this;
  }

  void push_back(const T& value) {
    Grow(size_ + 1);
    data()[size_++] = value;
  }
  void insert(std::size_t pos, const T& value) {
    if (pos > size_) throw std::out_of_range(Where("insert", pos));
    Grow(size_ + 1);
    T* d = data();
    for (std::size_t i = size_; i != pos; --i) d[i] = std::move(d[i - 1]);
    d[pos] = value;
    ++size_;
  }
  // Changes the size, never the capacity limit; new elements are value-initialised.
  void resize(std::size_t size) {
    Grow(size);
    for (std::size_t i = size_; i < size; ++i) data()[i] = T();
    size_ = size;
  }
  // ATB's reserve prepares room for `size` elements (at most 256); it keeps the contents here.
  void reserve(std::size_t size) { Grow(size); }
  void clear() noexcept { size_ = 0; }

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }

  T& at(std::size_t i) { return data()[Checked("at", i)]; }
  const T& at(std::size_t i) const { return data()[Checked("at", i)]; }
  T& operator[](std::size_t i) { return data()[Checked("operator[]", i)]; }
  const T& operator[](std::size_t i) const { return data()[Checked("operator[]", i)]; }

  T* data() noexcept { return heap_ ? heap_.get() : storage_; }
  const T* data() const noexcept { return heap_ ? heap_.get() : storage_; }
  T* begin() noexcept { return data(); }
  T* end() noexcept { return data() + size_; }
  const T* begin() const noexcept { return data(); }
  const T* end() const noexcept { return data() + size_; }

  bool operator==(const SVector& other) const {
    if (size_ != other.size_) return false;
    for (std::size_t i = 0; i < size_; ++i) {
      if (data()[i] != other.data()[i]) return false;
    }
    return true;
  }
  bool operator!=(const SVector& other) const { return !(*this == other); }
  // ATB's order: the shorter vector first, then the first differing element.
  bool operator<(const SVector& other) const {
    if (size_ != other.size_) return size_ < other.size_;
    for (std::size_t i = 0; i < size_; ++i) {
      if (data()[i] != other.data()[i]) return data()[i] < other.data()[i];
    }
    return false;
  }

 private:
  static std::string Where(const char* what, std::size_t i) {
    return std::string("atb::SVector ") + what + ": index " + std::to_string(i) +
           " is out of range";
  }
  std::size_t Checked(const char* what, std::size_t i) const {
    if (i >= size_) {
      throw std::out_of_range(Where(what, i) + " (size " + std::to_string(size_) + ")");
    }
    return i;
  }
  // Makes room for `count` elements: the inline block up to 64, one heap block of 256 beyond.
  void Grow(std::size_t count) {
    if (count > MAX_SVECTOR_SIZE) throw MaxSizeExceeded();
    if (count <= capacity_) return;
    auto heap = std::make_unique<T[]>(MAX_SVECTOR_SIZE);
    std::move(storage_, storage_ + size_, heap.get());
    heap_ = std::move(heap);
    capacity_ = MAX_SVECTOR_SIZE;
  }
  void Assign(const T* values, std::size_t count) {
    Grow(count);
    T* d = data();
    for (std::size_t i = 0; i < count; ++i) d[i] = values[i];
    size_ = count;
  }

  T storage_[DEFAULT_SVECTOR_SIZE] = {};
  std::unique_ptr<T[]> heap_;
  std::size_t capacity_ = DEFAULT_SVECTOR_SIZE;
  std::size_t size_ = 0;
};

// Elements separated by commas, as ATB prints them.
template <class T>
std::ostream& operator<<(std::ostream& os, const SVector<T>& svector) {
  for (std::size_t i = 0; i < svector.size(); ++i) {
    if (i) os << ",";
    os << svector.at(i);
  }
  return os;
}

}  // namespace atb
