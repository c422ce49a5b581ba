// opsim's addition to CANN's AI CPU kernel API (not CANN's): the message of the last failure on
// this thread, so that a runtime can turn a kernel's error status into an error with a message.
// RunCpuKernel clears it as it starts; every error logged since (by the API, or by the kernel
// through KERNEL_LOG_ERROR) is appended, one per line.
#ifndef OPSIM_CPU_KERNEL_ERROR_H
#define OPSIM_CPU_KERNEL_ERROR_H

#include <string>

#include "cpu_types.h"

namespace opsim {
AICPU_VISIBILITY std::string CpuKernelLastError();
AICPU_VISIBILITY void ClearCpuKernelLastError();
// "KERNEL_STATUS_PARAM_INVALID" for a KERNEL_STATUS_* code, "status N" for another.
AICPU_VISIBILITY std::string CpuKernelStatusName(uint32_t status);
}  // namespace opsim

#endif  // OPSIM_CPU_KERNEL_ERROR_H
