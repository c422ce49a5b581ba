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
#include "register/op_def.h"

namespace opsim::op_api {

// CANN's rule for the kernel entry of an op type: AddCustom -> add_custom, AddN -> add_n; a
// namespaced type's dot becomes an underscore (OpenVINO.ReduceSum -> open_vino_reduce_sum).
std::string KernelName(std::string_view op_type);

// nullptr when no OpDef of that type was added.
const ops::OpDef* FindOpDef(std::string_view op_type);
std::vector<std::string> OpDefNames();  // sorted

using KernelInvoker = void (*)(void (*fn)(), uint8_t* const* args);
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
};
void RegisterKernel(const char* op_type, int column, size_t arity, void (*fn)(),
                    KernelInvoker invoke, bool auto_sync);
// nullptr when that op has no kernel for that column.
const KernelBuild* FindKernel(std::string_view op_type, int column);
bool HasAnyKernel(std::string_view op_type);

// The most inputs (counting every tensor of a DYNAMIC input) or outputs one call of an op takes:
// what a VariantPack holds.
constexpr size_t kMaxOpTensors = 64;
// kInvalidParam when `def` declares more inputs or outputs than kMaxOpTensors.
Status CheckTensorCounts(const ops::OpDef& def);

// Loads an operator library with dlopen; its OP_ADD and kernel registrations join the registry.
// kIoError: missing, not a regular file, not an ELF shared object, or not loadable;
// kInvalidParam: no operator in it, an op type already defined, an op with more than
// kMaxOpTensors inputs or outputs, or user code that threw, exited or crashed while it loaded
// (the library is then unloaded and the registry left as it was). A path without '/' is looked
// up in the current folder first, then as dlopen would. `added` lists its ops.
Status LoadOpLibrary(const std::string& path, std::vector<std::string>* added = nullptr);
// Every library named in a colon-separated list (OPSIM_OP_LIBRARIES's form); the first error.
Status LoadOpLibraries(std::string_view colon_separated);

}  // namespace opsim::op_api
