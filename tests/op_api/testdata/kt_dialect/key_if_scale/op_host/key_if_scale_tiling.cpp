// KeyIfScale's tiling: one core, tiles of whole 32 B blocks, the key from the mode attribute.
#include "../op_kernel/key_if_scale_tiling.h"
#include "log/log.h"
#include "register/op_impl_registry.h"

namespace optiling {
static ge::graphStatus TilingKeyIfScale(gert::TilingContext* context) {
  const gert::StorageShape* x = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, x);
  const int64_t* mode = context->GetAttrs()->GetInt(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, mode);
  OP_CHECK_IF(
      *mode < KEY_IF_SCALE_PLAIN || *mode > KEY_IF_SCALE_SHIFTED,
      OP_LOGE(context, "mode %lld is refused: it must be 0, 1 or 2", static_cast<long long>(*mode)),
      return ge::GRAPH_FAILED);
  auto* tiling = context->GetTilingData<KeyIfScaleTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = x->GetStorageShape().GetShapeSize();
  tiling->tileLength = 2048;
  context->SetBlockDim(1);
  context->SetTilingKey(GET_TPL_TILING_KEY(static_cast<uint64_t>(*mode)));
  size_t* workspaces = context->GetWorkspaceSizes(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
  workspaces[0] = 0;
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(KeyIfScale).Tiling(TilingKeyIfScale);
}  // namespace optiling
