// GM <-> UB copies of arbitrary lengths under the chip's 32-byte DMA rule. With DataCopyPad the
// copy is byte-exact (tails padded with the reducer's identity); without it, a copy may read
// past its end up to the next 32 bytes while that stays inside the tensor, and otherwise moves
// the short tail with scalar accesses. Writes never go past their end: a neighbouring core may
// own the next bytes.
#pragma once

#include "kernel_operator.h"

namespace op_kernel {

template <typename T>
constexpr uint32_t kPerBlock = static_cast<uint32_t>(32 / sizeof(T));

template <typename T>
__aicore__ constexpr uint64_t AlignDown(uint64_t n) {
  return n / kPerBlock<T> * kPerBlock<T>;
}
template <typename T>
__aicore__ constexpr uint64_t AlignUp(uint64_t n) {
  return (n + kPerBlock<T> - 1) / kPerBlock<T> * kPerBlock<T>;
}

// dst[0, n) <- src[offset, offset + n); src is bound to the whole tensor.
template <typename T>
__aicore__ void CopyInContiguous(const AscendC::LocalTensor<T>& dst,
                                 const AscendC::GlobalTensor<T>& src, uint64_t offset, uint32_t n,
                                 bool has_pad, T pad_value) {
  if (n == 0) return;
  if (n % kPerBlock<T> == 0) {
    AscendC::DataCopy(dst, src[offset], n);
  } else if (has_pad) {
    AscendC::DataCopyPad(
        dst, src[offset],
        AscendC::DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0},
        AscendC::DataCopyPadExtParams<T>{true, 0, 0, pad_value});
  } else if (offset + AlignUp<T>(n) <= src.GetSize()) {
    AscendC::DataCopy(dst, src[offset], static_cast<uint32_t>(AlignUp<T>(n)));
  } else {
    const uint32_t head = static_cast<uint32_t>(AlignDown<T>(n));
    if (head > 0) AscendC::DataCopy(dst, src[offset], head);
    for (uint32_t i = head; i < n; ++i) dst.SetValue(i, src.GetValue(offset + i));
    // The rest of the last block padded, as DataCopyPad pads: a row of a tile whose rows are
    // 32 B apart then holds nothing unwritten for an instruction that reads whole blocks.
    for (uint32_t i = n; i < AlignUp<T>(n); ++i) dst.SetValue(i, pad_value);
  }
}

// dst[offset, offset + n) <- src[0, n).
template <typename T>
__aicore__ void CopyOutContiguous(const AscendC::GlobalTensor<T>& dst, uint64_t offset,
                                  const AscendC::LocalTensor<T>& src, uint32_t n, bool has_pad) {
  if (n == 0) return;
  if (n % kPerBlock<T> == 0) {
    AscendC::DataCopy(dst[offset], src, n);
  } else if (has_pad) {
    AscendC::DataCopyPad(
        dst[offset], src,
        AscendC::DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0});
  } else {
    const uint32_t head = static_cast<uint32_t>(AlignDown<T>(n));
    if (head > 0) AscendC::DataCopy(dst[offset], src, head);
    // The scalar unit reads what the vector unit wrote: order the pipes first.
    AscendC::PipeBarrier<AscendC::PIPE_ALL>();
    for (uint32_t i = head; i < n; ++i) dst.SetValue(offset + i, src.GetValue(i));
  }
}

// A rows x cols block whose rows are gm_stride apart in GM lands in the UB with rows ub_stride
// apart (ub_stride a multiple of 32 bytes, >= cols).
template <typename T>
__aicore__ void CopyInRows(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src,
                           uint64_t offset, uint32_t rows, uint32_t cols, uint64_t gm_stride,
                           uint32_t ub_stride, bool has_pad, T pad_value) {
  const uint32_t row_blocks = static_cast<uint32_t>(AlignUp<T>(cols) / kPerBlock<T>);
  const uint32_t gap_blocks = ub_stride / kPerBlock<T> - row_blocks;
  if (has_pad) {
    AscendC::DataCopyPad(dst, src[offset],
                         AscendC::DataCopyExtParams{
                             static_cast<uint16_t>(rows), static_cast<uint32_t>(cols * sizeof(T)),
                             static_cast<uint32_t>((gm_stride - cols) * sizeof(T)), gap_blocks, 0},
                         AscendC::DataCopyPadExtParams<T>{true, 0, 0, pad_value});
  } else if (cols % kPerBlock<T> == 0 && gm_stride % kPerBlock<T> == 0 && rows <= 4095 &&
             (gm_stride - cols) / kPerBlock<T> <= 65535) {
    AscendC::DataCopyParams p;
    p.blockCount = static_cast<uint16_t>(rows);
    p.blockLen = static_cast<uint16_t>(row_blocks);
    p.srcStride = static_cast<uint16_t>((gm_stride - cols) / kPerBlock<T>);
    p.dstStride = static_cast<uint16_t>(gap_blocks);
    AscendC::DataCopy(dst, src[offset], p);
  } else {
    for (uint32_t i = 0; i < rows; ++i) {
      CopyInContiguous(dst[i * ub_stride], src, offset + i * gm_stride, cols, false, pad_value);
    }
  }
}

}  // namespace op_kernel
