// aclnn's process-wide set-up, as CANN's nnopbase declares it in aclnn/aclnn_base.h. configPath
// may be null; otherwise a JSON file whose "op_debug_config"/"enable_debug_kernel" ("on" or
// "off") is honoured (docs/ACLNN.md).
#ifndef OPSIM_ACLNN_ACLNN_BASE_H_
#define OPSIM_ACLNN_ACLNN_BASE_H_

#include <cstdint>
#include <cstdlib>

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize();

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACLNN_ACLNN_BASE_H_
