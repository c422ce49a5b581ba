// gert::InferShapeRangeContext (CANN's exe_graph/runtime/infer_shape_range_context.h): a node's
// input shape ranges (and tensor ranges) in, its output shape ranges out, which a graph compiled
// for unknown shapes asks of an operator's InferShapeRange function. opsim runs each call on known
// shapes and does not call those functions (op_impl_registry.cc records them as ignored); the
// class is CANN's, so that operator sources defining them compile, and a caller that gives ranges
// (ShapeRangeData, by instance as the call's tensors) can run one.
#pragma once

#include <cstddef>
#include <vector>

#include "exe_graph/runtime/op_call_data.h"
#include "exe_graph/runtime/range.h"

namespace gert {

using TensorRange = Range<Tensor>;

// opsim's: the ranges a context hands out, by instance (a DYNAMIC input's tensors in its place).
struct ShapeRangeData {
  std::vector<Range<Shape>> input_shapes;
  std::vector<TensorRange> input_tensors;
  std::vector<Range<Shape>> output_shapes;
};

class InferShapeRangeContext : public ExtendedKernelContext {
 public:
  InferShapeRangeContext(OpCallData* data, ShapeRangeData* ranges)
      : ExtendedKernelContext(data), ranges_(ranges) {}

  // Null for an index past the node's inputs (outputs).
  const Range<Shape>* GetInputShapeRange(size_t index) const {
    return OpCallData::At(ranges_->input_shapes, static_cast<long>(index));
  }
  const TensorRange* GetInputTensorRange(size_t index) const {
    return OpCallData::At(ranges_->input_tensors, static_cast<long>(index));
  }
  const Range<Shape>* GetRequiredInputShapeRange(size_t ir_index) const {
    return GetDynamicInputShapeRange(ir_index, 0);
  }
  const Range<Shape>* GetOptionalInputShapeRange(size_t ir_index) const {
    return GetDynamicInputShapeRange(ir_index, 0);
  }
  const Range<Shape>* GetDynamicInputShapeRange(size_t ir_index, size_t relative_index) const {
    return OpCallData::At(ranges_->input_shapes,
                          OpCallData::Instance(data_->ir_inputs, ir_index, relative_index));
  }
  const TensorRange* GetRequiredInputTensorRange(size_t ir_index) const {
    return GetDynamicInputTensorRange(ir_index, 0);
  }
  const TensorRange* GetOptionalInputTensorRange(size_t ir_index) const {
    return GetDynamicInputTensorRange(ir_index, 0);
  }
  const TensorRange* GetDynamicInputTensorRange(size_t ir_index, size_t relative_index) const {
    return OpCallData::At(ranges_->input_tensors,
                          OpCallData::Instance(data_->ir_inputs, ir_index, relative_index));
  }
  Range<Shape>* GetOutputShapeRange(size_t index) {
    return OpCallData::At(ranges_->output_shapes, static_cast<long>(index));
  }

 private:
  ShapeRangeData* ranges_;
};

}  // namespace gert
