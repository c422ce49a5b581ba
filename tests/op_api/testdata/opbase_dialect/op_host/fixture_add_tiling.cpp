// A tiling file in CANN's 2026 operator dialect (written for opsim's tests in the manner of an
// ops-math op_host/<op>_tiling.cpp): core and UB figures from util/platform_util.h, the
// CeilDiv/CeilAlign arithmetic, EnsureNotScalar, and errors through OP_CHECK_IF/OP_LOGE.
#include <cstring>

#include "log/log.h"
#include "op_common/op_host/util/math_util.h"
#include "op_host/tiling_base_util.h"
#include "util/platform_util.h"

using namespace ge;

namespace optiling {

struct FixtureAddTilingData {
  int64_t totalLength;
  int64_t perCoreLength;
  int64_t tailCoreLength;
  int64_t ubLoopLength;
  uint32_t usedCoreNum;
  uint32_t regbase;
};

static constexpr uint64_t FIXTURE_ADD_KEY_FLOAT = 0;
static constexpr uint64_t FIXTURE_ADD_KEY_FLOAT16 = 1;
static constexpr int64_t BUFFER_NUM = 3;  // x1, x2, y

graphStatus TilingForFixtureAdd(gert::TilingContext* context) {
  OP_LOGD(context, "Enter TilingForFixtureAdd");
  const gert::StorageShape* yStorage = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, yStorage);
  const gert::Shape& yShape = Ops::Base::EnsureNotScalar(yStorage->GetStorageShape());
  const gert::CompileTimeTensorDesc* xDesc = context->GetInputDesc(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xDesc);
  const DataType dtype = xDesc->GetDataType();
  OP_CHECK_IF(dtype != DT_FLOAT && dtype != DT_FLOAT16,
              OP_LOGE(context, "dtype %s is not supported", Ops::Base::ToString(dtype).c_str()),
              return GRAPH_FAILED);
  const int64_t typeSize = GetSizeByDataType(dtype);

  const int64_t coreNum = Ops::Base::GetAivCoreNum(context);
  OP_CHECK_IF(coreNum <= 0, OP_LOGE(context, "core num is %ld", static_cast<long>(coreNum)),
              return GRAPH_FAILED);
  const int64_t ubSize = Ops::Base::GetUbSize(context);
  const int64_t alignElems = Ops::Base::GetUbBlockSize(context) / typeSize;

  FixtureAddTilingData tiling{};
  tiling.totalLength = yShape.GetShapeSize();
  tiling.perCoreLength =
      Ops::Base::CeilAlign(Ops::Base::CeilDiv(tiling.totalLength, coreNum), alignElems);
  tiling.usedCoreNum =
      static_cast<uint32_t>(Ops::Base::CeilDiv(tiling.totalLength, tiling.perCoreLength));
  tiling.tailCoreLength =
      tiling.totalLength - tiling.perCoreLength * static_cast<int64_t>(tiling.usedCoreNum - 1);
  tiling.ubLoopLength = Ops::Base::FloorAlign(ubSize / (BUFFER_NUM * typeSize), alignElems);
  OP_CHECK_IF(tiling.ubLoopLength == 0,
              OP_LOGE(context, "UB of %ld bytes holds no block", static_cast<long>(ubSize)),
              return GRAPH_FAILED);
  tiling.regbase = Ops::Base::IsRegbaseSocVersion(context) ? 1 : 0;

  gert::TilingData* raw = context->GetRawTilingData();
  OP_CHECK_NULL_WITH_CONTEXT(context, raw);
  OP_CHECK_IF(raw->GetCapacity() < sizeof(tiling),
              OP_LOGE(context, "tiling buffer of %zu bytes is too small", raw->GetCapacity()),
              return GRAPH_FAILED);
  std::memcpy(raw->GetData(), &tiling, sizeof(tiling));
  raw->SetDataSize(sizeof(tiling));
  context->SetBlockDim(tiling.usedCoreNum);
  context->SetTilingKey(dtype == DT_FLOAT16 ? FIXTURE_ADD_KEY_FLOAT16 : FIXTURE_ADD_KEY_FLOAT);
  OP_LOGI(context->GetNodeName(), "usedCoreNum %u, perCore %ld", tiling.usedCoreNum,
          static_cast<long>(tiling.perCoreLength));
  return GRAPH_SUCCESS;
}

}  // namespace optiling
