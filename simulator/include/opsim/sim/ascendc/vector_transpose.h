// Transpose: the basic form, one 16 x 16 matrix of 16-bit elements (512 B), dst[j][i] =
// src[i][j]; and the extended form with TransposeParamsExt and a temporary buffer (CANN's
// kernel_struct_transpose.h types): the 16 x 16 form again (TRANSPOSE_ND2ND_B16) and
// [N, C, H, W] <-> [N, H, W, C] (TRANSPOSE_NCHW2NHWC / TRANSPOSE_NHWC2NCHW), the 910B's set.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/detail/core.h"

namespace AscendC {

enum class TransposeType : uint8_t {
  TRANSPOSE_TYPE_NONE,
  TRANSPOSE_NZ2ND_0213,
  TRANSPOSE_NZ2NZ_0213,
  TRANSPOSE_NZ2NZ_012_WITH_N,
  TRANSPOSE_NZ2ND_012_WITH_N,
  TRANSPOSE_NZ2ND_012_WITHOUT_N,
  TRANSPOSE_NZ2NZ_012_WITHOUT_N,
  TRANSPOSE_ND2ND_ONLY,
  TRANSPOSE_ND_UB_GM,
  TRANSPOSE_GRAD_ND_UB_GM,
  TRANSPOSE_ND2ND_B16,
  TRANSPOSE_NCHW2NHWC,
  TRANSPOSE_NHWC2NCHW,
  TRANSPOSE_ND2ND_021,  // 13-16: Ascend 950 only (the high-level Transpose's page)
  TRANSPOSE_ND2ND_102,
  TRANSPOSE_ND2ND_210,
  TRANSPOSE_ND2NZ_WITH_INTLV,
};

struct TransposeParamsExt {
  constexpr TransposeParamsExt() = default;
  constexpr TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn,
                               const uint16_t hSizeIn, const uint16_t wSizeIn,
                               const TransposeType transposeTypeIn)
      : nSize(nSizeIn),
        cSize(cSizeIn),
        hSize(hSizeIn),
        wSize(wSizeIn),
        transposeType(transposeTypeIn) {}
  uint16_t nSize = 0;
  uint16_t cSize = 0;
  uint16_t hSize = 0;
  uint16_t wSize = 0;
  TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};

}  // namespace AscendC

namespace opsim::sim::detail {
void CheckVectorOperand(const UbRef& ref, uint64_t span, const char* name, const char* operand);
// Runs the 16 x 16 transpose of 2-byte elements: checks, V-pipe cost, the move.
void Transpose16x16(const UbRef& dst, const UbRef& src);
// The extended form: checks (the page's ranges, the temporary buffer's size), V-pipe cost, the
// move. `b16`: T is uint16_t (TRANSPOSE_ND2ND_B16's only type on the 910B).
void TransposeExtRun(const UbRef& dst, const UbRef& src, const UbRef& tmp, uint32_t elem_bytes,
                     bool b16, const AscendC::TransposeParamsExt& params);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
  static_assert(sizeof(PrimT<T>) == 2, "Transpose (16 x 16) takes 16-bit elements");
  OPSIM_A2_TAKES(kTranspose, PrimT<T>, "Transpose");
  opsim::sim::detail::Transpose16x16(dst.ref(), src.ref());
}

// The types the page lists for the 910B's [N, C, H, W] <-> [N, H, W, C] forms (TRANSPOSE_ND2ND_B16
// takes uint16_t only: a warning otherwise, since the chip moves the same bits).
template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
               const LocalTensor<uint8_t>& sharedTmpBuffer,
               const TransposeParamsExt& transposeParams) {
  using P = PrimT<T>;
  static_assert(std::is_same_v<P, int8_t> || std::is_same_v<P, uint8_t> ||
                    std::is_same_v<P, int16_t> || std::is_same_v<P, uint16_t> ||
                    std::is_same_v<P, half> || std::is_same_v<P, int32_t> ||
                    std::is_same_v<P, uint32_t> || std::is_same_v<P, float>,
                "Transpose with TransposeParamsExt takes int8_t, uint8_t, int16_t, uint16_t, half, "
                "int32_t, uint32_t or float on Atlas A2/A3");
  opsim::sim::detail::TransposeExtRun(dst.ref(), src.ref(), sharedTmpBuffer.ref(), sizeof(P),
                                      std::is_same_v<P, uint16_t>, transposeParams);
}

}  // namespace AscendC
