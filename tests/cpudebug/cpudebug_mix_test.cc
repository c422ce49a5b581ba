// A hand-written MIX kernel through ICPU_RUN_KF: KERNEL_TASK_TYPE_DEFAULT makes it one AIC with
// two AIV per block whatever the kernel mode, the AIC runs its ASCEND_IS_AIC branch, and
// CrossCoreSetFlag / CrossCoreWaitFlag order the AIC's GM writes before the AIV's reads.
#include <gtest/gtest.h>

#include <cstdint>

#include "kernel_operator.h"
#include "tikicpulib.h"

namespace {

constexpr uint32_t kMixBlocks = 3;

// The AIC of block b writes 100 b to ws[b] and tells its AIV; each AIV writes
// ws[b] + its sub-block to out[2 b + sub] and answers; the AIC then writes done[b] = 1.
extern "C" __global__ __aicore__ void mix_handoff_kernel(GM_ADDR ws, GM_ADDR out, GM_ADDR done) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  AscendC::GlobalTensor<int32_t> w, o, d;
  w.SetGlobalBuffer((__gm__ int32_t*)ws, kMixBlocks);
  o.SetGlobalBuffer((__gm__ int32_t*)out, 2 * kMixBlocks);
  d.SetGlobalBuffer((__gm__ int32_t*)done, kMixBlocks);
  if ASCEND_IS_AIC {
    const auto b = static_cast<uint32_t>(AscendC::GetBlockIdx());
    w.SetValue(b, static_cast<int32_t>(100 * b));
    AscendC::CrossCoreSetFlag<2, PIPE_FIX>(1);
    AscendC::CrossCoreWaitFlag(2);
    d.SetValue(b, 1);
    return;
  }
  const auto v = static_cast<uint32_t>(AscendC::GetBlockIdx());
  AscendC::CrossCoreWaitFlag(1);
  o.SetValue(v, w.GetValue(v / 2) + static_cast<int32_t>(AscendC::GetSubBlockIdx()));
  AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(2);
}

TEST(IcpuRunMix, KernelTaskTypeRunsAHandWrittenMixKernel) {
  auto* ws = static_cast<int32_t*>(AscendC::GmAlloc(kMixBlocks * sizeof(int32_t)));
  auto* out = static_cast<int32_t*>(AscendC::GmAlloc(2 * kMixBlocks * sizeof(int32_t)));
  auto* done = static_cast<int32_t*>(AscendC::GmAlloc(kMixBlocks * sizeof(int32_t)));
  for (uint32_t i = 0; i < kMixBlocks; ++i) ws[i] = done[i] = -1;
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(mix_handoff_kernel, kMixBlocks, (uint8_t*)ws, (uint8_t*)out, (uint8_t*)done);
  for (uint32_t v = 0; v < 2 * kMixBlocks; ++v) {
    EXPECT_EQ(out[v], static_cast<int32_t>(100 * (v / 2) + v % 2)) << "AIV " << v;
  }
  for (uint32_t b = 0; b < kMixBlocks; ++b) EXPECT_EQ(done[b], 1) << "block " << b;
  AscendC::SetKernelMode(KernelMode::MIX_MODE);
  AscendC::GmFree(ws);
  AscendC::GmFree(out);
  AscendC::GmFree(done);
}

}  // namespace
