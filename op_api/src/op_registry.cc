#include "opsim/op_api/op_registry.h"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "data_type_list.h"
#include "library_file.h"
#include "library_probe.h"
#include "op_impl_store.h"
#include "opsim/op_api/op_impl.h"
#include "opsim/op_api/user_call.h"
#include "register/op_def.h"

namespace opsim::op_api {
namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<ops::OpDef>, std::less<>> defs;
  // The op types' AI CPU OpDefs (AICPU() called), apart: a type may have one of each.
  std::map<std::string, std::unique_ptr<ops::OpDef>, std::less<>> aicpu_defs;
  // By (op type, column, tiling key); the older dialect's kernels under kAnyTilingKey.
  std::map<std::tuple<std::string, int, uint64_t>, KernelBuild, std::less<>> kernels;
  // While a library loads, its registrations wait here until the load is judged.
  bool loading = false;
  std::vector<std::unique_ptr<ops::OpDef>> pending_defs;
  std::vector<KernelBuild> pending_kernels;
  std::vector<std::string> load_errors;  // user code that threw while the library loaded
  std::vector<std::string> problems;     // clashes met outside a load (first definition kept)
  // Op type -> the library that defined it; a type not here but in `defs` is one of opsim's.
  std::map<std::string, std::string, std::less<>> library_of;
  std::map<std::string, std::string, std::less<>> aicpu_library_of;  // the same for AI CPU OpDefs
  // opsim's own ops a library's op of the same type replaced: kept alive (never run again) so
  // that nothing handed out before the load points at freed memory.
  std::vector<std::unique_ptr<ops::OpDef>> replaced_defs;
  std::vector<decltype(kernels)::node_type> replaced_kernels;
  // Op type -> the OP_ADD creator of an OpDef registered while no library loaded (opsim's own
  // ops, and the ops of a user's library the program links): tells opsim's from a user's.
  std::map<std::string, const void*, std::less<>> linked_origin;
  // Types whose OpDef a linked user's library gave over opsim's own: opsim's kernels of them
  // are set aside whenever they register.
  std::set<std::string, std::less<>> linked_overrides;
};

Registry& Reg() {
  static Registry* registry = new Registry;  // never destroyed: kernels may run at exit
  return *registry;
}

// The library's IMPL_OP registrations join its OpDefs; one that clashes with the OpDef's own
// functions refuses the library. One for an op type the library does not define is left out
// (its record goes back to what it was before the load): CANN's op-host library holds such
// registrations unused, and operator repositories share them (ops-nn's foreach_infershape.cpp
// registers every foreach op's InferShape, and each foreach op's library compiles it).
template <typename Refuse>
Status JoinOpImpls(const OpImplSnapshot& before, const std::vector<std::string>& names,
                   const std::vector<std::unique_ptr<ops::OpDef>>& defs, Refuse& refuse) {
  std::vector<std::string> elsewhere;
  for (const std::string& type : OpImplTypesChangedSince(before)) {
    if (std::find(names.begin(), names.end(), type) == names.end()) elsewhere.push_back(type);
  }
  RestoreOpImpls(before, &elsewhere);
  for (const auto& def : defs) {
    const OpImplRecord* impl = FindOpImpl(def->GetOpType());
    if (impl == nullptr) continue;
    if (Status joined = ApplyOpImpl(*impl, def.get()); !joined.ok()) {
      return refuse(joined.message());
    }
  }
  return Status::Ok();
}

// An extern "C" object only opsim's own operator library (opsim_ops) defines
// (op_host/builtin_anchor.cc): the registry finds that library by it, so that the op of a user's
// library the program links replaces opsim's op of the same type (as a loaded one does,
// LoadOpLibrary), whichever library initialises first.
constexpr const char* kBuiltinOperatorsAnchor = "opsim_builtin_operators";

// Whether `code` lies in opsim's own operator library (opsim_ops), which defines the anchor
// symbol: looked up each time, since that library may be mapped after the registry's.
bool IsBuiltinCode(const void* code) {
  Dl_info anchor_info;
  Dl_info code_info;
  void* anchor = dlsym(RTLD_DEFAULT, kBuiltinOperatorsAnchor);
  if (anchor == nullptr || code == nullptr || dladdr(anchor, &anchor_info) == 0 ||
      dladdr(code, &code_info) == 0) {
    return false;
  }
  return anchor_info.dli_fbase == code_info.dli_fbase;
}

std::mutex& LoadMutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

Status CheckTensorCounts(const ops::OpDef& def) {
  const size_t inputs = def.GetInputs().size();
  const size_t outputs = def.GetOutputs().size();
  if (inputs <= kMaxOpTensors && outputs <= kMaxOpTensors) return Status::Ok();
  return {ErrorCode::kInvalidParam,
          "op type " + def.GetOpType() + " declares " + std::to_string(inputs) + " inputs and " +
              std::to_string(outputs) + " outputs; opsim supports at most " +
              std::to_string(kMaxOpTensors) + " of each (a VariantPack holds 64 tensors)"};
}

std::string KernelName(std::string_view op_type) {
  std::string out;
  for (size_t i = 0; i < op_type.size(); ++i) {
    const char c = op_type[i];
    // A namespaced type ("OpenVINO.ReduceSum") keeps its parts apart with one underscore.
    if (c == '.') {
      out += '_';
      continue;
    }
    if (std::isupper(static_cast<unsigned char>(c)) && i > 0) {
      const char prev = op_type[i - 1];
      const bool next_lower =
          i + 1 < op_type.size() && std::islower(static_cast<unsigned char>(op_type[i + 1]));
      if (std::islower(static_cast<unsigned char>(prev)) ||
          std::isdigit(static_cast<unsigned char>(prev)) ||
          (std::isupper(static_cast<unsigned char>(prev)) && next_lower)) {
        out += '_';
      }
    }
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

ops::OpDef MergedForSoc(const ops::OpDef& def, const ops::OpAICoreConfig& config) {
  ops::OpDef merged(def.GetOpType().c_str());
  for (const ops::OpParamDef& p : def.GetMergeInputs(config)) merged.Input(p.GetName().c_str()) = p;
  for (const ops::OpParamDef& p : def.GetMergeOutputs(config)) {
    merged.Output(p.GetName().c_str()) = p;
  }
  ExpandDataTypeLists(&merged);
  return merged;
}

namespace {

// Registrations linked into the program (not loaded) join their OpDef on first use: static
// initialisation runs OP_ADD and IMPL_OP in no set order. A library's join at its load.
const ops::OpDef* JoinedOnFirstUse(Registry& r, ops::OpDef* def) {
  if (const OpImplRecord* impl = FindOpImpl(def->GetOpType()); impl != nullptr) {
    if (Status joined = ApplyOpImpl(*impl, def); !joined.ok()) {
      const std::string& text = joined.message();
      if (std::find(r.problems.begin(), r.problems.end(), text) == r.problems.end()) {
        r.problems.push_back(text);
      }
    }
  }
  return def;
}

}  // namespace

const ops::OpDef* FindOpDef(std::string_view op_type) {
  Registry& r = Reg();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.defs.find(op_type);
  if (it != r.defs.end()) return JoinedOnFirstUse(r, it->second.get());
  it = r.aicpu_defs.find(op_type);
  return it == r.aicpu_defs.end() ? nullptr : JoinedOnFirstUse(r, it->second.get());
}

const ops::OpDef* FindAiCpuOpDef(std::string_view op_type) {
  Registry& r = Reg();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.aicpu_defs.find(op_type);
  return it == r.aicpu_defs.end() ? nullptr : JoinedOnFirstUse(r, it->second.get());
}

std::vector<std::string> OpDefNames() {
  Registry& r = Reg();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::set<std::string> names;
  for (const auto& [name, def] : r.defs) names.insert(name);
  for (const auto& [name, def] : r.aicpu_defs) names.insert(name);
  return {names.begin(), names.end()};
}

namespace {

std::string KernelKeyText(const KernelBuild& build) {
  std::string text = build.op_type + " column " + std::to_string(build.column);
  if (build.tiling_key != kAnyTilingKey) text += " tiling key " + std::to_string(build.tiling_key);
  return text;
}

void AddKernel(KernelBuild build) {
  Registry& r = Reg();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (r.loading) {
    r.pending_kernels.push_back(std::move(build));
    return;
  }
  const void* code = reinterpret_cast<const void*>(build.fn);
  // opsim's kernel of a type a linked user's library took over: never run.
  if (r.linked_overrides.count(build.op_type) > 0 && IsBuiltinCode(code)) return;
  auto key = std::make_tuple(build.op_type, build.column, build.tiling_key);
  const std::string text = KernelKeyText(build);
  auto it = r.kernels.find(key);
  if (it == r.kernels.end()) {
    r.kernels.emplace(std::move(key), std::move(build));
    return;
  }
  const bool had_builtin = IsBuiltinCode(reinterpret_cast<const void*>(it->second.fn));
  const bool is_builtin = IsBuiltinCode(code);
  if (had_builtin && !is_builtin) {  // a linked user's kernel over opsim's
    r.replaced_kernels.push_back(r.kernels.extract(it));
    r.kernels.emplace(std::move(key), std::move(build));
  } else if (had_builtin || !is_builtin) {
    r.problems.push_back("a second kernel for " + text + " was ignored");
  }
}

}  // namespace

void RegisterKernel(const char* op_type, int column, size_t arity, void (*fn)(),
                    KernelInvoker invoke, bool auto_sync) {
  AddKernel(KernelBuild{op_type, column, arity, fn, invoke, auto_sync, kAnyTilingKey, nullptr});
}

void RegisterKeyedKernel(const char* op_type, int column, uint64_t tiling_key,
                         const TemplateKeyLayout* layout, size_t arity, void (*fn)(),
                         KernelInvoker invoke, bool auto_sync) {
  AddKernel(KernelBuild{op_type, column, arity, fn, invoke, auto_sync, tiling_key, layout});
}

const KernelBuild* FindKernel(std::string_view op_type, int column) {
  return FindKeyedKernel(op_type, column, kAnyTilingKey);
}

const KernelBuild* FindKeyedKernel(std::string_view op_type, int column, uint64_t tiling_key) {
  Registry& r = Reg();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.kernels.find(std::make_tuple(std::string(op_type), column, tiling_key));
  return it == r.kernels.end() ? nullptr : &it->second;
}

std::vector<const KernelBuild*> KeyedKernels(std::string_view op_type, int column) {
  Registry& r = Reg();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<const KernelBuild*> out;
  for (auto it = r.kernels.lower_bound(std::make_tuple(std::string(op_type), column, uint64_t{0}));
       it != r.kernels.end() && std::get<0>(it->first) == op_type &&
       std::get<1>(it->first) == column;
       ++it) {
    if (it->second.tiling_key != kAnyTilingKey) out.push_back(&it->second);
  }
  return out;
}

bool HasAnyKernel(std::string_view op_type) {
  Registry& r = Reg();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const auto& [key, build] : r.kernels) {
    if (std::get<0>(key) == op_type) return true;
  }
  return false;
}

namespace {

// Why a library's OpDefs and kernels cannot join the registry, or "" when they can: an op type
// another library defined already or this one defines twice, tensor counts over the limits, a
// kernel without its OpDef in the library, a second kernel for one key. All checked before
// anything joins, so a refusal leaves nothing of the library behind. `names` gets the library's
// op types, `replaces` those of them that are opsim's own ops: as in CANN, where a custom
// operator package takes precedence over the built-in operator of the same type, the library's
// op is the one that runs.
std::string LibraryConflict(const Registry& r, const std::vector<std::unique_ptr<ops::OpDef>>& defs,
                            const std::vector<KernelBuild>& kernels,
                            std::vector<std::string>* names, std::vector<std::string>* replaces) {
  std::vector<std::string> aicpu_names;
  for (const auto& def : defs) {
    const std::string& name = def->GetOpType();
    if (def->IsAICPU()) {
      if (std::find(aicpu_names.begin(), aicpu_names.end(), name) != aicpu_names.end()) {
        return "the AI CPU op type " + name + " is defined twice";
      }
      if (auto by = r.aicpu_library_of.find(name); by != r.aicpu_library_of.end()) {
        return "the AI CPU op type " + name + " is already defined by the library " + by->second +
               " loaded before";
      }
      if (Status fits = CheckTensorCounts(*def); !fits.ok()) return fits.message();
      aicpu_names.push_back(name);
      continue;
    }
    if (auto by = r.library_of.find(name); by != r.library_of.end()) {
      return "op type " + name + " is already defined by the library " + by->second +
             " loaded before; the op types of loaded libraries must be unique";
    }
    if (std::find(names->begin(), names->end(), name) != names->end()) {
      return "op type " + name + " is defined twice";
    }
    if (Status fits = CheckTensorCounts(*def); !fits.ok()) return fits.message();
    if (r.defs.count(name) > 0) replaces->push_back(name);
    names->push_back(name);
  }
  for (const std::string& name : aicpu_names) {
    if (std::find(names->begin(), names->end(), name) == names->end()) names->push_back(name);
  }
  std::set<std::tuple<std::string, int, uint64_t>> seen;
  for (const KernelBuild& k : kernels) {
    if (std::find(names->begin(), names->end(), k.op_type) == names->end()) {
      return "kernel for " + k.op_type + " has no OpDef in this library";
    }
    if (!seen.insert(std::make_tuple(k.op_type, k.column, k.tiling_key)).second) {
      return "a second kernel for " + KernelKeyText(k);
    }
  }
  return "";
}

// Moves the kernels of `type` (with `only_builtin`, only opsim's own) out of the lookup table.
void SetKernelsAside(Registry& r, const std::string& type, bool only_builtin) {
  for (auto it = r.kernels.begin(); it != r.kernels.end();) {
    auto next = std::next(it);
    if (std::get<0>(it->first) == type &&
        (!only_builtin || IsBuiltinCode(reinterpret_cast<const void*>(it->second.fn)))) {
      r.replaced_kernels.push_back(r.kernels.extract(it));
    }
    it = next;
  }
}

// Moves the op `type` (its OpDef and its kernels; with `only_builtin`, only opsim's own kernels)
// out of the lookup tables.
void SetBuiltinAside(Registry& r, const std::string& type, bool only_builtin) {
  if (auto def = r.defs.find(type); def != r.defs.end()) {
    r.replaced_defs.push_back(std::move(def->second));
    r.defs.erase(def);
  }
  SetKernelsAside(r, type, only_builtin);
}

// An OpDef registered while no library loads, of a type already registered so: a linked user's
// library's replaces opsim's own, in whichever order their initialisers run; any other second
// one is ignored (kept as a problem).
void AddLinkedOpDef(Registry& r, std::unique_ptr<ops::OpDef> def, const void* creator) {
  std::string name = def->GetOpType();
  auto existing = r.defs.find(name);
  if (existing == r.defs.end()) {
    r.linked_origin[name] = creator;
    r.defs.emplace(std::move(name), std::move(def));
    return;
  }
  auto origin = r.linked_origin.find(name);
  const bool had_builtin = origin != r.linked_origin.end() && IsBuiltinCode(origin->second);
  const bool is_builtin = IsBuiltinCode(creator);
  if (had_builtin && !is_builtin) {
    SetBuiltinAside(r, name, true);
    r.linked_overrides.insert(name);
    r.linked_origin[name] = creator;
    r.defs.emplace(std::move(name), std::move(def));
  } else if (!had_builtin && is_builtin && origin != r.linked_origin.end()) {
    r.linked_overrides.insert(name);  // opsim's arrives second: set aside with its kernels
    r.replaced_defs.push_back(std::move(def));
    SetKernelsAside(r, name, true);
  } else {
    r.problems.push_back("a second OpDef " + name + " was ignored");
  }
}

}  // namespace

Status LoadOpLibrary(const std::string& path, std::vector<std::string>* added,
                     std::vector<std::string>* replaced) {
  std::lock_guard<std::mutex> load_lock(LoadMutex());
  std::string open_path;
  OPSIM_RETURN_IF_ERROR(CheckLibraryFile(path, &open_path));
  // Static initialisers that throw, exit or crash would take this process with them.
  OPSIM_RETURN_IF_ERROR(ProbeLibraryLoad(open_path));
  Registry& r = Reg();
  const OpImplSnapshot impls_before = SnapshotOpImpls();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    r.loading = true;
    r.pending_defs.clear();
    r.pending_kernels.clear();
    r.load_errors.clear();
  }
  // RTLD_LOCAL: two libraries may both define optiling::TilingFunc-like symbols of their own.
  void* handle = dlopen(open_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  std::lock_guard<std::mutex> lock(r.mutex);
  r.loading = false;
  std::vector<std::unique_ptr<ops::OpDef>> defs = std::move(r.pending_defs);
  std::vector<KernelBuild> kernels = std::move(r.pending_kernels);
  std::vector<std::string> load_errors = std::move(r.load_errors);
  r.pending_defs.clear();
  r.pending_kernels.clear();
  r.load_errors.clear();
  if (handle == nullptr) {
    RestoreOpImpls(impls_before);
    const char* why = dlerror();
    return {ErrorCode::kIoError, "operator library " + path + " cannot be loaded: " +
                                     (why != nullptr ? why : "unknown dlopen error")};
  }
  auto refuse = [&](std::string message) -> Status {
    defs.clear();  // their code lives in the library: destroy before closing it
    kernels.clear();
    RestoreOpImpls(impls_before);
    dlclose(handle);
    return {ErrorCode::kInvalidParam, "operator library " + path + ": " + std::move(message)};
  };
  if (!load_errors.empty()) return refuse(load_errors.front());
  if (defs.empty()) {
    return refuse(
        "defines no operator (no OP_ADD ran while it loaded; is it an opsim_add_op_library "
        "target, and was it not loaded before?)");
  }
  std::vector<std::string> names;
  std::vector<std::string> replaces;
  if (std::string why = LibraryConflict(r, defs, kernels, &names, &replaces); !why.empty()) {
    return refuse(std::move(why));
  }
  OPSIM_RETURN_IF_ERROR(JoinOpImpls(impls_before, names, defs, refuse));
  for (const std::string& type : replaces) SetBuiltinAside(r, type, false);
  for (auto& def : defs) {
    std::string name = def->GetOpType();
    if (def->IsAICPU()) {
      // A custom package's AI CPU op takes precedence over opsim's own, as its AI Core op does.
      if (auto own = r.aicpu_defs.find(name); own != r.aicpu_defs.end()) {
        r.replaced_defs.push_back(std::move(own->second));
        r.aicpu_defs.erase(own);
      }
      r.aicpu_library_of.emplace(name, path);
      r.aicpu_defs.emplace(std::move(name), std::move(def));
      continue;
    }
    r.library_of.emplace(name, path);
    r.defs.emplace(std::move(name), std::move(def));
  }
  for (KernelBuild& k : kernels) {
    auto key = std::make_tuple(k.op_type, k.column, k.tiling_key);
    r.kernels.emplace(std::move(key), std::move(k));
  }
  if (added != nullptr) *added = names;
  if (replaced != nullptr) *replaced = replaces;
  return Status::Ok();
}

Status LoadOpLibraries(std::string_view colon_separated) {
  size_t start = 0;
  while (start <= colon_separated.size()) {
    size_t end = colon_separated.find(':', start);
    if (end == std::string_view::npos) end = colon_separated.size();
    const std::string path(colon_separated.substr(start, end - start));
    if (!path.empty()) OPSIM_RETURN_IF_ERROR(LoadOpLibrary(path));
    start = end + 1;
  }
  return Status::Ok();
}

}  // namespace opsim::op_api

namespace ops {

void OpDefFactory::OpDefRegister(const char* type, Creator creator) {
  auto& r = opsim::op_api::Reg();
  std::unique_ptr<OpDef> def;
  // The user's constructor runs inside dlopen, where an exception would be fatal and a crash
  // would end the process; either is the load's error (the probe's child lived through it too).
  const opsim::Status called = opsim::op_api::CallUserCode(
      {type, "load (OpDef constructor)", opsim::op_api::CodeAddress(creator)},
      [&] { def = creator(type); });
  if (!called.ok()) {
    std::lock_guard<std::mutex> lock(r.mutex);
    (r.loading ? r.load_errors : r.problems).push_back(called.message());
    return;
  }
  // Every reader (the registry's column choice, opsim_op_gen, the aclnn layer) sees columns.
  if (def != nullptr) opsim::op_api::ExpandDataTypeLists(def.get());
  std::lock_guard<std::mutex> lock(r.mutex);
  if (r.loading) {
    r.pending_defs.push_back(std::move(def));
    return;
  }
  if (def != nullptr && def->IsAICPU()) {
    const std::string name = def->GetOpType();
    if (!r.aicpu_defs.emplace(name, std::move(def)).second) {
      r.problems.push_back("a second AI CPU OpDef " + name + " was ignored");
    }
  } else if (def != nullptr) {
    opsim::op_api::AddLinkedOpDef(r, std::move(def), reinterpret_cast<const void*>(creator));
  }
}

}  // namespace ops
