// DataCopy and DataCopyPad: DMA between global memory and the Unified Buffer.
// DataCopy follows the chip's rule: 32 B-aligned UB address and a 32 B-multiple length. The chip
// silently rounds a short length down; here it is a fault, so the bug shows.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

// Lengths and strides in 32-byte blocks (strides are the gaps between blocks; L1 -> the Fixpipe
// buffer counts otherwise: docs/CUBE.md). CANN's constructors and its srcGap/dstGap names.
struct DataCopyParams {
  DataCopyParams() {}
  DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn,
                 const uint16_t dstStrideIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
  uint16_t blockCount = 1;
  uint16_t blockLen = 0;
  union {
    uint16_t srcGap = 0;
    uint16_t srcStride;
  };
  union {
    uint16_t dstGap = 0;
    uint16_t dstStride;
  };
};

// For DataCopyPad: blockLen in bytes; the GM-side stride in bytes, the UB-side stride in 32 B
// blocks. Constructors as CANN declares them (default, or all five fields): a braced list of four
// values then means DataCopyParams only, so DataCopyPad(gm, local, {n, len, 0, 0}) is not
// ambiguous between the two overloads.
struct DataCopyExtParams {
  DataCopyExtParams() = default;
  DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn,
                    const uint32_t dstStrideIn, const uint32_t rsvIn)
      : blockCount(count),
        blockLen(len),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        rsv(rsvIn) {}
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;
  uint32_t srcStride = 0;
  uint32_t dstStride = 0;
  uint32_t rsv = 0;
};

// The older DataCopyPad's padding (with DataCopyParams, whose blockLen then counts bytes):
// paddingValue is the pad register's raw bits (CANN's dav_c220 impl hands it to set_mov_pad_val
// unconverted), so an element pads with its low sizeof(T) bytes, whatever T is.
struct DataCopyPadParams {
  DataCopyPadParams() = default;
  DataCopyPadParams(const bool isPadIn, const uint8_t leftPaddingIn, const uint8_t rightPaddingIn,
                    const uint64_t paddingValueIn)
      : isPad(isPadIn),
        leftPadding(leftPaddingIn),
        rightPadding(rightPaddingIn),
        paddingValue(paddingValueIn) {}
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  uint64_t paddingValue = 0;
};

// CANN's constructors (gru_grad passes (bool, int, int, int)): the members are still public.
template <typename T>
struct DataCopyPadExtParams {
  DataCopyPadExtParams() {}
  DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue,
                       const uint8_t rightPadValue, T padValue)
      : isPad(isPadValue),
        leftPadding(leftPadValue),
        rightPadding(rightPadValue),
        paddingValue(padValue) {}
  bool isPad = false;
  uint8_t leftPadding = 0;   // elements
  uint8_t rightPadding = 0;  // elements
  T paddingValue = T(0);
};

}  // namespace AscendC

namespace opsim::sim::detail {
enum class CopyDir : uint8_t { kGmToUb, kUbToGm, kUbToUb };
// Strided DataCopy; all figures in bytes. Gaps are between consecutive blocks.
// kGmToUb: ub_dst <- gm; kUbToGm: gm <- ub_src; kUbToUb: ub_dst <- ub_src.
void CopyBlocks(CopyDir dir, const UbRef* ub_dst, const UbRef* ub_src, const GmRef* gm,
                uint32_t block_count, uint64_t block_bytes, uint64_t src_gap, uint64_t dst_gap,
                const char* instr);
// DataCopy between two local tensors: L1 -> the Fixpipe buffer (fixpipe_buffer.cc) when dst is
// there, else within the UB as CopyBlocks' kUbToUb. `p` null: the count form, `count_bytes`.
void CopyLocal(const UbRef& dst, const UbRef& src, const AscendC::DataCopyParams* p,
               uint64_t count_bytes);
// DataCopyPad GM -> UB. Each block lands at a 32 B boundary, framed by left/right padding.
void CopyPadIn(const UbRef& dst, const GmRef& src, uint32_t block_count, uint64_t block_bytes,
               uint64_t gm_gap_bytes, uint64_t ub_gap_blocks, bool is_pad, uint32_t left_elems,
               uint32_t right_elems, const void* pad_value, uint32_t elem_bytes);
// DataCopyPad UB -> GM. Blocks start at 32 B boundaries in the UB; byte-exact in GM.
void CopyPadOut(const GmRef& dst, const UbRef& src, uint32_t block_count, uint64_t block_bytes,
                uint64_t ub_gap_blocks, uint64_t gm_gap_bytes);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count) {
  using namespace opsim::sim::detail;
  CopyBlocks(CopyDir::kGmToUb, &dst.ref(), nullptr, &src.ref(), 1,
             static_cast<uint64_t>(count) * sizeof(T), 0, 0, "DataCopy");
}
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
  using namespace opsim::sim::detail;
  CopyBlocks(CopyDir::kUbToGm, nullptr, &src.ref(), &dst.ref(), 1,
             static_cast<uint64_t>(count) * sizeof(T), 0, 0, "DataCopy");
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
  opsim::sim::detail::CopyLocal(dst.ref(), src.ref(), nullptr,
                                static_cast<uint64_t>(count) * sizeof(T));
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
  opsim::sim::detail::CopyLocal(dst.ref(), src.ref(), &p, 0);
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
  using namespace opsim::sim::detail;
  CopyBlocks(CopyDir::kGmToUb, &dst.ref(), nullptr, &src.ref(), p.blockCount, p.blockLen * 32ull,
             p.srcStride * 32ull, p.dstStride * 32ull, "DataCopy");
}
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
  using namespace opsim::sim::detail;
  CopyBlocks(CopyDir::kUbToGm, nullptr, &src.ref(), &dst.ref(), p.blockCount, p.blockLen * 32ull,
             p.srcStride * 32ull, p.dstStride * 32ull, "DataCopy");
}

template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                 const DataCopyPadExtParams<T>& pad) {
  opsim::sim::detail::CopyPadIn(dst.ref(), src.ref(), p.blockCount, p.blockLen, p.srcStride,
                                p.dstStride, pad.isPad, pad.leftPadding, pad.rightPadding,
                                &pad.paddingValue, sizeof(T));
}
template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                 const DataCopyExtParams& p) {
  opsim::sim::detail::CopyPadOut(dst.ref(), src.ref(), p.blockCount, p.blockLen, p.srcStride,
                                 p.dstStride);
}
// The DataCopyParams forms: blockLen in bytes, the GM stride in bytes, the UB stride in blocks.
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                 const DataCopyPadParams& pad) {
  static_assert(sizeof(T) <= sizeof(pad.paddingValue), "DataCopyPad: element wider than 8 bytes");
  opsim::sim::detail::CopyPadIn(dst.ref(), src.ref(), p.blockCount, p.blockLen, p.srcStride,
                                p.dstStride, pad.isPad, pad.leftPadding, pad.rightPadding,
                                &pad.paddingValue, sizeof(T));
}
template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
  opsim::sim::detail::CopyPadOut(dst.ref(), src.ref(), p.blockCount, p.blockLen, p.srcStride,
                                 p.dstStride);
}

}  // namespace AscendC
