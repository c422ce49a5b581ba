// The launch entries of CANN's kernel-launch framework (its ascendc_library in the npu and sim run
// modes, CANN's compiler/tikcpp/ascendc_kernel_cmake): for each kernel a source defines, a header
// aclrtlaunch_<kernel>.h declaring `uint32_t aclrtlaunch_<kernel>(uint32_t numBlocks, void*
// stream, args...)` (GM pointers as void*) and ACLRT_LAUNCH_KERNEL(kernel), and the entry's
// definition, which opsim-asc appends to the unit: a `<<<>>>` launch of the kernel, rewritten
// with the unit's own launches.
#pragma once

#include <string>

#include "asc_rewrite.h"

namespace opsim::asc {

std::string AclrtlaunchHeader(const KernelEntry& k);

// Starts with a linemarker naming the header, so that the launch reads as the entry's.
std::string AclrtlaunchDefinition(const KernelEntry& k);

}  // namespace opsim::asc
