// A platform table of a given NPU arch for the high-level APIs' host helpers that answer per
// NpuArch (TopK, Sort): the 910B's figures under another arch's number.
#pragma once

#include <cstdint>

#include "opsim/op_api/platform_figures.h"
#include "platform/platform_infos_def.h"

namespace hl_platform {

struct ArchPlatform {
  explicit ArchPlatform(uint32_t npu_arch) {
    opsim::op_api::PlatformDescription d;
    d.profile = "test";
    d.soc_version = npu_arch == 2201 ? "Ascend910B" : "Ascend310P";
    d.short_soc_version = d.soc_version;
    d.npu_arch = npu_arch;
    d.vector_cores = 8;
    d.ub_bytes = 196608;
    opsim::op_api::MakePlatformInfos(d, &info);
  }
  fe::PlatFormInfos info;
};

}  // namespace hl_platform
