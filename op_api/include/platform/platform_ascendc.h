// CANN installs its platform_ascendc.h under two include roots (asc-devkit impl/utils and
// impl/basic_api CMakeLists: .../asc/include/tiling/platform/ and
// .../highlevel_api/tiling/platform/), so tiling code names it "platform/platform_ascendc.h" as
// well as "tiling/platform/platform_ascendc.h" (ops-math's floor_mod, fused_mul_add_n). One header.
#pragma once

#include "tiling/platform/platform_ascendc.h"  // IWYU pragma: export
