// LoadData with LoadData3DParamsV2 (img2col): an NC1HWC0 feature map in L1 (A1/B1) unrolled into
// the L0A/L0B fractals Mmad reads, and the registers it takes its geometry from (SetFmatrix,
// SetLoadDataPaddingValue, SetLoadDataRepeat, SetLoadDataBoundary). CANN's declarations
// (kernel_operator_mm_intf.h, kernel_struct_mm.h) for Atlas A2/A3; docs/CUBE.md, "LoadData3DV2".
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

inline constexpr uint8_t PAD_SIZE = 4;

// Whether LoadData writes the feature-map register (l1H, l1W, padList) and the padding register
// (padValue) from its parameters before the load; false: the kernel sets them (SetFmatrix,
// SetLoadDataPaddingValue).
struct IsResetLoad3dConfig {
  constexpr IsResetLoad3dConfig(const bool isSetFMatrixIn, const bool isSetPaddingIn)
      : isSetFMatrix(isSetFMatrixIn), isSetPadding(isSetPaddingIn) {}
  bool isSetFMatrix = true;
  bool isSetPadding = true;
};
inline constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};

// padList: [left, right, top, bottom]. The matrix unrolled is M = Hout x Wout rows (the filter's
// positions, W fastest) by K = C1 x filterH x filterW x C0 columns; kStartPt/mStartPt and
// kExtension/mExtension pick the part loaded.
template <typename T>
struct LoadData3DParamsV2 {
  LoadData3DParamsV2() = default;
  LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                     const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                     const uint16_t mExtensionIn, const uint16_t kStartPtIn,
                     const uint16_t mStartPtIn, const uint8_t strideWIn, const uint8_t strideHIn,
                     const uint8_t filterWIn, const uint8_t filterHIn,
                     const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn,
                     const bool enTransposeIn, const bool enSmallKIn, const T padValueIn)
      : l1H(l1HIn),
        l1W(l1WIn),
        channelSize(channelSizeIn),
        kExtension(kExtensionIn),
        mExtension(mExtensionIn),
        kStartPt(kStartPtIn),
        mStartPt(mStartPtIn),
        strideW(strideWIn),
        strideH(strideHIn),
        filterW(filterWIn),
        filterH(filterHIn),
        dilationFilterW(dilationFilterWIn),
        dilationFilterH(dilationFilterHIn),
        enTranspose(enTransposeIn),
        enSmallK(enSmallKIn),
        padValue(padValueIn) {
    for (int i = 0; i < PAD_SIZE; ++i) padList[i] = padListIn[i];
  }
  LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                     const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                     const uint16_t mExtensionIn, const uint16_t kStartPtIn,
                     const uint16_t mStartPtIn, const uint8_t strideWIn, const uint8_t strideHIn,
                     const uint8_t filterWIn, const uint8_t filterHIn,
                     const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn,
                     const bool enTransposeIn, const bool enSmallKIn, const T padValueIn,
                     const bool filterSizeWIn, const bool filterSizeHIn, const bool fMatrixCtrlIn)
      : LoadData3DParamsV2(padListIn, l1HIn, l1WIn, channelSizeIn, kExtensionIn, mExtensionIn,
                           kStartPtIn, mStartPtIn, strideWIn, strideHIn, filterWIn, filterHIn,
                           dilationFilterWIn, dilationFilterHIn, enTransposeIn, enSmallKIn,
                           padValueIn) {
    filterSizeW = filterSizeWIn;
    filterSizeH = filterSizeHIn;
    fMatrixCtrl = fMatrixCtrlIn;
  }

  uint8_t padList[PAD_SIZE] = {0};
  uint16_t l1H = 0;
  uint16_t l1W = 0;
  uint16_t channelSize = 0;
  uint16_t kExtension = 0;
  uint16_t mExtension = 0;
  uint16_t kStartPt = 0;
  uint16_t mStartPt = 0;
  uint8_t strideW = 1;
  uint8_t strideH = 1;
  uint8_t filterW = 1;
  uint8_t filterH = 1;
  uint8_t dilationFilterW = 1;
  uint8_t dilationFilterH = 1;
  bool enTranspose = false;
  bool enSmallK = false;
  T padValue = 0;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
};

// The same load with its fields packed (extConfig: kExtension, mExtension, kStartPt, mStartPt
// from bit 0 up, 16 bits each; filterConfig: strideW, strideH, filterW, filterH, dilationFilterW,
// dilationFilterH, 8 bits each). It writes no register: the feature map and the padding value
// are SetFmatrix's and SetLoadDataPaddingValue's.
struct LoadData3DParamsV2Pro {
  LoadData3DParamsV2Pro() = default;
  LoadData3DParamsV2Pro(const uint16_t channelSizeIn, const bool enTransposeIn,
                        const bool enSmallKIn, const bool filterSizeWIn, const bool filterSizeHIn,
                        const bool fMatrixCtrlIn, const uint64_t extConfigIn,
                        const uint64_t filterConfigIn)
      : channelSize(channelSizeIn),
        enTranspose(enTransposeIn),
        enSmallK(enSmallKIn),
        filterSizeW(filterSizeWIn),
        filterSizeH(filterSizeHIn),
        fMatrixCtrl(fMatrixCtrlIn),
        extConfig(extConfigIn),
        filterConfig(filterConfigIn) {}
  uint16_t channelSize = 0;
  bool enTranspose = false;
  bool enSmallK = false;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
  uint64_t extConfig = 0;
  uint64_t filterConfig = 0X10101010101;
};

enum class FmatrixMode : uint8_t {
  FMATRIX_LEFT = 0,
  FMATRIX_RIGHT = 1,
};

// Atlas A2/A3 form (no dstStride): repeatTime iterations along M (repeatMode 0, repeatStride in
// 16 rows) or K (1, repeatStride in C0 columns).
struct LoadDataRepeatParam {
  LoadDataRepeatParam() = default;
  LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn,
                      const uint8_t repeatModeIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn) {}
  uint16_t repeatStride = 0;
  uint8_t repeatTime = 1;
  uint8_t repeatMode = 0;
  uint8_t reserved = 0;
};

}  // namespace AscendC

namespace opsim::sim::detail {

// LoadData3DParamsV2 without its element type (the pad value travels as register bits).
struct Load3dArgs {
  uint8_t pad_list[4];
  uint16_t l1h, l1w, channel_size, k_ext, m_ext, k_start, m_start;
  uint8_t stride_w, stride_h, filter_w, filter_h, dilation_w, dilation_h;
  bool transpose, small_k, filter_size_w, filter_size_h, fmatrix_ctrl;
};
// set_fmatrix/set_padding: the IsResetLoad3dConfig; pad_bits: the padding register CANN's
// Load3DSetPaddingCal would write for padValue.
// elem_bits: 4 (int4b_t: L1 -> L0A only, as the page's Atlas A2/A3 list), 8, 16 or 32.
void CubeLoad3DV2(const UbRef& dst, const UbRef& src, uint32_t elem_bits, const Load3dArgs& a,
                  bool set_fmatrix, bool set_padding, uint64_t pad_bits);
void CubeSetFmatrix(uint16_t l1h, uint16_t l1w, const uint8_t pad_list[4], uint8_t mode);
void CubeSetLoad3dPadding(uint64_t bits);
void CubeSetLoadDataRepeat(uint16_t stride, uint8_t times, uint8_t mode);
void CubeSetLoadDataBoundary(uint32_t bytes);

// The padding register's bits for `v`: its bit pattern (16/32-bit), the byte twice (8-bit;
// int4b_t: its value as int8_t, as CANN's Load3DSetPaddingCal converts it).
template <typename T>
uint64_t Load3dPadBits(T v) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "the padding value is an 8-, 16- or 32-bit scalar");
  if constexpr (AscendC::IsHalfByteDataType<T>()) {
    const auto b = static_cast<uint8_t>(static_cast<int8_t>(v));
    return (uint64_t{b} << 8) | b;
  } else if constexpr (sizeof(T) == 1) {
    uint8_t b;
    std::memcpy(&b, &v, 1);
    return (uint64_t{b} << 8) | b;
  } else if constexpr (sizeof(T) == 2) {
    uint16_t b;
    std::memcpy(&b, &v, 2);
    return b;
  } else {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  }
}

template <typename T>
constexpr bool kLoad3dTypes =
    std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> || std::is_same_v<T, half> ||
    std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float> || std::is_same_v<T, int32_t> ||
    std::is_same_v<T, uint32_t> || std::is_same_v<T, AscendC::int4b_t>;

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
          typename U = PrimT<T>,
          typename std::enable_if<std::is_same<PrimT<T>, U>::value, bool>::type = true>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const LoadData3DParamsV2<U>& p) {
  static_assert(opsim::sim::detail::kLoad3dTypes<PrimT<T>>,
                "LoadData with LoadData3DParamsV2 takes int4b_t, int8_t, uint8_t, half, "
                "bfloat16_t, float, int32_t or uint32_t on Atlas A2/A3");
  opsim::sim::detail::Load3dArgs a{};
  std::memcpy(a.pad_list, p.padList, sizeof(a.pad_list));
  a.l1h = p.l1H, a.l1w = p.l1W, a.channel_size = p.channelSize;
  a.k_ext = p.kExtension, a.m_ext = p.mExtension, a.k_start = p.kStartPt, a.m_start = p.mStartPt;
  a.stride_w = p.strideW, a.stride_h = p.strideH, a.filter_w = p.filterW, a.filter_h = p.filterH;
  a.dilation_w = p.dilationFilterW, a.dilation_h = p.dilationFilterH;
  a.transpose = p.enTranspose, a.small_k = p.enSmallK, a.filter_size_w = p.filterSizeW;
  a.filter_size_h = p.filterSizeH, a.fmatrix_ctrl = p.fMatrixCtrl;
  opsim::sim::detail::CubeLoad3DV2(dst.ref(), src.ref(), SizeOfBits<PrimT<T>>::value, a,
                                   defaultConfig.isSetFMatrix, defaultConfig.isSetPadding,
                                   opsim::sim::detail::Load3dPadBits(p.padValue));
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const LoadData3DParamsV2Pro& p) {
  static_assert(opsim::sim::detail::kLoad3dTypes<PrimT<T>>,
                "LoadData with LoadData3DParamsV2Pro takes int4b_t, int8_t, uint8_t, half, "
                "bfloat16_t, float, int32_t or uint32_t on Atlas A2/A3");
  opsim::sim::detail::Load3dArgs a{};
  const auto field16 = [&](int shift) { return static_cast<uint16_t>(p.extConfig >> shift); };
  const auto field8 = [&](int shift) { return static_cast<uint8_t>(p.filterConfig >> shift); };
  a.channel_size = p.channelSize;
  a.k_ext = field16(0), a.m_ext = field16(16), a.k_start = field16(32), a.m_start = field16(48);
  a.stride_w = field8(0), a.stride_h = field8(8), a.filter_w = field8(16), a.filter_h = field8(24);
  a.dilation_w = field8(32), a.dilation_h = field8(40);
  a.transpose = p.enTranspose, a.small_k = p.enSmallK, a.filter_size_w = p.filterSizeW;
  a.filter_size_h = p.filterSizeH, a.fmatrix_ctrl = p.fMatrixCtrl;
  opsim::sim::detail::CubeLoad3DV2(dst.ref(), src.ref(), SizeOfBits<PrimT<T>>::value, a, false,
                                   false, 0);
}

inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4],
                       const FmatrixMode& fmatrixMode) {
  opsim::sim::detail::CubeSetFmatrix(l1H, l1W, padList, static_cast<uint8_t>(fmatrixMode));
}

template <typename T>
void SetLoadDataPaddingValue(const T padValue) {
  opsim::sim::detail::CubeSetLoad3dPadding(opsim::sim::detail::Load3dPadBits(padValue));
}

inline void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams) {
  opsim::sim::detail::CubeSetLoadDataRepeat(repeatParams.repeatStride, repeatParams.repeatTime,
                                            repeatParams.repeatMode);
}

inline void SetLoadDataBoundary(uint32_t boundaryValue) {
  opsim::sim::detail::CubeSetLoadDataBoundary(boundaryValue);
}

}  // namespace AscendC
