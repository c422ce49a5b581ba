// ImplSoftsign's tiling in today's CANN dialect: a compile-info struct filled once by TilingParse
// from PlatformAscendC, the tiling struct filled through GetTilingData<T>(), a literal tiling key,
// and errors through OP_LOGE (the caller sees their text).
#include <algorithm>
#include <cmath>

#include "../op_kernel/impl_softsign_tiling_data.h"
#include "impl_softsign_tiling.h"
#include "log/log.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "util/math_util.h"

using namespace ge;

namespace optiling {

static constexpr uint64_t IMPL_SOFTSIGN_KEY_FLOAT = 1;
static constexpr int64_t BLOCK_ELEMS = 8;  // 32 B of float
static constexpr int64_t UB_BUFFERS = 5;   // x and y double-buffered, one scratch

static graphStatus TilingParseImplSoftsign(gert::TilingParseContext* context) {
  auto* compileInfo = context->GetCompiledInfo<ImplSoftsignCompileInfo>();
  OP_CHECK_NULL_WITH_CONTEXT(context, compileInfo);
  fe::PlatFormInfos* platformInfo = context->GetPlatformInfo();
  OP_CHECK_NULL_WITH_CONTEXT(context, platformInfo);
  auto ascendcPlatform = platform_ascendc::PlatformAscendC(platformInfo);
  compileInfo->coreNum = ascendcPlatform.GetCoreNumAiv();
  ascendcPlatform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, compileInfo->ubSize);
  OP_CHECK_IF(compileInfo->coreNum == 0, OP_LOGE(context, "the chip reports 0 vector cores"),
              return GRAPH_FAILED);
  return GRAPH_SUCCESS;
}

static graphStatus TilingImplSoftsign(gert::TilingContext* context) {
  const auto* compileInfo = context->GetCompileInfo<ImplSoftsignCompileInfo>();
  OP_CHECK_NULL_WITH_CONTEXT(context, compileInfo);
  const gert::StorageShape* xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  const float* scale = context->GetAttrs()->GetFloat(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, scale);
  OP_CHECK_IF(!std::isfinite(*scale),
              OP_LOGE(context->GetNodeName(), "scale %f is refused: it must be finite",
                      static_cast<double>(*scale)),
              return GRAPH_FAILED);

  auto* tiling = context->GetTilingData<ImplSoftsignTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  const int64_t total = xShape->GetStorageShape().GetShapeSize();
  const int64_t coreNum = static_cast<int64_t>(compileInfo->coreNum);
  tiling->totalLength = total;
  tiling->scale = *scale;
  tiling->perCoreLength =
      Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), coreNum), BLOCK_ELEMS);
  tiling->usedCoreNum =
      static_cast<uint32_t>(Ops::Base::CeilDiv(std::max<int64_t>(total, 1), tiling->perCoreLength));
  tiling->tailCoreLength =
      total - tiling->perCoreLength * static_cast<int64_t>(tiling->usedCoreNum - 1);
  const int64_t ubElems = static_cast<int64_t>(compileInfo->ubSize) / (UB_BUFFERS * 4);
  tiling->tileLength = Ops::Base::FloorAlign(ubElems, BLOCK_ELEMS);
  OP_CHECK_IF(tiling->tileLength == 0,
              OP_LOGE(context, "UB of %lu B holds no tile",
                      static_cast<unsigned long>(compileInfo->ubSize)),
              return GRAPH_FAILED);

  context->SetBlockDim(tiling->usedCoreNum);
  context->SetTilingKey(IMPL_SOFTSIGN_KEY_FLOAT);
  size_t* workspaces = context->GetWorkspaceSizes(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
  workspaces[0] = 0;
  return GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ImplSoftsign)
    .Tiling(TilingImplSoftsign)
    .TilingParse<ImplSoftsignCompileInfo>(TilingParseImplSoftsign);

}  // namespace optiling
