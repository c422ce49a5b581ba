// TplCenter's kernel: y = (x - mean(x)) [* scale]. Each core sums its slice and leaves the partial
// in its own 32 B block of the user workspace; after SyncAll every core reads all partials, forms
// the mean and writes its slice of y.
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"
#include "tpl_center_tiling.h"

namespace NsTplCenter {

constexpr int32_t BUFFER_NUM = 2;
constexpr int64_t PARTIAL_STRIDE = 8;  // floats: one 32 B block per core

template <bool withScale>
class KernelTplCenter {
 public:
  __aicore__ inline KernelTplCenter() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                              const TplCenterTilingData& tiling) {
    tiling_ = tiling;
    const int64_t block = AscendC::GetBlockIdx();
    const int64_t start = block * tiling.perCoreLength;
    const int64_t rest = tiling.totalLength - start;
    length_ = rest < 0 ? 0 : (rest < tiling.perCoreLength ? rest : tiling.perCoreLength);
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + start, length_);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + start, length_);
    partialGm_.SetGlobalBuffer(
        reinterpret_cast<__gm__ float*>(AscendC::GetUserWorkspace(workspace)),
        tiling.usedCoreNum * PARTIAL_STRIDE);
    const uint32_t bytes = static_cast<uint32_t>(tiling.tileLength * sizeof(float));
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, bytes);
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, bytes);
    pipe_.InitBuffer(work_, bytes);
    pipe_.InitBuffer(partials_,
                     static_cast<uint32_t>(tiling.usedCoreNum * PARTIAL_STRIDE * sizeof(float)));
  }
  __aicore__ inline void Process() {
    PublishPartialSum();
    AscendC::SyncAll();
    const float mean = MeanOfPartials();
    for (int64_t done = 0; done < length_; done += tiling_.tileLength) {
      const int64_t count = Count(done);
      CopyIn(done, count);
      AscendC::LocalTensor<float> xLocal = inQueue_.DeQue<float>();
      AscendC::LocalTensor<float> yLocal = outQueue_.AllocTensor<float>();
      AscendC::Adds(yLocal, xLocal, -mean, static_cast<int32_t>(count));
      if constexpr (withScale) {
        AscendC::Muls(yLocal, yLocal, tiling_.scale, static_cast<int32_t>(count));
      }
      outQueue_.EnQue(yLocal);
      inQueue_.FreeTensor(xLocal);
      yLocal = outQueue_.DeQue<float>();
      AscendC::DataCopyPad(yGm_[done], yLocal, Params(count));
      outQueue_.FreeTensor(yLocal);
    }
  }

 private:
  __aicore__ inline int64_t Count(int64_t done) const {
    return length_ - done < tiling_.tileLength ? length_ - done : tiling_.tileLength;
  }
  __aicore__ inline AscendC::DataCopyExtParams Params(int64_t count) const {
    return AscendC::DataCopyExtParams{1, static_cast<uint32_t>(count * sizeof(float)), 0, 0, 0};
  }
  __aicore__ inline void CopyIn(int64_t done, int64_t count) {
    AscendC::LocalTensor<float> xLocal = inQueue_.AllocTensor<float>();
    AscendC::DataCopyPad(xLocal, xGm_[done], Params(count),
                         AscendC::DataCopyPadExtParams<float>{false, 0, 0, 0});
    inQueue_.EnQue(xLocal);
  }
  __aicore__ inline void PublishPartialSum() {
    float partial = 0.0f;
    AscendC::LocalTensor<float> work = work_.Get<float>();
    for (int64_t done = 0; done < length_; done += tiling_.tileLength) {
      const int64_t count = Count(done);
      CopyIn(done, count);
      AscendC::LocalTensor<float> xLocal = inQueue_.DeQue<float>();
      AscendC::LocalTensor<float> sum = outQueue_.AllocTensor<float>();
      AscendC::ReduceSum(sum, xLocal, work, static_cast<int32_t>(count));
      partial += sum.GetValue(0);
      outQueue_.FreeTensor(sum);
      inQueue_.FreeTensor(xLocal);
    }
    AscendC::LocalTensor<float> block = partials_.Get<float>();
    AscendC::Duplicate(block, 0.0f, static_cast<int32_t>(PARTIAL_STRIDE));
    block.SetValue(0, partial);
    AscendC::DataCopy(partialGm_[AscendC::GetBlockIdx() * PARTIAL_STRIDE], block,
                      static_cast<uint32_t>(PARTIAL_STRIDE));
  }
  __aicore__ inline float MeanOfPartials() {
    AscendC::LocalTensor<float> all = partials_.Get<float>();
    AscendC::DataCopy(all, partialGm_, static_cast<uint32_t>(tiling_.usedCoreNum * PARTIAL_STRIDE));
    float total = 0.0f;
    for (uint32_t b = 0; b < tiling_.usedCoreNum; ++b) {
      total += all.GetValue(static_cast<uint32_t>(b * PARTIAL_STRIDE));
    }
    return total / static_cast<float>(tiling_.totalLength);
  }

  TplCenterTilingData tiling_{};
  int64_t length_ = 0;
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> work_, partials_;
  AscendC::GlobalTensor<float> xGm_, yGm_, partialGm_;
};

}  // namespace NsTplCenter

template <bool withScale>
__global__ __aicore__ void tpl_center(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(TplCenterTilingData);
  GET_TILING_DATA_WITH_STRUCT(TplCenterTilingData, tilingData, tiling);
  NsTplCenter::KernelTplCenter<withScale> op;
  op.Init(x, y, workspace, tilingData);
  op.Process();
}
