// KtPairScale's tiling: one core, tiles of whole 32 B blocks, the dtype key from input 0.
#include "../op_kernel/arch22/kt_pair_scale_tiling_data.h"
#include "../op_kernel/arch22/kt_pair_scale_tiling_key.h"
#include "log/log.h"
#include "register/op_impl_registry.h"

namespace optiling {
static ge::graphStatus TilingKtPairScale(gert::TilingContext* context) {
  const gert::StorageShape* x = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, x);
  auto* tiling = context->GetTilingData<KtPairScaleTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->totalLength = x->GetStorageShape().GetShapeSize();
  tiling->tileLength = 2048;
  context->SetBlockDim(1);
  const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
  context->SetTilingKey(GET_TPL_TILING_KEY(static_cast<uint64_t>(dtype)));
  size_t* workspaces = context->GetWorkspaceSizes(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
  workspaces[0] = 0;
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(KtPairScale).Tiling(TilingKtPairScale);
}  // namespace optiling
