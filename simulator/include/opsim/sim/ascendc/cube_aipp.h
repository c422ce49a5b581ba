// AIPP, the AI Core's image pre-processing on its way from GM into L1 (docs/CUBE.md, "AIPP"):
// SetAippFunctions sets the image and its conversions (CANN's kernel_common.h and
// kernel_struct_aipp.h), LoadImageToLocal loads a crop of it into A1/B1 (kernel_struct_mm.h's
// LoadImageToLocalParams).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/core/dtype.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

enum class AippInputFormat : uint8_t {
  YUV420SP_U8 = 0,
  XRGB8888_U8 = 1,
  RGB888_U8 = 4,
  YUV400_U8 = 9,
};

template <typename T>
struct AippPaddingParams {
  uint32_t paddingMode{0};
  T paddingValueCh0{0};
  T paddingValueCh1{0};
  T paddingValueCh2{0};
  T paddingValueCh3{0};
};

struct AippSwapParams {
  bool isSwapRB{false};
  bool isSwapUV{false};
  bool isSwapAX{false};
};

struct AippSingleLineParams {
  bool isSingleLineCopy{false};
};

struct AippDataTypeConvParams {
  uint8_t dtcMeanCh0{0};
  uint8_t dtcMeanCh1{0};
  uint8_t dtcMeanCh2{0};
  half dtcMinCh0{0};
  half dtcMinCh1{0};
  half dtcMinCh2{0};
  half dtcVarCh0{1.0};
  half dtcVarCh1{1.0};
  half dtcVarCh2{1.0};
  uint32_t dtcRoundMode{0};
};

// CANN's struct leaves both fields uninitialised; 0 here.
template <typename T>
struct AippChannelPaddingParams {
  uint32_t cPaddingMode{0};
  T cPaddingValue{0};
};

struct AippColorSpaceConvParams {
  bool isEnableCsc{false};
  int16_t cscMatrixR0C0{0};
  int16_t cscMatrixR0C1{0};
  int16_t cscMatrixR0C2{0};
  int16_t cscMatrixR1C0{0};
  int16_t cscMatrixR1C1{0};
  int16_t cscMatrixR1C2{0};
  int16_t cscMatrixR2C0{0};
  int16_t cscMatrixR2C1{0};
  int16_t cscMatrixR2C2{0};
  uint8_t cscBiasIn0{0};
  uint8_t cscBiasIn1{0};
  uint8_t cscBiasIn2{0};
  uint8_t cscBiasOut0{0};
  uint8_t cscBiasOut1{0};
  uint8_t cscBiasOut2{0};
};

template <typename T>
struct AippParams {
  AippPaddingParams<T> paddingParams;
  AippSwapParams swapParams;
  AippSingleLineParams singleLineParams;
  AippDataTypeConvParams dtcParams;
  AippChannelPaddingParams<T> cPaddingParams;
  AippColorSpaceConvParams cscParams;
};

struct LoadImageToLocalParams {
  LoadImageToLocalParams() {}
  LoadImageToLocalParams(uint16_t horizSizeIn, uint16_t vertSizeIn, uint16_t horizStartPosIn,
                         uint16_t vertStartPosIn, uint16_t srcHorizSizeIn, uint8_t topPadSizeIn,
                         uint8_t botPadSizeIn, uint16_t leftPadSizeIn, uint16_t rightPadSizeIn)
      : horizSize(horizSizeIn),
        vertSize(vertSizeIn),
        horizStartPos(horizStartPosIn),
        vertStartPos(vertStartPosIn),
        srcHorizSize(srcHorizSizeIn),
        topPadSize(topPadSizeIn),
        botPadSize(botPadSizeIn),
        leftPadSize(leftPadSizeIn),
        rightPadSize(rightPadSizeIn) {}
  uint16_t horizSize = 0;
  uint16_t vertSize = 0;
  uint16_t horizStartPos = 0;
  uint16_t vertStartPos = 0;
  uint16_t srcHorizSize = 0;
  uint8_t topPadSize = 0;
  uint8_t botPadSize = 0;
  uint16_t leftPadSize = 0;
  uint16_t rightPadSize = 0;
  uint8_t sid = 0;
};

}  // namespace AscendC

namespace opsim::sim::detail {

// AippParams<U> without its template: the output type's values as their bits.
struct AippConfig {
  AscendC::AippInputFormat format{};
  DType out = DType::kInt8;
  uint32_t padding_mode = 0;
  uint16_t padding_value[4] = {};
  bool swap_rb = false, swap_uv = false, swap_ax = false;
  bool single_line = false;
  uint8_t mean[3] = {};
  float min[3] = {};
  float var[3] = {};
  uint32_t round_mode = 0;
  uint32_t c_padding_mode = 0;
  uint16_t c_padding_value = 0;
  bool csc = false;
  int16_t csc_matrix[3][3] = {};
  uint8_t csc_bias_in[3] = {};   // subtracted from a YUV source's channels
  uint8_t csc_bias_out[3] = {};  // added to an RGB source's converted channels
};

template <typename U>
uint16_t AippBits(U v) {
  uint16_t bits = 0;
  std::memcpy(&bits, &v, sizeof(U));
  return bits;
}

template <typename U>
AippConfig FlattenAipp(AscendC::AippInputFormat format, const AscendC::AippParams<U>& c) {
  AippConfig f;
  f.format = format;
  f.out = AscendC::DTypeOf<U>();
  f.padding_mode = c.paddingParams.paddingMode;
  const U pads[4] = {c.paddingParams.paddingValueCh0, c.paddingParams.paddingValueCh1,
                     c.paddingParams.paddingValueCh2, c.paddingParams.paddingValueCh3};
  for (int i = 0; i < 4; ++i) f.padding_value[i] = AippBits(pads[i]);
  f.swap_rb = c.swapParams.isSwapRB;
  f.swap_uv = c.swapParams.isSwapUV;
  f.swap_ax = c.swapParams.isSwapAX;
  f.single_line = c.singleLineParams.isSingleLineCopy;
  const AscendC::AippDataTypeConvParams& d = c.dtcParams;
  f.mean[0] = d.dtcMeanCh0, f.mean[1] = d.dtcMeanCh1, f.mean[2] = d.dtcMeanCh2;
  f.min[0] = static_cast<float>(d.dtcMinCh0), f.min[1] = static_cast<float>(d.dtcMinCh1);
  f.min[2] = static_cast<float>(d.dtcMinCh2);
  f.var[0] = static_cast<float>(d.dtcVarCh0), f.var[1] = static_cast<float>(d.dtcVarCh1);
  f.var[2] = static_cast<float>(d.dtcVarCh2);
  f.round_mode = d.dtcRoundMode;
  f.c_padding_mode = c.cPaddingParams.cPaddingMode;
  f.c_padding_value = AippBits(c.cPaddingParams.cPaddingValue);
  const AscendC::AippColorSpaceConvParams& m = c.cscParams;
  f.csc = m.isEnableCsc;
  const int16_t matrix[3][3] = {{m.cscMatrixR0C0, m.cscMatrixR0C1, m.cscMatrixR0C2},
                                {m.cscMatrixR1C0, m.cscMatrixR1C1, m.cscMatrixR1C2},
                                {m.cscMatrixR2C0, m.cscMatrixR2C1, m.cscMatrixR2C2}};
  std::memcpy(f.csc_matrix, matrix, sizeof matrix);
  f.csc_bias_in[0] = m.cscBiasIn0, f.csc_bias_in[1] = m.cscBiasIn1, f.csc_bias_in[2] = m.cscBiasIn2;
  f.csc_bias_out[0] = m.cscBiasOut0, f.csc_bias_out[1] = m.cscBiasOut1;
  f.csc_bias_out[2] = m.cscBiasOut2;
  return f;
}

void CubeSetAipp(const GmRef& src0, const GmRef* src1, const AippConfig& config);
void CubeLoadImage(const UbRef& dst, DType dtype, const AscendC::LoadImageToLocalParams& p);

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T>& src0, AippInputFormat format, AippParams<U> config) {
  static_assert(std::is_same_v<PrimT<T>, uint8_t>, "every AippInputFormat is _U8: T is uint8_t");
  static_assert(std::is_same_v<U, int8_t> || std::is_same_v<U, uint8_t> || std::is_same_v<U, half>,
                "AIPP's output type U is int8_t, uint8_t or half");
  opsim::sim::detail::CubeSetAipp(src0.ref(), nullptr,
                                  opsim::sim::detail::FlattenAipp(format, config));
}

template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T>& src0, const GlobalTensor<T>& src1,
                      AippInputFormat format, AippParams<U> config) {
  static_assert(std::is_same_v<PrimT<T>, uint8_t>, "every AippInputFormat is _U8: T is uint8_t");
  static_assert(std::is_same_v<U, int8_t> || std::is_same_v<U, uint8_t> || std::is_same_v<U, half>,
                "AIPP's output type U is int8_t, uint8_t or half");
  const opsim::sim::detail::GmRef uv = src1.ref();
  opsim::sim::detail::CubeSetAipp(src0.ref(), &uv, opsim::sim::detail::FlattenAipp(format, config));
}

template <typename T>
void LoadImageToLocal(const LocalTensor<T>& dst, const LoadImageToLocalParams& loadDataParams) {
  opsim::sim::detail::CubeLoadImage(dst.ref(), DTypeOf<PrimT<T>>(), loadDataParams);
}

}  // namespace AscendC
