// What opsim hands the three contexts of one operator call. Not part of CANN's API: operator code
// only sees it through the contexts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"
#include "graph/types.h"
#include "platform/platform_infos_def.h"

namespace gert {

struct OpCallData {
  const char* node_name = "";
  const char* node_type = "";
  // Inputs and outputs by instance (a dynamic input has several, an absent optional one none);
  // ir_inputs[k] (ir_outputs[k]) is (first instance, count) of the OpDef's k-th input (output).
  std::vector<StorageShape> input_shapes;
  std::vector<CompileTimeTensorDesc> input_descs;
  std::vector<Tensor> input_tensors;
  std::vector<std::pair<size_t, size_t>> ir_inputs;
  std::vector<StorageShape> output_shapes;
  std::vector<CompileTimeTensorDesc> output_descs;
  std::vector<std::pair<size_t, size_t>> ir_outputs;
  RuntimeAttrs attrs;
  // Set by the tiling function.
  uint32_t block_dim = 0;
  bool block_dim_set = false;
  uint64_t tiling_key = 0;
  uint32_t schedule_mode = 0;
  bool need_atomic = false;
  int32_t tiling_cond = 0;
  uint32_t dyn_ubuf_size = 0;
  uint32_t aicpu_num_blocks = 0;
  TilingData* tiling = nullptr;
  std::vector<size_t> workspace_sizes;
  // A GetWorkspaceSizes count over kMaxWorkspaces (0 when none was): refused after the call.
  size_t refused_workspace_count = 0;
  static constexpr size_t kMaxWorkspaces = 1024;
  fe::PlatFormInfos* platform = nullptr;
  // The op's compile-info object (IMPL_OP_OPTILING(...).TilingParse<T>): what its TilingParse
  // filled, handed to every tiling call; null when the op registers none.
  void* compile_info = nullptr;
  const char* compiled_json = "{}";  // opsim compiles nothing: an empty JSON object

  // Instance of the OpDef's ir-th input (or output) at `relative`; -1 when there is none.
  static long Instance(const std::vector<std::pair<size_t, size_t>>& ir, size_t ir_index,
                       size_t relative) {
    if (ir_index >= ir.size() || relative >= ir[ir_index].second) return -1;
    return static_cast<long>(ir[ir_index].first + relative);
  }
  template <typename T>
  static T* At(std::vector<T>& v, long index) {
    return index >= 0 && static_cast<size_t>(index) < v.size() ? &v[static_cast<size_t>(index)]
                                                               : nullptr;
  }
  template <typename T>
  static const T* At(const std::vector<T>& v, long index) {
    return index >= 0 && static_cast<size_t>(index) < v.size() ? &v[static_cast<size_t>(index)]
                                                               : nullptr;
  }
};

// CANN's base of every runtime context; a TilingParse registered as a KernelFunc receives one.
class KernelContext {};

// Where one IR input's instances start among the call's inputs, and how many there are (a
// dynamic input has several, an absent optional one none).
class AnchorInstanceInfo {
 public:
  AnchorInstanceInfo() = default;
  AnchorInstanceInfo(uint32_t instance_start, uint32_t instantiation_num)
      : instance_start_(instance_start), instantiation_num_(instantiation_num) {}
  size_t GetInstanceNum() const { return instantiation_num_; }
  size_t GetInstanceStart() const { return instance_start_; }

 private:
  uint32_t instance_start_ = 0;
  uint32_t instantiation_num_ = 0;
};

// CANN's description of the node a context runs for (exe_graph/runtime/compute_node_info.h):
// its name and type, IR and instance counts, tensor descriptions (the Mutable forms let a shape
// inference set an output's dtype, as CANN's do) and attributes. A view of the call.
class ComputeNodeInfo {
 public:
  explicit ComputeNodeInfo(OpCallData* data) : data_(data) {}
  const char* GetNodeName() const { return data_->node_name; }
  const char* GetNodeType() const { return data_->node_type; }
  size_t GetIrInputsNum() const { return data_->ir_inputs.size(); }
  size_t GetIrOutputsNum() const { return data_->ir_outputs.size(); }
  size_t GetInputsNum() const { return data_->input_descs.size(); }
  size_t GetOutputsNum() const { return data_->output_descs.size(); }
  // Null past the IR inputs (outputs). A DYNAMIC output's instances are the caller's list.
  const AnchorInstanceInfo* GetInputInstanceInfo(size_t ir_index) const {
    return InstanceInfo(data_->ir_inputs, ir_index, &instances_);
  }
  const AnchorInstanceInfo* GetOutputInstanceInfo(size_t ir_index) const {
    return InstanceInfo(data_->ir_outputs, ir_index, &output_instances_);
  }
  const CompileTimeTensorDesc* GetInputTdInfo(size_t index) const {
    return OpCallData::At(data_->input_descs, static_cast<long>(index));
  }
  const CompileTimeTensorDesc* GetOutputTdInfo(size_t index) const {
    return OpCallData::At(data_->output_descs, static_cast<long>(index));
  }
  CompileTimeTensorDesc* MutableInputTdInfo(size_t index) const {
    return OpCallData::At(data_->input_descs, static_cast<long>(index));
  }
  CompileTimeTensorDesc* MutableOutputTdInfo(size_t index) const {
    return OpCallData::At(data_->output_descs, static_cast<long>(index));
  }
  const RuntimeAttrs* GetAttrs() const { return &data_->attrs; }

 private:
  static const AnchorInstanceInfo* InstanceInfo(const std::vector<std::pair<size_t, size_t>>& ir,
                                                size_t ir_index,
                                                std::vector<AnchorInstanceInfo>* out) {
    if (ir_index >= ir.size()) return nullptr;
    out->clear();
    for (const auto& [first, count] : ir) {
      out->emplace_back(static_cast<uint32_t>(first), static_cast<uint32_t>(count));
    }
    return &(*out)[ir_index];
  }

  OpCallData* data_;
  // What Get{In,Out}putInstanceInfo point into.
  mutable std::vector<AnchorInstanceInfo> instances_;
  mutable std::vector<AnchorInstanceInfo> output_instances_;
};

// What the contexts share: the call's inputs, outputs and attributes.
class ExtendedKernelContext : public KernelContext {
 public:
  explicit ExtendedKernelContext(OpCallData* data) : data_(data), node_info_(data) {}
  const ComputeNodeInfo* GetComputeNodeInfo() const { return &node_info_; }
  const AnchorInstanceInfo* GetIrInputInstanceInfo(size_t ir_index) const {
    return node_info_.GetInputInstanceInfo(ir_index);
  }
  const AnchorInstanceInfo* GetIrOutputInstanceInfo(size_t ir_index) const {
    return node_info_.GetOutputInstanceInfo(ir_index);
  }
  const char* GetNodeName() const { return data_->node_name; }
  const char* GetNodeType() const { return data_->node_type; }
  const RuntimeAttrs* GetAttrs() const { return &data_->attrs; }
  size_t GetComputeNodeInputNum() const { return data_->input_shapes.size(); }
  size_t GetComputeNodeOutputNum() const { return data_->output_shapes.size(); }
  const CompileTimeTensorDesc* GetInputDesc(size_t index) const {
    return OpCallData::At(data_->input_descs, static_cast<long>(index));
  }
  const CompileTimeTensorDesc* GetOptionalInputDesc(size_t ir_index) const {
    return OpCallData::At(data_->input_descs, OpCallData::Instance(data_->ir_inputs, ir_index, 0));
  }
  const CompileTimeTensorDesc* GetDynamicInputDesc(size_t ir_index, size_t relative) const {
    return OpCallData::At(data_->input_descs,
                          OpCallData::Instance(data_->ir_inputs, ir_index, relative));
  }
  const CompileTimeTensorDesc* GetOutputDesc(size_t index) const {
    return OpCallData::At(data_->output_descs, static_cast<long>(index));
  }
  const CompileTimeTensorDesc* GetRequiredInputDesc(size_t ir_index) const {
    return GetOptionalInputDesc(ir_index);
  }

 protected:
  OpCallData* data_;
  ComputeNodeInfo node_info_;
};

}  // namespace gert
