// Tiling of ScalarAfterVectorCustom: the element count (one block, one tile).
#ifndef SCALAR_AFTER_VECTOR_CUSTOM_TILING_H
#define SCALAR_AFTER_VECTOR_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScalarAfterVectorTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScalarAfterVectorCustom, ScalarAfterVectorTilingData)
}  // namespace optiling
#endif  // SCALAR_AFTER_VECTOR_CUSTOM_TILING_H
