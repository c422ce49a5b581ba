// The atb:: facade as ATB's headers declare it: int32 Status, SVector, Context, Operation,
// graphs, Utils and logging; and opsim's extensions (atb/opsim_ext.h). Written against the
// facade only, outside namespace opsim, as client code is.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "atb/atb_infer.h"
#include "atb/opsim_ext.h"

namespace atb_facade_test {
namespace {

static_assert(std::is_same_v<atb::Status, int32_t>, "ATB's Status is int32_t");
static_assert(atb::MAX_DIM == 8 && std::is_same_v<decltype(atb::MAX_DIM), const uint32_t>);

atb::TensorDesc Desc(aclDataType dtype, std::vector<int64_t> dims,
                     aclFormat format = ACL_FORMAT_ND) {
  atb::TensorDesc desc;
  desc.dtype = dtype;
  desc.format = format;
  for (int64_t d : dims) desc.shape.dims[desc.shape.dimNum++] = d;
  return desc;
}

template <typename T>
atb::Tensor TensorOn(std::vector<T>& data, const atb::TensorDesc& desc) {
  atb::Tensor t;
  t.desc = desc;
  t.deviceData = data.data();
  t.dataSize = data.size() * sizeof(T);
  return t;
}

atb::Operation* Reduce(atb::infer::ReduceParam::ReduceType type, std::vector<int64_t> axes) {
  atb::infer::ReduceParam param;
  param.reduceType = type;
  for (int64_t a : axes) param.axis.push_back(a);
  atb::Operation* op = nullptr;
  EXPECT_EQ(atb::CreateOperation(param, &op), atb::NO_ERROR);
  return op;
}

struct ContextGuard {
  atb::Context* context = nullptr;
  ContextGuard() { EXPECT_EQ(atb::CreateContext(&context), atb::NO_ERROR); }
  ~ContextGuard() { (void)atb::DestroyContext(context); }
};

// Setup then Execute with the workspace Setup asks for.
atb::Status SetupAndExecute(atb::Operation* op, const atb::VariantPack& pack,
                            atb::Context* context) {
  uint64_t size = 0;
  const atb::Status st = op->Setup(pack, size, context);
  if (st != atb::NO_ERROR) return st;
  std::vector<uint8_t> workspace(size);
  return op->Execute(pack, workspace.data(), size, context);
}

TEST(AtbStatus, IsAnIntClientCodeCanPrintSwitchAndReturn) {
  atb::Operation* op = Reduce(atb::infer::ReduceParam::REDUCE_MAX, {});
  atb::SVector<atb::TensorDesc> in = {Desc(ACL_INT32, {2, 3})};
  atb::SVector<atb::TensorDesc> out;
  const atb::Status st = op->InferShape(in, out);
  EXPECT_EQ(std::to_string(st), "1");
  EXPECT_TRUE(st != 0);
  EXPECT_EQ(st, atb::ERROR_INVALID_PARAM);
  switch (st) {
    case atb::NO_ERROR: ADD_FAILURE() << "empty axis accepted"; break;
    case atb::ERROR_INVALID_PARAM: break;
    default: ADD_FAILURE() << "unexpected " << st;
  }
  EXPECT_EQ(atb::OpsimErrorName(st), "ERROR_INVALID_PARAM");
  EXPECT_NE(atb::OpsimLastError(op).find("ERROR_INVALID_PARAM: ReduceOperation: axis is empty"),
            std::string::npos)
      << atb::OpsimLastError(op);
  // A success clears it.
  atb::infer::ReduceParam ok;
  ok.reduceType = atb::infer::ReduceParam::REDUCE_MAX;
  ok.axis = {0};
  EXPECT_EQ(atb::UpdateOperationParam(op, ok), atb::NO_ERROR);
  EXPECT_EQ(op->InferShape(in, out), atb::NO_ERROR);
  EXPECT_EQ(atb::OpsimLastError(op), "");
  EXPECT_EQ(atb::DestroyOperation(op), atb::NO_ERROR);
}

TEST(AtbSVector, BehavesAsAtbsHeaderDeclares) {
  atb::SVector<int64_t> v = {1, 2, 3};
  v.at(0) = 7;  // at() returns a reference
  v[1] = 8;
  EXPECT_EQ(v.at(0), 7);
  EXPECT_EQ(v[1], 8);
  EXPECT_THROW((void)v.at(3), std::out_of_range);
  EXPECT_THROW((void)v[3], std::out_of_range);
  v.insert(0, 5);
  EXPECT_EQ((atb::SVector<int64_t>{5, 7, 8, 3}), v);
  EXPECT_TRUE((atb::SVector<int64_t>{1}) < v);  // shorter first
  std::ostringstream os;
  os << v;
  EXPECT_EQ(os.str(), "5,7,8,3");
  // 64 inline, then one heap block up to MAX_SVECTOR_SIZE; beyond, ATB's exception.
  atb::SVector<int64_t> big;
  for (int64_t i = 0; i < 256; ++i) big.push_back(i);
  EXPECT_EQ(big.size(), 256u);
  EXPECT_EQ(big.at(200), 200);
  EXPECT_THROW(big.push_back(256), atb::MaxSizeExceeded);
  atb::SVector<int64_t> copy = big;
  EXPECT_TRUE(copy == big);
  atb::SVector<int64_t> moved = std::move(copy);
  EXPECT_EQ(moved.size(), 256u);
  EXPECT_THROW(atb::SVector<int64_t>(257, 0), atb::MaxSizeExceeded);
  atb::SVector<int64_t> sized(3);
  EXPECT_EQ(sized.size(), 3u);
  sized.resize(70);
  EXPECT_EQ(sized.at(69), 0);
  sized.clear();
  EXPECT_TRUE(sized.empty());
}

TEST(AtbContext, LifecycleStreamsAndModes) {
  atb::Context* context = nullptr;
  ASSERT_EQ(atb::CreateContext(&context), atb::NO_ERROR);
  int stream = 0;
  EXPECT_EQ(context->SetExecuteStream(&stream), atb::NO_ERROR);
  EXPECT_EQ(context->GetExecuteStream(), &stream);
  EXPECT_EQ(context->SetExecuteType(atb::EXECUTE_PRELAUNCH), atb::NO_ERROR);
  EXPECT_EQ(context->GetExecuteType(), atb::EXECUTE_PRELAUNCH);
  EXPECT_EQ(context->SetExecuteType(static_cast<atb::ExecuteType>(7)), atb::ERROR_INVALID_PARAM);
  EXPECT_NE(atb::OpsimLastError(context).find("type = 7"), std::string::npos);
  EXPECT_EQ(context->SetLaunchMode(atb::GRAPH_LAUNCH_MODE), atb::NO_ERROR);
  EXPECT_EQ(context->GetLaunchMode(), atb::GRAPH_LAUNCH_MODE);
  EXPECT_EQ(atb::OpsimLastError(context), "");
  EXPECT_EQ(atb::OpsimSetDevice(context, "ascend310p"), atb::NO_ERROR);
  EXPECT_EQ(atb::OpsimSetDevice(context, "no_such_chip"), atb::ERROR_INVALID_PARAM);
  EXPECT_NE(atb::OpsimLastError(context).find("no_such_chip"), std::string::npos);
  EXPECT_EQ(atb::DestroyContext(context), atb::NO_ERROR);
  EXPECT_EQ(atb::CreateContext(nullptr), atb::ERROR_INVALID_PARAM);
  atb::Context* with_tiling = nullptr;
  EXPECT_EQ(atb::CreateContext(&with_tiling, 8u, 8u), atb::NO_ERROR);
  EXPECT_EQ(atb::DestroyContext(with_tiling), atb::NO_ERROR);
}

// A context of another implementation, as a client might pass by mistake.
class OtherContext : public atb::Context {
 public:
  atb::Status SetExecuteStream(aclrtStream) override { return 0; }
  aclrtStream GetExecuteStream() const override { return nullptr; }
  atb::Status SetAsyncTilingCopyStatus(bool) override { return 0; }
  bool GetAsyncTilingCopyStatus() const override { return false; }
  atb::Status SetExecuteStreams(const std::vector<aclrtStream>&) override { return 0; }
  std::vector<aclrtStream> GetExecuteStreams() override { return {}; }
  atb::Status SetExecuteType(atb::ExecuteType) override { return 0; }
  atb::ExecuteType GetExecuteType() override { return atb::EXECUTE_NORMAL; }
  atb::Status SetLaunchMode(atb::LaunchMode) override { return 0; }
  atb::LaunchMode GetLaunchMode() override { return atb::KERNEL_LAUNCH_MODE; }
};

TEST(AtbOperation, RunsAndRefusesAsAtb) {
  ContextGuard g;
  atb::Operation* op = Reduce(atb::infer::ReduceParam::REDUCE_MAX, {0, 1});
  EXPECT_EQ(op->GetName(), "ReduceOperation");
  EXPECT_EQ(op->GetInputNum(), 1u);
  EXPECT_EQ(op->GetOutputNum(), 1u);
  // The ATB page's REDUCE_MAX example 2.
  std::vector<int32_t> x = {17, 3, 19, 6, 1, 18, 4, 5, 8, 1, 14, 18};
  std::vector<int32_t> y(2, 0);
  atb::VariantPack pack;
  pack.inTensors.push_back(TensorOn(x, Desc(ACL_INT32, {2, 3, 2})));
  pack.outTensors.push_back(TensorOn(y, Desc(ACL_INT32, {2})));
  uint64_t ws = 0;
  EXPECT_EQ(op->Setup(pack, ws, nullptr), atb::ERROR_INVALID_PARAM);
  OtherContext other;
  EXPECT_EQ(op->Setup(pack, ws, &other), atb::ERROR_INVALID_PARAM);
  EXPECT_NE(atb::OpsimLastError(op).find("not created by atb::CreateContext"), std::string::npos);
  EXPECT_EQ(SetupAndExecute(op, pack, g.context), atb::NO_ERROR);
  EXPECT_EQ(y, (std::vector<int32_t>{19, 18}));
  // int32 ran on the AI CPU, which opsim does not time; bfloat16 (also in ATB's MAX table) runs on
  // the AI Core. bfloat16 bits of small integers: a float's upper half.
  EXPECT_EQ(atb::OpsimDeviceNs(g.context), 0.0);
  std::vector<uint16_t> x_bf(x.size()), y_bf(2, 0);
  for (size_t k = 0; k < x.size(); ++k) {
    const float f = static_cast<float>(x[k]);
    uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof(bits));
    x_bf[k] = static_cast<uint16_t>(bits >> 16);
  }
  atb::VariantPack bf;
  bf.inTensors.push_back(TensorOn(x_bf, Desc(ACL_BF16, {2, 3, 2})));
  bf.outTensors.push_back(TensorOn(y_bf, Desc(ACL_BF16, {2})));
  EXPECT_EQ(SetupAndExecute(op, bf, g.context), atb::NO_ERROR);
  EXPECT_EQ(y_bf, (std::vector<uint16_t>{x_bf[2], x_bf[5]}));  // 19, 18
  EXPECT_GT(atb::OpsimDeviceNs(g.context), 0.0);
  // A failed Setup is the context's last error too.
  atb::VariantPack wrong = pack;
  wrong.outTensors.at(0).desc.dtype = ACL_FLOAT;
  EXPECT_EQ(op->Setup(wrong, ws, g.context), atb::ERROR_INVALID_TENSOR_INI_MATCH);
  EXPECT_NE(atb::OpsimLastError(g.context).find("ERROR_INVALID_TENSOR_INI_MATCH"),
            std::string::npos);
  EXPECT_EQ(atb::SetExecuteStreamId(op, 3), atb::NO_ERROR);
  EXPECT_EQ(atb::GetExecuteStreamId(op), 3u);
  atb::infer::ReduceParam cloned;
  EXPECT_EQ(atb::CloneOperationParam(op, cloned), atb::NO_ERROR);
  EXPECT_EQ(cloned.reduceType, atb::infer::ReduceParam::REDUCE_MAX);
  EXPECT_TRUE(cloned.axis == (atb::SVector<int64_t>{0, 1}));
  EXPECT_EQ(atb::DestroyOperation(op), atb::NO_ERROR);
  EXPECT_EQ(atb::DestroyOperation(nullptr), atb::NO_ERROR);
}

// ACL's formats are accepted in descriptions and checked against the table: Reduce is ND only.
TEST(AtbOperation, FormatsAreCheckedAgainstTheTable) {
  atb::Operation* op = Reduce(atb::infer::ReduceParam::REDUCE_SUM, {1});
  atb::SVector<atb::TensorDesc> out;
  for (aclFormat format : {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_FRACTAL_NZ,
                           ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z, ACL_FORMAT_NCL}) {
    atb::SVector<atb::TensorDesc> in = {Desc(ACL_FLOAT16, {2, 16}, format)};
    EXPECT_EQ(op->InferShape(in, out), atb::ERROR_INVALID_TENSOR_INI_MATCH) << format;
  }
  atb::SVector<atb::TensorDesc> nd = {Desc(ACL_FLOAT16, {2, 16})};
  EXPECT_EQ(op->InferShape(nd, out), atb::NO_ERROR);
  EXPECT_EQ(out.at(0).format, ACL_FORMAT_ND);
  (void)atb::DestroyOperation(op);
}

TEST(AtbExtensions, OptInOnTheOperationOrTheContext) {
  ContextGuard g;
  atb::Operation* prod = Reduce(atb::OPSIM_REDUCE_PROD, {1});
  atb::SVector<atb::TensorDesc> in = {Desc(ACL_INT32, {2, 3})};
  atb::SVector<atb::TensorDesc> out;
  EXPECT_EQ(prod->InferShape(in, out), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(atb::OpsimSetExtensions(prod, true), atb::NO_ERROR);
  EXPECT_EQ(prod->InferShape(in, out), atb::NO_ERROR);
  std::vector<int32_t> x = {1, 2, 3, 4, 5, 6};
  std::vector<int32_t> y(2, 0);
  atb::VariantPack pack;
  pack.inTensors.push_back(TensorOn(x, Desc(ACL_INT32, {2, 3})));
  pack.outTensors.push_back(TensorOn(y, Desc(ACL_INT32, {2})));
  EXPECT_EQ(SetupAndExecute(prod, pack, g.context), atb::NO_ERROR);
  EXPECT_EQ(y, (std::vector<int32_t>{6, 120}));
  (void)atb::DestroyOperation(prod);

  // The context lifts Setup and Execute of operations that did not opt in.
  atb::Operation* sum = Reduce(atb::infer::ReduceParam::REDUCE_SUM, {1});
  std::vector<int32_t> ys(2, 0);
  pack.outTensors.at(0) = TensorOn(ys, Desc(ACL_INT32, {2}));
  EXPECT_EQ(SetupAndExecute(sum, pack, g.context), atb::ERROR_INVALID_TENSOR_INI_MATCH);
  EXPECT_EQ(atb::OpsimSetExtensions(g.context, true), atb::NO_ERROR);
  EXPECT_EQ(SetupAndExecute(sum, pack, g.context), atb::NO_ERROR);
  EXPECT_EQ(ys, (std::vector<int32_t>{6, 15}));
  EXPECT_EQ(atb::OpsimSetExtensions(static_cast<atb::Operation*>(nullptr), true),
            atb::ERROR_INVALID_PARAM);
  (void)atb::DestroyOperation(sum);
}

atb::Node MakeNode(atb::Operation* op, std::vector<uint32_t> in, std::vector<uint32_t> out) {
  atb::Node node;
  node.operation = op;
  for (uint32_t id : in) node.inTensorIds.push_back(id);
  for (uint32_t id : out) node.outTensorIds.push_back(id);
  return node;
}

// x[2,3,4] int32 -max{2}-> t[2,3] -min{0}-> y[3]; the graph owns its nodes.
TEST(AtbGraph, TwoOperationsRunAndTheGraphOwnsThem) {
  ContextGuard g;
  atb::GraphParam param;
  param.name = "max_then_min";
  param.inTensorNum = 1;
  param.outTensorNum = 1;
  param.internalTensorNum = 1;
  atb::Operation* max = Reduce(atb::infer::ReduceParam::REDUCE_MAX, {2});
  atb::Operation* min = Reduce(atb::infer::ReduceParam::REDUCE_MIN, {0});
  param.nodes.push_back(MakeNode(max, {0}, {2}));
  param.nodes.push_back(MakeNode(min, {2}, {1}));
  atb::Operation* graph = nullptr;
  ASSERT_EQ(atb::CreateOperation(param, &graph), atb::NO_ERROR);
  EXPECT_EQ(graph->GetName(), "max_then_min");
  // The graph owns its nodes: destroying one alone is refused.
  EXPECT_EQ(atb::DestroyOperation(max), atb::ERROR_INVALID_PARAM);
  // A node cannot join a second graph.
  atb::Operation* second = nullptr;
  EXPECT_EQ(atb::CreateOperation(param, &second), atb::ERROR_INVALID_GRAPH);

  std::vector<int32_t> x(24);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<int32_t>((i * 7) % 11);
  atb::SVector<atb::TensorDesc> in = {Desc(ACL_INT32, {2, 3, 4})};
  atb::SVector<atb::TensorDesc> out;
  ASSERT_EQ(graph->InferShape(in, out), atb::NO_ERROR);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out.at(0).shape.dimNum, 1u);
  EXPECT_EQ(out.at(0).shape.dims[0], 3);
  std::vector<int32_t> y(3, 0);
  atb::VariantPack pack;
  pack.inTensors.push_back(TensorOn(x, in.at(0)));
  pack.outTensors.push_back(TensorOn(y, out.at(0)));
  ASSERT_EQ(SetupAndExecute(graph, pack, g.context), atb::NO_ERROR) << atb::OpsimLastError(graph);
  for (int j = 0; j < 3; ++j) {
    int32_t expected = 1 << 30;
    for (int i = 0; i < 2; ++i) {
      int32_t m = -(1 << 30);
      for (int k = 0; k < 4; ++k) m = std::max(m, x[static_cast<size_t>((i * 3 + j) * 4 + k)]);
      expected = std::min(expected, m);
    }
    EXPECT_EQ(y[static_cast<size_t>(j)], expected) << j;
  }
  EXPECT_EQ(atb::DestroyOperation(graph), atb::NO_ERROR);  // and its nodes (ASan: no leak)
}

class ForeignOperation : public atb::Operation {
 public:
  std::string GetName() const override { return "Foreign"; }
  atb::Status InferShape(const atb::SVector<atb::TensorDesc>&,
                         atb::SVector<atb::TensorDesc>&) const override {
    return 0;
  }
  uint32_t GetInputNum() const override { return 1; }
  uint32_t GetOutputNum() const override { return 1; }
  atb::Status Setup(const atb::VariantPack&, uint64_t&, atb::Context*) override { return 0; }
  atb::Status Execute(const atb::VariantPack&, uint8_t*, uint64_t, atb::Context*) override {
    return 0;
  }
};

TEST(AtbGraph, InvalidGraphsAreRefusedAndTheCallerKeepsTheNodes) {
  atb::Operation* max = Reduce(atb::infer::ReduceParam::REDUCE_MAX, {0});
  atb::GraphParam param;
  param.name = "bad";
  param.inTensorNum = 1;
  param.outTensorNum = 1;
  param.nodes.push_back(MakeNode(max, {0}, {5}));  // id 5 out of range
  atb::Operation* graph = nullptr;
  EXPECT_EQ(atb::CreateOperation(param, &graph), atb::ERROR_INVALID_GRAPH);
  EXPECT_EQ(graph, nullptr);
  param.nodes.at(0) = MakeNode(max, {0}, {1});
  param.nodes.at(0).inTensorReshapeFuncs.push_back(
      [](const atb::Dims& old_shape, atb::Dims& new_shape) { new_shape = old_shape; });
  EXPECT_EQ(atb::CreateOperation(param, &graph), atb::ERROR_INVALID_GRAPH);
  ForeignOperation foreign;
  param.nodes.at(0) = MakeNode(&foreign, {0}, {1});
  EXPECT_EQ(atb::CreateOperation(param, &graph), atb::ERROR_INVALID_GRAPH);
  EXPECT_EQ(atb::CreateOperation(param, nullptr), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(atb::DestroyOperation(max), atb::NO_ERROR);  // still the caller's
}

TEST(AtbGraph, InferShapeFuncReplacesTheNodeByNodeInference) {
  atb::GraphParam param;
  param.name = "with_func";
  param.inTensorNum = 1;
  param.outTensorNum = 1;
  param.nodes.push_back(MakeNode(Reduce(atb::infer::ReduceParam::REDUCE_MAX, {0}), {0}, {1}));
  param.inferShapeFunc = [](const atb::SVector<atb::TensorDesc>& in,
                            atb::SVector<atb::TensorDesc>& out) -> atb::Status {
    if (in.size() != 1) return atb::ERROR_INVALID_IN_TENSOR_NUM;
    out = {in.at(0)};
    out.at(0).shape.dimNum = 1;
    return atb::NO_ERROR;
  };
  atb::Operation* graph = nullptr;
  ASSERT_EQ(atb::CreateOperation(param, &graph), atb::NO_ERROR);
  atb::SVector<atb::TensorDesc> in = {Desc(ACL_INT32, {4, 5})};
  atb::SVector<atb::TensorDesc> out;
  EXPECT_EQ(graph->InferShape(in, out), atb::NO_ERROR);
  EXPECT_EQ(out.at(0).shape.dims[0], 4);  // what the function said, not the node's [5]
  in.clear();
  EXPECT_EQ(graph->InferShape(in, out), atb::ERROR_INVALID_IN_TENSOR_NUM);
  (void)atb::DestroyOperation(graph);
}

// ATB's GraphOpBuilder: tensors by name; names other than the graph's inputs and outputs are
// internal tensors.
TEST(AtbGraphOpBuilder, BuildsAGraphFromTensorNames) {
  ContextGuard g;
  atb::GraphOpBuilder* builder = nullptr;
  ASSERT_EQ(atb::CreateGraphOpBuilder(&builder), atb::NO_ERROR);
  const atb::InferShapeFunc infer = [](const atb::SVector<atb::TensorDesc>& in,
                                       atb::SVector<atb::TensorDesc>& out) -> atb::Status {
    out = {in.at(0)};
    out.at(0).shape.dimNum = 1;
    out.at(0).shape.dims[0] = in.at(0).shape.dims[1];
    return atb::NO_ERROR;
  };
  ASSERT_EQ(builder->Init("by_names", infer, {"x"}, {"y"}), atb::NO_ERROR);
  atb::infer::ReduceParam max;
  max.reduceType = atb::infer::ReduceParam::REDUCE_MAX;
  max.axis = {2};
  atb::infer::ReduceParam min;
  min.reduceType = atb::infer::ReduceParam::REDUCE_MIN;
  min.axis = {0};
  ASSERT_EQ(builder->AddOperation(max, {"x"}, {"t"}), atb::NO_ERROR);
  ASSERT_EQ(builder->AddOperation(min, {"t"}, {"y"}), atb::NO_ERROR);
  EXPECT_EQ(builder->AddOperation(static_cast<atb::Operation*>(nullptr), {"t"}, {"y"}),
            atb::ERROR_INVALID_PARAM);
  atb::Operation* graph = builder->Build();
  ASSERT_NE(graph, nullptr);
  std::vector<int32_t> x = {17, 3, 19, 6, 1, 18, 4, 5, 8, 1, 14, 18};
  std::vector<int32_t> y(3, 0);
  atb::VariantPack pack;
  pack.inTensors.push_back(TensorOn(x, Desc(ACL_INT32, {2, 3, 2})));
  pack.outTensors.push_back(TensorOn(y, Desc(ACL_INT32, {3})));
  EXPECT_EQ(SetupAndExecute(graph, pack, g.context), atb::NO_ERROR) << atb::OpsimLastError(graph);
  EXPECT_EQ(y, (std::vector<int32_t>{5, 8, 18}));
  EXPECT_EQ(atb::DestroyOperation(graph), atb::NO_ERROR);
  EXPECT_EQ(atb::DestroyGraphOpBuilder(builder), atb::NO_ERROR);
  EXPECT_EQ(atb::CreateGraphOpBuilder(nullptr), atb::ERROR_INVALID_PARAM);
}

// A view made by Reshape needs reshape functions, which opsim's graphs do not model: Build
// fails, destroys the operations added (ASan: no leak) and returns nullptr, as ATB's does.
TEST(AtbGraphOpBuilder, AGraphReadingAViewDoesNotBuild) {
  atb::GraphOpBuilder* builder = nullptr;
  ASSERT_EQ(atb::CreateGraphOpBuilder(&builder), atb::NO_ERROR);
  ASSERT_EQ(builder->Init("view", nullptr, {"x"}, {"y"}), atb::NO_ERROR);
  ASSERT_EQ(
      builder->Reshape(
          "x", [](const atb::Dims& old_shape, atb::Dims& new_shape) { new_shape = old_shape; },
          "x_view"),
      atb::NO_ERROR);
  atb::infer::ReduceParam max;
  max.reduceType = atb::infer::ReduceParam::REDUCE_MAX;
  max.axis = {0};
  ASSERT_EQ(builder->AddOperation(max, {"x_view"}, {"y"}), atb::NO_ERROR);
  EXPECT_EQ(builder->Build(), nullptr);
  EXPECT_EQ(atb::DestroyGraphOpBuilder(builder), atb::NO_ERROR);
}

// opsim's operations take at most 64 tensors per list (ATB's SVector holds 256); an exception
// inside a call (a user's inferShapeFunc) is ATB's ERROR_OUT_OF_HOST_MEMORY.
TEST(AtbOperation, LimitsAndExceptionsGiveAtbCodes) {
  atb::Operation* op = Reduce(atb::infer::ReduceParam::REDUCE_MAX, {0});
  atb::SVector<atb::TensorDesc> many(65, Desc(ACL_INT32, {2}));
  atb::SVector<atb::TensorDesc> out;
  EXPECT_EQ(op->InferShape(many, out), atb::ERROR_INVALID_IN_TENSOR_NUM);
  EXPECT_NE(atb::OpsimLastError(op).find("inTensorDescs holds 65 tensors; opsim operations take "
                                         "at most 64"),
            std::string::npos)
      << atb::OpsimLastError(op);

  atb::GraphParam param;
  param.name = "throws";
  param.inTensorNum = 1;
  param.outTensorNum = 1;
  param.nodes.push_back(MakeNode(op, {0}, {1}));
  param.inferShapeFunc = [](const atb::SVector<atb::TensorDesc>& in,
                            atb::SVector<atb::TensorDesc>&) -> atb::Status {
    return static_cast<atb::Status>(in.at(5).shape.dimNum);  // out of range: throws
  };
  atb::Operation* graph = nullptr;
  ASSERT_EQ(atb::CreateOperation(param, &graph), atb::NO_ERROR);
  atb::SVector<atb::TensorDesc> one = {Desc(ACL_INT32, {2})};
  EXPECT_EQ(graph->InferShape(one, out), atb::ERROR_OUT_OF_HOST_MEMORY);
  EXPECT_NE(atb::OpsimLastError(graph).find("threw: atb::SVector at: index 5 is out of range"),
            std::string::npos)
      << atb::OpsimLastError(graph);
  (void)atb::DestroyOperation(graph);
}

TEST(AtbUtils, SizesFollowAtbsRules) {
  EXPECT_EQ(atb::Utils::GetTensorSize(Desc(ACL_FLOAT16, {2, 3})), 12u);
  EXPECT_EQ(atb::Utils::GetTensorSize(Desc(ACL_COMPLEX64, {2})), 16u);
  EXPECT_EQ(atb::Utils::GetTensorSize(Desc(ACL_FLOAT16, {})), 0u);
  EXPECT_EQ(atb::Utils::GetTensorSize(Desc(ACL_FLOAT16, {2, 0})), 0u);
  EXPECT_EQ(atb::Utils::GetTensorSize(Desc(ACL_INT4, {2})), 0u);
  EXPECT_EQ(atb::Utils::GetTensorNumel(Desc(ACL_INT32, {2, 3, 4})), 24u);
  float f[2] = {1.0f, -2.0f};
  uint64_t bits[2] = {0, 0};
  atb::Utils::QuantParamConvert(f, bits, 2);
  EXPECT_EQ(bits[0], 0x3f800000u);
  EXPECT_EQ(bits[1], 0xc0000000u);
  EXPECT_FALSE(atb::Utils::GetAtbVersion().empty());
}

TEST(AtbLog, ErrorsGoToStdoutWhenAsked) {
  atb::Operation* op = Reduce(atb::infer::ReduceParam::REDUCE_SUM, {-1});
  atb::SVector<atb::TensorDesc> in = {Desc(ACL_FLOAT16, {2})};
  atb::SVector<atb::TensorDesc> out;
  setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 1);
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(op->InferShape(in, out), atb::ERROR_INVALID_PARAM);
  const std::string logged = ::testing::internal::GetCapturedStdout();
  EXPECT_NE(logged.find("[ERROR] ATB ReduceOperation InferShape: ERROR_INVALID_PARAM: "
                        "ReduceOperation: axis[0] = -1 is negative"),
            std::string::npos)
      << logged;
  EXPECT_EQ(atb::Utils::SetLogLevel(atb::LogLevel::NONE), atb::NO_ERROR);
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(op->InferShape(in, out), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(atb::Utils::ResetLogLevel(), atb::NO_ERROR);
  unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(op->InferShape(in, out), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "");
  (void)atb::DestroyOperation(op);
}

}  // namespace
}  // namespace atb_facade_test
