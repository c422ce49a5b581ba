// z = x * 2 + y on float, 8 blocks of 2048 elements in double-buffered tiles of 256. The kernel
// of opsim's CCE-layout test project (tests/cpudebug/cce_project_test.sh).
#include "kernel_operator.h"

constexpr int32_t kTotal = 8 * 2048;
constexpr int32_t kBlocks = 8;
constexpr int32_t kBlockLength = kTotal / kBlocks;
constexpr int32_t kTile = 256;
constexpr int32_t kBufferNum = 2;

class KernelScaleAdd {
 public:
  __aicore__ inline KernelScaleAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    tiles_ = kBlockLength / kTile;
    ASSERT(tiles_ != 0 && "tile count must not be zero");
    x_gm_.SetGlobalBuffer((__gm__ float*)x + kBlockLength * AscendC::GetBlockIdx(), kBlockLength);
    y_gm_.SetGlobalBuffer((__gm__ float*)y + kBlockLength * AscendC::GetBlockIdx(), kBlockLength);
    z_gm_.SetGlobalBuffer((__gm__ float*)z + kBlockLength * AscendC::GetBlockIdx(), kBlockLength);
    pipe_.InitBuffer(in_x_, kBufferNum, kTile * sizeof(float));
    pipe_.InitBuffer(in_y_, kBufferNum, kTile * sizeof(float));
    pipe_.InitBuffer(out_z_, kBufferNum, kTile * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (int32_t i = 0; i < tiles_; ++i) {
      AscendC::LocalTensor<float> x = in_x_.AllocTensor<float>();
      AscendC::LocalTensor<float> y = in_y_.AllocTensor<float>();
      AscendC::DataCopy(x, x_gm_[i * kTile], kTile);
      AscendC::DataCopy(y, y_gm_[i * kTile], kTile);
      in_x_.EnQue(x);
      in_y_.EnQue(y);

      x = in_x_.DeQue<float>();
      y = in_y_.DeQue<float>();
      AscendC::LocalTensor<float> z = out_z_.AllocTensor<float>();
      AscendC::Muls(x, x, 2.0f, kTile);
      AscendC::Add(z, x, y, kTile);
      out_z_.EnQue(z);
      in_x_.FreeTensor(x);
      in_y_.FreeTensor(y);

      z = out_z_.DeQue<float>();
      AscendC::DataCopy(z_gm_[i * kTile], z, kTile);
      out_z_.FreeTensor(z);
    }
  }

 private:
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, kBufferNum> in_x_;
  AscendC::TQue<AscendC::QuePosition::VECIN, kBufferNum> in_y_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, kBufferNum> out_z_;
  AscendC::GlobalTensor<float> x_gm_;
  AscendC::GlobalTensor<float> y_gm_;
  AscendC::GlobalTensor<float> z_gm_;
  int32_t tiles_ = 0;
};

extern "C" __global__ __aicore__ void scale_add(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KernelScaleAdd op;
  op.Init(x, y, z);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
// The device build's launcher, called by main.cpp's NPU path.
void scale_add_do(uint32_t blockDim, void* l2ctrl, void* stream, uint8_t* x, uint8_t* y,
                  uint8_t* z) {
  scale_add<<<blockDim, l2ctrl, stream>>>(x, y, z);
}
#endif
