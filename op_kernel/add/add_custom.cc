#include "add/add_custom.h"

namespace op_kernel {
namespace {

constexpr int32_t kBufferNum = 2;  // double buffering: copy tile i+1 while computing tile i

template <typename T>
class KernelAdd {
 public:
  __aicore__ void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddTilingData& tiling) {
    const uint32_t per_block = tiling.total / static_cast<uint32_t>(AscendC::GetBlockNum());
    const uint64_t offset = per_block * static_cast<uint64_t>(AscendC::GetBlockIdx());
    tile_ = tiling.tile;
    tiles_ = per_block / tile_;
    x_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x) + offset, per_block);
    y_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y) + offset, per_block);
    z_gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z) + offset, per_block);
    pipe_.InitBuffer(in_x_, kBufferNum, tile_ * sizeof(T));
    pipe_.InitBuffer(in_y_, kBufferNum, tile_ * sizeof(T));
    pipe_.InitBuffer(out_z_, kBufferNum, tile_ * sizeof(T));
  }

  __aicore__ void Process() {
    for (uint32_t i = 0; i < tiles_; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  __aicore__ void CopyIn(uint32_t i) {
    AscendC::LocalTensor<T> x = in_x_.template AllocTensor<T>();
    AscendC::LocalTensor<T> y = in_y_.template AllocTensor<T>();
    AscendC::DataCopy(x, x_gm_[i * tile_], tile_);
    AscendC::DataCopy(y, y_gm_[i * tile_], tile_);
    in_x_.EnQue(x);
    in_y_.EnQue(y);
  }
  __aicore__ void Compute() {
    AscendC::LocalTensor<T> x = in_x_.template DeQue<T>();
    AscendC::LocalTensor<T> y = in_y_.template DeQue<T>();
    AscendC::LocalTensor<T> z = out_z_.template AllocTensor<T>();
    AscendC::Add(z, x, y, static_cast<int32_t>(tile_));
    out_z_.EnQue(z);
    in_x_.FreeTensor(x);
    in_y_.FreeTensor(y);
  }
  __aicore__ void CopyOut(uint32_t i) {
    AscendC::LocalTensor<T> z = out_z_.template DeQue<T>();
    AscendC::DataCopy(z_gm_[i * tile_], z, tile_);
    out_z_.FreeTensor(z);
  }

  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_x_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in_y_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out_z_;
  AscendC::GlobalTensor<T> x_gm_;
  AscendC::GlobalTensor<T> y_gm_;
  AscendC::GlobalTensor<T> z_gm_;
  uint32_t tile_ = 0;
  uint32_t tiles_ = 0;
};

template <typename T>
__aicore__ void RunAdd(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(AddTilingData, tiling_data, tiling);
  KernelAdd<T> op;
  op.Init(x, y, z, tiling_data);
  op.Process();
}

}  // namespace

extern "C" __global__ __aicore__ void add_custom_f32(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                     GM_ADDR /*workspace*/, GM_ADDR tiling) {
  RunAdd<float>(x, y, z, tiling);
}

extern "C" __global__ __aicore__ void add_custom_f16(GM_ADDR x, GM_ADDR y, GM_ADDR z,
                                                     GM_ADDR /*workspace*/, GM_ADDR tiling) {
  RunAdd<half>(x, y, z, tiling);
}

}  // namespace op_kernel
