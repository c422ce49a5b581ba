// FixtureFault: the ways a kernel goes wrong, chosen by its string attribute mode: "copy" copies
// its float input to its output in shards of 2 (ParallelFor); "fail" logs an error and returns
// KERNEL_STATUS_INNER_ERROR; "throw" throws std::runtime_error; "shard_throw" throws from the
// ParallelFor shard that starts at element 2; "bad_for" calls ParallelFor with a negative total.
#include "fixture_fault_aicpu.h"

#include <stdexcept>
#include <string>

#include "cpu_kernel_utils.h"
#include "log.h"

namespace {
const char* const kFixtureFault = "FixtureFault";
}  // namespace

namespace aicpu {

uint32_t FixtureFaultCpuKernel::Compute(CpuKernelContext& ctx) {
  AttrValue* modeAttr = ctx.GetAttr("mode");
  KERNEL_CHECK_NULLPTR(modeAttr, KERNEL_STATUS_PARAM_INVALID, "%s: attribute 'mode' is missing",
                       kFixtureFault);
  const std::string mode = modeAttr->GetString();
  if (mode == "fail") {
    KERNEL_LOG_ERROR("%s: failing as asked", kFixtureFault);
    return KERNEL_STATUS_INNER_ERROR;
  }
  if (mode == "throw") throw std::runtime_error("FixtureFault throws as asked");
  Tensor* x = ctx.Input(0);
  Tensor* y = ctx.Output(0);
  KERNEL_CHECK_FALSE(x != nullptr && y != nullptr, KERNEL_STATUS_PARAM_INVALID,
                     "%s: one input and one output are needed", kFixtureFault);
  const float* in = static_cast<const float*>(x->GetData());
  float* out = static_cast<float*>(y->GetData());
  const bool throwInShard = mode == "shard_throw";
  auto shard = [&](int64_t start, int64_t end) {
    if (throwInShard && start == 2) throw std::runtime_error("FixtureFault's shard 2 throws");
    for (int64_t k = start; k < end; ++k) out[k] = in[k];
  };
  const int64_t total = mode == "bad_for" ? -1 : x->NumElements();
  KERNEL_HANDLE_ERROR(CpuKernelUtils::ParallelFor(ctx, total, 2, shard),
                      "%s: ParallelFor failed (mode %s)", kFixtureFault, mode.c_str());
  return KERNEL_STATUS_OK;
}

REGISTER_CPU_KERNEL(kFixtureFault, FixtureFaultCpuKernel);
}  // namespace aicpu
