// The process's operators defined the Ascend way: OpDefs added by OP_ADD, kernels registered by
// name and dtype column, and the loading of operator libraries (shared objects built by
// opsim_add_op_library) that add both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/op_api/kernel_entry.h"
#include "register/op_def.h"

namespace opsim::op_api {

// CANN's rule for the kernel entry of an op type: AddCustom -> add_custom, AddN -> add_n; a
// namespaced type's dot becomes an underscore (OpenVINO.ReduceSum -> open_vino_reduce_sum).
std::string KernelName(std::string_view op_type);

// nullptr when no OpDef of that type was added. An op type may have an AI Core OpDef and an AI
// CPU one (whose AICPU() was called): this gives the AI Core one when there is one.
const ops::OpDef* FindOpDef(std::string_view op_type);
// The AI CPU OpDef of the type, or nullptr: GE's other engine for the calls the AI Core's
// prototype on the device does not take.
const ops::OpDef* FindAiCpuOpDef(std::string_view op_type);
std::vector<std::string> OpDefNames();  // sorted, each type once
// The prototype `def` has on a SoC whose AddConfig gave `config` (CANN's GetMergeInputs and
// GetMergeOutputs, DataTypeLists expanded into columns as for every OpDef): the op type, inputs
// and outputs only.
ops::OpDef MergedForSoc(const ops::OpDef& def, const ops::OpAICoreConfig& config);

using KernelInvoker = void (*)(void (*fn)(), uint8_t* const* args);

// The tiling key of a kernel built for every key (the older dialect's one entry per column):
// CANN's INVALID_TILING_KEY, which no template key encodes to.
constexpr uint64_t kAnyTilingKey = ~uint64_t{0};

// "D_T_X=27, schMode=1": the fields `key` encodes under `layout` ("code 5 (not declared)" for a
// UINT index past its list; "bits above the declared fields" when any are set).
std::string DescribeTemplateKey(const TemplateKeyLayout& layout, uint64_t key);

struct KernelBuild {
  std::string op_type;
  int column = 0;    // the OpDef's dtype column this build was compiled for
  size_t arity = 0;  // GM_ADDR parameters of the entry
  void (*fn)() = nullptr;
  KernelInvoker invoke = nullptr;
  // Built as CANN's --cce-auto-sync builds it (the default); false when its library was built
  // with it off (opsim_add_op_library AUTO_SYNC OFF, or --cce-auto-sync=off in
  // add_ops_compile_options): its launches then run with LaunchOptions::auto_sync off.
  bool auto_sync = true;
  // A template kernel's instantiation for one selected key (ASCENDC_TPL_SEL), or kAnyTilingKey;
  // `layout` (owned by the kernel's library, like `fn`) decodes keys for messages.
  uint64_t tiling_key = kAnyTilingKey;
  const TemplateKeyLayout* layout = nullptr;
};
void RegisterKernel(const char* op_type, int column, size_t arity, void (*fn)(),
                    KernelInvoker invoke, bool auto_sync);
// One instantiation of a template kernel, launched when the tiling sets `tiling_key`.
void RegisterKeyedKernel(const char* op_type, int column, uint64_t tiling_key,
                         const TemplateKeyLayout* layout, size_t arity, void (*fn)(),
                         KernelInvoker invoke, bool auto_sync);
// The kernel built for every key of that column; nullptr when there is none (the op has no
// kernel for that column, or only template instantiations: KeyedKernels).
const KernelBuild* FindKernel(std::string_view op_type, int column);
// The template instantiations of that column, by key (empty for a kernel of the older dialect).
std::vector<const KernelBuild*> KeyedKernels(std::string_view op_type, int column);
// The instantiation for `tiling_key`, or nullptr.
const KernelBuild* FindKeyedKernel(std::string_view op_type, int column, uint64_t tiling_key);
bool HasAnyKernel(std::string_view op_type);

// The most inputs (counting every tensor of a DYNAMIC input) or outputs one call of an op takes:
// what a VariantPack holds.
constexpr size_t kMaxOpTensors = 64;
// kInvalidParam when `def` declares more inputs or outputs than kMaxOpTensors.
Status CheckTensorCounts(const ops::OpDef& def);

// Loads an operator library with dlopen; its OP_ADD and kernel registrations join the registry.
// kIoError: missing, not a regular file, not an ELF shared object, or not loadable;
// kInvalidParam: no operator in it, an op type a library loaded before defines, an op with more
// than kMaxOpTensors inputs or outputs, or user code that threw, exited or crashed while it
// loaded (the library is then unloaded and the registry left as it was). A path without '/' is
// looked up in the current folder first, then as dlopen would. `added` lists its ops. An op type
// that is one of opsim's own operators replaces it, as a CANN custom operator package takes
// precedence over the built-in operator of the same type: from then on FindOpDef and FindKernel
// give the library's. `replaced` lists those types.
Status LoadOpLibrary(const std::string& path, std::vector<std::string>* added = nullptr,
                     std::vector<std::string>* replaced = nullptr);
// Every library named in a colon-separated list (OPSIM_OP_LIBRARIES's form); the first error.
Status LoadOpLibraries(std::string_view colon_separated);

}  // namespace opsim::op_api
