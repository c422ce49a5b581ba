// A fixture AI CPU kernel in the dialect of CANN operator repositories' op_kernel_aicpu/
// folders (opsim's own); what it computes is in fixture_fault_aicpu.cpp.
#ifndef OPSIM_TESTS_FIXTURE_FAULT_AICPU_H
#define OPSIM_TESTS_FIXTURE_FAULT_AICPU_H

#include "cpu_kernel.h"

namespace aicpu {
class FixtureFaultCpuKernel : public CpuKernel {
 public:
  FixtureFaultCpuKernel() = default;
  ~FixtureFaultCpuKernel() override = default;
  uint32_t Compute(CpuKernelContext& ctx) override;
};
}  // namespace aicpu

#endif  // OPSIM_TESTS_FIXTURE_FAULT_AICPU_H
