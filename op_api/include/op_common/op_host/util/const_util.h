// CANN's op-base readers of a constant input (opbase op_common/op_host/util/const_util.h),
// reached as "util/const_util.h": the value of a ValueDepend input whose data the context holds.
#pragma once

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"
#include "op_common/log/log.h"

namespace Ops {
namespace Base {
namespace opsim_detail {

// Element i of an integer tensor as int64; false for another dtype or absent data.
inline bool ConstElement(const gert::Tensor& tensor, size_t i, int64_t& value) {
  switch (tensor.GetDataType()) {
    case ge::DT_INT32: value = tensor.GetData<int32_t>()[i]; return true;
    case ge::DT_INT64: value = tensor.GetData<int64_t>()[i]; return true;
    case ge::DT_UINT32: value = tensor.GetData<uint32_t>()[i]; return true;
    case ge::DT_UINT64: value = static_cast<int64_t>(tensor.GetData<uint64_t>()[i]); return true;
    default: return false;
  }
}

}  // namespace opsim_detail

// The first element of const input `inputIdx` (int32/int64/uint32/uint64), converted to T.
// false when the context, the input, its data or an element is missing (an error line) or its
// dtype is another (a warning line, as CANN: a caller may then try another reading).
template <typename ContextType, typename T>
bool GetConstInt(const ContextType* context, int64_t inputIdx, T& value) {
  OP_CHECK_IF(context == nullptr, OP_LOGE("GetConstInt", "context is nullptr"), return false);
  const gert::Tensor* tensor = context->GetInputTensor(static_cast<size_t>(inputIdx));
  OP_CHECK_IF(tensor == nullptr || tensor->GetAddr() == nullptr || tensor->GetShapeSize() < 1,
              OP_LOGE(context, "const input %lld has no value", static_cast<long long>(inputIdx)),
              return false);
  int64_t element = 0;
  OP_CHECK_IF(!opsim_detail::ConstElement(*tensor, 0, element),
              OP_LOGW(context, "GetConstInt reads int32, int64, uint32, uint64, not %s",
                      ToString(tensor->GetDataType()).c_str()),
              return false);
  value = static_cast<T>(element);
  return true;
}

// The whole const input `inputIdx` (a 1-D integer list) as a shape's dims.
template <typename ContextType>
bool GetConstIntToShape(const ContextType* context, int64_t inputIdx, gert::Shape& shape) {
  OP_CHECK_IF(context == nullptr, OP_LOGE("GetConstIntToShape", "context is nullptr"),
              return false);
  const gert::Tensor* tensor = context->GetInputTensor(static_cast<size_t>(inputIdx));
  OP_CHECK_IF(tensor == nullptr || tensor->GetAddr() == nullptr,
              OP_LOGE(context, "const input %lld has no value", static_cast<long long>(inputIdx)),
              return false);
  const int64_t count = tensor->GetShapeSize();
  OP_CHECK_IF(count < 0 || count > static_cast<int64_t>(gert::Shape::kMaxDimNum),
              OP_LOGE(context, "const input %lld has %lld elements, not a shape",
                      static_cast<long long>(inputIdx), static_cast<long long>(count)),
              return false);
  gert::Shape read;
  for (int64_t i = 0; i < count; ++i) {
    int64_t dim = 0;
    OP_CHECK_IF(!opsim_detail::ConstElement(*tensor, static_cast<size_t>(i), dim),
                OP_LOGW(context, "GetConstIntToShape reads int32, int64, uint32, uint64, not %s",
                        ToString(tensor->GetDataType()).c_str()),
                return false);
    read.AppendDim(dim);
  }
  shape = read;
  return true;
}

}  // namespace Base
}  // namespace Ops
