// gert::TilingContext: what a tiling function reads (shapes, dtypes, attributes, the chip) and
// sets (blockDim, tiling key, tiling bytes, workspace sizes).
#pragma once

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/op_call_data.h"

namespace gert {

class TilingContext : public ExtendedKernelContext {
 public:
  using ExtendedKernelContext::ExtendedKernelContext;

  const StorageShape* GetInputShape(size_t index) const {
    return OpCallData::At(data_->input_shapes, static_cast<long>(index));
  }
  const StorageShape* GetOptionalInputShape(size_t ir_index) const {
    return OpCallData::At(data_->input_shapes, OpCallData::Instance(data_->ir_inputs, ir_index, 0));
  }
  const StorageShape* GetRequiredInputShape(size_t ir_index) const {
    return GetOptionalInputShape(ir_index);
  }
  const StorageShape* GetDynamicInputShape(size_t ir_index, size_t relative) const {
    return OpCallData::At(data_->input_shapes,
                          OpCallData::Instance(data_->ir_inputs, ir_index, relative));
  }
  const Tensor* GetInputTensor(size_t index) const {
    return OpCallData::At(data_->input_tensors, static_cast<long>(index));
  }
  const Tensor* GetOptionalInputTensor(size_t ir_index) const {
    return OpCallData::At(data_->input_tensors,
                          OpCallData::Instance(data_->ir_inputs, ir_index, 0));
  }
  const Tensor* GetDynamicInputTensor(size_t ir_index, size_t relative) const {
    return OpCallData::At(data_->input_tensors,
                          OpCallData::Instance(data_->ir_inputs, ir_index, relative));
  }
  const StorageShape* GetOutputShape(size_t index) const {
    return OpCallData::At(data_->output_shapes, static_cast<long>(index));
  }

  ge::graphStatus SetBlockDim(uint32_t block_dim) {
    data_->block_dim = block_dim;
    data_->block_dim_set = true;
    return ge::GRAPH_SUCCESS;
  }
  uint32_t GetBlockDim() const { return data_->block_dim; }
  ge::graphStatus SetTilingKey(uint64_t key) {
    data_->tiling_key = key;
    return ge::GRAPH_SUCCESS;
  }
  uint64_t GetTilingKey() const { return data_->tiling_key; }
  ge::graphStatus SetScheduleMode(uint32_t mode) {
    data_->schedule_mode = mode;
    return ge::GRAPH_SUCCESS;
  }
  ge::graphStatus SetNeedAtomic(bool atomic) {
    data_->need_atomic = atomic;
    return ge::GRAPH_SUCCESS;
  }
  bool NeedAtomic() const { return data_->need_atomic; }
  TilingData* GetRawTilingData() { return data_->tiling; }
  // The first `num` workspace sizes (grown on demand, zero-filled); sizes are bytes.
  // nullptr for a count no kernel could use (more than kMaxWorkspaces), which the operation
  // then reports, rather than a vector's length_error or an allocation of 2^62 entries.
  size_t* GetWorkspaceSizes(size_t num) {
    if (num > OpCallData::kMaxWorkspaces) {
      data_->refused_workspace_count = num;
      return nullptr;
    }
    if (data_->workspace_sizes.size() < num) data_->workspace_sizes.resize(num, 0);
    return data_->workspace_sizes.data();
  }
  size_t GetWorkspaceNum() const { return data_->workspace_sizes.size(); }
  fe::PlatFormInfos* GetPlatformInfo() const { return data_->platform; }
  // opsim runs every kernel deterministically.
  int32_t GetDeterministic() const { return 1; }
};

}  // namespace gert
