// GlobalTensor (global memory) and LocalTensor (Unified Buffer) views.
#pragma once

#include <cstdint>
#include <cstring>

#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {
// Resolves a GM pointer to its registered region; faults when unregistered or out of bounds.
GmRef BindGm(const void* ptr, uint64_t bytes, bool whole_region, const char* instr);
// Scalar access to one element (checked mode bounds; S-pipe cost).
void ScalarUbAccess(const UbRef& ref, uint64_t offset_bytes, uint32_t elem_bytes, bool write);
void ScalarGmAccess(const GmRef& ref, uint64_t offset_bytes, uint32_t elem_bytes, bool write);
[[noreturn]] void RaiseSubviewOutOfRange(uint64_t offset, uint64_t size, const char* what);
}  // namespace opsim::sim::detail

namespace AscendC {

enum class Hardware : uint8_t;

template <typename T>
class GlobalTensor {
 public:
  GlobalTensor() = default;
  // Binds `buffer` with `size` elements; the span must lie in a registered GM region.
  void SetGlobalBuffer(__gm__ T* buffer, uint64_t size) {
    ref_ = opsim::sim::detail::BindGm(buffer, size * sizeof(T), false,
                                      "GlobalTensor::SetGlobalBuffer");
    address_ = GetPhyAddr();
  }
  // Binds `buffer` up to the end of its registered region.
  void SetGlobalBuffer(__gm__ T* buffer) {
    ref_ = opsim::sim::detail::BindGm(buffer, 0, true, "GlobalTensor::SetGlobalBuffer");
    address_ = GetPhyAddr();
  }
  GlobalTensor operator[](uint64_t offset) const {
    if (offset * sizeof(T) > ref_.bytes) {
      opsim::sim::detail::RaiseSubviewOutOfRange(offset, GetSize(), "GlobalTensor::operator[]");
    }
    GlobalTensor sub = *this;
    sub.ref_.ptr += offset * sizeof(T);
    sub.ref_.bytes -= offset * sizeof(T);
    sub.address_ = sub.GetPhyAddr();
    return sub;
  }
  // Ascend C's scalar element access, tensor(i): bounds-checked as a scalar GM read (a store
  // through the reference is not seen by the cross-core write check; SetValue is).
  T& operator()(uint64_t offset) const {
    opsim::sim::detail::ScalarGmAccess(ref_, offset * sizeof(T), sizeof(T), false);
    return *reinterpret_cast<T*>(ref_.ptr + offset * sizeof(T));
  }
  T GetValue(uint64_t offset) const {
    opsim::sim::detail::ScalarGmAccess(ref_, offset * sizeof(T), sizeof(T), false);
    T v;
    std::memcpy(&v, ref_.ptr + offset * sizeof(T), sizeof(T));
    return v;
  }
  void SetValue(uint64_t offset, T value) const {
    opsim::sim::detail::ScalarGmAccess(ref_, offset * sizeof(T), sizeof(T), true);
    std::memcpy(ref_.ptr + offset * sizeof(T), &value, sizeof(T));
  }
  uint64_t GetSize() const { return ref_.bytes / sizeof(T); }
  __gm__ T* GetPhyAddr() const { return reinterpret_cast<T*>(ref_.ptr); }
  __gm__ T* GetPhyAddr(uint64_t offset) const { return GetPhyAddr() + offset; }

  const opsim::sim::detail::GmRef& ref() const { return ref_; }

  // Public in Ascend C, and read by some public kernels: the bound address.
  __gm__ T* address_ = nullptr;

 private:
  opsim::sim::detail::GmRef ref_;
};

template <typename T>
class LocalTensor {
 public:
  using PrimType = T;
  LocalTensor() = default;

  // A view starting `offset` elements in (Ascend C's tensor[offset]).
  LocalTensor operator[](uint32_t offset) const {
    if (static_cast<uint64_t>(offset) * sizeof(T) > ref_.bytes) {
      opsim::sim::detail::RaiseSubviewOutOfRange(offset, GetSize(), "LocalTensor::operator[]");
    }
    LocalTensor sub = *this;
    sub.ref_.ptr += offset * sizeof(T);
    sub.ref_.bytes -= static_cast<uint32_t>(offset * sizeof(T));
    return sub;
  }
  T GetValue(uint32_t index) const {
    opsim::sim::detail::ScalarUbAccess(ref_, static_cast<uint64_t>(index) * sizeof(T), sizeof(T),
                                       false);
    T v;
    std::memcpy(&v, ref_.ptr + static_cast<size_t>(index) * sizeof(T), sizeof(T));
    return v;
  }
  void SetValue(uint32_t index, T value) const {
    opsim::sim::detail::ScalarUbAccess(ref_, static_cast<uint64_t>(index) * sizeof(T), sizeof(T),
                                       true);
    std::memcpy(ref_.ptr + static_cast<size_t>(index) * sizeof(T), &value, sizeof(T));
  }
  T& operator()(uint32_t index) const {
    opsim::sim::detail::ScalarUbAccess(ref_, static_cast<uint64_t>(index) * sizeof(T), sizeof(T),
                                       true);
    return reinterpret_cast<T*>(ref_.ptr)[index];
  }
  uint32_t GetSize() const { return ref_.bytes / sizeof(T); }
  uint32_t GetLength() const { return ref_.bytes; }
  // The byte address in the Unified Buffer (as the chip reports it).
  uint64_t GetPhyAddr() const;
  template <typename U>
  LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> out;
    out.ref_ = ref_;
    out.ref_.bytes = ref_.bytes - ref_.bytes % static_cast<uint32_t>(sizeof(U));
    return out;
  }

  const opsim::sim::detail::UbRef& ref() const { return ref_; }
  // Raw element pointer for the simulator's own extensions (never for kernels).
  T* data() const { return reinterpret_cast<T*>(ref_.ptr); }

 private:
  template <typename U>
  friend class LocalTensor;
  template <TPosition, TPosition, int32_t, auto>
  friend class TQueBind;
  template <TPosition>
  friend class TBuf;
  template <Hardware>
  friend class LocalMemAllocator;
  explicit LocalTensor(const opsim::sim::detail::UbRef& ref) : ref_(ref) {}

  opsim::sim::detail::UbRef ref_;
};

template <typename T>
uint64_t LocalTensor<T>::GetPhyAddr() const {
  return static_cast<uint64_t>(ref_.ptr - opsim::sim::detail::Cur().ub);
}

}  // namespace AscendC
