// Tiling of ScalarAfterVectorCustom: the element count (one block, one tile), and its shape as a
// nested struct with an array beside it, filled by host code in this same header as public
// op_host headers do (PUBLIC_KERNELS B32): the kernel's unit gets the struct opsim_op_gen
// generates from the host's class, never this header, and reads the count from the nested field.
#ifndef SCALAR_AFTER_VECTOR_CUSTOM_TILING_H
#define SCALAR_AFTER_VECTOR_CUSTOM_TILING_H
#include <cstdint>

#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScalarAfterVectorShape)
TILING_DATA_FIELD_DEF(uint32_t, rows);
TILING_DATA_FIELD_DEF(uint32_t, cols);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(ScalarAfterVectorTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF_ARR(uint32_t, 3, splits);
TILING_DATA_FIELD_DEF_STRUCT(ScalarAfterVectorShape, shape);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScalarAfterVectorCustom, ScalarAfterVectorTilingData)

// Host code: calls the host class's setters, which the kernel's struct does not have.
inline void FillScalarAfterVectorTiling(uint32_t total, ScalarAfterVectorTilingData& tiling) {
  const uint32_t splits[3] = {total, 0, 0};
  tiling.set_totalLength(total);
  tiling.set_splits(splits);
  tiling.shape.set_rows(1);
  tiling.shape.set_cols(total);
}
}  // namespace optiling
#endif  // SCALAR_AFTER_VECTOR_CUSTOM_TILING_H
