// BilinearInterpolation (CANN's kernel_operator_vec_bilinearinterpolation_intf.h), half only as
// its page lists: the 910B's instruction sequence (Gatherb, Brcb, Mul, Add, Adds) run as opsim's
// own instructions in a compiled entry (simulator/src/runtime/bilinear_interpolation.cc). Rules:
// docs/ASCENDC.md, "BilinearInterpolation".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"

namespace opsim::sim::detail {
// mask_bits null: the continuous mask `mask`; else the bit mask mask_bits[0..1].
void BilinearInterpolationRun(const AscendC::LocalTensor<half>& dst,
                              const AscendC::LocalTensor<half>& src0,
                              const AscendC::LocalTensor<uint32_t>& src0Offset,
                              const AscendC::LocalTensor<half>& src1, uint64_t mask,
                              const uint64_t* mask_bits, uint8_t hRepeat, bool repeatMode,
                              uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                              const AscendC::LocalTensor<uint8_t>& sharedTmpBuffer);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1,
                           uint64_t mask[], uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride,
                           uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer) {
  static_assert(std::is_same_v<T, half>, "BilinearInterpolation takes half (its page)");
  opsim::sim::detail::BilinearInterpolationRun(dst, src0, src0Offset, src1, 0, mask, hRepeat,
                                               repeatMode, dstBlkStride, vROffset, vRepeat,
                                               sharedTmpBuffer);
}
template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1,
                           uint64_t mask, uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride,
                           uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer) {
  static_assert(std::is_same_v<T, half>, "BilinearInterpolation takes half (its page)");
  opsim::sim::detail::BilinearInterpolationRun(dst, src0, src0Offset, src1, mask, nullptr, hRepeat,
                                               repeatMode, dstBlkStride, vROffset, vRepeat,
                                               sharedTmpBuffer);
}

}  // namespace AscendC
