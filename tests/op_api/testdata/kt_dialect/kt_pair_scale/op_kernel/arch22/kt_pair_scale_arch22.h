// KtPairScale's kernel class: y = x * 2 + 1 in tiles on one core.
#ifndef KT_PAIR_SCALE_ARCH22_H
#define KT_PAIR_SCALE_ARCH22_H
#include "kernel_operator.h"
#include "kt_pair_scale_tiling_data.h"
#include "kt_pair_scale_tiling_key.h"

namespace NsKtPairScale {
template <typename T>
class KernelKtPairScale {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const KtPairScaleTilingData& tiling) {
    tiling_ = tiling;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), tiling.totalLength);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), tiling.totalLength);
    const uint32_t bytes = static_cast<uint32_t>(tiling.tileLength * sizeof(T));
    pipe_.InitBuffer(inQueue_, 1, bytes);
    pipe_.InitBuffer(outQueue_, 1, bytes);
  }
  __aicore__ inline void Process() {
    for (int64_t done = 0; done < tiling_.totalLength; done += tiling_.tileLength) {
      const int64_t left = tiling_.totalLength - done;
      const int64_t count = left < tiling_.tileLength ? left : tiling_.tileLength;
      const AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
      AscendC::LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
      AscendC::DataCopyPad(xLocal, xGm_[done], params, AscendC::DataCopyPadExtParams<T>{});
      inQueue_.EnQue(xLocal);
      xLocal = inQueue_.DeQue<T>();
      AscendC::LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
      AscendC::Muls(yLocal, xLocal, static_cast<T>(2.0f), static_cast<int32_t>(count));
      AscendC::Adds(yLocal, yLocal, static_cast<T>(1.0f), static_cast<int32_t>(count));
      outQueue_.EnQue(yLocal);
      inQueue_.FreeTensor(xLocal);
      yLocal = outQueue_.DeQue<T>();
      AscendC::DataCopyPad(yGm_[done], yLocal, params);
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  KtPairScaleTilingData tiling_{};
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> outQueue_;
  AscendC::GlobalTensor<T> xGm_, yGm_;
};
}  // namespace NsKtPairScale
#endif  // KT_PAIR_SCALE_ARCH22_H
