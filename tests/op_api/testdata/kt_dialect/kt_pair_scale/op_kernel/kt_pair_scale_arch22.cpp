// KtPairScale's entry for ascend910b. A kernel unit test's build defines __CCE_KT_TEST__ (CANN's
// tikicpulib targets do): the extern "C" entry the test declares, its type from DTYPE_X. The
// operator build does not: the template entry, one instantiation per selected key.
#include "arch22/kt_pair_scale_arch22.h"

#ifdef __CCE_KT_TEST__
extern "C" __global__ __aicore__ void kt_pair_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(KtPairScaleTilingData, tilingData, tiling);
  NsKtPairScale::KernelKtPairScale<DTYPE_X> op;
  op.Init(x, y, tilingData);
  op.Process();
}
#else
template <typename D_T>
__global__ __aicore__ void kt_pair_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  REGISTER_TILING_DEFAULT(KtPairScaleTilingData);
  GET_TILING_DATA_WITH_STRUCT(KtPairScaleTilingData, tilingData, tiling);
  NsKtPairScale::KernelKtPairScale<D_T> op;
  op.Init(x, y, tilingData);
  op.Process();
}
#endif
