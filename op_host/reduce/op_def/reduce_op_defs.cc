// The Reduce operators as Ascend operator definitions, one per reading (docs/SPEC.md §1):
//   ReduceSum, ReduceMax, ReduceMin, ReduceProd   ONNX: x; the optional input axes (int64, the
//       form from opset 13 / 18); attributes axes (the form before), keepdims (1),
//       noop_with_empty_axes (0). ReduceMax/ReduceMin also take bool (opset 20).
//   ReduceMean, ReduceSumSquare, ReduceL1, ReduceL2, ReduceLogSum   the rest of the ONNX family
//       (docs/SPEC.md section 6), as the four above: SUM with a map before and a finish after.
//   OpenVINO.ReduceSum, ...   OpenVINO opset 1: data; the input axes (int32/int64) or, for
//       description files that hold no tensors, the attribute reduction_axes; keep_dims (false).
//       Also Mean, L1, L2, and ReduceLogicalAnd / ReduceLogicalOr on bool.
//   Reduce   ATB's ReduceOperation: reduceType ("sum"... or ATB's number), axis.
// The dtype columns come from the one dtype table (reduce_dtype_support.h), split by its engine
// column into the AI Core OpDef's and the AI CPU OpDef's; the op types from the one table of
// reducers (reduce_request.h).
#include <algorithm>
#include <vector>

#include "reduce/reduce_dtype_support.h"
#include "reduce_op_call.h"
#include "reduce_op_functions.h"
#include "register/op_def_registry.h"

namespace opsim::reduce_op {
namespace {

ge::DataType GeOf(DType dtype) { return static_cast<ge::DataType>(static_cast<int>(dtype)); }

// The package's dtypes for `kind` (a family variant: SUM's, or its floats), or for any reducer
// (ATB's Reduce picks it by attribute); bool for the ops that reduce it as uint8. Only those of
// `engine` (the dtype table's column): one list split in two, so the two OpDefs cannot overlap
// or leave a type out.
std::vector<ge::DataType> Columns(const ReduceOpType& type, ReduceEngine engine) {
  const bool with_bool = ReduceDTypeTable().end() !=
                         std::find_if(ReduceDTypeTable().begin(), ReduceDTypeTable().end(),
                                      [&](const ReduceDTypeSupport& row) {
                                        return row.dtype == DType::kBool && row.engine == engine;
                                      });
  if (type.bool_only) {
    if (with_bool) return {ge::DT_BOOL};
    return {};
  }
  const ReduceVariantInfo* variant = FindReduceVariant(type.variant);
  const bool floats = variant != nullptr && variant->floats_only;
  std::vector<ge::DataType> columns;
  for (const ReduceDTypeSupport& row : ReduceDTypeTable()) {
    if (row.engine != engine) continue;
    const bool any = type.reading == Reading::kAtb && row.package != 0;
    if (any ||
        (PackageSupportsReduce(type.kind, row.dtype) && (!floats || IsFloating(row.dtype)))) {
      columns.push_back(GeOf(row.dtype));
    }
  }
  const bool max_min = type.kind == ReduceKind::kMax || type.kind == ReduceKind::kMin;
  if (with_bool && type.reading == Reading::kOnnx && max_min && variant == nullptr) {
    columns.push_back(ge::DT_BOOL);
  }
  return columns;
}

class ReduceOpDef : public ops::OpDef {
 public:
  // `engine`: the AI Core's definition (tiling, op_kernel/reduce) or the AI CPU's
  // (op_kernel_aicpu/reduce, which reads the same attributes and axes input).
  ReduceOpDef(const char* name, ReduceEngine engine) : OpDef(name) {
    const ReduceOpType type = *FindReduceOpType(name);
    const std::vector<ge::DataType> columns = Columns(type, engine);
    const std::vector<ge::Format> nd(columns.size(), ge::FORMAT_ND);
    const char* data = type.reading == Reading::kOpenVino ? "data" : "x";
    Input(data).ParamType(ops::REQUIRED).DataType(columns).Format(nd).UnknownShapeFormat(nd);
    switch (type.reading) {
      case Reading::kOnnx:
        Input("axes")
            .ParamType(ops::OPTIONAL)
            .ValueDepend(ops::OPTIONAL)
            .DataTypeList({ge::DT_INT64});
        Attr("axes").AttrType(ops::OPTIONAL).ListInt();
        Attr("keepdims").AttrType(ops::OPTIONAL).Int(1);
        Attr("noop_with_empty_axes").AttrType(ops::OPTIONAL).Int(0);
        break;
      case Reading::kOpenVino:
        Input("axes")
            .ParamType(ops::OPTIONAL)
            .ValueDepend(ops::OPTIONAL)
            .DataTypeList({ge::DT_INT32, ge::DT_INT64});
        Attr("keep_dims").AttrType(ops::OPTIONAL).Bool(false);
        Attr("reduction_axes").AttrType(ops::OPTIONAL).ListInt();
        break;
      case Reading::kAtb:
        Attr("reduceType").AttrType(ops::OPTIONAL).String("");
        Attr("axis").AttrType(ops::OPTIONAL).ListInt();
        break;
    }
    Output(type.reading == Reading::kOpenVino ? "output" : "y")
        .ParamType(ops::REQUIRED)
        .DataType(columns)
        .Format(nd)
        .UnknownShapeFormat(nd);
    SetInferShape(InferShape);
    if (engine == ReduceEngine::kAiCpu) {
      AICPU().OpKernelLib("CUSTAICPUKernel").KernelSo("libopsim_ops.so").UserDefined(true);
    } else {
      AICore().SetTiling(Tiling);
    }
  }
};

// OP_ADD names an op type after a C++ class; the Reduce types (one of them dotted) come from a
// table, so they are added through the factory OP_ADD itself calls: an AI Core definition for the
// types with a column there (not OpenVINO's bool-only logical ops), an AI CPU one for the rest.
const int kAdded = [] {
  for (const ReduceOpType& type : ReduceOpTypes()) {
    if (!Columns(type, ReduceEngine::kAiCore).empty()) {
      ops::OpDefFactory::OpDefRegister(type.name.c_str(), [](const char* name) {
        return std::unique_ptr<ops::OpDef>(new ReduceOpDef(name, ReduceEngine::kAiCore));
      });
    }
    if (!Columns(type, ReduceEngine::kAiCpu).empty()) {
      ops::OpDefFactory::OpDefRegister(type.name.c_str(), [](const char* name) {
        return std::unique_ptr<ops::OpDef>(new ReduceOpDef(name, ReduceEngine::kAiCpu));
      });
    }
  }
  return 0;
}();

}  // namespace
}  // namespace opsim::reduce_op
