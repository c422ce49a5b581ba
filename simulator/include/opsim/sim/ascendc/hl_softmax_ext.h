// The rest of Ascend C's high-level SoftMax family for the 910B (CANN's lib/activation/
// logsoftmax.h, softmaxgrad.h): LogSoftMax, SoftmaxGrad and SoftmaxGradFront in their ND forms,
// half and float. Declarations only: every form forwards to one compiled entry
// (simulator/src/runtime/hl_softmax_ext.cc). Rules, numerics and costs: docs/ASCENDC.md,
// "LogSoftMax and SoftmaxGrad".
#pragma once

#include <cstdint>

#include "opsim/core/softmax_ext_tiling.h"
#include "opsim/sim/ascendc/hl_softmax.h"

namespace opsim::sim::hl {

enum class SoftmaxExtApi : uint8_t { kLogSoftMax, kGrad, kGradFront };

// One call. LogSoftMax: src -> dst, sum, max. SoftmaxGrad/Front: grad and src -> dst (Front, and
// Grad with isFront: dst is [m, 32 B], the row's value repeated).
struct SoftmaxExtCall {
  SoftmaxExtApi api;
  ElemType type;
  bool front;  // SoftmaxGrad's isFront (always for SoftmaxGradFront)
  const detail::UbRef* dst;
  const detail::UbRef* src;
  const detail::UbRef* grad;  // SoftmaxGrad/Front
  const detail::UbRef* sum;   // LogSoftMax
  const detail::UbRef* max;
  const detail::UbRef* tmp;  // sharedTmpBuffer, or null (the UB the chip would take)
  // The tiling's srcM, srcK and splitM (LogSoftMaxTiling or SoftMaxTiling).
  uint32_t tiling_m, tiling_k, tiling_split_m;
  AscendC::SoftMaxShapeInfo shape;
};

// Checks, charges and computes one call; faults name the API.
void RunSoftmaxExt(const SoftmaxExtCall& call);

template <typename Tiling>
SoftmaxExtCall SoftmaxExtOf(SoftmaxExtApi api, ElemType type, bool front, const Tiling& t,
                            const AscendC::SoftMaxShapeInfo& shape) {
  return {api,     type,    front,  nullptr, nullptr,  nullptr, nullptr,
          nullptr, nullptr, t.srcM, t.srcK,  t.splitM, shape};
}

}  // namespace opsim::sim::hl

namespace AscendC {

// dst = log10(exp(src - max) / sum) per row (CANN's formula takes log10); sum and max, the
// row's values repeated over 32 B, are outputs of T.
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sumTensor,
                const LocalTensor<T>& maxTensor, const LocalTensor<T>& src,
                const LocalTensor<uint8_t>& sharedTmpBuffer, const LogSoftMaxTiling& tiling,
                const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models LogSoftMax's ND format only");
  namespace h = opsim::sim::hl;
  h::SoftmaxExtCall c =
      h::SoftmaxExtOf(h::SoftmaxExtApi::kLogSoftMax, h::SoftmaxElem<T>(), false, tiling,
                      h::SoftmaxShapeOf("LogSoftMax", softmaxShapeInfo, src.GetShapeInfo()));
  c.dst = h::RefOf(dst);
  c.src = h::RefOf(src);
  c.sum = h::RefOf(sumTensor);
  c.max = h::RefOf(maxTensor);
  c.tmp = h::RefOf(sharedTmpBuffer);
  h::RunSoftmaxExt(c);
}

// The softmax backward step per row: d = sum(grad * src); dst = (grad - d) * src, or with
// isFront dst = d (a [m, 32 B] tensor, the row's value repeated).
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                 const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                 const SoftMaxTiling& tiling, bool isFront = false,
                 const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models SoftmaxGrad's ND format only");
  namespace h = opsim::sim::hl;
  h::SoftmaxExtCall c =
      h::SoftmaxExtOf(h::SoftmaxExtApi::kGrad, h::SoftmaxElem<T>(), isFront, tiling,
                      h::SoftmaxShapeOf("SoftmaxGrad", softmaxShapeInfo, srcTensor.GetShapeInfo()));
  c.dst = h::RefOf(dstTensor);
  c.grad = h::RefOf(gradTensor);
  c.src = h::RefOf(srcTensor);
  c.tmp = h::RefOf(sharedTmpBuffer);
  h::RunSoftmaxExt(c);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                 const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling, bool isFront = false,
                 const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models SoftmaxGrad's ND format only");
  namespace h = opsim::sim::hl;
  h::SoftmaxExtCall c =
      h::SoftmaxExtOf(h::SoftmaxExtApi::kGrad, h::SoftmaxElem<T>(), isFront, tiling,
                      h::SoftmaxShapeOf("SoftmaxGrad", softmaxShapeInfo, srcTensor.GetShapeInfo()));
  c.dst = h::RefOf(dstTensor);
  c.grad = h::RefOf(gradTensor);
  c.src = h::RefOf(srcTensor);
  h::RunSoftmaxExt(c);
}

// SoftmaxGrad's isFront part: dst = sum(grad * src) per row, a [m, 32 B] tensor.
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                      const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models SoftmaxGradFront's ND format only");
  namespace h = opsim::sim::hl;
  h::SoftmaxExtCall c = h::SoftmaxExtOf(
      h::SoftmaxExtApi::kGradFront, h::SoftmaxElem<T>(), true, tiling,
      h::SoftmaxShapeOf("SoftmaxGradFront", softmaxShapeInfo, srcTensor.GetShapeInfo()));
  c.dst = h::RefOf(dstTensor);
  c.grad = h::RefOf(gradTensor);
  c.src = h::RefOf(srcTensor);
  c.tmp = h::RefOf(sharedTmpBuffer);
  h::RunSoftmaxExt(c);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                      const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                      const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
  static_assert(!isDataFormatNZ, "opsim models SoftmaxGradFront's ND format only");
  namespace h = opsim::sim::hl;
  h::SoftmaxExtCall c = h::SoftmaxExtOf(
      h::SoftmaxExtApi::kGradFront, h::SoftmaxElem<T>(), true, tiling,
      h::SoftmaxShapeOf("SoftmaxGradFront", softmaxShapeInfo, srcTensor.GetShapeInfo()));
  c.dst = h::RefOf(dstTensor);
  c.grad = h::RefOf(gradTensor);
  c.src = h::RefOf(srcTensor);
  h::RunSoftmaxExt(c);
}

}  // namespace AscendC
