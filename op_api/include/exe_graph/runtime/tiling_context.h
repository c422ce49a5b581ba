// gert::TilingContext: what a tiling function reads (shapes, dtypes, attributes, the chip) and
// sets (blockDim, tiling key, tiling bytes, workspace sizes).
#pragma once

#include <cstddef>
#include <cstdint>
// CANN's tiling_context.h reaches these through ge_common/api_error_codes.h -> ge_api_types.h, and
// tiling code uses them having included only it (std::set of supported dtypes, ...).
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "exe_graph/runtime/op_call_data.h"

namespace opsim::op_api {
// Records, as the call's operator error, that GetTilingData<T>() refused a struct of `needed`
// bytes (the tiling function usually fails next, and its caller then sees why).
void RecordTilingDataTooLarge(const char* op_type, size_t needed, size_t capacity);
}  // namespace opsim::op_api

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
  const Tensor* GetRequiredInputTensor(size_t ir_index) const {
    return GetOptionalInputTensor(ir_index);
  }
  const Tensor* GetDynamicInputTensor(size_t ir_index, size_t relative) const {
    return OpCallData::At(data_->input_tensors,
                          OpCallData::Instance(data_->ir_inputs, ir_index, relative));
  }
  const StorageShape* GetOutputShape(size_t index) const {
    return OpCallData::At(data_->output_shapes, static_cast<long>(index));
  }

  // The compile-info object the op's TilingParse filled (null when it registers none).
  const void* GetCompileInfo() const { return data_->compile_info; }
  template <typename T>
  const T* GetCompileInfo() const {
    return reinterpret_cast<const T*>(GetCompileInfo());
  }
  // The tiling buffer as a T, its data size set to sizeof(T), as CANN's: nullptr when the buffer
  // holds fewer than sizeof(T) bytes (IMPL_OP_OPTILING(...).Tiling(fn, max) sets the capacity,
  // 2048 B by default). No constructor runs; opsim hands every tiling call a zeroed buffer.
  template <typename T>
  auto GetTilingData() -> T* {
    TilingData* tiling_data = GetRawTilingData();
    if (tiling_data == nullptr) return nullptr;
    if (tiling_data->GetCapacity() < sizeof(T)) {
      opsim::op_api::RecordTilingDataTooLarge(GetNodeType(), sizeof(T), tiling_data->GetCapacity());
      return nullptr;
    }
    tiling_data->SetDataSize(sizeof(T));
    return static_cast<T*>(tiling_data->GetData());
  }

  ge::graphStatus SetBlockDim(uint32_t block_dim) { return SetSimdNumBlocks(block_dim); }
  ge::graphStatus SetSimdNumBlocks(uint32_t num_blocks) {
    data_->block_dim = num_blocks;
    data_->block_dim_set = true;
    return ge::GRAPH_SUCCESS;
  }
  uint32_t GetBlockDim() const { return data_->block_dim; }
  uint32_t GetSimdNumBlocks() const { return data_->block_dim; }
  // Recorded for CANN's API; opsim launches no AI CPU part and sizes UB by the profile.
  ge::graphStatus SetAicpuBlockDim(uint32_t block_dim) { return SetAicpuNumBlocks(block_dim); }
  ge::graphStatus SetAicpuNumBlocks(uint32_t num_blocks) {
    data_->aicpu_num_blocks = num_blocks;
    return ge::GRAPH_SUCCESS;
  }
  uint32_t GetAicpuBlockDim() const { return data_->aicpu_num_blocks; }
  uint32_t GetAicpuNumBlocks() const { return data_->aicpu_num_blocks; }
  ge::graphStatus SetTilingCond(int32_t tiling_cond) {
    data_->tiling_cond = tiling_cond;
    return ge::GRAPH_SUCCESS;
  }
  int32_t GetTilingCond() const { return data_->tiling_cond; }
  ge::graphStatus SetLocalMemorySize(uint32_t size) { return SetDynUBufSize(size); }
  ge::graphStatus SetDynUBufSize(uint32_t size) {
    data_->dyn_ubuf_size = size;
    return ge::GRAPH_SUCCESS;
  }
  uint32_t GetLocalMemorySize() const { return data_->dyn_ubuf_size; }
  uint32_t GetDynUBufSize() const { return data_->dyn_ubuf_size; }
  ge::graphStatus SetTilingKey(uint64_t key) {
    data_->tiling_key = key;
    return ge::GRAPH_SUCCESS;
  }
  uint64_t GetTilingKey() const { return data_->tiling_key; }
  ge::graphStatus SetScheduleMode(uint32_t mode) {
    data_->schedule_mode = mode;
    return ge::GRAPH_SUCCESS;
  }
  uint32_t GetScheduleMode() const { return data_->schedule_mode; }
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
  int32_t GetDeterministicLevel() const { return 1; }
};

}  // namespace gert
