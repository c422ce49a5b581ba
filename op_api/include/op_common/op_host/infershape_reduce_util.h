// CANN's op-base InferShape for reductions (opbase op_common/op_host/infershape_reduce_util.h),
// reached as "infershape_reduce_util.h": input 0 is x, input 1 the axes (a const int32 or int64
// tensor), attribute 0 keep_dims (bool).
#pragma once

#include <cstdint>

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tensor.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/opbase_export.h"
#include "op_common/op_host/util/shape_util.h"

namespace Ops {
namespace Base {

// outputShape := xShape with each of the `axesSize` axes (negative ones count from the end) set
// to 1. An unknown rank stays unknown; a scalar stays a scalar (its one implicit axis, 0 or -1,
// is the only one it takes). An axis outside [-rank, rank) fails with an error line.
template <typename T>
ge::graphStatus ReduceDimsWithKeepDims(const gert::Shape* xShape, const T* axesDims,
                                       int32_t axesSize, gert::Shape* outputShape) {
  if (IsUnknownRank(*xShape)) {
    SetUnknownRank(*outputShape);
    return ge::GRAPH_SUCCESS;
  }
  const int64_t rank = static_cast<int64_t>(xShape->GetDimNum());
  const int64_t bound = rank == 0 ? 1 : rank;
  gert::Shape out = *xShape;
  for (int32_t i = 0; i < axesSize; ++i) {
    const int64_t axis = static_cast<int64_t>(axesDims[i]);
    OP_CHECK_IF(!CheckAxisBounds(bound, axis),
                OP_LOGE("reduce", "axis %lld is out of range for rank %lld",
                        static_cast<long long>(axis), static_cast<long long>(rank)),
                return ge::GRAPH_FAILED);
    if (rank != 0) out.SetDim(static_cast<size_t>(axis < 0 ? axis + rank : axis), 1);
  }
  *outputShape = out;
  return ge::GRAPH_SUCCESS;
}

// outputShape := xShape without the `axesSize` axes (negative ones count from the end; an axis
// named twice is removed once). An unknown rank stays unknown; a scalar stays a scalar whatever
// the axes say. An axis outside [-rank, rank) fails with an error line.
template <typename T>
ge::graphStatus ReduceDimsWithoutKeepDims(const gert::Shape* xShape, const T* axesDims,
                                          int32_t axesSize, gert::Shape* outputShape) {
  if (IsUnknownRank(*xShape)) {
    SetUnknownRank(*outputShape);
    return ge::GRAPH_SUCCESS;
  }
  const int64_t rank = static_cast<int64_t>(xShape->GetDimNum());
  bool reduced[gert::Shape::kMaxDimNum] = {};
  for (int32_t i = 0; i < axesSize && rank > 0; ++i) {
    const int64_t axis = static_cast<int64_t>(axesDims[i]);
    OP_CHECK_IF(!CheckAxisBounds(rank, axis),
                OP_LOGE("reduce", "axis %lld is out of range for rank %lld",
                        static_cast<long long>(axis), static_cast<long long>(rank)),
                return ge::GRAPH_FAILED);
    reduced[axis < 0 ? axis + rank : axis] = true;
  }
  gert::Shape out;
  for (int64_t d = 0; d < rank; ++d) {
    if (!reduced[d]) out.AppendDim(xShape->GetDim(static_cast<size_t>(d)));
  }
  *outputShape = out;
  return ge::GRAPH_SUCCESS;
}

// outputShape := xShape with the `axesSize` axes (negative ones count from the end) reduced:
// set to 1 with keepDims, removed without. An axis outside [-rank, rank) fails. A scalar x stays
// a scalar: with keepDims it takes axis 0 or -1 only, without it any axes.
template <typename T>
ge::graphStatus ReduceDims(const gert::Shape* xShape, const gert::Tensor* axesTensor,
                           int32_t axesSize, const bool keepDims, gert::Shape* outputShape) {
  const T* axes = axesTensor->GetData<T>();
  const int64_t rank = static_cast<int64_t>(xShape->GetDimNum());
  // CANN's rule: without keepDims a scalar stays a scalar whatever the axes say.
  if (!keepDims && rank == 0) {
    outputShape->SetDimNum(0);
    return ge::GRAPH_SUCCESS;
  }
  // A scalar reduces over its single implicit dim.
  const int64_t bound = (keepDims && rank == 0) ? 1 : rank;
  bool reduced[gert::Shape::kMaxDimNum] = {};
  for (int32_t i = 0; i < axesSize; ++i) {
    const int64_t axis = static_cast<int64_t>(axes[i]);
    OP_CHECK_IF(!CheckAxisBounds(bound, axis),
                OP_LOGE("reduce", "axis %lld is out of range for rank %lld",
                        static_cast<long long>(axis), static_cast<long long>(rank)),
                return ge::GRAPH_FAILED);
    const int64_t dim = axis < 0 ? axis + bound : axis;
    if (dim < rank) reduced[dim] = true;
  }
  gert::Shape out;
  for (int64_t d = 0; d < rank; ++d) {
    if (!reduced[d]) {
      out.AppendDim(xShape->GetDim(static_cast<size_t>(d)));
    } else if (keepDims) {
      out.AppendDim(1);
    }
  }
  *outputShape = out;
  return ge::GRAPH_SUCCESS;
}

// Output 0 := ReduceDims of input 0 over input 1's values with attribute 0 as keep_dims. An
// empty axes tensor leaves the shape as it is. GRAPH_FAILED, with an error line, when a shape,
// the axes value or keep_dims is missing, or the axes dtype is not int32/int64.
OPBASE_API ge::graphStatus InferShape4Reduce(gert::InferShapeContext* context);

}  // namespace Base
}  // namespace Ops
