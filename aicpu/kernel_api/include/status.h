// CANN's AI CPU kernel status codes (0-3 are the ones the runtime interprets).
#ifndef AICPU_CONTEXT_COMMON_STATUS_H
#define AICPU_CONTEXT_COMMON_STATUS_H

#include <cstdint>

namespace aicpu {
using KernelStatus = uint32_t;
constexpr uint32_t KERNEL_STATUS_OK = 0U;
constexpr uint32_t KERNEL_STATUS_PARAM_INVALID = 1U;
constexpr uint32_t KERNEL_STATUS_INNER_ERROR = 2U;
constexpr uint32_t KERNEL_STATUS_TIMEOUT = 3U;
constexpr uint32_t KERNEL_STATUS_PROTOBUF_ERROR = 4U;
constexpr uint32_t KERNEL_STATUS_SHARDER_ERROR = 5U;
constexpr uint32_t KERNEL_STATUS_END_OF_SEQUENCE = 201U;
constexpr uint32_t KERNEL_STATUS_SILENT_FAULT = 501U;
constexpr uint32_t KERNEL_STATUS_DETECT_FAULT = 502U;
constexpr uint32_t KERNEL_STATUS_DETECT_FAULT_NORAS = 503U;
constexpr uint32_t KERNEL_STATUS_DETECT_LOW_BIT_FAULT = 504U;
constexpr uint32_t KERNEL_STATUS_DETECT_LOW_BIT_FAULT_NORAS = 505U;
}  // namespace aicpu

#endif  // AICPU_CONTEXT_COMMON_STATUS_H
