// KeyIfScale's kernel: y = x * factor + mode in tiles on one core, the factor chosen by the
// preprocessor from the tiling key, which CANN's device build makes a constant per key.
#include "kernel_operator.h"
#include "key_if_scale_tiling.h"

#if defined(TILING_KEY_VAR) && TILING_KEY_VAR == KEY_IF_SCALE_TRIPLE
#define KEY_IF_SCALE_FACTOR 3.0f
#else
#define KEY_IF_SCALE_FACTOR 2.0f
#endif

namespace NsKeyIfScale {
template <uint32_t mode>
class KernelKeyIfScale {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const KeyIfScaleTilingData& tiling) {
    tiling_ = tiling;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), tiling.totalLength);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), tiling.totalLength);
    const uint32_t bytes = static_cast<uint32_t>(tiling.tileLength * sizeof(float));
    pipe_.InitBuffer(inQueue_, 1, bytes);
    pipe_.InitBuffer(outQueue_, 1, bytes);
  }
  __aicore__ inline void Process() {
    for (int64_t done = 0; done < tiling_.totalLength; done += tiling_.tileLength) {
      const int64_t left = tiling_.totalLength - done;
      const int64_t count = left < tiling_.tileLength ? left : tiling_.tileLength;
      const AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(float)), 0, 0,
                                              0};
      AscendC::LocalTensor<float> xLocal = inQueue_.AllocTensor<float>();
      AscendC::DataCopyPad(xLocal, xGm_[done], params, AscendC::DataCopyPadExtParams<float>{});
      inQueue_.EnQue(xLocal);
      xLocal = inQueue_.DeQue<float>();
      AscendC::LocalTensor<float> yLocal = outQueue_.AllocTensor<float>();
      AscendC::Muls(yLocal, xLocal, KEY_IF_SCALE_FACTOR, static_cast<int32_t>(count));
      AscendC::Adds(yLocal, yLocal, static_cast<float>(mode), static_cast<int32_t>(count));
      outQueue_.EnQue(yLocal);
      inQueue_.FreeTensor(xLocal);
      yLocal = outQueue_.DeQue<float>();
      AscendC::DataCopyPad(yGm_[done], yLocal, params);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  KeyIfScaleTilingData tiling_{};
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> outQueue_;
  AscendC::GlobalTensor<float> xGm_, yGm_;
};
}  // namespace NsKeyIfScale

template <uint32_t mode>
__global__ __aicore__ void key_if_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(KeyIfScaleTilingData);
  GET_TILING_DATA_WITH_STRUCT(KeyIfScaleTilingData, tilingData, tiling);
  NsKeyIfScale::KernelKeyIfScale<mode> op;
  op.Init(x, y, tilingData);
  op.Process();
}
