// DYNAMIC inputs (AddN's pattern): the count reaches the operation as "@<input>", the tiling
// function reads each tensor with GetDynamicInputShape/Desc, and the kernel gets one address in
// Ascend C's ListTensorDesc layout. Through the registry and an ONNX node.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "kernel_operator.h"
#include "onnx/onnx_pb.h"
#include "opsim/framework/context.h"
#include "opsim/framework/onnx_model.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/kernel_entry.h"
#include "register/op_def_registry.h"

namespace {

size_t g_seen_inputs = 0;

uint32_t SumNTiling(gert::TilingContext* context) {
  size_t n = 0;
  while (context->GetDynamicInputShape(0, n) != nullptr) ++n;
  g_seen_inputs = n;
  if (context->GetDynamicInputDesc(0, n - 1)->GetDataType() != ge::DT_FLOAT)
    return ge::GRAPH_FAILED;
  const int64_t total = context->GetDynamicInputShape(0, 0)->GetStorageShape().GetShapeSize();
  context->SetBlockDim(1);
  gert::TilingData* raw = context->GetRawTilingData();
  raw->Append(total);
  return ge::GRAPH_SUCCESS;
}

uint32_t SumNInferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
class OpsimSumN : public OpDef {
 public:
  explicit OpsimSumN(const char* name) : OpDef(name) {
    Input("x").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    SetInferShape(SumNInferShape);
    AICore().SetTiling(SumNTiling).AddConfig("ascend910b");
  }
};
OP_ADD(OpsimSumN);
}  // namespace ops

// y = sum of the list's tensors, one block, the whole row in the UB.
extern "C" __global__ __aicore__ void opsim_sum_n(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR tiling) {
  int64_t total = 0;
  std::memcpy(&total, tiling, sizeof(total));
  AscendC::ListTensorDesc list(x);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> acc_buf;
  pipe.InitBuffer(in, 1, total * sizeof(float));
  pipe.InitBuffer(out, 1, total * sizeof(float));
  pipe.InitBuffer(acc_buf, total * sizeof(float));
  AscendC::LocalTensor<float> acc = acc_buf.Get<float>();
  AscendC::Duplicate(acc, 0.0f, total);
  for (uint32_t i = 0; i < list.GetSize(); ++i) {
    uint64_t shape[8] = {};
    AscendC::TensorDesc<float> desc;
    desc.SetShapeAddr(shape);
    list.GetDesc(desc, i);
    AscendC::GlobalTensor<float> g = desc.GetDataObj();
    AscendC::LocalTensor<float> t = in.AllocTensor<float>();
    AscendC::DataCopy(t, g, total);
    in.EnQue(t);
    t = in.DeQue<float>();
    AscendC::Add(acc, acc, t, total);
    in.FreeTensor(t);
  }
  AscendC::LocalTensor<float> o = out.AllocTensor<float>();
  AscendC::Adds(o, acc, 0.0f, total);
  out.EnQue(o);
  o = out.DeQue<float>();
  AscendC::GlobalTensor<float> yg;
  yg.SetGlobalBuffer((__gm__ float*)y, total);
  AscendC::DataCopy(yg, o, total);
  out.FreeTensor(o);
}
static const opsim::op_api::KernelRegistrar g_sum_n("OpsimSumN", 0, &opsim_sum_n);

namespace opsim {
namespace {

using testing::Desc;
using testing::HostTensor;

TEST(DynamicInput, ThreeTensorsReachTheTilingAndTheKernelAsAList) {
  AttrMap attrs;
  ASSERT_TRUE(SetDynamicInputCount("OpsimSumN", 3, &attrs).ok());
  EXPECT_EQ(std::get<int64_t>(attrs.at("@x")), 3);
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimSumN", attrs, &op).ok());
  EXPECT_EQ(op->GetInputNum(), 3u);
  HostTensor a(Desc(ACL_FLOAT, {64})), b(Desc(ACL_FLOAT, {64})), c(Desc(ACL_FLOAT, {64}));
  HostTensor y(Desc(ACL_FLOAT, {64}));
  testing::Fill(a, 1);
  testing::Fill(b, 2);
  testing::Fill(c, 3);
  ContextOptions options;
  options.checked = true;
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create(options, &context).ok());
  VariantPack pack = testing::Pack({&a, &b, &c}, {&y});
  uint64_t ws = 0;
  Status st = op->Setup(pack, ws, context.get());
  if (st.ok()) st = op->Execute(pack, nullptr, 0, context.get());
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(g_seen_inputs, 3u);
  const auto as = a.As<float>(), bs = b.As<float>(), cs = c.As<float>(), ys = y.As<float>();
  for (size_t i = 0; i < ys.size(); ++i) ASSERT_EQ(ys[i], (0.0f + as[i] + bs[i]) + cs[i]) << i;
}

TEST(DynamicInput, CountRulesAreChecked) {
  std::unique_ptr<Operation> op;
  Status st = OperationRegistry::Global().Create("OpsimSumN", {}, &op);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message(),
            "OpsimSumN: the DYNAMIC input 'x' needs its tensor count as the int attribute '@x' "
            "(1..64, what a VariantPack holds)");
  // More tensors than a VariantPack holds are refused, not cut to 64 (issue 24).
  st = OperationRegistry::Global().Create("OpsimSumN", {{"@x", int64_t{65}}}, &op);
  EXPECT_EQ(st.message(),
            "OpsimSumN: the DYNAMIC input 'x' needs its tensor count as the int attribute '@x' "
            "(1..64, what a VariantPack holds), got 65");
  st = OperationRegistry::Global().Create("OpsimSumN", {{"@y", int64_t{2}}, {"@x", int64_t{1}}},
                                          &op);
  EXPECT_EQ(st.message(), "OpsimSumN: '@y' names no input of the op");
  AttrMap none;
  st = SetDynamicInputCount("OpsimSumN", 0, &none);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("at least one tensor for the dynamic input 'x'"), std::string::npos);
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimSumN", {{"@x", int64_t{2}}}, &op).ok());
  SVector<TensorDesc> out;
  EXPECT_EQ(op->InferShape({Desc(ACL_FLOAT, {4})}, out).code(), ErrorCode::kInvalidInTensorNum);
  const Status dtype = op->InferShape({Desc(ACL_FLOAT, {4}), Desc(ACL_FLOAT16, {4})}, out);
  EXPECT_EQ(dtype.message(),
            "OpsimSumN: input 1 (x) dtype float16 is not supported (the OpDef allows float32)");
}

TEST(DynamicInput, AnOnnxNodeGivesItsInputCount) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(17);
  for (const char* name : {"a", "b", "c", "d"}) {
    onnx::ValueInfoProto* v = m.mutable_graph()->add_input();
    v->set_name(name);
    onnx::TypeProto_Tensor* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    t->mutable_shape()->add_dim()->set_dim_value(32);
  }
  onnx::NodeProto* n = m.mutable_graph()->add_node();
  n->set_op_type("OpsimSumN");
  for (const char* name : {"a", "b", "c", "d"}) n->add_input(name);
  n->add_output("s");
  m.mutable_graph()->add_output()->set_name("s");
  OnnxModel model;
  const Status st = LoadOnnxModel(m.SerializeAsString(), "model", {}, &model);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(model.inputs.size(), 4u);
}

}  // namespace
}  // namespace opsim
