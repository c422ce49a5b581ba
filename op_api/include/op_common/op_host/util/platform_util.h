// CANN's op-base chip queries for tiling code (opbase op_common/op_host/util/platform_util.h),
// reached as "util/platform_util.h": core counts and UB size from the context's platform, and
// the fixed figures CANN hard-codes. A null context or platform gives 0 and an error line.
#pragma once

#include <cstdint>

#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"  // as opbase's platform_util.h
#include "op_common/log/log.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops {
namespace Base {
namespace opsim_detail {

// The context's platform, or null with an error line naming the asking function.
template <typename T>
fe::PlatFormInfos* PlatformOf(const T* context, const char* caller) {
  if (context == nullptr) {
    OP_LOGE(caller, "context is nullptr");
    return nullptr;
  }
  fe::PlatFormInfos* platform = context->GetPlatformInfo();
  if (platform == nullptr) OP_LOGE(caller, "platformInfoPtr is nullptr");
  return platform;
}

}  // namespace opsim_detail

template <typename T>
uint32_t GetAivCoreNum(const T* context) {
  fe::PlatFormInfos* platform = opsim_detail::PlatformOf(context, "GetAivCoreNum");
  return platform == nullptr ? 0 : platform_ascendc::PlatformAscendC(platform).GetCoreNumAiv();
}

template <typename T>
uint32_t GetAicCoreNum(const T* context) {
  fe::PlatFormInfos* platform = opsim_detail::PlatformOf(context, "GetAicCoreNum");
  return platform == nullptr ? 0 : platform_ascendc::PlatformAscendC(platform).GetCoreNumAic();
}

template <typename T>
uint32_t GetUbSize(const T* context) {
  fe::PlatFormInfos* platform = opsim_detail::PlatformOf(context, "GetUbSize");
  if (platform == nullptr) return 0;
  uint64_t bytes = 0;
  platform_ascendc::PlatformAscendC(platform).GetCoreMemSize(platform_ascendc::CoreMemType::UB,
                                                             bytes);
  return static_cast<uint32_t>(bytes);
}

// The workspace Ascend C's library APIs reserve (PlatformAscendC::GetLibApiWorkSpaceSize).
template <typename T>
uint32_t GetWorkspaceSize(const T* context) {
  fe::PlatFormInfos* platform = opsim_detail::PlatformOf(context, "GetWorkspaceSize");
  return platform == nullptr ? 0
                             : platform_ascendc::PlatformAscendC(platform).GetLibApiWorkSpaceSize();
}

// Figures CANN returns whatever the context (bytes, or threads).
template <typename T>
uint32_t GetUbBlockSize(const T* /*context*/) {
  return 32U;
}
template <typename T>
uint32_t GetVRegSize(const T* /*context*/) {
  return 256U;
}
template <typename T>
uint32_t GetSimtMaxThreadNum(const T* /*context*/) {
  return 2048U;
}
template <typename T>
uint32_t GetSimtMaxDCacheSize(const T* /*context*/) {
  return 128U * 1024U;
}
template <typename T>
uint32_t GetCacheLineSize(const T* /*context*/) {
  return 256U;
}
template <typename T>
uint32_t GetSectorCacheLineSize(const T* context) {
  return GetCacheLineSize(context) / 2U;
}
template <typename T>
uint32_t GetNddmaDcacheSize(const T* /*context*/) {
  return 8192U;
}

}  // namespace Base
}  // namespace Ops
