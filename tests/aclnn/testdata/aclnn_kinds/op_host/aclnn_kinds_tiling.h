// AclnnKinds' tiling: the element count and the constant c its attributes add up to.
#ifndef ACLNN_KINDS_TILING_H
#define ACLNN_KINDS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AclnnKindsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, total);
TILING_DATA_FIELD_DEF(float, c);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AclnnKinds, AclnnKindsTilingData)
}  // namespace optiling
#endif
