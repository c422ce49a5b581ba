// Sign (ONNX, opsets 9 and 13) as an Ascend operator definition: input `input`, output `output`
// of the same shape and dtype, y = -1, 0 or +1 by the sign of x and NaN for NaN (numpy's sign,
// ONNX's reference). float32, float16 and int32: the kernel (op_kernel/sign) is built from Maxs,
// Mins, Abs, Div and Adds, which the chip has for those types.
#include <algorithm>
#include <string>
#include <vector>

#include "op_def_support.h"
#include "opsim/core/dtype.h"
#include "register/op_def_registry.h"
#include "sign/sign_tiling_data.h"

namespace opsim::sign_op {
namespace {

using op_def::Fail;

// A block takes at least this many elements: below it, another core's launch costs more than
// the work it takes over.
constexpr uint64_t kMinPerCore = 4096;
// Bytes of one UB tile. The kernel holds two queues of two buffers each: 64 KiB, inside the UB
// of every shipped profile.
constexpr uint64_t kTileBytes = 16 * 1024;
constexpr uint64_t kUbNeed = 4 * kTileBytes;
// Elements: a whole number of 32 B blocks of every dtype Sign takes, so that no two blocks write
// one 32 B block of the output.
constexpr uint64_t kBlockGrain = 32;

ge::graphStatus InferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus Tiling(gert::TilingContext* context) {
  const DType dtype = static_cast<DType>(static_cast<int>(context->GetInputDesc(0)->GetDataType()));
  const gert::Shape& shape = context->GetInputShape(0)->GetOriginShape();
  // The profile's figures, as opsim's other operators read them (op_api/platform_figures.h).
  const op_api::OpsimFigures platform = op_api::OpsimFiguresOf(*context->GetPlatformInfo());
  if (platform.ub_bytes != 0 && platform.ub_bytes < kUbNeed) {  // 0: the platform does not say
    return Fail({ErrorCode::kUnsupported, "Sign: the device's UB of " +
                                              std::to_string(platform.ub_bytes) +
                                              " B is under the " + std::to_string(kUbNeed) +
                                              " B its double-buffered tiles need"});
  }
  ::op_kernel::SignTiling t;
  t.dtype = static_cast<uint32_t>(dtype);
  t.has_pad = platform.has_data_copy_pad ? 1 : 0;
  t.total = 1;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) t.total *= static_cast<uint64_t>(shape.GetDim(i));
  t.tile = static_cast<uint32_t>(kTileBytes / DTypeSize(dtype));
  const uint64_t cores = std::max<uint64_t>(platform.vector_cores, 1);
  const uint64_t by_work = std::max<uint64_t>(1, (t.total + kMinPerCore - 1) / kMinPerCore);
  const uint64_t used = std::min(cores, by_work);
  const uint64_t share = (t.total + used - 1) / used;
  t.per_core = std::max(kBlockGrain, (share + kBlockGrain - 1) / kBlockGrain * kBlockGrain);
  const auto block_dim =
      static_cast<uint32_t>(std::max<uint64_t>(1, (t.total + t.per_core - 1) / t.per_core));
  return op_def::SetTiling(context, "Sign", t, block_dim);
}

}  // namespace

class Sign : public ops::OpDef {
 public:
  explicit Sign(const char* name) : OpDef(name) {
    const std::vector<ge::DataType> columns = {ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_INT32};
    const std::vector<ge::Format> nd(columns.size(), ge::FORMAT_ND);
    Input("input").ParamType(ops::REQUIRED).DataType(columns).Format(nd).UnknownShapeFormat(nd);
    Output("output").ParamType(ops::REQUIRED).DataType(columns).Format(nd).UnknownShapeFormat(nd);
    SetInferShape(InferShape);
    AICore().SetTiling(Tiling);
  }
};

OP_ADD(Sign);

}  // namespace opsim::sign_op
