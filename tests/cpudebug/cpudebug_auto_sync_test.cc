// ICPU_RUN_KF and CANN's --cce-auto-sync: a CPU-debug build has no device compiler step, so the
// setting comes from OPSIM_AUTO_SYNC=on|off in the environment (docs/CHECKS.md). A kernel that
// reads a vector result with GetValue and no SetFlag<V_S>/WaitFlag<V_S> runs with the default and
// with on, faults with off, and an invalid value is refused naming it.
#include <gtest/gtest.h>
#include <stdlib.h>

#include "kernel_operator.h"
#include "tikicpulib.h"

namespace {

constexpr uint32_t kLen = 64;

extern "C" __global__ __aicore__ void scalar_after_vector_kernel(GM_ADDR y) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, kLen * sizeof(float));
  AscendC::LocalTensor<float> t = buf.Get<float>();
  AscendC::Duplicate(t, 3.0f, kLen);
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)y, 1);
  g.SetValue(0, t.GetValue(0));
}

// Runs the kernel with OPSIM_AUTO_SYNC set to `value` (nullptr: unset); exits 0 on success.
void RunWith(const char* value) {
  if (value == nullptr) {
    unsetenv("OPSIM_AUTO_SYNC");
  } else {
    setenv("OPSIM_AUTO_SYNC", value, 1);
  }
  auto* y = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(float)));
  ICPU_RUN_KF(scalar_after_vector_kernel, 1, y);
  const bool right = *reinterpret_cast<float*>(y) == 3.0f;
  AscendC::GmFree(y);
  std::exit(right ? 0 : 2);
}

TEST(IcpuAutoSyncDeathTest, DefaultAndOnRunClean) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(RunWith(nullptr), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(RunWith("on"), testing::ExitedWithCode(0), "");
}

TEST(IcpuAutoSyncDeathTest, OffIsAMissingSyncNamingTheHandOff) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(RunWith("off"), testing::ExitedWithCode(1),
              "block 0, instruction LocalTensor::GetValue: .*SetFlag<V_S>/WaitFlag<V_S>.*"
              "\\[missing_sync\\]");
}

TEST(IcpuAutoSyncDeathTest, InvalidValueIsRefusedNamingIt) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(RunWith("yes"), testing::ExitedWithCode(1),
              "OPSIM_AUTO_SYNC='yes' is not an auto-sync setting \\(expected on or off");
}

}  // namespace
