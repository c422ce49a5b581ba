// gert::OpImplRegisterV2: registrations collected per op type, then joined to the op's OpDef.
#include "register/op_impl_registry.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "op_impl_store.h"
#include "opsim/op_api/op_error.h"
#include "opsim/op_api/op_impl.h"

namespace gert {

class OpImplRegisterV2Impl {
 public:
  opsim::op_api::OpImplRecord record;
};

}  // namespace gert

namespace opsim::op_api {
namespace {

struct ImplStore {
  std::mutex mutex;
  std::map<std::string, OpImplRecord, std::less<>> records;
};

ImplStore& Store() {
  static ImplStore* store = new ImplStore;  // never destroyed: looked up while the process ends
  return *store;
}

void Merge(const OpImplRecord& from, OpImplRecord* into) {
  into->op_type = from.op_type;
  if (from.infer_shape != nullptr) into->infer_shape = from.infer_shape;
  if (from.infer_datatype != nullptr) into->infer_datatype = from.infer_datatype;
  if (from.tiling != nullptr) {
    into->tiling = from.tiling;
    into->max_tiling_data_size = from.max_tiling_data_size;
  }
  if (from.tiling_parse != nullptr || from.tiling_parse_kernel != nullptr) {
    into->tiling_parse = from.tiling_parse;
    into->tiling_parse_kernel = from.tiling_parse_kernel;
    into->compile_info_creator = from.compile_info_creator;
    into->compile_info_deleter = from.compile_info_deleter;
  }
  for (const int32_t input : from.inputs_data_dependency) {
    auto& deps = into->inputs_data_dependency;
    if (std::find(deps.begin(), deps.end(), input) == deps.end()) deps.push_back(input);
  }
  for (const std::string& name : from.ignored) {
    auto& kept = into->ignored;
    if (std::find(kept.begin(), kept.end(), name) == kept.end()) kept.push_back(name);
  }
}

// CANN's InferOutDataTypeSameWithFirstInput: every output takes input 0's dtype.
UINT32 SameDataTypeAsFirstInput(gert::InferDataTypeContext* context) {
  const ge::DataType dtype = context->GetInputDataType(0);
  if (dtype == ge::DT_UNDEFINED) {
    AppendOpError(std::string(context->GetNodeType()) +
                  ": InferOutDataTypeSameWithFirstInput needs input 0 with a defined dtype, and "
                  "there is none");
    return ge::GRAPH_FAILED;
  }
  for (size_t i = 0; i < context->GetComputeNodeOutputNum(); ++i) {
    if (context->SetOutputDataType(i, dtype) != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
  }
  return ge::GRAPH_SUCCESS;
}

}  // namespace

void RegisterOpImpl(const OpImplRecord& record) {
  ImplStore& s = Store();
  std::lock_guard<std::mutex> lock(s.mutex);
  Merge(record, &s.records[record.op_type]);
}

const OpImplRecord* FindOpImpl(std::string_view op_type) {
  ImplStore& s = Store();
  std::lock_guard<std::mutex> lock(s.mutex);
  const auto it = s.records.find(op_type);
  return it == s.records.end() ? nullptr : &it->second;
}

OpImplSnapshot SnapshotOpImpls() {
  ImplStore& s = Store();
  std::lock_guard<std::mutex> lock(s.mutex);
  return OpImplSnapshot(s.records.begin(), s.records.end());
}

void RestoreOpImpls(const OpImplSnapshot& before, const std::vector<std::string>* types) {
  ImplStore& s = Store();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (auto it = s.records.begin(); it != s.records.end();) {
    if (types != nullptr && std::find(types->begin(), types->end(), it->first) == types->end()) {
      ++it;
      continue;
    }
    const auto old = before.find(it->first);
    if (old == before.end()) {
      it = s.records.erase(it);
      continue;
    }
    it->second = old->second;  // in place: a pointer FindOpImpl gave stays valid
    ++it;
  }
}

std::vector<std::string> OpImplTypesChangedSince(const OpImplSnapshot& before) {
  ImplStore& s = Store();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::vector<std::string> changed;
  for (const auto& [type, record] : s.records) {
    const auto old = before.find(type);
    const bool same = old != before.end() && old->second.infer_shape == record.infer_shape &&
                      old->second.infer_datatype == record.infer_datatype &&
                      old->second.tiling == record.tiling &&
                      old->second.tiling_parse == record.tiling_parse &&
                      old->second.tiling_parse_kernel == record.tiling_parse_kernel &&
                      old->second.inputs_data_dependency == record.inputs_data_dependency;
    if (!same) changed.push_back(type);
  }
  return changed;
}

void RecordTilingDataTooLarge(const char* op_type, size_t needed, size_t capacity) {
  AppendOpError(std::string(op_type == nullptr ? "" : op_type) + ": GetTilingData<T>() needs " +
                std::to_string(needed) + " B for T, over the tiling buffer's " +
                std::to_string(capacity) +
                " B (IMPL_OP_OPTILING(...).Tiling(fn, max_tiling_data_size) sets it; 2048 by "
                "default), so it returned nullptr");
}

}  // namespace opsim::op_api

namespace gert {
namespace {

opsim::op_api::OpImplRecord* Rec(const std::unique_ptr<OpImplRegisterV2Impl>& impl) {
  return impl == nullptr ? nullptr : &impl->record;
}

}  // namespace

OpImplRegisterV2::OpImplRegisterV2(const ge::char_t* op_type)
    : impl_(std::make_unique<OpImplRegisterV2Impl>()) {
  impl_->record.op_type = op_type == nullptr ? "" : op_type;
}

OpImplRegisterV2::OpImplRegisterV2(OpImplRegisterV2&& register_data) noexcept
    : impl_(std::move(register_data.impl_)) {
  if (impl_ != nullptr) opsim::op_api::RegisterOpImpl(impl_->record);
}

OpImplRegisterV2::OpImplRegisterV2(const OpImplRegisterV2& register_data)
    : impl_(std::make_unique<OpImplRegisterV2Impl>()) {
  if (register_data.impl_ == nullptr) return;
  impl_->record = register_data.impl_->record;
  opsim::op_api::RegisterOpImpl(impl_->record);
}

OpImplRegisterV2::~OpImplRegisterV2() = default;

#define OPSIM_SET(field, value)                               \
  do {                                                        \
    if (auto* r = Rec(impl_); r != nullptr) r->field = value; \
  } while (0)
#define OPSIM_IGNORED(what)                                             \
  do {                                                                  \
    if (auto* r = Rec(impl_); r != nullptr) r->ignored.push_back(what); \
  } while (0)

OpImplRegisterV2& OpImplRegisterV2::InferShape(InferShapeKernelFunc f) {
  OPSIM_SET(infer_shape, f);
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::InferDataType(InferDataTypeKernelFunc f) {
  OPSIM_SET(infer_datatype, f);
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::InferOutDataTypeSameWithFirstInput() {
  return InferDataType(&opsim::op_api::SameDataTypeAsFirstInput);
}
OpImplRegisterV2& OpImplRegisterV2::Tiling(TilingKernelFunc f, size_t max_tiling_data_size) {
  OPSIM_SET(tiling, f);
  OPSIM_SET(max_tiling_data_size, max_tiling_data_size);
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::TilingParse(KernelFunc f, CompileInfoCreatorFunc creator,
                                                CompileInfoDeleterFunc deleter) {
  OPSIM_SET(tiling_parse_kernel, f);
  OPSIM_SET(tiling_parse, nullptr);
  OPSIM_SET(compile_info_creator, creator);
  OPSIM_SET(compile_info_deleter, deleter);
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::TilingParse(TilingParseFunc f, CompileInfoCreatorFunc creator,
                                                CompileInfoDeleterFunc deleter) {
  OPSIM_SET(tiling_parse, f);
  OPSIM_SET(tiling_parse_kernel, nullptr);
  OPSIM_SET(compile_info_creator, creator);
  OPSIM_SET(compile_info_deleter, deleter);
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::InputsDataDependency(std::initializer_list<int32_t> inputs) {
  if (auto* r = Rec(impl_); r != nullptr) {
    for (const int32_t i : inputs) {
      if (std::find(r->inputs_data_dependency.begin(), r->inputs_data_dependency.end(), i) ==
          r->inputs_data_dependency.end()) {
        r->inputs_data_dependency.push_back(i);
      }
    }
  }
  return *this;
}

// Registrations opsim keeps but does not run: the graph engine's and aclnn's.
OpImplRegisterV2& OpImplRegisterV2::InferShapeRange(InferShapeRangeKernelFunc) {
  OPSIM_IGNORED("InferShapeRange");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::GenSimplifiedKey(GenSimplifiedKeyKernelFunc) {
  OPSIM_IGNORED("GenSimplifiedKey");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::PrivateAttrName(const ge::char_t* name) {
  OPSIM_IGNORED(std::string("PrivateAttr ") + (name == nullptr ? "" : name));
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::PrivateAttr(const ge::char_t* n) { return PrivateAttrName(n); }
OpImplRegisterV2& OpImplRegisterV2::PrivateAttr(const ge::char_t* n, int64_t) {
  return PrivateAttrName(n);
}
OpImplRegisterV2& OpImplRegisterV2::PrivateAttr(const ge::char_t* n, const std::vector<int64_t>&) {
  return PrivateAttrName(n);
}
OpImplRegisterV2& OpImplRegisterV2::PrivateAttr(const ge::char_t* n, const ge::char_t*) {
  return PrivateAttrName(n);
}
OpImplRegisterV2& OpImplRegisterV2::PrivateAttr(const ge::char_t* n, ge::float32_t) {
  return PrivateAttrName(n);
}
OpImplRegisterV2& OpImplRegisterV2::PrivateAttr(const ge::char_t* n, bool) {
  return PrivateAttrName(n);
}
OpImplRegisterV2& OpImplRegisterV2::PrivateAttr(const ge::char_t* n,
                                                const std::vector<ge::float32_t>&) {
  return PrivateAttrName(n);
}
OpImplRegisterV2& OpImplRegisterV2::OpExecuteFunc(OpExecFunc) {
  OPSIM_IGNORED("OpExecuteFunc");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::Op2StageExecuteFuncs(OpExecPrepareFunc, OpExecLaunchFunc) {
  OPSIM_IGNORED("Op2StageExecuteFuncs");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::HostInputs(std::initializer_list<int32_t>) {
  OPSIM_IGNORED("HostInputs");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::TilingInputsDataDependency(std::initializer_list<int32_t> in) {
  return TilingInputsDataDependency(in, {TILING_ON_HOST});
}
OpImplRegisterV2& OpImplRegisterV2::TilingInputsDataDependency(
    std::initializer_list<int32_t>, std::initializer_list<TilingPlacement>) {
  OPSIM_IGNORED("TilingInputsDataDependency");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::OutputShapeDependOnCompute(std::initializer_list<int32_t>) {
  OPSIM_IGNORED("OutputShapeDependOnCompute");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::InferFormat(InferFormatFunc) {
  OPSIM_IGNORED("InferFormat");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::CalcOpParam(OpCalcParamKernelFunc) {
  OPSIM_IGNORED("CalcOpParam");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::GenerateTask(OpGenTaskKernelFunc) {
  OPSIM_IGNORED("GenerateTask");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::CheckSupport(OP_CHECK_FUNC_V2) {
  OPSIM_IGNORED("CheckSupport");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::OpSelectFormat(OP_CHECK_FUNC_V2) {
  OPSIM_IGNORED("OpSelectFormat");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::ExceptionDumpParseFunc(ExceptionDumpFunc) {
  OPSIM_IGNORED("ExceptionDumpParseFunc");
  return *this;
}
OpImplRegisterV2& OpImplRegisterV2::NullableOutputs(std::initializer_list<int32_t>) {
  OPSIM_IGNORED("NullableOutputs");
  return *this;
}

#undef OPSIM_SET
#undef OPSIM_IGNORED

}  // namespace gert
