// Ascend C's high-level SoftMax family (CANN's lib/activation/softmax.h, softmaxflashv2.h,
// softmaxflash.h): SoftMax, SimpleSoftMax, SoftmaxFlashV2 and the deprecated SoftmaxFlash in the
// ND forms CANN declares for the 910B, with the
// types it documents (all half, all float, or half data with float sum/max). Declarations only:
// every form forwards to one compiled entry (simulator/src/runtime/hl_softmax.cc). Rules,
// numerics and costs: docs/ASCENDC.md, "The high-level SoftMax family".
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/softmax_tiling.h"
#include "opsim/sim/ascendc/hl_math.h"

namespace AscendC {

// CANN's SoftMax shape: srcM rows of srcK elements (srcK a whole number of 32 B blocks); the
// first oriSrcM rows and oriSrcK columns are the data (the rest the caller's padding). All zero
// (the default `{}`): the tiling's srcM and srcK.
struct SoftMaxShapeInfo {
  uint32_t srcM;
  uint32_t srcK;
  uint32_t oriSrcM;
  uint32_t oriSrcK;
};

enum class SoftmaxMode {
  SOFTMAX_NORMAL = 0,
  SOFTMAX_OUTPUT_WITHOUT_BRC = 1,
};
struct SoftmaxConfig {
  bool isCheckTiling = true;
  uint32_t oriSrcM = 0;
  uint32_t oriSrcK = 0;
  SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

}  // namespace AscendC

namespace opsim::sim::hl {

enum class SoftmaxApi : uint8_t { kSoftMax, kSimpleSoftMax, kFlashV2, kFlash };

// One call: data tensors of `data` type, the [m, 32 B] sum/max tensors of `stat` type. Null
// operands are the ones the form does not take.
struct SoftmaxCall {
  SoftmaxApi api;
  ElemType data;
  ElemType stat;
  bool update;       // SoftmaxFlashV2's / SoftmaxFlash's isUpdate
  bool basic_block;  // isBasicBlock (changes SoftmaxFlashV2's work buffer)
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* sum;      // SoftMax/FlashV2: output; SimpleSoftMax: input
  const detail::UbRef* max;      // the same
  const detail::UbRef* exp_max;  // FlashV2: output (data type)
  const detail::UbRef* in_sum;   // FlashV2 with isUpdate: inputs
  const detail::UbRef* in_max;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null (the UB the chip would take is not charged)
  const AscendC::tiling::SoftMaxTiling* tiling;
  AscendC::SoftMaxShapeInfo shape;
  AscendC::SoftmaxConfig config;
};

// Checks, charges and computes one call; faults name the API.
void RunSoftmax(const SoftmaxCall& call);

// CANN's GetLastAxisShapeND / GetLastAxisOriginShapeND asserts: the dimension count and the last
// extent of src's ShapeInfo (`original`: of its originalShape) must be above zero. Faults
// `invalid_argument` naming the API and the value otherwise.
void CheckSoftmaxSrcShape(const char* api, bool original, uint32_t dims, uint32_t last);

// The shape a SoftMax-family call works on, by CANN's rule (its softmax_base_impl.h and the
// family's other impls): softmaxShapeInfo when srcM and srcK are both nonzero; otherwise src's
// ShapeInfo, srcK its last extent and srcM the product of the others (the original extents from
// its originalShape likewise). S is AscendC::ShapeInfo (a template: its arrays' size is the
// kernel's K_MAX_SHAPE_DIM).
template <typename S>
AscendC::SoftMaxShapeInfo SoftmaxShapeOf(const char* api, const AscendC::SoftMaxShapeInfo& given,
                                         const S& src) {
  if (given.srcM != 0 && given.srcK != 0) return given;
  const auto last_axis = [&](bool original, uint8_t dims, const uint32_t* shape, uint32_t& m,
                             uint32_t& k) {
    CheckSoftmaxSrcShape(api, original, dims, dims == 0 ? 0 : shape[dims - 1]);
    uint32_t size = 1;  // uint32_t, as CANN's calculateSize
    for (uint32_t i = 0; i < dims; ++i) size *= shape[i];
    k = shape[dims - 1];
    m = size / k;
  };
  AscendC::SoftMaxShapeInfo r{};
  last_axis(false, src.shapeDim, src.shape, r.srcM, r.srcK);
  last_axis(true, src.originalShapeDim, src.originalShape, r.oriSrcM, r.oriSrcK);
  return r;
}

template <typename T>
constexpr ElemType SoftmaxElem() {
  static_assert(kHalfOrFloat<T>, "the SoftMax APIs take half or float tensors");
  return ElemOf<T>();
}
template <typename T>
const detail::UbRef* RefOf(const AscendC::LocalTensor<T>& t) {
  return &t.ref();
}

}  // namespace opsim::sim::hl

namespace AscendC {

// dst = exp(src - max) / sum per row; sum and max (each row's value repeated over 32 B) are
// outputs unless the form omits them.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG,
          typename U>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<U>& sumTensor,
             const LocalTensor<U>& maxTensor, const LocalTensor<T>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models the SoftMax APIs' ND format only");
  static_assert(std::is_same_v<T, U> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                "SoftMax: sum and max are T, or float with half data");
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kSoftMax, h::SoftmaxElem<T>(), h::SoftmaxElem<U>(), false,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(sumTensor),
                 h::RefOf(maxTensor), nullptr, nullptr, nullptr, h::RefOf(sharedTmpBuffer), &tiling,
                 h::SoftmaxShapeOf("SoftMax", softmaxShapeInfo, srcTensor.GetShapeInfo()), config});
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG,
          typename U>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<U>& sumTensor,
             const LocalTensor<U>& maxTensor, const LocalTensor<T>& srcTensor,
             const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models the SoftMax APIs' ND format only");
  static_assert(std::is_same_v<T, U> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                "SoftMax: sum and max are T, or float with half data");
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kSoftMax, h::SoftmaxElem<T>(), h::SoftmaxElem<U>(), false,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(sumTensor),
                 h::RefOf(maxTensor), nullptr, nullptr, nullptr, nullptr, &tiling,
                 h::SoftmaxShapeOf("SoftMax", softmaxShapeInfo, srcTensor.GetShapeInfo()), config});
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kSoftMax, h::SoftmaxElem<T>(), h::SoftmaxElem<T>(), false,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), nullptr, nullptr, nullptr,
                 nullptr, nullptr, h::RefOf(sharedTmpBuffer), &tiling,
                 h::SoftmaxShapeOf("SoftMax", softmaxShapeInfo, srcTensor.GetShapeInfo()), config});
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
             const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kSoftMax, h::SoftmaxElem<T>(), h::SoftmaxElem<T>(), false,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), nullptr, nullptr, nullptr,
                 nullptr, nullptr, nullptr, &tiling,
                 h::SoftmaxShapeOf("SoftMax", softmaxShapeInfo, srcTensor.GetShapeInfo()), config});
}

// dst = exp(src - inMax) / inSum per row, with the max and sum a SoftMax gave.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG,
          typename U>
void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<U>& inSumTensor,
                   const LocalTensor<U>& inMaxTensor, const LocalTensor<T>& srcTensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                   const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models the SoftMax APIs' ND format only");
  static_assert(std::is_same_v<T, U> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                "SimpleSoftMax: sum and max are T, or float with half data");
  namespace h = opsim::sim::hl;
  h::RunSoftmax(
      {h::SoftmaxApi::kSimpleSoftMax, h::SoftmaxElem<T>(), h::SoftmaxElem<U>(), false, isBasicBlock,
       h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(inSumTensor), h::RefOf(inMaxTensor),
       nullptr, nullptr, nullptr, h::RefOf(sharedTmpBuffer), &tiling,
       h::SoftmaxShapeOf("SimpleSoftMax", softmaxShapeInfo, srcTensor.GetShapeInfo()), config});
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG,
          typename U>
void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<U>& inSumTensor,
                   const LocalTensor<U>& inMaxTensor, const LocalTensor<T>& srcTensor,
                   const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models the SoftMax APIs' ND format only");
  static_assert(std::is_same_v<T, U> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                "SimpleSoftMax: sum and max are T, or float with half data");
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kSimpleSoftMax, h::SoftmaxElem<T>(), h::SoftmaxElem<U>(), false,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(inSumTensor),
                 h::RefOf(inMaxTensor), nullptr, nullptr, nullptr, nullptr, &tiling,
                 h::SoftmaxShapeOf("SimpleSoftMax", softmaxShapeInfo, srcTensor.GetShapeInfo()),
                 config});
}

// The online-softmax step of flash attention. isUpdate false: dst = exp(src - max), max and
// expSum the row's max and sum. isUpdate true: max = max(inMax, row max), expMax =
// exp(inMax - max), expSum = expMax * inExpSum + sum(dst). expMax is of the data type.
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG,
          typename U>
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<U>& expSumTensor,
                    const LocalTensor<U>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<U>& inExpSumTensor,
                    const LocalTensor<U>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models the SoftMax APIs' ND format only");
  static_assert(std::is_same_v<T, U> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                "SoftmaxFlashV2: sum and max are T, or float with half data");
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kFlashV2, h::SoftmaxElem<T>(), h::SoftmaxElem<U>(), isUpdate,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(expSumTensor),
                 h::RefOf(maxTensor), h::RefOf(expMaxTensor), h::RefOf(inExpSumTensor),
                 h::RefOf(inMaxTensor), h::RefOf(sharedTmpBuffer), &tiling,
                 h::SoftmaxShapeOf("SoftmaxFlashV2", softmaxShapeInfo, srcTensor.GetShapeInfo()),
                 config});
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG,
          typename U>
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<U>& expSumTensor,
                    const LocalTensor<U>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<U>& inExpSumTensor,
                    const LocalTensor<U>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models the SoftMax APIs' ND format only");
  static_assert(std::is_same_v<T, U> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                "SoftmaxFlashV2: sum and max are T, or float with half data");
  namespace h = opsim::sim::hl;
  h::RunSoftmax(
      {h::SoftmaxApi::kFlashV2, h::SoftmaxElem<T>(), h::SoftmaxElem<U>(), isUpdate, isBasicBlock,
       h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(expSumTensor), h::RefOf(maxTensor),
       h::RefOf(expMaxTensor), h::RefOf(inExpSumTensor), h::RefOf(inMaxTensor), nullptr, &tiling,
       h::SoftmaxShapeOf("SoftmaxFlashV2", softmaxShapeInfo, srcTensor.GetShapeInfo()), config});
}

// SoftmaxFlash, deprecated by CANN for SoftmaxFlashV2 (and marked so, as CANN's header does).
// isUpdate false: SoftMax (dst = exp(src - max) / sum, sum and max written). isUpdate true: max =
// max(inMax, row max), expMax = exp(inMax - max), sum = expMax * inSum + row sum of exp(src -
// max), expMax = expMax * inSum / sum, dst = exp(src - max) / sum. Two overloads per buffer
// form, as CANN's: all T, and half data with float sum/max (T then given explicitly).
#define OPSIM_SOFTMAX_FLASH_DEPRECATED \
  [[deprecated("softmaxflash.h is deprecated, please use softmaxflashv2.h instead!")]]
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
OPSIM_SOFTMAX_FLASH_DEPRECATED void SoftmaxFlash(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inSumTensor,
    const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kFlash, h::SoftmaxElem<T>(), h::SoftmaxElem<T>(), isUpdate,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(sumTensor),
                 h::RefOf(maxTensor), h::RefOf(expMaxTensor), h::RefOf(inSumTensor),
                 h::RefOf(inMaxTensor), nullptr, &tiling,
                 h::SoftmaxShapeOf("SoftmaxFlash", softmaxShapeInfo, srcTensor.GetShapeInfo()),
                 SOFTMAX_DEFAULT_CFG});
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
OPSIM_SOFTMAX_FLASH_DEPRECATED void SoftmaxFlash(
    const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
    const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kFlash, h::ElemType::kHalf, h::ElemType::kFloat, isUpdate,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(sumTensor),
                 h::RefOf(maxTensor), h::RefOf(expMaxTensor), h::RefOf(inSumTensor),
                 h::RefOf(inMaxTensor), nullptr, &tiling,
                 h::SoftmaxShapeOf("SoftmaxFlash", softmaxShapeInfo, srcTensor.GetShapeInfo()),
                 SOFTMAX_DEFAULT_CFG});
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
OPSIM_SOFTMAX_FLASH_DEPRECATED void SoftmaxFlash(
    const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor,
    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inSumTensor,
    const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
    const SoftMaxTiling& tiling, bool isUpdate = false,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kFlash, h::SoftmaxElem<T>(), h::SoftmaxElem<T>(), isUpdate,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(sumTensor),
                 h::RefOf(maxTensor), h::RefOf(expMaxTensor), h::RefOf(inSumTensor),
                 h::RefOf(inMaxTensor), h::RefOf(sharedTmpBuffer), &tiling,
                 h::SoftmaxShapeOf("SoftmaxFlash", softmaxShapeInfo, srcTensor.GetShapeInfo()),
                 SOFTMAX_DEFAULT_CFG});
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false>
OPSIM_SOFTMAX_FLASH_DEPRECATED void SoftmaxFlash(
    const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
    const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
    const SoftMaxTiling& tiling, bool isUpdate = false,
    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  namespace h = opsim::sim::hl;
  h::RunSoftmax({h::SoftmaxApi::kFlash, h::ElemType::kHalf, h::ElemType::kFloat, isUpdate,
                 isBasicBlock, h::RefOf(dstTensor), h::RefOf(srcTensor), h::RefOf(sumTensor),
                 h::RefOf(maxTensor), h::RefOf(expMaxTensor), h::RefOf(inSumTensor),
                 h::RefOf(inMaxTensor), h::RefOf(sharedTmpBuffer), &tiling,
                 h::SoftmaxShapeOf("SoftmaxFlash", softmaxShapeInfo, srcTensor.GetShapeInfo()),
                 SOFTMAX_DEFAULT_CFG});
}
#undef OPSIM_SOFTMAX_FLASH_DEPRECATED

}  // namespace AscendC
