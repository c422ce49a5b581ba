// DYNAMIC inputs (AddN's pattern): the count reaches the operation as "@<input>", the tiling
// function reads each tensor with GetDynamicInputShape/Desc, and the kernel gets one address in
// Ascend C's ListTensorDesc layout. Through the registry and an ONNX node. A DYNAMIC output
// (ops-nn's foreach operators' y) is a list the same way: "@<output>", GetOutputShape over its
// instances, GetIrOutputInstanceInfo, and the kernel's one address.
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

size_t g_seen_outputs = 0;

// The foreach pattern: as many outputs as inputs, each the same shape.
uint32_t ForeachScaleInferShape(gert::InferShapeContext* context) {
  const gert::AnchorInstanceInfo* in = context->GetIrInputInstanceInfo(0);
  const gert::AnchorInstanceInfo* out = context->GetIrOutputInstanceInfo(0);
  if (in == nullptr || out == nullptr || context->GetIrOutputInstanceInfo(1) != nullptr ||
      out->GetInstanceNum() != in->GetInstanceNum() ||
      out->GetInstanceNum() != context->GetComputeNodeOutputNum() ||
      context->GetComputeNodeInfo()->GetOutputInstanceInfo(0)->GetInstanceStart() != 0) {
    return ge::GRAPH_FAILED;
  }
  for (size_t i = 0; i < out->GetInstanceNum(); ++i) {
    *context->GetOutputShape(i) = *context->GetDynamicInputShape(0, i);
  }
  return ge::GRAPH_SUCCESS;
}

// The tiling: each output's element count (what the caller's list gives), at most 8.
uint32_t ForeachScaleTiling(gert::TilingContext* context) {
  const size_t n = context->GetComputeNodeOutputNum();
  g_seen_outputs = n;
  gert::TilingData* raw = context->GetRawTilingData();
  raw->Append(static_cast<int64_t>(n));
  for (size_t i = 0; i < n; ++i) {
    if (context->GetOutputDesc(i)->GetDataType() != ge::DT_FLOAT) return ge::GRAPH_FAILED;
    raw->Append(context->GetOutputShape(i)->GetStorageShape().GetShapeSize());
  }
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
class OpsimForeachScale : public OpDef {
 public:
  explicit OpsimForeachScale(const char* name) : OpDef(name) {
    Input("x").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Output("y").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    SetInferShape(ForeachScaleInferShape);
    AICore().SetTiling(ForeachScaleTiling).AddConfig("ascend910b");
  }
};
OP_ADD(OpsimForeachScale);

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

// y[i] = 2 * x[i] over both lists, each tensor's elements read from the tiling (a multiple of 8).
extern "C" __global__ __aicore__ void opsim_foreach_scale(GM_ADDR x, GM_ADDR y, GM_ADDR,
                                                          GM_ADDR tiling) {
  int64_t counts[9] = {};
  std::memcpy(counts, tiling, sizeof(int64_t));
  std::memcpy(counts + 1, tiling + sizeof(int64_t), counts[0] * sizeof(int64_t));
  AscendC::ListTensorDesc xs(x);
  AscendC::ListTensorDesc ys(y);
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024 * sizeof(float));
  for (uint32_t i = 0; i < ys.GetSize(); ++i) {
    const int32_t n = static_cast<int32_t>(counts[i + 1]);
    AscendC::GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer(xs.GetDataPtr<float>(i), n);
    yg.SetGlobalBuffer(ys.GetDataPtr<float>(i), n);
    AscendC::LocalTensor<float> t = buf.Get<float>();
    AscendC::DataCopy(t, xg, n);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Muls(t, t, 2.0f, n);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yg, t, n);
    AscendC::PipeBarrier<PIPE_ALL>();
  }
}
static const opsim::op_api::KernelRegistrar g_foreach_scale("OpsimForeachScale", 0,
                                                            &opsim_foreach_scale);

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
  EXPECT_EQ(st.message(), "OpsimSumN: '@y' is given, but 'y' is not a DYNAMIC output");
  st = OperationRegistry::Global().Create("OpsimSumN", {{"@z", int64_t{2}}, {"@x", int64_t{1}}},
                                          &op);
  EXPECT_EQ(st.message(), "OpsimSumN: '@z' names no input or output of the op");
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

TEST(DynamicOutput, ListsOfThreeReachInferShapeTheTilingAndTheKernel) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("OpsimForeachScale", {{"@x", int64_t{3}}, {"@y", int64_t{3}}}, &op)
                  .ok());
  EXPECT_EQ(op->GetOutputNum(), 3u);
  HostTensor a(Desc(ACL_FLOAT, {16})), b(Desc(ACL_FLOAT, {2, 8})), c(Desc(ACL_FLOAT, {64}));
  SVector<TensorDesc> out;
  ASSERT_TRUE(op->InferShape({a.desc, b.desc, c.desc}, out).ok());
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[1], b.desc);
  HostTensor ya(a.desc), yb(b.desc), yc(c.desc);
  testing::Fill(a, 1);
  testing::Fill(b, 2);
  testing::Fill(c, 3);
  ContextOptions options;
  options.checked = true;
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create(options, &context).ok());
  VariantPack pack = testing::Pack({&a, &b, &c}, {&ya, &yb, &yc});
  uint64_t ws = 0;
  Status st = op->Setup(pack, ws, context.get());
  if (st.ok()) st = op->Execute(pack, nullptr, 0, context.get());
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(g_seen_outputs, 3u);
  for (auto [x, y] : {std::pair{&a, &ya}, {&b, &yb}, {&c, &yc}}) {
    const auto xs = x->As<float>(), ys = y->As<float>();
    for (size_t i = 0; i < ys.size(); ++i) ASSERT_EQ(ys[i], 2 * xs[i]) << i;
  }
}

TEST(DynamicOutput, ACountMismatchOrAMissingCountIsRefusedNamingTheOutput) {
  std::unique_ptr<Operation> op;
  Status st = OperationRegistry::Global().Create("OpsimForeachScale", {{"@x", int64_t{2}}}, &op);
  EXPECT_EQ(st.message(),
            "OpsimForeachScale: the DYNAMIC output 'y' needs its tensor count as the int "
            "attribute '@y' (1..64, what a VariantPack holds)");
  st = OperationRegistry::Global().Create("OpsimForeachScale",
                                          {{"@x", int64_t{2}}, {"@y", int64_t{0}}}, &op);
  EXPECT_NE(st.message().find("'@y' (1..64, what a VariantPack holds), got 0"), std::string::npos);
  // The op's InferShape refuses a list of another length, as ops-nn's foreach ones do.
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("OpsimForeachScale", {{"@x", int64_t{2}}, {"@y", int64_t{3}}}, &op)
                  .ok());
  SVector<TensorDesc> out;
  st = op->InferShape({Desc(ACL_FLOAT, {8}), Desc(ACL_FLOAT, {8})}, out);
  EXPECT_EQ(st.code(), ErrorCode::kGraphInferShapeFuncFail) << st.ToString();
  // A pack whose output list is not the count the operation was made for: named.
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("OpsimForeachScale", {{"@x", int64_t{2}}, {"@y", int64_t{2}}}, &op)
                  .ok());
  HostTensor a(Desc(ACL_FLOAT, {8})), b(Desc(ACL_FLOAT, {8})), y(Desc(ACL_FLOAT, {8}));
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create({}, &context).ok());
  VariantPack pack = testing::Pack({&a, &b}, {&y});
  uint64_t ws = 0;
  st = op->Setup(pack, ws, context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorNum);
  EXPECT_EQ(st.message(),
            "OpsimForeachScale: outTensors holds 1 tensors (expected 2: y has 2 (@y))");
  // A door that counts a node's outputs sets "@y" from them.
  AttrMap attrs;
  ASSERT_TRUE(SetDynamicOutputCount("OpsimForeachScale", 4, &attrs).ok());
  EXPECT_EQ(std::get<int64_t>(attrs.at("@y")), 4);
  AttrMap none;
  st = SetDynamicOutputCount("OpsimForeachScale", 0, &none);
  EXPECT_EQ(st.message(),
            "OpsimForeachScale: 0 outputs given, but 0 fixed outputs and at least one tensor for "
            "the dynamic output 'y' are needed");
}

}  // namespace
}  // namespace opsim
