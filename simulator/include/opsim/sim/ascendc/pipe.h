// TPipe, TQue and TBuf: Unified Buffer allocation and the queues that order the pipes.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
Position ToPosition(AscendC::TPosition pos);
uint32_t PipeBegin();
void PipeDestroy(uint32_t epoch);
// The TPipe destructor: releases like Destroy, but a leak is reported when the block ends.
void PipeRelease(uint32_t epoch) noexcept;
int16_t InitQueue(Position pos, uint32_t depth, uint32_t num, uint32_t len, int16_t existing);
int16_t InitScratch(uint32_t len, int16_t existing);
UbRef QueueAlloc(int16_t queue);
void QueueEnQue(int16_t queue, const UbRef& ref);
UbRef QueueDeQue(int16_t queue);
void QueueFree(int16_t queue, const UbRef& ref);
uint32_t QueueCount(int16_t queue);
UbRef ScratchGet(int16_t buf, uint32_t offset_bytes, uint32_t bytes, const char* instr);
}  // namespace opsim::sim::detail

namespace AscendC {

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue {
 public:
  static_assert(depth >= 1 && depth <= 8, "TQue depth must be 1..8");
  template <typename T>
  LocalTensor<T> AllocTensor() {
    return LocalTensor<T>(opsim::sim::detail::QueueAlloc(id_)).template ReinterpretCast<T>();
  }
  template <typename T>
  bool EnQue(const LocalTensor<T>& tensor) {
    opsim::sim::detail::QueueEnQue(id_, tensor.ref());
    return true;
  }
  template <typename T>
  LocalTensor<T> DeQue() {
    return LocalTensor<T>(opsim::sim::detail::QueueDeQue(id_)).template ReinterpretCast<T>();
  }
  template <typename T>
  void FreeTensor(LocalTensor<T>& tensor) {
    opsim::sim::detail::QueueFree(id_, tensor.ref());
  }
  bool HasTensorInQue() const { return opsim::sim::detail::QueueCount(id_) > 0; }
  int32_t GetTensorCountInQue() const {
    return static_cast<int32_t>(opsim::sim::detail::QueueCount(id_));
  }
  bool VacantInQue() const { return opsim::sim::detail::QueueCount(id_) < depth; }

 private:
  friend class TPipe;
  int16_t id_ = -1;
};

template <TPosition pos = TPosition::VECCALC>
class TBuf {
 public:
  // The whole buffer.
  template <typename T>
  LocalTensor<T> Get() {
    return LocalTensor<T>(opsim::sim::detail::ScratchGet(id_, 0, 0, "TBuf::Get"))
        .template ReinterpretCast<T>();
  }
  // The first `len` elements.
  template <typename T>
  LocalTensor<T> Get(uint32_t len) {
    return LocalTensor<T>(opsim::sim::detail::ScratchGet(id_, 0, len * sizeof(T), "TBuf::Get"))
        .template ReinterpretCast<T>();
  }
  // `size` elements starting `buf_offset` bytes in.
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t size, uint32_t buf_offset) {
    return LocalTensor<T>(opsim::sim::detail::ScratchGet(id_, buf_offset, size * sizeof(T),
                                                         "TBuf::GetWithOffset"))
        .template ReinterpretCast<T>();
  }

 private:
  friend class TPipe;
  int16_t id_ = -1;
};

class TPipe {
 public:
  TPipe() : epoch_(opsim::sim::detail::PipeBegin()) {}
  ~TPipe() { opsim::sim::detail::PipeRelease(epoch_); }
  TPipe(const TPipe&) = delete;
  TPipe& operator=(const TPipe&) = delete;

  // `num` buffers of `len` bytes (rounded up to 32) for `que`. Faults when the UB would overflow.
  template <TPosition pos, int32_t depth, auto mask>
  bool InitBuffer(TQue<pos, depth, mask>& que, uint8_t num, uint32_t len) {
    que.id_ = opsim::sim::detail::InitQueue(opsim::sim::detail::ToPosition(pos),
                                            static_cast<uint32_t>(depth), num, len, que.id_);
    return true;
  }
  template <TPosition pos>
  bool InitBuffer(TBuf<pos>& buf, uint32_t len) {
    buf.id_ = opsim::sim::detail::InitScratch(len, buf.id_);
    return true;
  }
  // Releases this pipe's buffers; a queue buffer still held is a leak fault.
  void Destroy() {
    opsim::sim::detail::PipeDestroy(epoch_);
    epoch_ = 0;
  }
  void Reset() { Destroy(); }

 private:
  uint32_t epoch_;
};

}  // namespace AscendC
