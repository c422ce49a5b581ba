// AclnnKindsForeach(Zero)'s tiling, registered as ops-nn's ada_layer_norm_grad registers its
// own: the op's class is a plain header, and the lengths struct is registered for tiling key 1
// (AclnnKindsForeach_1), which the kernel names in GET_TILING_DATA_WITH_STRUCT.
#ifndef ACLNN_KINDS_FOREACH_TILING_H
#define ACLNN_KINDS_FOREACH_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AclnnKindsForeachHeader)
TILING_DATA_FIELD_DEF(uint32_t, count);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(AclnnKindsForeachTilingData)
TILING_DATA_FIELD_DEF(uint32_t, count);
TILING_DATA_FIELD_DEF_ARR(uint32_t, 8, lengths);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AclnnKindsForeach, AclnnKindsForeachHeader)
REGISTER_TILING_DATA_CLASS(AclnnKindsForeach_1, AclnnKindsForeachTilingData)
REGISTER_TILING_DATA_CLASS(AclnnKindsForeachZero, AclnnKindsForeachHeader)
REGISTER_TILING_DATA_CLASS(AclnnKindsForeachZero_1, AclnnKindsForeachTilingData)
}  // namespace optiling
#endif
