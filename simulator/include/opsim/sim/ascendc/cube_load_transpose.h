// LoadDataWithTranspose: L1 (A1/B1) -> L0A/L0B, transposing square blocks of fractals on the way
// (CANN's kernel_operator_mm_intf.h and kernel_struct_mm.h declarations; docs/CUBE.md).
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"

namespace AscendC {

// startIndex and srcStride count source squares (2 KiB for int4b_t, 1 KiB for 8- and 32-bit
// elements, one 512 B fractal for 16-bit); dstGap is the 512 B gap between the first fractals of
// two iterations, dstFracGap the gap between the fractals one iteration writes (4-, 8- and 32-bit).
struct LoadData2dTransposeParams {
  LoadData2dTransposeParams() = default;
  LoadData2dTransposeParams(uint16_t startIndexIn, uint8_t repeatTimesIn, uint16_t srcStrideIn,
                            uint16_t dstGapIn, uint16_t dstfracGapIn, uint8_t addrModeIn)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstfracGapIn),
        addrMode(addrModeIn) {}
  LoadData2dTransposeParams(uint16_t startIndexIn, uint8_t repeatTimesIn, uint16_t srcStrideIn,
                            uint16_t dstGapIn, uint16_t dstfracGapIn)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstfracGapIn) {}

  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint8_t addrMode = 0;
};

}  // namespace AscendC

namespace opsim::sim::detail {
void CubeLoad2DTranspose(const UbRef& dst, const UbRef& src, uint32_t elem_bits,
                         const AscendC::LoadData2dTransposeParams& p);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                           const LoadData2dTransposeParams& params) {
  static_assert(sizeof(PrimT<T>) == 1 || sizeof(PrimT<T>) == 2 || sizeof(PrimT<T>) == 4,
                "LoadDataWithTranspose takes 4-, 8-, 16- or 32-bit elements");
  opsim::sim::detail::CubeLoad2DTranspose(dst.ref(), src.ref(), SizeOfBits<PrimT<T>>::value,
                                          params);
}

}  // namespace AscendC
