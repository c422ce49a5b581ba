// TplAddBcast's tiling in today's CANN dialect: the scheme from the shapes, the struct through
// GetTilingData<T>(), and the key from the template fields with ASCENDC_TPL_SEL_PARAM.
#include <algorithm>

#include "../op_kernel/tpl_add_bcast_tiling_data.h"
#include "../op_kernel/tpl_add_bcast_tiling_key.h"
#include "log/log.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "util/math_util.h"

using namespace ge;

namespace optiling {

struct TplAddBcastCompileInfo {};

static constexpr int64_t UB_BUFFERS = 6;  // x1, x2 and y double-buffered
static constexpr int64_t BLOCK_BYTES = 32;

// How `x` (right-aligned to y) reaches y: every element (false), or one row of y's trailing
// dimensions repeated along the leading ones (true, *rowLength = that row's elements); false in
// *ok when it is neither.
static bool RowBroadcast(const gert::Shape& x, const gert::Shape& y, int64_t* rowLength, bool* ok) {
  *ok = true;
  if (x.GetShapeSize() == y.GetShapeSize()) return false;
  const size_t rank = y.GetDimNum();
  const size_t pad = rank - std::min(rank, x.GetDimNum());
  size_t k = rank;  // the first dimension from which x matches y
  while (k > 0 && k - 1 >= pad && x.GetDim(k - 1 - pad) == y.GetDim(k - 1)) --k;
  for (size_t i = pad; i < k; ++i) {
    if (x.GetDim(i - pad) != 1) *ok = false;
  }
  *rowLength = 1;
  for (size_t i = k; i < rank; ++i) *rowLength *= y.GetDim(i);
  return true;
}

static graphStatus TilingTplAddBcast(gert::TilingContext* context) {
  const gert::StorageShape* x1 = context->GetInputShape(0);
  const gert::StorageShape* x2 = context->GetInputShape(1);
  const gert::StorageShape* y = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, x1);
  OP_CHECK_NULL_WITH_CONTEXT(context, x2);
  OP_CHECK_NULL_WITH_CONTEXT(context, y);
  const gert::Shape& yShape = y->GetStorageShape();
  int64_t row1 = 0;
  int64_t row2 = 0;
  bool ok1 = true;
  bool ok2 = true;
  const bool b1 = RowBroadcast(x1->GetStorageShape(), yShape, &row1, &ok1);
  const bool b2 = RowBroadcast(x2->GetStorageShape(), yShape, &row2, &ok2);
  OP_CHECK_IF(!ok1 || !ok2 || (b1 && b2),
              OP_LOGE(context->GetNodeName(),
                      "only one input may broadcast, and only along leading dimensions"),
              return GRAPH_FAILED);

  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  const int64_t coreNum = std::max<int64_t>(1, platform.GetCoreNumAiv());
  uint64_t ubSize = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
  const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
  const int64_t elemBytes = dtype == ge::DT_FLOAT16 ? 2 : 4;
  const int64_t blockElems = BLOCK_BYTES / elemBytes;

  auto* tiling = context->GetTilingData<TplAddBcastTilingData>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  const int64_t total = yShape.GetShapeSize();
  tiling->rowLength = b1 ? row1 : (b2 ? row2 : total);
  tiling->rows = tiling->rowLength == 0 ? 0 : total / tiling->rowLength;
  tiling->x1Broadcast = b1 ? 1 : 0;
  tiling->x2Broadcast = b2 ? 1 : 0;
  tiling->tileLength =
      Ops::Base::FloorAlign(static_cast<int64_t>(ubSize) / (UB_BUFFERS * elemBytes), blockElems);
  OP_CHECK_IF(tiling->tileLength == 0, OP_LOGE(context, "UB holds no tile"), return GRAPH_FAILED);

  int64_t schMode = (b1 || b2) ? TPL_ADD_BCAST_ROWS : TPL_ADD_BCAST_SAME_SHAPE;
  const int64_t* asked = context->GetAttrs()->GetInt(0);
  if (asked != nullptr && *asked >= 0) schMode = *asked;
  const int64_t units = schMode == TPL_ADD_BCAST_SAME_SHAPE ? total : tiling->rows;
  const int64_t align = schMode == TPL_ADD_BCAST_SAME_SHAPE ? blockElems : 1;
  tiling->perCoreLength = std::max<int64_t>(
      align, Ops::Base::CeilAlign(Ops::Base::CeilDiv(std::max<int64_t>(units, 1), coreNum), align));
  tiling->usedCoreNum =
      static_cast<uint32_t>(Ops::Base::CeilDiv(std::max<int64_t>(units, 1), tiling->perCoreLength));

  context->SetBlockDim(tiling->usedCoreNum);
  ASCENDC_TPL_SEL_PARAM(context, static_cast<uint64_t>(dtype), static_cast<uint64_t>(schMode));
  size_t* workspaces = context->GetWorkspaceSizes(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
  workspaces[0] = 0;
  return GRAPH_SUCCESS;
}

static graphStatus TilingParseTplAddBcast(gert::TilingParseContext* context) {
  (void)context;
  return GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(TplAddBcast)
    .Tiling(TilingTplAddBcast)
    .TilingParse<TplAddBcastCompileInfo>(TilingParseTplAddBcast);

}  // namespace optiling
