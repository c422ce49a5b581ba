// A fixture AI CPU kernel in the dialect of CANN operator repositories' op_kernel_aicpu/
// folders (opsim's own): z = alpha * x + y, elementwise, for float16, float, double and int32.
#ifndef OPSIM_TESTS_FIXTURE_AXPY_AICPU_H
#define OPSIM_TESTS_FIXTURE_AXPY_AICPU_H

#include "cpu_kernel.h"

namespace aicpu {
class FixtureAxpyCpuKernel : public CpuKernel {
 public:
  FixtureAxpyCpuKernel() = default;
  ~FixtureAxpyCpuKernel() override = default;
  uint32_t Compute(CpuKernelContext& ctx) override;
};
}  // namespace aicpu

#endif  // OPSIM_TESTS_FIXTURE_AXPY_AICPU_H
