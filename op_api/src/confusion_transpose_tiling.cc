// The host helpers of the high-level Transpose with a ConfusionTransposeTiling
// (lib/transpose/confusion_transpose_tiling.h): CANN's figures and fields, from the rules the
// kernel's check uses too (opsim/core/confusion_transpose_tiling.h).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/confusion_transpose_tiling.h"
#include "tiling/tiling_api.h"

namespace AscendC {

namespace {

namespace ct = opsim::ctranspose;

// The shape's dims; an error printed when they break the page's rules, and empty (the outputs
// left) when CANN's helper could not compute from them either (it reads dims that are not there,
// divides by a zero block, or knows no such scenario). Otherwise it computes all the same, as
// CANN's does (its scenario 7 reads the first two dims of any shape, unchecked).
std::vector<int64_t> CtDims(const char* fn, const ge::Shape& shape, uint32_t typeSize,
                            uint32_t type) {
  std::vector<int64_t> d = shape.GetDims();
  const char* rule = ct::ShapeRule(type, d.data(), static_cast<int>(d.size()), typeSize);
  if (rule == nullptr) return d;
  std::string text = "[";
  for (size_t i = 0; i < d.size(); ++i) text += (i ? ", " : "") + std::to_string(d[i]);
  std::fprintf(stderr,
               "[ERROR] [Transpose][%s] srcShape %s], typeSize %u, transposeTypeIn %u: %s\n", fn,
               text.c_str(), typeSize, type, rule);
  const size_t need = type == ct::kNd2NdOnly ? 2 : 4;
  if (!ct::Known(type) || typeSize == 0 || typeSize > 32 || d.size() < need) d.clear();
  return d;
}

void CtFill(const char* fn, const ge::Shape& shape, uint32_t stack, uint32_t typeSize,
            uint32_t type, AscendC::tiling::ConfusionTransposeTiling& tiling) {
  const std::vector<int64_t> d = CtDims(fn, shape, typeSize, type);
  if (d.empty()) return;
  if (ct::StackTooSmall(type, stack, typeSize)) {
    std::fprintf(stderr,
                 "[ERROR] [Transpose][%s] stackBufferSize %u holds no 16 x 16 fractal of %u-byte "
                 "elements (at least %u: GetConfusionTransposeMaxMinTmpSize's min)\n",
                 fn, stack, typeSize, ct::kFractal * typeSize);
  }
  uint32_t p[ct::kParams];
  ct::Fill(type, d.data(), stack, typeSize, p);
  static_assert(sizeof(p) == sizeof(tiling), "ConfusionTransposeTiling is 18 uint32 fields");
  std::memcpy(&tiling, p, sizeof(p));
}

void CtToHost(const AscendC::tiling::ConfusionTransposeTiling& k,
              optiling::ConfusionTransposeTiling& t) {
  t.set_param0(k.param0), t.set_param1(k.param1), t.set_param2(k.param2);
  t.set_param3(k.param3), t.set_param4(k.param4), t.set_param5(k.param5);
  t.set_param6(k.param6), t.set_param7(k.param7), t.set_param8(k.param8);
  t.set_param9(k.param9), t.set_param10(k.param10), t.set_param11(k.param11);
  t.set_param12(k.param12), t.set_param13(k.param13), t.set_param14(k.param14);
  t.set_param15(k.param15), t.set_param16(k.param16), t.set_param17(k.param17);
}

AscendC::tiling::ConfusionTransposeTiling CtFromHost(const optiling::ConfusionTransposeTiling& t) {
  AscendC::tiling::ConfusionTransposeTiling k;
  t.SaveToBuffer(&k, sizeof(k));
  return k;
}

}  // namespace

void GetTransposeMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                               const uint32_t transposeTypeIn, uint32_t& maxValue,
                               uint32_t& minValue) {
  const std::vector<int64_t> d =
      CtDims("GetTransposeMaxMinTmpSize", srcShape, typeSize, transposeTypeIn);
  if (!d.empty()) ct::MaxMin(transposeTypeIn, d.data(), typeSize, maxValue, minValue);
}
void GetConfusionTransposeMaxMinTmpSize(const AscendC::TensorShape& srcShape,
                                        const uint32_t typeSize, const uint32_t transposeTypeIn,
                                        uint32_t& maxValue, uint32_t& minValue) {
  GetTransposeMaxMinTmpSize(srcShape, typeSize, transposeTypeIn, maxValue, minValue);
}

void GetTransposeTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                            const uint32_t typeSize, const uint32_t transposeTypeIn,
                            AscendC::tiling::ConfusionTransposeTiling& tiling) {
  CtFill("GetTransposeTilingInfo", srcShape, stackBufferSize, typeSize, transposeTypeIn, tiling);
}
void GetTransposeTilingInfo(const AscendC::TensorShape& srcShape, const uint32_t stackBufferSize,
                            const uint32_t typeSize, const uint32_t transposeTypeIn,
                            optiling::ConfusionTransposeTiling& tiling) {
  AscendC::tiling::ConfusionTransposeTiling k = CtFromHost(tiling);  // kept on an error
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, k);
  CtToHost(k, tiling);
}
void GetConfusionTransposeTilingInfo(const AscendC::TensorShape& srcShape,
                                     const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const uint32_t transposeTypeIn,
                                     optiling::ConfusionTransposeTiling& tiling) {
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, tiling);
}
void GetConfusionTransposeTilingInfo(const AscendC::TensorShape& srcShape,
                                     const uint32_t stackBufferSize, const uint32_t typeSize,
                                     const uint32_t transposeTypeIn,
                                     AscendC::tiling::ConfusionTransposeTiling& tiling) {
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, transposeTypeIn, tiling);
}
void GetConfusionTransposeOnlyTilingInfo(const AscendC::TensorShape& srcShape,
                                         const uint32_t stackBufferSize, const uint32_t typeSize,
                                         optiling::ConfusionTransposeTiling& tiling) {
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, ct::kNd2NdOnly, tiling);
}
void GetConfusionTransposeOnlyTilingInfo(const AscendC::TensorShape& srcShape,
                                         const uint32_t stackBufferSize, const uint32_t typeSize,
                                         AscendC::tiling::ConfusionTransposeTiling& tiling) {
  GetTransposeTilingInfo(srcShape, stackBufferSize, typeSize, ct::kNd2NdOnly, tiling);
}

}  // namespace AscendC
