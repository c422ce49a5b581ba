// The elementwise operators as Ascend operator definitions, with ONNX's names and semantics:
//   Abs, Neg, Exp, Log, Sqrt, Reciprocal   X -> Y
//   Add, Sub, Mul, Div                     A, B -> C (numpy broadcasting)
//   Cast                                   input -> output, attribute `to` (ONNX's TensorProto
//                                          dtype number), `saturate` (float8 only; accepted)
//   CastLike                               input, target_type -> output of target_type's dtype
// The dtype columns are the ONNX type lists restricted to the package's dtypes. One table
// (kOps) drives the definitions; the InferShape and tiling functions are shared.
#include <string>
#include <vector>

#include "elementwise/cast_routes.h"
#include "elementwise/elementwise_tiling.h"
#include "op_def_support.h"
#include "register/op_def_registry.h"

namespace opsim::elementwise {
namespace {

using op_def::DimsOf;
using op_def::Fail;

using ::op_kernel::ElementwiseOp;

enum class Kind { kUnary, kBinary, kCast, kCastLike };

// Each op's dtype columns on the AI Core are the types the 910B's vector instructions compute
// (bfloat16 through float32, docs/OPERATORS.md); the rest of the ONNX type list runs on the AI
// CPU (op_kernel_aicpu/elementwise), from a second OpDef of the same type with AICPU() set, as
// GE chooses between an op's AI Core and AI CPU definitions. Cast's and CastLike's AI Core columns
// are (input, output) pairs, those of op_kernel/elementwise/cast_routes.h; their AI CPU OpDefs
// take every pair, GE asking the AI Core's first.
const std::vector<ge::DataType> kVectorFloats = {ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16};
const std::vector<ge::DataType> kVectorArithmetic = {ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16,
                                                     ge::DT_INT32};
const std::vector<ge::DataType> kCpuDouble = {ge::DT_DOUBLE};
const std::vector<ge::DataType> kCpuArithmetic = {ge::DT_DOUBLE, ge::DT_INT8,  ge::DT_UINT8,
                                                  ge::DT_UINT32, ge::DT_INT64, ge::DT_UINT64};
const std::vector<ge::DataType> kCpuNumeric = {ge::DT_DOUBLE, ge::DT_INT8,   ge::DT_UINT8,
                                               ge::DT_INT32,  ge::DT_UINT32, ge::DT_INT64,
                                               ge::DT_UINT64};
const std::vector<ge::DataType> kCpuSigned = {ge::DT_DOUBLE, ge::DT_INT8, ge::DT_INT64};
const std::vector<ge::DataType> kAll = {ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16,  ge::DT_DOUBLE,
                                        ge::DT_INT8,  ge::DT_UINT8,   ge::DT_INT32, ge::DT_UINT32,
                                        ge::DT_INT64, ge::DT_UINT64,  ge::DT_BOOL};

struct OpInfo {
  const char* name;
  Kind kind;
  ElementwiseOp op;
  const std::vector<ge::DataType>* dtypes;        // the AI Core's columns (Cast: CastPairs())
  const std::vector<ge::DataType>* aicpu_dtypes;  // the AI CPU's, or none
};

const OpInfo kOps[] = {
    {"Abs", Kind::kUnary, ElementwiseOp::kAbs, &kVectorFloats, &kCpuNumeric},
    {"Neg", Kind::kUnary, ElementwiseOp::kNeg, &kVectorArithmetic, &kCpuSigned},
    {"Exp", Kind::kUnary, ElementwiseOp::kExp, &kVectorFloats, &kCpuDouble},
    {"Log", Kind::kUnary, ElementwiseOp::kLog, &kVectorFloats, &kCpuDouble},
    {"Sqrt", Kind::kUnary, ElementwiseOp::kSqrt, &kVectorFloats, &kCpuDouble},
    {"Reciprocal", Kind::kUnary, ElementwiseOp::kReciprocal, &kVectorFloats, &kCpuDouble},
    {"Add", Kind::kBinary, ElementwiseOp::kAdd, &kVectorArithmetic, &kCpuArithmetic},
    {"Sub", Kind::kBinary, ElementwiseOp::kSub, &kVectorArithmetic, &kCpuArithmetic},
    {"Mul", Kind::kBinary, ElementwiseOp::kMul, &kVectorArithmetic, &kCpuArithmetic},
    {"Div", Kind::kBinary, ElementwiseOp::kDiv, &kVectorFloats, &kCpuNumeric},
    {"Cast", Kind::kCast, ElementwiseOp::kCast, nullptr, &kAll},
    {"CastLike", Kind::kCastLike, ElementwiseOp::kCast, nullptr, &kAll},
};

// The (source, destination) pairs Cast's AI Core kernel computes, as two parallel columns.
struct PairColumns {
  std::vector<ge::DataType> src;
  std::vector<ge::DataType> dst;
};
const PairColumns& CastPairs() {
  static const PairColumns pairs = [] {
    PairColumns p;
    for (ge::DataType s : kAll) {
      for (ge::DataType d : kAll) {
        if (!::op_kernel::elementwise::CastOnAiCore(static_cast<::op_kernel::DataType>(s),
                                                    static_cast<::op_kernel::DataType>(d))) {
          continue;
        }
        p.src.push_back(s);
        p.dst.push_back(d);
      }
    }
    return p;
  }();
  return pairs;
}

const OpInfo& InfoOf(const char* name) {
  for (const OpInfo& info : kOps) {
    if (std::strcmp(info.name, name) == 0) return info;
  }
  return kOps[0];  // unreachable: every OpDef below is made from the table
}

void SetDims(gert::Shape* out, const std::vector<int64_t>& dims) {
  out->SetDimNum(0);
  for (int64_t d : dims) out->AppendDim(d);
}

// ONNX's TensorProto.DataType numbers of the dtypes opsim holds (Cast's `to`).
struct OnnxDType {
  int64_t onnx;
  ge::DataType ge;
};
constexpr OnnxDType kOnnxDTypes[] = {{1, ge::DT_FLOAT},    {2, ge::DT_UINT8},   {3, ge::DT_INT8},
                                     {6, ge::DT_INT32},    {7, ge::DT_INT64},   {9, ge::DT_BOOL},
                                     {10, ge::DT_FLOAT16}, {11, ge::DT_DOUBLE}, {12, ge::DT_UINT32},
                                     {13, ge::DT_UINT64},  {16, ge::DT_BF16}};

Status CastTarget(const gert::RuntimeAttrs& attrs, ge::DataType* out) {
  const int64_t* to = attrs.GetInt(0);
  if (to == nullptr) return {ErrorCode::kInvalidParam, "Cast: the attribute 'to' is missing"};
  for (const OnnxDType& d : kOnnxDTypes) {
    if (d.onnx == *to) {
      *out = d.ge;
      return Status::Ok();
    }
  }
  return {ErrorCode::kInvalidParam,
          "Cast: attribute 'to' = " + std::to_string(*to) +
              " is not an ONNX dtype opsim holds (1 float, 2 uint8, 3 int8, 6 int32, 7 int64, 9 "
              "bool, 10 float16, 11 double, 12 uint32, 13 uint64, 16 bfloat16)"};
}

ge::graphStatus InferShape(gert::InferShapeContext* context) {
  const OpInfo& info = InfoOf(context->GetNodeType());
  const std::vector<int64_t> a = DimsOf(*context->GetInputShape(0));
  std::vector<int64_t> out = a;
  if (info.kind == Kind::kBinary) {
    const std::vector<int64_t> b = DimsOf(*context->GetInputShape(1));
    if (Status st = BroadcastShape(info.name, a, b, &out); !st.ok()) return Fail(std::move(st));
  }
  SetDims(context->GetOutputShape(0), out);
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus InferDataType(gert::InferDataTypeContext* context) {
  const OpInfo& info = InfoOf(context->GetNodeType());
  ge::DataType out = context->GetInputDataType(0);
  if (info.kind == Kind::kCast) {
    if (Status st = CastTarget(*context->GetAttrs(), &out); !st.ok()) return Fail(std::move(st));
  } else if (info.kind == Kind::kCastLike) {
    out = context->GetInputDataType(1);
  }
  return context->SetOutputDataType(0, out);
}

ge::graphStatus Tiling(gert::TilingContext* context) {
  const OpInfo& info = InfoOf(context->GetNodeType());
  ElementwiseRequest request;
  request.op_name = info.name;
  request.op = info.op;
  request.src = static_cast<DType>(context->GetInputDesc(0)->GetDataType());
  request.dst = static_cast<DType>(context->GetOutputDesc(0)->GetDataType());
  request.a = DimsOf(context->GetInputShape(0)->GetOriginShape());
  if (info.kind == Kind::kBinary) request.b = DimsOf(context->GetInputShape(1)->GetOriginShape());
  const op_api::OpsimFigures platform = op_api::OpsimFiguresOf(*context->GetPlatformInfo());
  ElementwiseDevice device;
  device.cores = platform.vector_cores;
  device.ub_bytes = platform.ub_bytes;
  device.has_data_copy_pad = platform.has_data_copy_pad;
  ::op_kernel::ElementwiseTiling tiling;
  uint32_t block_dim = 1;
  if (Status st = MakeElementwiseTiling(request, device, &tiling, &block_dim); !st.ok()) {
    return Fail(std::move(st));
  }
  return op_def::SetTiling(context, request.op_name, tiling, block_dim);
}

class ElementwiseOpDef : public ops::OpDef {
 public:
  // `on_aicpu`: the op's AI CPU definition, with its own columns.
  ElementwiseOpDef(const char* name, bool on_aicpu) : OpDef(name) {
    const OpInfo& info = InfoOf(name);
    const bool cast_pairs = !on_aicpu && info.dtypes == nullptr;
    const std::vector<ge::DataType>& columns = on_aicpu     ? *info.aicpu_dtypes
                                               : cast_pairs ? CastPairs().src
                                                            : *info.dtypes;
    const std::vector<ge::Format> nd(columns.size(), ge::FORMAT_ND);
    auto column_param = [&](ops::OpParamDef& p) {
      p.ParamType(ops::REQUIRED).DataType(columns).Format(nd).UnknownShapeFormat(nd);
    };
    // Cast's output (and CastLike's target): on the AI Core each column's pair's destination;
    // on the AI CPU any dtype whatever the input's column.
    auto any_param = [&](ops::OpParamDef& p) {
      if (cast_pairs) {
        p.ParamType(ops::REQUIRED).DataType(CastPairs().dst).Format(nd).UnknownShapeFormat(nd);
      } else {
        p.ParamType(ops::REQUIRED).DataTypeList(kAll).FormatList({ge::FORMAT_ND});
      }
    };
    switch (info.kind) {
      case Kind::kUnary:
        column_param(Input("X"));
        column_param(Output("Y"));
        break;
      case Kind::kBinary:
        column_param(Input("A"));
        column_param(Input("B"));
        column_param(Output("C"));
        break;
      case Kind::kCast:
        column_param(Input("input"));
        any_param(Output("output"));
        Attr("to").AttrType(ops::REQUIRED).Int();
        Attr("saturate").AttrType(ops::OPTIONAL).Int(1);
        break;
      case Kind::kCastLike:
        column_param(Input("input"));
        any_param(Input("target_type"));
        any_param(Output("output"));
        Attr("saturate").AttrType(ops::OPTIONAL).Int(1);
        break;
    }
    SetInferShape(InferShape);
    SetInferDataType(InferDataType);
    if (on_aicpu) {
      AICPU().OpKernelLib("CUSTAICPUKernel").KernelSo("libopsim_ops.so").UserDefined(true);
    } else {
      AICore().SetTiling(Tiling);
    }
  }
};

// OP_ADD names an op type after a C++ class; these come from a table, so they are added
// through the factory OP_ADD itself calls.
const int kAdded = [] {
  for (const OpInfo& info : kOps) {
    ops::OpDefFactory::OpDefRegister(info.name, [](const char* name) {
      return std::unique_ptr<ops::OpDef>(new ElementwiseOpDef(name, false));
    });
    if (info.aicpu_dtypes == nullptr) continue;
    ops::OpDefFactory::OpDefRegister(info.name, [](const char* name) {
      return std::unique_ptr<ops::OpDef>(new ElementwiseOpDef(name, true));
    });
  }
  return 0;
}();

}  // namespace
}  // namespace opsim::elementwise
