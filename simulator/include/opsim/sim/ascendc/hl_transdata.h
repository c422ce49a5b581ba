// Ascend C's high-level TransData (CANN's adv_api/transpose/transdata.h) in the 910B's four
// conversions of 16-bit data: NCDHW <-> NDC1HWC0 and NCDHW <-> FRACTAL_Z_3D, C and N split into
// 16-element C0/N0 groups, the shapes from the two Layouts of TransDataParams. Declarations only:
// the forms forward to one compiled entry (simulator/src/runtime/hl_transdata.cc).
// docs/ASCENDC.md, "TransData".
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "opsim/core/transdata_shape.h"
#include "opsim/sim/ascendc/cce_intrinsics.h"
#include "opsim/sim/ascendc/layout.h"
#include "opsim/sim/ascendc/shape_info.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

template <typename T, typename U>
struct TransDataParams {
  T srcLayout;
  U dstLayout;
};

// CANN's transdata_common.h, under its guard (the host's transdata_tiling.h has one too).
#ifndef ASCC_PARAM_TRANSDATACONFIG
#define ASCC_PARAM_TRANSDATACONFIG
struct TransDataConfig {
  DataFormat srcFormat;
  DataFormat dstFormat;
};
#endif  // ASCC_PARAM_TRANSDATACONFIG

}  // namespace AscendC

namespace opsim::sim::hl {

struct TransDataCall {
  AscendC::DataFormat from;
  AscendC::DataFormat to;
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null: PopStackBuffer's
  int64_t src_shape[7];
  int src_dims;
  int64_t dst_shape[7];
  int dst_dims;
};

// Check, charge and convert one call; faults name TransData.
void RunTransData(const TransDataCall& call);

template <typename Layout>
constexpr int TransDataDims() {
  using Shape = std::decay_t<decltype(std::declval<const Layout&>().GetShape())>;
  return static_cast<int>(AscendC::Std::tuple_size<Shape>::value);
}

template <typename Layout, size_t... I>
void TransDataExtents(const Layout& layout, int64_t* out, std::index_sequence<I...>) {
  const auto& shape = layout.GetShape();
  ((out[I] = static_cast<int64_t>(AscendC::Std::get<I>(shape))), ...);
}

template <const AscendC::TransDataConfig& config, typename T, typename U, typename S>
void TransDataForward(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                      const detail::UbRef* tmp, const AscendC::TransDataParams<U, S>& params) {
  static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
                    std::is_same_v<T, ::half> || std::is_same_v<T, ::bfloat16_t>,
                "TransData: T is int16_t, uint16_t, half or bfloat16_t");
  static_assert(AscendC::is_layout<U>::value && AscendC::is_layout<S>::value,
                "TransData: srcLayout and dstLayout must be Layouts");
  using transdata::DimsOf, transdata::Format;
  constexpr int kSrc = TransDataDims<U>(), kDst = TransDataDims<S>();
  constexpr int kWantSrc = DimsOf(static_cast<Format>(config.srcFormat));
  constexpr int kWantDst = DimsOf(static_cast<Format>(config.dstFormat));
  static_assert(kSrc == kWantSrc,
                "TransData: srcLayout's shape has the wrong number of dims "
                "for config.srcFormat (NCDHW 5, NDC1HWC0 6, FRACTAL_Z_3D 7)");
  static_assert(kDst == kWantDst,
                "TransData: dstLayout's shape has the wrong number of dims "
                "for config.dstFormat (NCDHW 5, NDC1HWC0 6, FRACTAL_Z_3D 7)");
  TransDataCall call{
      config.srcFormat, config.dstFormat, &dst.ref(), &src.ref(), tmp, {}, kSrc, {}, kDst};
  TransDataExtents(params.srcLayout, call.src_shape, std::make_index_sequence<kSrc>());
  TransDataExtents(params.dstLayout, call.dst_shape, std::make_index_sequence<kDst>());
  RunTransData(call);
}

}  // namespace opsim::sim::hl

namespace AscendC {

template <const TransDataConfig& config, typename T, typename U, typename S>
void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const TransDataParams<U, S>& params) {
  opsim::sim::hl::TransDataForward<config>(dstTensor, srcTensor, &sharedTmpBuffer.ref(), params);
}

template <const TransDataConfig& config, typename T, typename U, typename S>
void TransData(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
               const TransDataParams<U, S>& params) {
  if ASCEND_IS_AIC {  // CANN's: the buffer-less form runs on the vector cores only
    return;
  }
  opsim::sim::hl::TransDataForward<config>(dstTensor, srcTensor, nullptr, params);
}

}  // namespace AscendC
