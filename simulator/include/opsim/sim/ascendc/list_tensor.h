// ListTensorDesc and TensorDesc<T>: how a kernel reads a dynamic input (ParamType(DYNAMIC), e.g.
// AddN's x), which the runtime passes as one GM address of this layout, 64-bit words:
//   [ptr_offset] then per tensor [dim | index << 32][shape[0]]...[shape[dim-1]], then at byte
//   ptr_offset one data pointer per tensor.
#pragma once

#include <cstdint>
#include <cstring>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

template <class T>
class TensorDesc {
 public:
  void SetShapeAddr(uint64_t* shape) { shape_ = shape; }
  uint64_t GetDim() const { return dim_; }
  uint64_t GetIndex() const { return index_; }
  uint64_t GetShape(uint32_t offset) const {
    return shape_ != nullptr && offset < dim_ ? shape_[offset] : 0;
  }
  __gm__ T* GetDataPtr() const { return data_; }
  GlobalTensor<T> GetDataObj() const {
    uint64_t count = 1;
    for (uint64_t i = 0; i < dim_; ++i) count *= GetShape(static_cast<uint32_t>(i));
    GlobalTensor<T> t;
    t.SetGlobalBuffer(data_, count);
    return t;
  }

 private:
  friend class ListTensorDesc;
  uint64_t* shape_ = nullptr;
  uint64_t dim_ = 0;
  uint64_t index_ = 0;
  __gm__ T* data_ = nullptr;
};

class ListTensorDesc {
 public:
  ListTensorDesc() = default;
  // length (bytes) and shapeSize (pointers) are checks only, as in Ascend C: 0xffffffff skips.
  explicit ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff,
                          uint32_t shapeSize = 0xffffffff) {
    Init(data, length, shapeSize);
  }
  void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
    base_ = static_cast<const uint8_t*>(data);
    count_ = 0;
    if (base_ == nullptr) return;
    // The runtime writes this layout; the bound keeps a wrong pointer from walking far.
    const uint64_t ptr_offset = Word(0);
    for (uint64_t at = 8; at < ptr_offset && count_ < kMaxTensors; ++count_) {
      at += 8 * (1 + (Word(at) & 0xffffffffu));
    }
    (void)length;
    (void)shapeSize;
  }
  uint32_t GetSize() const { return count_; }
  template <class T>
  __gm__ T* GetDataPtr(uint32_t index) const {
    if (base_ == nullptr || index >= count_) return nullptr;
    uint64_t ptr = Word(Word(0) + 8ull * index);
    __gm__ T* out = nullptr;
    std::memcpy(&out, &ptr, sizeof(out));
    return out;
  }
  template <class T>
  void GetDesc(TensorDesc<T>& desc, uint32_t index) const {
    if (base_ == nullptr || index >= count_) return;
    uint64_t at = 8;
    for (uint32_t i = 0; i < index; ++i) at += 8 * (1 + (Word(at) & 0xffffffffu));
    const uint64_t head = Word(at);
    desc.dim_ = head & 0xffffffffu;
    desc.index_ = head >> 32;
    for (uint64_t d = 0; d < desc.dim_ && desc.shape_ != nullptr; ++d) {
      desc.shape_[d] = Word(at + 8 * (d + 1));
    }
    desc.data_ = GetDataPtr<T>(index);
  }

 private:
  uint64_t Word(uint64_t byte_offset) const {
    uint64_t w = 0;
    std::memcpy(&w, base_ + byte_offset, sizeof(w));
    return w;
  }
  static constexpr uint32_t kMaxTensors = 4096;
  const uint8_t* base_ = nullptr;
  uint32_t count_ = 0;
};

}  // namespace AscendC
