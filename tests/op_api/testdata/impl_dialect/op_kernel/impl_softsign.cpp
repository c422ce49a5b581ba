// ImplSoftsign's kernel: y = scale * x / (1 + |x|) on float32, one slice of x per core, tiles
// double-buffered through UB; the tiling struct is the plain one the host filled.
#include "impl_softsign_tiling_data.h"
#include "kernel_operator.h"

namespace {

constexpr int32_t BUFFER_NUM = 2;

class KernelImplSoftsign {
 public:
  __aicore__ inline KernelImplSoftsign() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ImplSoftsignTilingData& tiling) {
    const int64_t block = AscendC::GetBlockIdx();
    const bool last = block == static_cast<int64_t>(tiling.usedCoreNum) - 1;
    length_ = last ? tiling.tailCoreLength : tiling.perCoreLength;
    tileLength_ = tiling.tileLength;
    scale_ = tiling.scale;
    const int64_t start = block * tiling.perCoreLength;
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + start, length_);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + start, length_);
    if (length_ <= 0) return;  // an empty x: nothing to buffer
    const int64_t bufferElems = length_ < tileLength_ ? length_ : tileLength_;
    const uint32_t bytes = static_cast<uint32_t>((bufferElems + 7) / 8 * 8 * sizeof(float));
    pipe_.InitBuffer(inQueue_, BUFFER_NUM, bytes);
    pipe_.InitBuffer(outQueue_, BUFFER_NUM, bytes);
    pipe_.InitBuffer(scratch_, bytes);
  }
  __aicore__ inline void Process() {
    for (int64_t offset = 0; offset < length_; offset += tileLength_) {
      const int64_t count = length_ - offset < tileLength_ ? length_ - offset : tileLength_;
      CopyIn(offset, count);
      Compute(count);
      CopyOut(offset, count);
    }
  }

 private:
  __aicore__ inline void CopyIn(int64_t offset, int64_t count) {
    AscendC::LocalTensor<float> xLocal = inQueue_.AllocTensor<float>();
    const AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(float)), 0, 0,
                                            0};
    AscendC::DataCopyPad(xLocal, xGm_[offset], params,
                         AscendC::DataCopyPadExtParams<float>{false, 0, 0, 0});
    inQueue_.EnQue(xLocal);
  }
  __aicore__ inline void Compute(int64_t count) {
    AscendC::LocalTensor<float> xLocal = inQueue_.DeQue<float>();
    AscendC::LocalTensor<float> yLocal = outQueue_.AllocTensor<float>();
    AscendC::LocalTensor<float> denom = scratch_.Get<float>();
    const int32_t n = static_cast<int32_t>(count);
    AscendC::Abs(denom, xLocal, n);
    AscendC::Adds(denom, denom, 1.0f, n);
    AscendC::Div(yLocal, xLocal, denom, n);
    AscendC::Muls(yLocal, yLocal, scale_, n);
    outQueue_.EnQue(yLocal);
    inQueue_.FreeTensor(xLocal);
  }
  __aicore__ inline void CopyOut(int64_t offset, int64_t count) {
    AscendC::LocalTensor<float> yLocal = outQueue_.DeQue<float>();
    const AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(float)), 0, 0,
                                            0};
    AscendC::DataCopyPad(yGm_[offset], yLocal, params);
    outQueue_.FreeTensor(yLocal);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> inQueue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> outQueue_;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> scratch_;
  AscendC::GlobalTensor<float> xGm_, yGm_;
  int64_t length_ = 0;
  int64_t tileLength_ = 0;
  float scale_ = 1.0f;
};

}  // namespace

extern "C" __global__ __aicore__ void impl_softsign(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(ImplSoftsignTilingData);
  GET_TILING_DATA_WITH_STRUCT(ImplSoftsignTilingData, tilingData, tiling);
  if (TILING_KEY_IS(1)) {
    KernelImplSoftsign op;
    op.Init(x, y, tilingData);
    op.Process();
  }
}
