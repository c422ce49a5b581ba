// CANN's kernel-side Conv3D API (lib/conv/conv3d/conv3d_api.h, the Atlas A2/A3 high-level 3-D
// convolution): ConvApi::ConvType, Conv3dApi::Conv3D and its Init, SetInput, SetWeight, SetBias,
// SetSingleOutputShape, SetInputStartPosition, IterateAll and End, run on opsim's cube
// primitives (conv3d_api_impl.h; docs/CUBE.md "The Conv3D API"). Not part of kernel_operator.h:
// CANN's kernels include this header themselves.
#pragma once

#include <type_traits>

#include "kernel_operator.h"
#include "lib/conv/conv3d/conv3d_api_impl.h"
#include "opsim/core/conv_common_types.h"

// The usage page names the format unqualified (ConvFormat::NDC1HWC0) next to ConvApi::ConvType.
using ConvCommonApi::ConvFormat;

namespace ConvApi {

using AscendC::TPosition;
using ConvCommonApi::ConvFormat;

template <TPosition POSITION, ConvFormat FORMAT, typename TYPE>
struct ConvType {
  constexpr static TPosition pos = POSITION;
  constexpr static ConvFormat format = FORMAT;
  using T = TYPE;
};

// The default BIAS_TYPE: a Conv3D declared without one (SetBias then does not compile).
struct NoBiasType {
  constexpr static TPosition pos = TPosition::GM;
  constexpr static ConvFormat format = ConvFormat::ND;
  using T = float;
};

struct ConvParam {
  __aicore__ inline ConvParam() {}
};

template <typename T>
struct GetDstType {
  using Type = float;  // half and bfloat16_t accumulate in float (the only inputs taken)
};

template <class INPUT_TYPE, class WEIGHT_TYPE, class OUTPUT_TYPE, class BIAS_TYPE, class CONV_CFG>
struct ConvDataType {
  using ConvParam = CONV_CFG;
  using SrcT = typename INPUT_TYPE::T;
  using SrcAT = typename INPUT_TYPE::T;
  using SrcBT = typename WEIGHT_TYPE::T;
  using DstT = typename OUTPUT_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  using L0cT = typename GetDstType<SrcT>::Type;
  constexpr static bool kHasBiasType = !std::is_same_v<BIAS_TYPE, NoBiasType>;
  using InputType = INPUT_TYPE;
  using WeightType = WEIGHT_TYPE;
  using OutputType = OUTPUT_TYPE;
  using BiasType = BIAS_TYPE;
};

template <class DataType>
struct ConvConfig : public DataType {
  __aicore__ inline ConvConfig() {}
  struct ContextData {
    __aicore__ inline ContextData() {}
  };
};

}  // namespace ConvApi

namespace Conv3dApi {

struct Conv3dParam : public ConvApi::ConvParam {
  __aicore__ inline Conv3dParam() {}
};

template <class DataType>
struct Conv3dCfg : public ConvApi::ConvConfig<DataType> {
 public:
  __aicore__ inline Conv3dCfg() {}
  using ContextData = struct _ : public ConvApi::ConvConfig<DataType>::ContextData {
    __aicore__ inline _() {}
  };
};

// The page's Impl parameter: template <typename Intf, class Config, bool> (the bool is CANN's
// "output to L0C" variant, not taken here).
template <typename Intf, class Config, bool kOutputToL0c>
class Conv3dApiImpl : public opsim::conv3d::Conv3dEngine<Config> {
  static_assert(!kOutputToL0c, "the Conv3D API writes its output to GM only");
};

template <class Config, template <typename, class, bool> class Impl>
struct Conv3dIntf {
  using InputT = typename Config::SrcAT;
  using WeightT = typename Config::SrcBT;
  using OutputT = typename Config::DstT;
  using BiasT = typename Config::BiasT;
  using L0cT = typename Config::L0cT;
  using ConvParam = typename Config::ConvParam;

  static_assert(std::is_same_v<InputT, WeightT> &&
                    (std::is_same_v<InputT, half> || std::is_same_v<InputT, bfloat16_t>),
                "Conv3D: Input and Weight are both half or both bfloat16_t (the usage page's "
                "table 2)");
  static_assert(std::is_same_v<OutputT, InputT>,
                "Conv3D: Output has the input's type (half -> half, bfloat16_t -> bfloat16_t: "
                "the usage page's table 2)");
  static_assert(!Config::kHasBiasType ||
                    (std::is_same_v<InputT, half> ? std::is_same_v<BiasT, half>
                                                  : std::is_same_v<BiasT, float>),
                "Conv3D: Bias is half for half inputs and float for bfloat16_t inputs (the usage "
                "page's table 2)");
  static_assert(Config::InputType::pos == AscendC::TPosition::GM &&
                    Config::WeightType::pos == AscendC::TPosition::GM &&
                    Config::OutputType::pos == AscendC::TPosition::GM &&
                    Config::BiasType::pos == AscendC::TPosition::GM,
                "Conv3D: Input, Weight, Bias and Output are in TPosition::GM (ConvType's table)");
  static_assert(Config::InputType::format == ConvFormat::NDC1HWC0 &&
                    Config::WeightType::format == ConvFormat::FRACTAL_Z_3D &&
                    Config::OutputType::format == ConvFormat::NDC1HWC0 &&
                    Config::BiasType::format == ConvFormat::ND,
                "Conv3D: Input and Output are NDC1HWC0, Weight FRACTAL_Z_3D, Bias ND (ConvType's "
                "table)");
  static_assert(std::is_base_of_v<ConvApi::ConvParam, ConvParam>,
                "Conv3D: CONV_CFG derives from ConvApi::ConvParam");

  __aicore__ inline Conv3dIntf() {}
  __aicore__ inline void Init(const void* __restrict cubeTiling) { impl_.Init(cubeTiling); }
  __aicore__ inline void SetInput(const AscendC::GlobalTensor<InputT>& input) {
    impl_.SetInput(input);
  }
  __aicore__ inline void SetWeight(const AscendC::GlobalTensor<WeightT>& weight) {
    impl_.SetWeight(weight);
  }
  __aicore__ inline void SetBias(const AscendC::GlobalTensor<BiasT>& bias) {
    static_assert(Config::kHasBiasType,
                  "Conv3D::SetBias: the Conv3D was declared without BIAS_TYPE");
    impl_.SetBias(bias);
  }
  __aicore__ inline void SetSingleOutputShape(uint64_t singleCo, uint64_t singleDo,
                                              uint64_t singleM) {
    impl_.SetSingleOutputShape(singleCo, singleDo, singleM);
  }
  __aicore__ inline void SetInputStartPosition(int64_t diStartPos, int64_t mStartPos) {
    impl_.SetInputStartPosition(diStartPos, mStartPos);
  }
  __aicore__ inline void IterateAll(const AscendC::GlobalTensor<OutputT>& output,
                                    bool enPartialSum = false) {
    impl_.IterateAll(output, enPartialSum);
  }
  __aicore__ inline void End() { impl_.End(); }

 private:
  Impl<Conv3dIntf, Config, false> impl_;
};

template <class Cfg, template <typename, class, bool> class Impl = Conv3dApiImpl,
          template <class, template <typename, class, bool> class> class Intf = Conv3dIntf>
struct Conv3dIntfExt : public Intf<Cfg, Impl> {
  __aicore__ inline Conv3dIntfExt() {}
};

template <class INPUT_TYPE, class WEIGHT_TYPE, class OUTPUT_TYPE,
          class BIAS_TYPE = ConvApi::NoBiasType, class CONV_CFG = Conv3dParam>
using Conv3D = Conv3dIntfExt<
    Conv3dCfg<ConvApi::ConvDataType<INPUT_TYPE, WEIGHT_TYPE, OUTPUT_TYPE, BIAS_TYPE, CONV_CFG>>,
    Conv3dApiImpl, Conv3dIntf>;

}  // namespace Conv3dApi
