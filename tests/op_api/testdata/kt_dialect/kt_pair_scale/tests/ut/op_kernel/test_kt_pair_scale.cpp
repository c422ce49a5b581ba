// KtPairScale's kernel unit test in add_mat_mat_elements_plus's form: tikicpulib.h only under
// __CCE_KT_TEST__ (which the build must define before any include), the extern "C" entry
// declared and launched with ICPU_RUN_KF. It checks y = x * 2 + 1 itself.
#include <cstdint>
#include <cstring>

#include "gtest/gtest.h"

#ifdef __CCE_KT_TEST__
#include "tikicpulib.h"
#endif

#include "../../../op_kernel/arch22/kt_pair_scale_tiling_data.h"

extern "C" __global__ __aicore__ void kt_pair_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling);

TEST(KtPairScaleKernelTest, float_over_three_tiles) {
  constexpr int64_t n = 5000;  // two whole tiles of 2048 and a tail
  auto* x = static_cast<float*>(AscendC::GmAlloc(n * sizeof(float)));
  auto* y = static_cast<float*>(AscendC::GmAlloc(n * sizeof(float)));
  auto* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(1024));
  auto* tiling =
      static_cast<KtPairScaleTilingData*>(AscendC::GmAlloc(sizeof(KtPairScaleTilingData)));
  for (int64_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 97) * 0.25f - 3.0f;
  tiling->totalLength = n;
  tiling->tileLength = 2048;
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(kt_pair_scale, 1, reinterpret_cast<uint8_t*>(x), reinterpret_cast<uint8_t*>(y),
              workspace, reinterpret_cast<uint8_t*>(tiling));
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_FLOAT_EQ(y[i], x[i] * 2.0f + 1.0f) << "at " << i;
  }
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  AscendC::GmFree(workspace);
  AscendC::GmFree(tiling);
}
