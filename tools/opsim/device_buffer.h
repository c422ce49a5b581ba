// A large host buffer that plays a device allocation (aclrtMalloc): page aligned, zero until
// written, and backed by transparent huge pages where the kernel allows them. Alignment matters
// for speed, not correctness: a 16 B-aligned malloc block makes every 64 B load of a streaming
// read straddle two cache lines, which costs about a fifth of the read bandwidth here.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace opsim::cli {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes) : size_(bytes) {
    if (bytes == 0) return;
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
    if (bytes >= kHugePage) (void)madvise(p, bytes, MADV_HUGEPAGE);  // a hint: may be refused
    data_ = static_cast<uint8_t*>(p);
  }
  DeviceBuffer(DeviceBuffer&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (data_ != nullptr) munmap(data_, size_);
  }

  // False when the allocation failed.
  bool ok() const { return size_ == 0 || data_ != nullptr; }
  uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  static constexpr size_t kHugePage = size_t{2} << 20;
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace opsim::cli
