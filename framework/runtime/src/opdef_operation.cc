#include "opdef_operation.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "desc_check.h"
#include "opdef_aicpu.h"
#include "opdef_attrs.h"
#include "opdef_call.h"
#include "opdef_compile_info.h"
#include "opdef_engine_choice.h"
#include "opdef_inputs.h"
#include "opdef_launch_args.h"
#include "opdef_outputs.h"
#include "opdef_soc_config.h"
#include "opsim/framework/context.h"
#include "opsim/framework/host_run.h"
#include "opsim/op_api/op_error.h"
#include "opsim/op_api/op_impl.h"
#include "opsim/op_api/op_registry.h"
#include "opsim/op_api/platform_figures.h"
#include "opsim/op_api/user_call.h"
#include "opsim/sim/ascendc/cube_matmul_engine.h"
#include "opsim/sim/launch.h"
#include "opsim/sim/launch_mix.h"
#include "register/tilingdata_base.h"

namespace opsim {
namespace {

// CANN hands a tiling function a buffer of this many bytes; more is an error.
constexpr size_t kTilingCapacity = 64 * 1024;
// The most an IMPL_OP_OPTILING(...).Tiling(fn, max) may ask for.
constexpr size_t kMaxTilingCapacity = 1024 * 1024;
constexpr uint32_t kMaxBlockDim = 65535;
constexpr size_t kTilingGuard = 4096;
constexpr uint8_t kGuardByte = 0xA5;

std::string Str(uint64_t v) { return std::to_string(v); }

class OpDefOperation final : public EngineCandidate {
 public:
  OpDefOperation(const ops::OpDef& def, gert::RuntimeAttrs attrs, OpDefInputs inputs,
                 CallerOutputShapes caller_shapes, CallerOutputDTypes caller_dtypes)
      : def_(def),
        on_aicpu_(def.IsAICPU()),
        attrs_(std::move(attrs)),
        inputs_(std::move(inputs)),
        caller_shapes_(std::move(caller_shapes)),
        caller_dtypes_(std::move(caller_dtypes)) {}

  // GE's question to an engine: the call's dtypes and formats against the OpDef's columns, and
  // on a device the SoC's config and prototype (AI Core) or a registered kernel (AI CPU).
  Status Supports(const SVector<TensorDesc>& in, const VariantPack* pack,
                  const std::string* device) const override {
    gert::OpCallData call;
    size_t column = 0;
    bool value_dependent = false;
    OPSIM_RETURN_IF_ERROR(DescribeCall(in, &call, &column, pack, &value_dependent));
    OPSIM_RETURN_IF_ERROR(SelectColumnWithInferredDTypes(def_, &call, &column, caller_dtypes_));
    if (device == nullptr) return Status::Ok();
    if (on_aicpu_) return CheckAiCpuKernel(def_.GetOpType());
    OPSIM_RETURN_IF_ERROR(CheckSocConfig(def_, *device));
    return CheckSocPrototype(def_, *device, call, column, &caller_dtypes_);
  }

  std::string GetName() const override { return def_.GetOpType(); }
  uint32_t GetInputNum() const override { return static_cast<uint32_t>(inputs_.PackCount()); }
  uint32_t GetOutputNum() const override {
    size_t n = 0;
    for (size_t c : inputs_.output_counts) n += c;
    return static_cast<uint32_t>(n);
  }

  Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                    SVector<TensorDesc>& outTensorDescs) const override {
    gert::OpCallData call;
    size_t column = 0;
    return Describe(inTensorDescs, &call, &column, &outTensorDescs);
  }

  Status InferShapeOfPack(const VariantPack& pack, SVector<TensorDesc>& outTensorDescs,
                          std::vector<bool>* unset) const override {
    SVector<TensorDesc> in_descs;
    for (const Tensor& t : pack.inTensors) in_descs.push_back(t.desc);
    gert::OpCallData call;
    size_t column = 0;
    bool value_dependent = false;
    return Describe(in_descs, &call, &column, &outTensorDescs, &pack, &value_dependent, unset);
  }

  Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize, Context* context) override {
    if (ready_ && context != nullptr && context == context_ &&
        context->device_generation() == device_generation_ && CheckSamePack(variantPack).ok() &&
        !value_dependent_) {
      workspaceSize = workspace_size_;
      return Status::Ok();
    }
    ready_ = false;
    if (context == nullptr) return Error(ErrorCode::kInvalidContextAddr, "Setup: context is null");
    // Sizes first: InferShape and the tiling may read a ValueDepend input's data.
    for (size_t k = 0; k < variantPack.inTensors.size(); ++k) {
      if (variantPack.inTensors[k].desc.dtype == ACL_DT_UNDEFINED) continue;
      OPSIM_RETURN_IF_ERROR(
          CheckDataSize(def_.GetOpType(), "inTensors[" + Str(k) + "]", variantPack.inTensors[k]));
    }
    SVector<TensorDesc> in_descs;
    for (const Tensor& t : variantPack.inTensors) in_descs.push_back(t.desc);
    gert::OpCallData call;
    size_t column = 0;
    SVector<TensorDesc> want_out;
    bool value_dependent = false;
    OPSIM_RETURN_IF_ERROR(
        Describe(in_descs, &call, &column, &want_out, &variantPack, &value_dependent));
    if (variantPack.outTensors.size() != want_out.size()) {
      return Error(ErrorCode::kInvalidTensorNum,
                   "outTensors holds " + Str(variantPack.outTensors.size()) +
                       " tensors (expected " + Str(want_out.size()) + DynamicOutputCounts() + ")");
    }
    for (size_t k = 0; k < want_out.size(); ++k) {
      const std::string name = "outTensors[" + Str(k) + "]";
      OPSIM_RETURN_IF_ERROR(
          CheckDescMatches(def_.GetOpType(), name, variantPack.outTensors[k].desc, want_out[k]));
      OPSIM_RETURN_IF_ERROR(CheckDataSize(def_.GetOpType(), name, variantPack.outTensors[k]));
    }
    if (on_aicpu_) {
      OPSIM_RETURN_IF_ERROR(CheckAiCpuKernel(def_.GetOpType()));
      return Ready(in_descs, want_out, value_dependent, context, &workspaceSize);
    }
    OPSIM_RETURN_IF_ERROR(CheckSocConfig(def_, context->device().name));
    OPSIM_RETURN_IF_ERROR(
        CheckSocPrototype(def_, context->device().name, call, column, &caller_dtypes_));

    // A kernel of the older dialect serves every key; a template kernel's instantiations are
    // chosen by the key the tiling sets (their arity is one, so any of them is checked first).
    const op_api::KernelBuild* kernel =
        op_api::FindKernel(def_.GetOpType(), static_cast<int>(column));
    const std::vector<const op_api::KernelBuild*> keyed =
        op_api::KeyedKernels(def_.GetOpType(), static_cast<int>(column));
    OPSIM_RETURN_IF_ERROR(
        CheckKernel(kernel != nullptr || keyed.empty() ? kernel : keyed[0], column));
    OPSIM_RETURN_IF_ERROR(RunTiling(context->device(), &call));
    if (kernel == nullptr) OPSIM_RETURN_IF_ERROR(SelectInstantiation(keyed, column, &kernel));

    kernel_ = kernel;
    return Ready(in_descs, want_out, value_dependent, context, &workspaceSize);
  }

  Status Execute(const VariantPack& variantPack, uint8_t* workspace, uint64_t workspaceSize,
                 Context* context) override {
    if (!ready_) {
      return Error(ErrorCode::kOperationNullRunner,
                   "Execute: Setup has not succeeded (call Setup first)");
    }
    if (context == nullptr || context != context_) {
      return Error(ErrorCode::kInvalidContextAddr,
                   "Execute: context is null or not the one Setup was called with");
    }
    if (context->device_generation() != device_generation_) {
      return Error(ErrorCode::kInvalidContextAddr, "Execute: the context's device changed to " +
                                                       context->device().name +
                                                       " after Setup (call Setup again)");
    }
    if (Status same = CheckSamePack(variantPack); !same.ok()) return same;
    if (on_aicpu_) return RunAiCpuKernel(def_, attrs_, inputs_, variantPack);
    if (workspaceSize < workspace_size_ || (workspace_size_ > 0 && workspace == nullptr)) {
      return Error(ErrorCode::kInvalidWorkspaceSize,
                   "Execute: workspace of " + Str(workspaceSize) + " B" +
                       (workspace == nullptr ? " (null)" : "") + " is smaller than the " +
                       Str(workspace_size_) + " B Setup asked for");
    }
    sim::LaunchOptions launch;
    launch.host_threads = context->options().host_threads;
    launch.checked = context->options().checked;
    launch.trace = context->options().trace;
    launch.copy_elision = context->options().copy_elision;
    launch.tiling_key = tiling_key_;
    OpDefLaunchArgs args;
    OpDefLaunchBuffers buffers;
    buffers.workspace = workspace;
    buffers.workspace_bytes = workspace_size_;
    buffers.tiling = &tiling_;
    buffers.padded = context->options().padded_device_buffers;
    OPSIM_RETURN_IF_ERROR(BindOpDefLaunch(def_, inputs_, variantPack, buffers, &launch, &args));

    const op_api::KernelBuild* kernel = kernel_;
    // A kernel built without --cce-auto-sync has no inserted syncs, whatever the context asks.
    launch.auto_sync = context->options().auto_sync && kernel->auto_sync;
    launch.timeout_ns = context->options().timeout_ns;
    launch.wall_timeout_s = context->options().wall_timeout_s;
    const auto run = [&] { kernel->invoke(kernel->fn, args.args.data()); };
    // A kernel whose library uses the Matmul's MIX form runs one AIC with its AIV cores per
    // block (docs/CUBE.md, "MIX kernels").
    sim::LaunchResult result = sim::detail::MixKernelAt(reinterpret_cast<const void*>(kernel->fn))
                                   ? sim::LaunchMix(context->device(), block_dim_, launch, run)
                                   : sim::Launch(context->device(), block_dim_, launch, run);
    context->RecordWarnings(def_.GetOpType(), result.warnings);  // a fault's run's too
    if (!result.status.ok()) {
      return {result.status.code(), def_.GetOpType() + ": " + result.status.message()};
    }
    context->RecordLaunch(result.stats);
    return Status::Ok();
  }

 private:
  Status Error(ErrorCode code, const std::string& what) const {
    return {code, def_.GetOpType() + ": " + what};
  }

  // ": y has 3 (@y)" for each DYNAMIC output, so that a count mismatch names the list.
  std::string DynamicOutputCounts() const {
    std::string text;
    for (size_t k = 0; k < def_.GetOutputs().size(); ++k) {
      const ops::OpParamDef& p = def_.GetOutputs()[k];
      if (p.GetParamType() != ops::DYNAMIC) continue;
      text += (text.empty() ? ": " : ", ") + p.GetName() + " has " + Str(inputs_.output_counts[k]) +
              " (@" + p.GetName() + ")";
    }
    return text;
  }

  // What Execute needs of a successful Setup.
  Status Ready(const SVector<TensorDesc>& in_descs, const SVector<TensorDesc>& out_descs,
               bool value_dependent, Context* context, uint64_t* workspace_size) {
    value_dependent_ = value_dependent;
    in_descs_ = in_descs;
    out_descs_ = out_descs;
    context_ = context;
    device_generation_ = context->device_generation();
    workspace_size_ = on_aicpu_ ? 0 : tiled_workspace_;
    *workspace_size = workspace_size_;
    ready_ = true;
    return Status::Ok();
  }

  // `in` holds the pack's descriptions; the constants join them here, with their values, and at
  // Setup (`pack` given) the values of the pack's ValueDepend inputs, as CANN hands them to
  // InferShape and the tiling function.
  Status Describe(const SVector<TensorDesc>& in, gert::OpCallData* call, size_t* column,
                  SVector<TensorDesc>* out, const VariantPack* pack = nullptr,
                  bool* value_dependent = nullptr, std::vector<bool>* unset = nullptr) const {
    OPSIM_RETURN_IF_ERROR(DescribeCall(in, call, column, pack, value_dependent));
    (void)op_api::TakeOpError();
    Status st = InferOutputs(def_, *column, call, out, &caller_shapes_, unset);
    if (Status reported = op_api::TakeOpError(); !st.ok() && !reported.ok()) return reported;
    return st;
  }

  // The call as the OpDef sees it, and the dtype column it takes.
  Status DescribeCall(const SVector<TensorDesc>& in, gert::OpCallData* call, size_t* column,
                      const VariantPack* pack, bool* value_dependent) const {
    if (in.size() != inputs_.PackCount()) {
      return Error(ErrorCode::kInvalidInTensorNum,
                   Str(in.size()) + " input descriptions given but the op takes " +
                       Str(inputs_.PackCount()));
    }
    call->node_name = def_.GetOpType().c_str();
    call->node_type = def_.GetOpType().c_str();
    call->attrs = attrs_;
    OPSIM_RETURN_IF_ERROR(DescribeInputs(def_, inputs_.counts, inputs_.output_counts,
                                         inputs_.WithConstants(in), call));
    for (size_t k = 0; k < inputs_.constants.size(); ++k) {
      if (!inputs_.constants[k]) continue;
      // An empty constant's value is known too: its address is never null.
      const size_t instance = call->ir_inputs[k].first;
      call->input_tensors[instance] =
          gert::Tensor(call->input_shapes[instance], call->input_descs[instance],
                       inputs_.constants[k]->bytes.data());
    }
    if (pack != nullptr) OPSIM_RETURN_IF_ERROR(BindValueInputs(*pack, call, value_dependent));
    return SelectColumn(def_, *call, column, &caller_dtypes_);
  }

  // Inputs the OpDef marks ValueDepend reach the tiling function with their data, as in CANN.
  Status BindValueInputs(const VariantPack& pack, gert::OpCallData* call,
                         bool* value_dependent) const {
    *value_dependent = false;
    size_t next = 0;  // the OpDef input's first tensor in the pack
    for (size_t k = 0; k < def_.GetInputs().size(); ++k) {
      // No tensor in the pack: a constant (its value is bound already) or an absent input.
      if (inputs_.constants[k] || inputs_.absent[k]) continue;
      const size_t position = next;
      next += inputs_.counts[k];
      if (def_.GetInputs()[k].GetValueDepend() == ops::IGNORE) continue;
      const auto [first, count] = call->ir_inputs[k];
      for (size_t i = 0; i < count; ++i) {
        *value_dependent = true;
        const Tensor& t = pack.inTensors[position + i];
        if (t.dataSize > 0 && t.deviceData == nullptr) {
          return Error(ErrorCode::kInvalidTensorAddr,
                       "Setup: input " + Str(position + i) + " (" + def_.GetInputs()[k].GetName() +
                           ") is ValueDepend but its deviceData is null");
        }
        call->input_tensors[first + i] =
            gert::Tensor(call->input_shapes[first + i], call->input_descs[first + i], t.deviceData);
      }
    }
    return Status::Ok();
  }

  // The instantiation of the template kernel for the key the tiling set; a key ASCENDC_TPL_SEL
  // did not select is refused, naming its fields and the keys that were built.
  Status SelectInstantiation(const std::vector<const op_api::KernelBuild*>& keyed, size_t column,
                             const op_api::KernelBuild** kernel) const {
    for (const op_api::KernelBuild* k : keyed) {
      if (k->tiling_key == tiling_key_) {
        *kernel = k;
        return Status::Ok();
      }
    }
    const op_api::TemplateKeyLayout empty;
    const op_api::TemplateKeyLayout& layout =
        keyed[0]->layout != nullptr ? *keyed[0]->layout : empty;
    std::string built;
    for (const op_api::KernelBuild* k : keyed) {
      built += (built.empty() ? "" : "; ") + Str(k->tiling_key) + " (" +
               op_api::DescribeTemplateKey(layout, k->tiling_key) + ")";
    }
    return Error(ErrorCode::kInvalidParam, "the tiling set tiling key " + Str(tiling_key_) + " (" +
                                               op_api::DescribeTemplateKey(layout, tiling_key_) +
                                               "), which no instantiation of kernel '" +
                                               op_api::KernelName(def_.GetOpType()) +
                                               "' for dtype column " + Str(column) +
                                               " has; ASCENDC_TPL_SEL selects " + built);
  }

  Status CheckKernel(const op_api::KernelBuild* kernel, size_t column) const {
    const std::string entry = op_api::KernelName(def_.GetOpType());
    if (kernel == nullptr) {
      if (!op_api::HasAnyKernel(def_.GetOpType())) {
        return Error(ErrorCode::kUnsupported,
                     "no kernel '" + entry + "' is registered (build op_kernel/" + entry +
                         ".cpp into the operator library with opsim_add_op_library)");
      }
      return Error(ErrorCode::kUnsupported,
                   "the kernel '" + entry + "' has no build for dtype column " + Str(column));
    }
    const size_t want = def_.GetInputs().size() + def_.GetOutputs().size() + 2;  // a list each
    if (kernel->arity != want) {
      return Error(ErrorCode::kInvalidParam, "kernel '" + entry + "' takes " + Str(kernel->arity) +
                                                 " GM_ADDR parameters, but " +
                                                 Str(def_.GetInputs().size()) + " inputs + " +
                                                 Str(def_.GetOutputs().size()) +
                                                 " outputs + workspace + tiling make " + Str(want));
    }
    return Status::Ok();
  }

  // The tiling buffer's capacity: IMPL_OP_OPTILING's Tiling(fn, max) for an op that registers
  // its tiling so, else the 64 KiB CANN gives an OpDef's tiling. CANN's runtime sizes the buffer
  // by the compiled kernel's tiling struct too (its op_para_size): the class the op registers
  // with REGISTER_TILING_DATA_CLASS, when larger (ops-nn's ForeachCommonTilingData, 3056 B, under
  // the default 2048).
  Status TilingCapacity(const op_api::OpImplRecord* impl, size_t* capacity) const {
    *capacity = kTilingCapacity;
    if (impl == nullptr || impl->tiling == nullptr) return Status::Ok();
    if (impl->max_tiling_data_size > kMaxTilingCapacity) {
      return Error(ErrorCode::kInvalidParam,
                   "IMPL_OP_OPTILING(" + def_.GetOpType() + ").Tiling(fn, " +
                       Str(impl->max_tiling_data_size) + ") asks for a tiling buffer over the " +
                       Str(kMaxTilingCapacity) + " B opsim gives at most");
    }
    *capacity = impl->max_tiling_data_size;
    const std::shared_ptr<optiling::TilingDef> registered =
        optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance(
            def_.GetOpType().c_str());
    if (registered != nullptr) {
      *capacity = std::max(*capacity, std::min(registered->GetDataSize(), kMaxTilingCapacity));
    }
    return Status::Ok();
  }

  Status RunTiling(const sim::DeviceProfile& device, gert::OpCallData* call) {
    const auto tiling_fn = def_.GetAICore().GetTiling();
    if (tiling_fn == nullptr) {
      return Error(ErrorCode::kUnsupported,
                   "registers no tiling function: neither the OpDef's AICore().SetTiling(fn) nor "
                   "IMPL_OP_OPTILING(" +
                       def_.GetOpType() + ").Tiling(fn)");
    }
    const op_api::OpImplRecord* impl = op_api::FindOpImpl(def_.GetOpType());
    size_t capacity = 0;
    OPSIM_RETURN_IF_ERROR(TilingCapacity(impl, &capacity));
    fe::PlatFormInfos platform;
    PlatformFor(device, &platform);
    OPSIM_RETURN_IF_ERROR(compile_info_.Get(impl, device.name, &platform, &call->compile_info));
    // A guard band past the buffer shows a tiling function that wrote beyond its capacity; the
    // buffer itself starts zeroed (GetTilingData<T> runs no constructor).
    std::vector<uint8_t> tiling(capacity + kTilingGuard);
    std::fill(tiling.begin() + static_cast<std::ptrdiff_t>(capacity), tiling.end(), kGuardByte);
    gert::TilingData raw(tiling.data(), capacity);
    call->tiling = &raw;
    call->platform = &platform;
    gert::TilingContext context(call);
    (void)optiling::TakeTilingLayoutError();
    (void)op_api::TakeOpError();
    uint32_t rc = ge::GRAPH_SUCCESS;
    const op_api::ScopedCurrentPlatform current(&platform);
    const Status threw =
        op_api::CallUserCode({def_.GetOpType(), "tiling", op_api::CodeAddress(tiling_fn)},
                             [&] { rc = tiling_fn(&context); });
    const Status reported = op_api::TakeOpError();
    call->tiling = nullptr;
    call->platform = nullptr;
    if (!threw.ok()) {
      (void)optiling::TakeTilingLayoutError();
      return threw;
    }
    const std::string layout = optiling::TakeTilingLayoutError();
    if (rc != ge::GRAPH_SUCCESS) {
      if (!reported.ok()) return NamingTheOp(def_.GetOpType(), reported);
      return Error(ErrorCode::kInvalidParam, "its tiling function failed (returned " + Str(rc) +
                                                 ")" + (layout.empty() ? "" : ": " + layout));
    }
    if (!layout.empty()) return Error(ErrorCode::kInvalidParam, "tiling: " + layout);
    OPSIM_RETURN_IF_ERROR(CheckTilingBounds(tiling, capacity, *call));
    tiling.resize(capacity);
    return CheckTilingResult(raw, *call, std::move(tiling));
  }

  Status CheckTilingResult(const gert::TilingData& raw, const gert::OpCallData& call,
                           std::vector<uint8_t> tiling) {
    if (raw.GetDataSize() > raw.GetCapacity()) {
      return Error(ErrorCode::kInvalidParam, "the tiling function set a data size of " +
                                                 Str(raw.GetDataSize()) + " B, over the " +
                                                 Str(raw.GetCapacity()) + " B tiling buffer");
    }
    if (!call.block_dim_set || call.block_dim == 0 || call.block_dim > kMaxBlockDim) {
      return Error(ErrorCode::kInvalidParam,
                   call.block_dim_set
                       ? "the tiling function set blockDim = " + Str(call.block_dim) +
                             " (expected 1.." + Str(kMaxBlockDim) + ")"
                       : std::string("the tiling function did not call SetBlockDim"));
    }
    OPSIM_RETURN_IF_ERROR(SumWorkspaces(call));
    tiling_ = std::move(tiling);
    block_dim_ = call.block_dim;
    tiling_key_ = call.tiling_key;
    return Status::Ok();
  }

  // What the tiling function claimed, against what the runtime gave it.
  Status CheckTilingBounds(const std::vector<uint8_t>& tiling, size_t capacity,
                           const gert::OpCallData& call) const {
    for (size_t i = capacity; i < tiling.size(); ++i) {
      if (tiling[i] == kGuardByte) continue;
      return Error(ErrorCode::kInvalidParam, "the tiling function wrote past the " + Str(capacity) +
                                                 " B tiling buffer (byte " + Str(i) +
                                                 " changed; GetRawTilingData()->"
                                                 "GetCapacity() is the bound)");
    }
    if (call.refused_workspace_count > 0) {
      return Error(ErrorCode::kInvalidWorkspaceSize,
                   "the tiling function asked GetWorkspaceSizes(" +
                       Str(call.refused_workspace_count) + "), over the " +
                       Str(gert::OpCallData::kMaxWorkspaces) + " workspaces a launch may have");
    }
    return Status::Ok();
  }

  // The workspace a launch gets is the sum of the sizes; one that wraps past 2^64 is a lie.
  Status SumWorkspaces(const gert::OpCallData& call) {
    uint64_t total = 0;
    for (size_t k = 0; k < call.workspace_sizes.size(); ++k) {
      if (__builtin_add_overflow(total, uint64_t{call.workspace_sizes[k]}, &total)) {
        return Error(ErrorCode::kInvalidWorkspaceSize,
                     "the tiling function's workspace sizes sum past 2^64 B (workspace " + Str(k) +
                         " of " + Str(call.workspace_sizes[k]) + " B)");
      }
    }
    tiled_workspace_ = total;
    return Status::Ok();
  }

  // Execute runs what Setup checked and tiled: the same descriptions.
  Status CheckSamePack(const VariantPack& pack) const {
    if (pack.inTensors.size() != in_descs_.size() || pack.outTensors.size() != out_descs_.size()) {
      return Error(ErrorCode::kInvalidParam,
                   "Execute: the pack holds " + Str(pack.inTensors.size()) + " inputs and " +
                       Str(pack.outTensors.size()) + " outputs, but Setup saw " +
                       Str(in_descs_.size()) + " and " + Str(out_descs_.size()) +
                       " (call Setup again)");
    }
    for (size_t k = 0; k < in_descs_.size() + out_descs_.size(); ++k) {
      const bool in = k < in_descs_.size();
      const size_t i = in ? k : k - in_descs_.size();
      const TensorDesc& got = in ? pack.inTensors[i].desc : pack.outTensors[i].desc;
      const TensorDesc& saw = in ? in_descs_[i] : out_descs_[i];
      if (got == saw) continue;
      return Error(ErrorCode::kInvalidParam, std::string("Execute: ") +
                                                 (in ? "inTensors[" : "outTensors[") + Str(i) +
                                                 "] is " + ToString(got) + " but Setup saw " +
                                                 ToString(saw) + " (call Setup again)");
    }
    return Status::Ok();
  }

  const ops::OpDef& def_;
  const bool on_aicpu_;  // an AI CPU OpDef: its REGISTER_CPU_KERNEL kernel runs, no tiling
  gert::RuntimeAttrs attrs_;
  OpDefInputs inputs_;
  CallerOutputShapes caller_shapes_;  // the outputs whose shape the caller gives
  CallerOutputDTypes caller_dtypes_;  // and whose type (they take part in the column's choice)
  bool ready_ = false;
  bool value_dependent_ = false;
  const op_api::KernelBuild* kernel_ = nullptr;
  std::vector<uint8_t> tiling_;
  uint32_t block_dim_ = 0;
  uint64_t tiling_key_ = 0;
  SVector<TensorDesc> in_descs_;
  SVector<TensorDesc> out_descs_;
  const Context* context_ = nullptr;
  uint64_t device_generation_ = 0;
  uint64_t workspace_size_ = 0;
  uint64_t tiled_workspace_ = 0;  // the last tiling's sum
  CompileInfoCache compile_info_;
};

Status MakeOneEngine(const ops::OpDef& def, const AttrMap& attrs,
                     std::unique_ptr<EngineCandidate>* out) {
  for (const ops::OpParamDef& p : def.GetOutputs()) {
    if (def.IsAICPU() && p.GetParamType() == ops::DYNAMIC) {  // AI Core kernels only, so far
      return {ErrorCode::kUnsupported, def.GetOpType() + ": output '" + p.GetName() +
                                           "' is DYNAMIC, which opsim's AI CPU kernels do not "
                                           "take yet"};
    }
  }
  OpDefInputs inputs;
  OPSIM_RETURN_IF_ERROR(PlanOpDefInputs(def, attrs, &inputs));
  CallerOutputShapes caller_shapes;
  OPSIM_RETURN_IF_ERROR(PlanCallerOutputShapes(def, attrs, &caller_shapes));
  CallerOutputDTypes caller_dtypes;
  OPSIM_RETURN_IF_ERROR(PlanCallerOutputDTypes(def, attrs, &caller_dtypes));
  gert::RuntimeAttrs resolved;
  OPSIM_RETURN_IF_ERROR(ResolveOpDefAttrs(def, attrs, &resolved));
  *out = std::make_unique<OpDefOperation>(def, std::move(resolved), std::move(inputs),
                                          std::move(caller_shapes), std::move(caller_dtypes));
  return Status::Ok();
}

}  // namespace

Status MakeOpDefOperation(const ops::OpDef& def, const AttrMap& attrs,
                          std::unique_ptr<Operation>* out) {
  std::unique_ptr<EngineCandidate> on_aicore;
  OPSIM_RETURN_IF_ERROR(MakeOneEngine(def, attrs, &on_aicore));
  const ops::OpDef* aicpu = op_api::FindAiCpuOpDef(def.GetOpType());
  std::unique_ptr<EngineCandidate> on_aicpu;
  // An AI CPU OpDef that does not take the call's attributes cannot be chosen for it.
  if (aicpu == nullptr || aicpu == &def || !MakeOneEngine(*aicpu, attrs, &on_aicpu).ok()) {
    *out = std::move(on_aicore);
    return Status::Ok();
  }
  *out = ChooseEngine(std::move(on_aicore), std::move(on_aicpu));
  return Status::Ok();
}

}  // namespace opsim
