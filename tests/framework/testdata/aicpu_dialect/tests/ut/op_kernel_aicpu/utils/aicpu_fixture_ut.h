// The fixture kernels' unit-test helpers, in the style of CANN operator repositories'
// tests/ut/op_kernel_aicpu/utils (opsim's own): RUN_FIXTURE_KERNEL serializes the node (as
// theirs does), runs it through CpuKernelContext and CpuKernelRegister, and checks the status.
#ifndef OPSIM_TESTS_AICPU_FIXTURE_UT_H
#define OPSIM_TESTS_AICPU_FIXTURE_UT_H

#include <string>

#include "cpu_kernel_register.h"
#include "cpu_kernel_utils.h"
#include "gtest/gtest.h"
#include "node_def_builder.h"
#include "opsim_cpu_kernel_error.h"

// One suite for every fixture kernel's tests: one ctest process (framework_tests' suites each
// start a process of their own, 1.2 s under ASan).
class TEST_AICPU_FIXTURE_UT : public testing::Test {};

#define RUN_FIXTURE_KERNEL(node_def, device_type, expect)                \
  std::string node_def_str;                                              \
  EXPECT_TRUE(node_def->SerializeToString(node_def_str));                \
  aicpu::CpuKernelContext ctx(device_type);                              \
  EXPECT_EQ(ctx.Init(node_def.get()), aicpu::KERNEL_STATUS_OK);          \
  uint32_t ret = aicpu::CpuKernelRegister::Instance().RunCpuKernel(ctx); \
  EXPECT_EQ(ret, static_cast<uint32_t>(expect)) << opsim::CpuKernelLastError()

#endif  // OPSIM_TESTS_AICPU_FIXTURE_UT_H
