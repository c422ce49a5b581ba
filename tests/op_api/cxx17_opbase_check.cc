// CANN's op-base headers as an operator's host code includes them: compiled as C++17 with
// -Wall -Wextra -Werror and only op_api's three include roots (tests/CMakeLists.txt), by every
// spelling operators use; the registration (IMPL_OP_*) and platform headers; then the dialect
// fixtures' host files, which use them.
#include <cstddef>

#include "ascendc/host_api/tiling/template_argument.h"
#include "base/err_msg.h"
#include "exe_graph/runtime/base_type.h"
#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/kernel_context.h"
#include "exe_graph/runtime/kernel_run_context.h"
#include "exe_graph/runtime/range.h"
#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor_data.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "ge/ge_api_types.h"
#include "graph/ascend_string.h"
#include "graph/attr_value.h"
#include "graph/c_types.h"
#include "graph/compiler_def.h"
#include "graph/gnode.h"
#include "graph/graph.h"
#include "graph/operator.h"
#include "graph/operator_reg.h"
#include "graph/tensor.h"
#include "graph/utils/type_utils.h"
#include "infershape_broadcast_util.h"
#include "infershape_elewise_util.h"
#include "infershape_reduce_util.h"
#include "log/error_code.h"
#include "log/log.h"
#include "op_common/log/error_code.h"
#include "op_common/log/log.h"
#include "op_common/op_host/infershape_elewise_util.h"
#include "op_common/op_host/tiling_base_util.h"
#include "op_common/op_host/util/bfloat16.h"
#include "op_common/op_host/util/const_util.h"
#include "op_common/op_host/util/fp16.h"
#include "op_common/op_host/util/math_util.h"
#include "op_common/op_host/util/opbase_export.h"
#include "op_common/op_host/util/platform_util.h"
#include "op_common/op_host/util/shape_util.h"
#include "op_host/tiling_base_util.h"
#include "platform/platform_ascendc.h"
#include "platform/platform_info.h"
#include "platform/platform_info_def.h"
#include "platform/platform_infos_def.h"
#include "platform/soc_spec.h"
#include "register/op_def.h"
#include "register/op_impl_registry.h"
#include "register/register_types.h"
#include "tiling/platform/platform_ascendc.h"
#include "util/const_util.h"
#include "util/math_util.h"
#include "util/platform_util.h"
#include "util/shape_util.h"

// The templates instantiated as operator code instantiates them.
namespace opsim_cxx17_check {

// CANN's report codes keep CANN's numbers (an operator may log or compare them).
// An OpDef's graph-compile hooks have CANN's OP_CHECK_FUNC type (ops-nn's DynamicRNN).
inline ge::graphStatus Cxx17SelectFormat(const ge::Operator&, ge::AscendString&) { return 0; }
[[maybe_unused]] constexpr optiling::OP_CHECK_FUNC kCxx17Hook = &Cxx17SelectFormat;
// A registration class as CANN's headers declare one; domi's formats keep CANN's values.
class FMK_FUNC_HOST_VISIBILITY Cxx17Registered {};
static_assert(domi::DOMI_TENSOR_ND == 2 && domi::DOMI_TENSOR_RESERVED == 16);
// CANN's C layout of a run context: one value slot inline, then the rest follow it.
static_assert(offsetof(KernelRunContext, values) == 5 * sizeof(void*) &&
              sizeof(AsyncAnyValue) == 2 * sizeof(void*));
static_assert(Ops::Base::INVALID_INFER_SHAPE == 14001 && Ops::Base::VECTOR_INNER_ERROR == 89999 &&
              Ops::Base::CUBE_INNER_ERROR_PLUGIN == 59999);

inline ge::graphStatus Use(gert::InferShapeContext* infer, gert::TilingContext* tiling) {
  int64_t axis = 0;
  OP_CHECK_IF(!Ops::Base::GetConstInt(infer, 1, axis), OP_LOGE(infer, "no axis"),
              return ge::GRAPH_FAILED);
  gert::Shape shape;
  OP_CHECK_IF(!Ops::Base::GetConstIntToShape(tiling, 1, shape), OP_LOGW(tiling, "no shape"),
              return ge::GRAPH_FAILED);
  OP_LOGI("one argument");
  OP_LOGD(infer, "%s", Ops::Base::ToString(Ops::Base::EnsureNotScalar(shape)).c_str());
  const uint32_t cores = Ops::Base::GetAivCoreNum(tiling) + Ops::Base::GetAicCoreNum(tiling);
  const uint32_t bytes = Ops::Base::GetUbSize(tiling) + Ops::Base::GetWorkspaceSize(tiling) +
                         Ops::Base::GetVRegSize(tiling) + Ops::Base::GetSectorCacheLineSize(tiling);
  OP_CHECK_IF(Ops::Base::CeilAlign(cores, 8u) > bytes || !Ops::Base::IsFloatEqual(1.0f, 1.0f),
              OP_LOGE_WITH_INVALID_INPUT_SHAPE("Op", 0, "[1]", "[2]"), return ge::GRAPH_FAILED);
  OP_CHECK_IF(shape.IsScalar(), OP_LOGE_FOR_INVALID_SHAPE_WITH_REASON("Op", "x", "[]", "a scalar"),
              return ge::GRAPH_FAILED);
  OP_CHECK_IF(shape.GetDimNum() > 8,
              OP_LOGE_FOR_INVALID_TENSORNUM("Op", "x", shape.GetDimNum(), "8"),
              return ge::GRAPH_FAILED);
  REPORT_INNER_ERR_MSG("EZ9999", "text only");
  return ge::GRAPH_SUCCESS;
}

}  // namespace opsim_cxx17_check

#include "testdata/impl_dialect/op_host/impl_softsign_def.cpp"
#include "testdata/impl_dialect/op_host/impl_softsign_infershape.cpp"
#include "testdata/impl_dialect/op_host/impl_softsign_tiling.cpp"
#include "testdata/opbase_dialect/op_host/fixture_add_infershape.cpp"
#include "testdata/opbase_dialect/op_host/fixture_add_tiling.cpp"

// An operator prototype as op_graph headers write one (REG_OP), in namespace ge as theirs are.
namespace ge {
REG_OP(OpsimCxx17Proto)
    .INPUT(x, TensorType({DT_FLOAT, DT_FLOAT16}))
    .OPTIONAL_INPUT(bias, TensorType::NumberType())
    .DYNAMIC_INPUT(extra, TensorType::ALL())
    .OUTPUT(y, TensorType::FLOAT())
    .DYNAMIC_OUTPUT(z, TensorType(DT_INT64))
    .ATTR(pads, ListInt, {0, 0, 0, 0})
    .ATTR(alpha, Float, 1.0)
    .ATTR(mode, String, "NCHW")
    .REQUIRED_ATTR(axes, ListInt)
    .OP_END_FACTORY_REG(OpsimCxx17Proto)
}  // namespace ge
