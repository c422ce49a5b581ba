// gert::OpImplRegisterV2 and IMPL_OP*: how today's CANN operators register their InferShape,
// InferDataType, tiling and TilingParse (register/op_impl_registry.h), declared as CANN declares
// them. Registrations of one op type (its _infershape.cpp and _tiling.cpp files) merge; the
// result joins the op's OpDef from OP_ADD (one operator model, two spellings): when its library
// loads, InferShape, InferDataType and Tiling become the OpDef's own (an OpDef that sets one
// already is refused), InputsDataDependency marks those inputs ValueDepend, and TilingParse's
// compile-info object is made and filled once per op and device before its first tiling.
// The graph-engine and aclnn registrations (InferShapeRange, InferFormat, GenSimplifiedKey,
// OpExecuteFunc, CalcOpParam, GenerateTask, CheckSupport, OpSelectFormat, PrivateAttr, ...) are
// accepted and kept, but opsim runs none of them (docs/OPERATORS.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "exe_graph/runtime/base_type.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
// As CANN's: gert::Range<T> comes with it (ops-nn's conv infershape names Range with no include
// of its own) and its InferShapeRange functions use the context's full definition.
#include "exe_graph/runtime/infer_shape_range_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "graph/ascend_string.h"
#include "graph/compiler_def.h"
#include "graph/types.h"
#include "register/op_def_registry.h"

namespace ge {
class AnyValue;
}  // namespace ge

#ifdef __cplusplus
extern "C" {
#endif
typedef struct rtExceptionInfo aclrtExceptionInfo;
#ifdef __cplusplus
}
#endif

namespace gert {
// Contexts of the graph engine and aclnn, which opsim does not run (InferShapeRangeContext is
// defined: CANN's header includes its definition, and operator sources use it through this one).
class InferFormatContext;
class OpExecuteContext;
class OpExecutePrepareContext;
class OpExecuteLaunchContext;
class ExeResGenerationContext;
class OpCheckContext;

enum TilingPlacement {
  TILING_ON_HOST = 0,
  TILING_ON_AICPU = 1,
};

class OpImplRegisterV2Impl;
class OpImplRegisterV2 {
 public:
  explicit OpImplRegisterV2(const ge::char_t* op_type);
  // A copy or move registers what the source holds: `IMPL_OP(X).Tiling(f)` builds a temporary,
  // chains on it, and the named variable's construction from it is the registration.
  OpImplRegisterV2(OpImplRegisterV2&& register_data) noexcept;
  OpImplRegisterV2(const OpImplRegisterV2& register_data);
  OpImplRegisterV2& operator=(const OpImplRegisterV2&) = delete;
  OpImplRegisterV2& operator=(OpImplRegisterV2&&) = delete;
  ~OpImplRegisterV2();

  using InferShapeKernelFunc = UINT32 (*)(InferShapeContext*);
  using InferShapeRangeKernelFunc = UINT32 (*)(InferShapeRangeContext*);
  using TilingKernelFunc = UINT32 (*)(TilingContext*);
  using InferDataTypeKernelFunc = UINT32 (*)(InferDataTypeContext*);
  using GenSimplifiedKeyKernelFunc = UINT32 (*)(TilingContext*, ge::char_t*);
  using OpExecFunc = UINT32 (*)(OpExecuteContext*);
  using OpExecPrepareFunc = UINT32 (*)(OpExecutePrepareContext*);
  using OpExecLaunchFunc = UINT32 (*)(OpExecuteLaunchContext*);
  using OpType = ge::AscendString;
  using PrivateAttrList = std::vector<std::pair<ge::AscendString, ge::AnyValue>>;
  using PrivateAttrSet = std::unordered_set<ge::AscendString>;
  using CompileInfoCreatorFunc = void* (*)();
  using CompileInfoDeleterFunc = void (*)(void*);
  using KernelFunc = UINT32 (*)(KernelContext* context);
  using TilingParseFunc = UINT32 (*)(TilingParseContext* context);
  using InferFormatFunc = UINT32 (*)(InferFormatContext* context);
  using OpCalcParamKernelFunc = UINT32 (*)(ExeResGenerationContext* context);
  using OpGenTaskKernelFunc = UINT32 (*)(const ExeResGenerationContext* context,
                                         std::vector<std::vector<uint8_t>>& tasks);
  using OP_CHECK_FUNC_V2 = ge::graphStatus (*)(const OpCheckContext* context,
                                               ge::AscendString& result);
  using ExceptionDumpFunc = void (*)(aclrtExceptionInfo* exception_info, void* reserved);

  OpImplRegisterV2& InferShape(InferShapeKernelFunc infer_shape_func);
  OpImplRegisterV2& InferShapeRange(InferShapeRangeKernelFunc infer_shape_range_func);
  OpImplRegisterV2& InferDataType(InferDataTypeKernelFunc infer_datatype_func);
  // Every output's dtype := input 0's (an error without one); the later of this and
  // InferDataType wins, as in CANN.
  OpImplRegisterV2& InferOutDataTypeSameWithFirstInput();
  // `max_tiling_data_size`: the tiling buffer's capacity, GetTilingData<T>()'s bound.
  OpImplRegisterV2& Tiling(TilingKernelFunc tiling_func, size_t max_tiling_data_size = 2048);
  OpImplRegisterV2& GenSimplifiedKey(GenSimplifiedKeyKernelFunc gen_simplifiedkey_func);
  OpImplRegisterV2& PrivateAttr(const ge::char_t* private_attr);
  OpImplRegisterV2& PrivateAttr(const ge::char_t* private_attr, int64_t private_attr_val);
  OpImplRegisterV2& PrivateAttr(const ge::char_t* private_attr,
                                const std::vector<int64_t>& private_attr_val);
  OpImplRegisterV2& PrivateAttr(const ge::char_t* private_attr, const ge::char_t* private_attr_val);
  OpImplRegisterV2& PrivateAttr(const ge::char_t* private_attr, ge::float32_t private_attr_val);
  OpImplRegisterV2& PrivateAttr(const ge::char_t* private_attr, bool private_attr_val);
  OpImplRegisterV2& PrivateAttr(const ge::char_t* private_attr,
                                const std::vector<ge::float32_t>& private_attr_val);
  // T: the op's compile-info type, made with `new T()` once per op and device and handed to
  // TilingParse (GetCompiledInfo<T>) and to every tiling (GetCompileInfo<T>).
  template <typename T>
  OpImplRegisterV2& TilingParse(KernelFunc const tiling_parse_func) {
    return TilingParse(tiling_parse_func, CreateCompileInfo<T>, DeleteCompileInfo<T>);
  }
  template <typename T>
  OpImplRegisterV2& TilingParse(TilingParseFunc const tiling_parse_func) {
    return TilingParse(tiling_parse_func, CreateCompileInfo<T>, DeleteCompileInfo<T>);
  }
  // Inputs whose data InferShape and tiling read (ValueDepend in OpDef terms).
  OpImplRegisterV2& InputsDataDependency(std::initializer_list<int32_t> inputs);
  OpImplRegisterV2& OpExecuteFunc(OpExecFunc op_execute_func);
  OpImplRegisterV2& Op2StageExecuteFuncs(OpExecPrepareFunc prepare_func,
                                         OpExecLaunchFunc launch_func);
  OpImplRegisterV2& HostInputs(std::initializer_list<int32_t> inputs);
  OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t> inputs);
  OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t> inputs,
                                               std::initializer_list<TilingPlacement> placements);
  OpImplRegisterV2& OutputShapeDependOnCompute(std::initializer_list<int32_t> outputs);
  OpImplRegisterV2& InferFormat(InferFormatFunc infer_format_func);
  OpImplRegisterV2& CalcOpParam(OpCalcParamKernelFunc calc_op_param_func);
  OpImplRegisterV2& GenerateTask(OpGenTaskKernelFunc gen_task_func);
  OpImplRegisterV2& CheckSupport(OP_CHECK_FUNC_V2 check_support_func);
  OpImplRegisterV2& OpSelectFormat(OP_CHECK_FUNC_V2 op_select_format_func);
  OpImplRegisterV2& ExceptionDumpParseFunc(ExceptionDumpFunc exception_func);
  OpImplRegisterV2& NullableOutputs(std::initializer_list<int32_t> outputs);

 private:
  OpImplRegisterV2& TilingParse(KernelFunc tiling_parse_func, CompileInfoCreatorFunc creator_func,
                                CompileInfoDeleterFunc deleter_func);
  OpImplRegisterV2& TilingParse(TilingParseFunc tiling_parse_func,
                                CompileInfoCreatorFunc creator_func,
                                CompileInfoDeleterFunc deleter_func);
  OpImplRegisterV2& PrivateAttrName(const ge::char_t* private_attr);

  template <typename T, typename std::enable_if<(!std::is_array<T>::value), int32_t>::type = 0>
  static void* CreateCompileInfo() {
    return new T();
  }
  template <typename T>
  static void DeleteCompileInfo(void* const obj) {
    delete reinterpret_cast<T*>(obj);
  }

  std::unique_ptr<OpImplRegisterV2Impl> impl_;
};
}  // namespace gert

#define IMPL_OP_COUNTER(op_type, name, counter) \
  static gert::OpImplRegisterV2 VAR_UNUSED name##counter = gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_COUNTER_NUMBER(op_type, name, counter) IMPL_OP_COUNTER(op_type, name, counter)
#define IMPL_OP(op_type) IMPL_OP_COUNTER_NUMBER(op_type, op_impl_register_##op_type, __COUNTER__)
#define IMPL_OP_DEFAULT() IMPL_OP(DefaultImpl)

// Non-static, as CANN's: one of each per op type and namespace.
#define IMPL_OP_INFERSHAPE(op_type)                                         \
  gert::OpImplRegisterV2 VAR_UNUSED op_impl_register_infershape_##op_type = \
      gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_OPTILING(op_type)                                         \
  gert::OpImplRegisterV2 VAR_UNUSED op_impl_register_optiling_##op_type = \
      gert::OpImplRegisterV2(#op_type)
