// GM <-> UB copies of any length under the chip's 32-byte DMA rule, for the elementwise
// kernels. With DataCopyPad the copy is byte-exact; without it, a read may run past its end up
// to the next 32 bytes while that stays inside the tensor, and otherwise the short tail moves
// with scalar accesses. Writes never go past their end: a neighbouring core owns the next bytes.
#pragma once

#include "kernel_operator.h"

namespace op_kernel::elementwise {

template <typename T>
constexpr uint32_t kPerBlock = static_cast<uint32_t>(32 / sizeof(T));

// dst[0, n) <- src[offset, offset + n).
template <typename T>
__aicore__ void CopyIn(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src,
                       uint64_t offset, uint32_t n, bool has_pad) {
  if (n == 0) return;
  const uint32_t head = n / kPerBlock<T> * kPerBlock<T>;
  const uint32_t up = (n + kPerBlock<T> - 1) / kPerBlock<T> * kPerBlock<T>;
  if (head == n) {
    AscendC::DataCopy(dst, src[offset], n);
  } else if (has_pad) {
    AscendC::DataCopyPad(
        dst, src[offset],
        AscendC::DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0},
        AscendC::DataCopyPadExtParams<T>{false, 0, 0, T{}});
  } else if (offset + up <= src.GetSize()) {
    AscendC::DataCopy(dst, src[offset], up);
  } else {
    if (head > 0) AscendC::DataCopy(dst, src[offset], head);
    for (uint32_t i = head; i < n; ++i) dst.SetValue(i, src.GetValue(offset + i));
  }
}

// dst[offset, offset + n) <- src[0, n).
template <typename T>
__aicore__ void CopyOut(const AscendC::GlobalTensor<T>& dst, uint64_t offset,
                        const AscendC::LocalTensor<T>& src, uint32_t n, bool has_pad) {
  if (n == 0) return;
  const uint32_t head = n / kPerBlock<T> * kPerBlock<T>;
  if (head == n) {
    AscendC::DataCopy(dst[offset], src, n);
  } else if (has_pad) {
    AscendC::DataCopyPad(
        dst[offset], src,
        AscendC::DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0});
  } else {
    if (head > 0) AscendC::DataCopy(dst[offset], src, head);
    // The scalar unit reads what the vector unit wrote: order the pipes first.
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    for (uint32_t i = head; i < n; ++i) dst.SetValue(offset + i, src.GetValue(i));
  }
}

}  // namespace op_kernel::elementwise
