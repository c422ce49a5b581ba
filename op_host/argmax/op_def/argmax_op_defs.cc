// ArgMax and ArgMin as Ascend operator definitions (ONNX opsets 1, 11, 12, 13): input x, output y
// (int64 indices); attributes axis (0), keepdims (1), select_last_index (0; opset 12+, absent
// before, which is its default). One class for both: the op type picks the extreme.
#include <string>
#include <vector>

#include "argmax/argmax_request.h"
#include "argmax/argmax_tiling.h"
#include "op_def_support.h"
#include "register/op_def_registry.h"

namespace opsim::argmax_op {
namespace {

using op_def::DeviceOf;
using op_def::DimsOf;
using op_def::Fail;

// The attribute order the OpDef declares (what GetAttrs() indexes).
enum Attr { kAxis, kKeepdims, kSelectLastIndex };

Status Lower(const std::string& op, const gert::RuntimeAttrs& attrs, ge::DataType dtype,
             const gert::Shape& shape, ArgMaxRequest* request) {
  return LowerArgMax(op, op == "ArgMin", static_cast<DType>(static_cast<int>(dtype)), DimsOf(shape),
                     *attrs.GetInt(kAxis), *attrs.GetInt(kKeepdims),
                     *attrs.GetInt(kSelectLastIndex), request);
}

ge::graphStatus InferShape(gert::InferShapeContext* context) {
  ArgMaxRequest request;
  if (Status st =
          Lower(context->GetNodeType(), *context->GetAttrs(),
                context->GetInputDesc(0)->GetDataType(), *context->GetInputShape(0), &request);
      !st.ok()) {
    return Fail(std::move(st));
  }
  gert::Shape* out = context->GetOutputShape(0);
  out->SetDimNum(0);
  for (int i = 0; i < request.output.rank(); ++i) out->AppendDim(request.output[i]);
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus Tiling(gert::TilingContext* context) {
  const std::string op = context->GetNodeType();
  ArgMaxRequest request;
  if (Status st = Lower(op, *context->GetAttrs(), context->GetInputDesc(0)->GetDataType(),
                        context->GetInputShape(0)->GetOriginShape(), &request);
      !st.ok()) {
    return Fail(std::move(st));
  }
  ::op_kernel::ArgMaxTilingData tiling;
  uint32_t block_dim = 1;
  if (Status st =
          ComputeArgMaxTiling(request, DeviceOf(*context->GetPlatformInfo()), &tiling, &block_dim);
      !st.ok()) {
    return Fail(std::move(st));
  }
  if (const ge::graphStatus rc = op_def::SetTiling(context, op, tiling, block_dim);
      rc != ge::GRAPH_SUCCESS) {
    return rc;
  }
  context->GetWorkspaceSizes(1)[0] = ArgMaxWorkspaceBytes(tiling);
  return ge::GRAPH_SUCCESS;
}

class ArgMaxOpDef : public ops::OpDef {
 public:
  explicit ArgMaxOpDef(const char* name) : OpDef(name) {
    std::vector<ge::DataType> columns;
    for (DType dtype : ArgMaxDTypes()) {
      columns.push_back(static_cast<ge::DataType>(static_cast<int>(dtype)));
    }
    const std::vector<ge::Format> nd(columns.size(), ge::FORMAT_ND);
    const std::vector<ge::DataType> indices(columns.size(), ge::DT_INT64);
    Input("x").ParamType(ops::REQUIRED).DataType(columns).Format(nd).UnknownShapeFormat(nd);
    Output("y").ParamType(ops::REQUIRED).DataType(indices).Format(nd).UnknownShapeFormat(nd);
    Attr("axis").AttrType(ops::OPTIONAL).Int(0);
    Attr("keepdims").AttrType(ops::OPTIONAL).Int(1);
    Attr("select_last_index").AttrType(ops::OPTIONAL).Int(0);
    SetInferShape(InferShape);
    AICore().SetTiling(Tiling);
  }
};

// OP_ADD names an op type after its class; one class serves both names, so they are added
// through the factory OP_ADD itself calls.
const int kAdded = [] {
  for (const char* name : {"ArgMax", "ArgMin"}) {
    ops::OpDefFactory::OpDefRegister(
        name, [](const char* op) { return std::unique_ptr<ops::OpDef>(new ArgMaxOpDef(op)); });
  }
  return 0;
}();

}  // namespace
}  // namespace opsim::argmax_op
