// TplAddBcast's kernel, a template over the key's fields (today's CANN dialect): D_T_X is the
// element type, schMode the scheme. y = x1 + x2, tiles double-buffered through UB.
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"
#include "tpl_add_bcast_tiling_data.h"
#include "tpl_add_bcast_tiling_key.h"

namespace NsTplAddBcast {

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelTplAddBcast {
 public:
  __aicore__ inline KernelTplAddBcast() {}
  __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y,
                              const TplAddBcastTilingData& tiling) {
    tiling_ = tiling;
    const int64_t total = tiling.rows * tiling.rowLength;
    x1Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x1),
                          tiling.x1Broadcast != 0 ? tiling.rowLength : total);
    x2Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x2),
                          tiling.x2Broadcast != 0 ? tiling.rowLength : total);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), total);
    const uint32_t bytes = static_cast<uint32_t>(tiling.tileLength * sizeof(T));
    pipe_.InitBuffer(x1Queue_, BUFFER_NUM, bytes);
    pipe_.InitBuffer(x2Queue_, BUFFER_NUM, bytes);
    pipe_.InitBuffer(yQueue_, BUFFER_NUM, bytes);
  }
  // Same shapes: one contiguous slice per core.
  __aicore__ inline void ProcessFlat() {
    const int64_t total = tiling_.rows * tiling_.rowLength;
    const int64_t start = AscendC::GetBlockIdx() * tiling_.perCoreLength;
    const int64_t end =
        start + tiling_.perCoreLength < total ? start + tiling_.perCoreLength : total;
    if (start < end) Segment(start, start, start, end - start);
  }
  // One input repeats along the rows: whole rows per core.
  __aicore__ inline void ProcessRows() {
    const int64_t first = AscendC::GetBlockIdx() * tiling_.perCoreLength;
    const int64_t last =
        first + tiling_.perCoreLength < tiling_.rows ? first + tiling_.perCoreLength : tiling_.rows;
    const int64_t n = tiling_.rowLength;
    for (int64_t r = first; r < last; ++r) {
      Segment(tiling_.x1Broadcast != 0 ? 0 : r * n, tiling_.x2Broadcast != 0 ? 0 : r * n, r * n, n);
    }
  }

 private:
  __aicore__ inline void Segment(int64_t x1At, int64_t x2At, int64_t yAt, int64_t length) {
    for (int64_t done = 0; done < length; done += tiling_.tileLength) {
      const int64_t count = length - done < tiling_.tileLength ? length - done : tiling_.tileLength;
      const AscendC::DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
      AscendC::LocalTensor<T> a = x1Queue_.template AllocTensor<T>();
      AscendC::LocalTensor<T> b = x2Queue_.template AllocTensor<T>();
      AscendC::DataCopyPad(a, x1Gm_[x1At + done], params,
                           AscendC::DataCopyPadExtParams<T>{false, 0, 0, 0});
      AscendC::DataCopyPad(b, x2Gm_[x2At + done], params,
                           AscendC::DataCopyPadExtParams<T>{false, 0, 0, 0});
      x1Queue_.EnQue(a);
      x2Queue_.EnQue(b);
      a = x1Queue_.template DeQue<T>();
      b = x2Queue_.template DeQue<T>();
      AscendC::LocalTensor<T> sum = yQueue_.template AllocTensor<T>();
      AscendC::Add(sum, a, b, static_cast<int32_t>(count));
      yQueue_.EnQue(sum);
      x1Queue_.FreeTensor(a);
      x2Queue_.FreeTensor(b);
      sum = yQueue_.template DeQue<T>();
      AscendC::DataCopyPad(yGm_[yAt + done], sum, params);
      yQueue_.FreeTensor(sum);
    }
  }

  TplAddBcastTilingData tiling_{};
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, BUFFER_NUM> x1Queue_, x2Queue_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, BUFFER_NUM> yQueue_;
  AscendC::GlobalTensor<T> x1Gm_, x2Gm_, yGm_;
};

}  // namespace NsTplAddBcast

template <typename D_T_X, uint32_t schMode>
__global__ __aicore__ void tpl_add_bcast(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace,
                                         GM_ADDR tiling) {
  (void)workspace;
  REGISTER_TILING_DEFAULT(TplAddBcastTilingData);
  GET_TILING_DATA_WITH_STRUCT(TplAddBcastTilingData, tilingData, tiling);
  NsTplAddBcast::KernelTplAddBcast<D_T_X> op;
  op.Init(x1, x2, y, tilingData);
  if constexpr (schMode == TPL_ADD_BCAST_SAME_SHAPE) {
    op.ProcessFlat();
  } else {
    op.ProcessRows();
  }
}
