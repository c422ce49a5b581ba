// A fixture AI CPU kernel in the dialect of CANN operator repositories' op_kernel_aicpu/
// folders (opsim's own); what it computes is in fixture_attr_digest_aicpu.cpp.
#ifndef OPSIM_TESTS_FIXTURE_ATTR_DIGEST_AICPU_H
#define OPSIM_TESTS_FIXTURE_ATTR_DIGEST_AICPU_H

#include "cpu_kernel.h"

namespace aicpu {
class FixtureAttrDigestCpuKernel : public CpuKernel {
 public:
  FixtureAttrDigestCpuKernel() = default;
  ~FixtureAttrDigestCpuKernel() override = default;
  uint32_t Compute(CpuKernelContext& ctx) override;
};
}  // namespace aicpu

#endif  // OPSIM_TESTS_FIXTURE_ATTR_DIGEST_AICPU_H
