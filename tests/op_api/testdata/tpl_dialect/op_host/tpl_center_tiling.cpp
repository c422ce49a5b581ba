// TplCenter's tiling: one slice of x per core (at most one block per core: the kernel meets at
// SyncAll), a workspace of one 32 B partial sum per core after the system workspace Ascend C's
// library reserves, and the key's BOOL field from the scale attribute.
#include <algorithm>
#include <cmath>

#include "../op_kernel/tpl_center_tiling.h"
#include "log/log.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "util/math_util.h"

using namespace ge;

namespace optiling {

static constexpr int64_t BLOCK_ELEMS = 8;  // 32 B of float
static constexpr int64_t UB_TILES = 5;     // x and y double-buffered, ReduceSum's work

static graphStatus TilingTplCenter(gert::TilingContext* context) {
  const gert::StorageShape* x = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, x);
  const float* scale = context->GetAttrs()->GetFloat(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, scale);
  OP_CHECK_IF(!std::isfinite(*scale),
              OP_LOGE(context->GetNodeName(), "scale %f is refused: it must be finite",
                      static_cast<double>(*scale)),
              return GRAPH_FAILED);
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  const int64_t coreNum = std::max<int64_t>(1, platform.GetCoreNumAiv());
  uint64_t ubSize = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

  auto* tiling = context->GetTilingData<TplCenterTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  const int64_t total = x->GetStorageShape().GetShapeSize();
  tiling->totalLength = total;
  tiling->scale = *scale;
  tiling->perCoreLength =
      Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), coreNum), BLOCK_ELEMS);
  tiling->usedCoreNum =
      static_cast<uint32_t>(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), tiling->perCoreLength));
  // Room for the partials (at most one 32 B block per core) beside the tiles.
  const int64_t partialBytes = static_cast<int64_t>(tiling->usedCoreNum) * 32;
  tiling->tileLength = Ops::Base::FloorAlign(
      (static_cast<int64_t>(ubSize) - partialBytes) / (UB_TILES * 4), BLOCK_ELEMS);
  OP_CHECK_IF(tiling->tileLength <= 0, OP_LOGE(context, "UB holds no tile"), return GRAPH_FAILED);

  context->SetBlockDim(tiling->usedCoreNum);
  context->SetTilingKey(GET_TPL_TILING_KEY(static_cast<uint64_t>(*scale != 1.0f)));
  size_t* workspaces = context->GetWorkspaceSizes(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
  workspaces[0] = platform.GetLibApiWorkSpaceSize() + static_cast<size_t>(partialBytes);
  return GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(TplCenter).Tiling(TilingTplCenter);

}  // namespace optiling
