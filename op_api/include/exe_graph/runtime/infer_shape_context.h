// gert::InferShapeContext: input shapes in, output shapes out (origin shapes; ND only).
#pragma once

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/op_call_data.h"

namespace gert {

class InferShapeContext : public ExtendedKernelContext {
 public:
  using ExtendedKernelContext::ExtendedKernelContext;

  const Shape* GetInputShape(size_t index) const {
    const StorageShape* s = OpCallData::At(data_->input_shapes, static_cast<long>(index));
    return s == nullptr ? nullptr : &s->GetOriginShape();
  }
  const Shape* GetOptionalInputShape(size_t ir_index) const {
    return GetInputShape(Index(OpCallData::Instance(data_->ir_inputs, ir_index, 0)));
  }
  const Shape* GetRequiredInputShape(size_t ir_index) const {
    return GetOptionalInputShape(ir_index);
  }
  const Shape* GetDynamicInputShape(size_t ir_index, size_t relative) const {
    return GetInputShape(Index(OpCallData::Instance(data_->ir_inputs, ir_index, relative)));
  }
  // The data is there for a ValueDepend input whose value is known (a constant).
  const Tensor* GetInputTensor(size_t index) const {
    return OpCallData::At(data_->input_tensors, static_cast<long>(index));
  }
  const Tensor* GetOptionalInputTensor(size_t ir_index) const {
    return OpCallData::At(data_->input_tensors,
                          OpCallData::Instance(data_->ir_inputs, ir_index, 0));
  }
  const Tensor* GetRequiredInputTensor(size_t ir_index) const {
    return GetOptionalInputTensor(ir_index);
  }
  const Tensor* GetDynamicInputTensor(size_t ir_index, size_t relative) const {
    return OpCallData::At(data_->input_tensors,
                          OpCallData::Instance(data_->ir_inputs, ir_index, relative));
  }
  Shape* GetOutputShape(size_t index) {
    StorageShape* s = OpCallData::At(data_->output_shapes, static_cast<long>(index));
    return s == nullptr ? nullptr : &s->MutableOriginShape();
  }

 private:
  static size_t Index(long instance) {
    return instance < 0 ? SIZE_MAX : static_cast<size_t>(instance);
  }
};

class InferDataTypeContext : public ExtendedKernelContext {
 public:
  using ExtendedKernelContext::ExtendedKernelContext;

  // DT_UNDEFINED for an index with no input.
  ge::DataType GetInputDataType(size_t index) const {
    const CompileTimeTensorDesc* d = GetInputDesc(index);
    return d == nullptr ? ge::DT_UNDEFINED : d->GetDataType();
  }
  ge::DataType GetOptionalInputDataType(size_t ir_index) const {
    const CompileTimeTensorDesc* d = GetOptionalInputDesc(ir_index);
    return d == nullptr ? ge::DT_UNDEFINED : d->GetDataType();
  }
  ge::DataType GetRequiredInputDataType(size_t ir_index) const {
    return GetOptionalInputDataType(ir_index);
  }
  ge::DataType GetDynamicInputDataType(size_t ir_index, size_t relative) const {
    const CompileTimeTensorDesc* d = GetDynamicInputDesc(ir_index, relative);
    return d == nullptr ? ge::DT_UNDEFINED : d->GetDataType();
  }
  ge::DataType GetOutputDataType(size_t index) const {
    const CompileTimeTensorDesc* d = GetOutputDesc(index);
    return d == nullptr ? ge::DT_UNDEFINED : d->GetDataType();
  }
  ge::graphStatus SetOutputDataType(size_t index, ge::DataType dtype) {
    CompileTimeTensorDesc* d = OpCallData::At(data_->output_descs, static_cast<long>(index));
    if (d == nullptr) return ge::GRAPH_FAILED;
    d->SetDataType(dtype);
    return ge::GRAPH_SUCCESS;
  }
};

}  // namespace gert
