// The operation registry: Reduce (an OpDef of opsim_ops) from attributes, plug-in operators, and
// errors.
#include <gtest/gtest.h>

#include <algorithm>

#include "framework_test_util.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::testing {
namespace {

TEST(Registry, CreatesReduceFromAttributes) {
  auto& registry = OperationRegistry::Global();
  EXPECT_TRUE(registry.Contains("Reduce"));
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(
      registry
          .Create("Reduce",
                  {{"reduceType", std::string("reduce_sum")}, {"axis", std::vector<int64_t>{1}}},
                  &op)
          .ok());
  EXPECT_EQ(op->GetName(), "Reduce");
  auto context = MakeContext();
  HostTensor x(Desc(ACL_FLOAT16, {3, 40}));
  Fill(x, 9);
  HostTensor y(Desc(ACL_FLOAT16, {3}));
  ASSERT_TRUE(SetupAndExecute(*op, Pack({&x}, {&y}), context.get()).ok());
  EXPECT_EQ(CompareWithReference(infer::ReduceParam::REDUCE_SUM, 40,
                                 ReferenceReduce(infer::ReduceParam::REDUCE_SUM, {1}, x), y),
            "");
  ASSERT_TRUE(
      registry
          .Create("Reduce", {{"reduceType", int64_t{1}}, {"axis", std::vector<int64_t>{0}}}, &op)
          .ok());
}

TEST(Registry, RefusesUnknownNamesKeysTypesAndValues) {
  auto& registry = OperationRegistry::Global();
  std::unique_ptr<Operation> op;
  Status st = registry.Create("Softmax", {}, &op);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("unknown operator 'Softmax' (registered: "), std::string::npos);
  st = registry.Create("Reduce", {{"axes", std::vector<int64_t>{0}}}, &op);
  EXPECT_NE(st.message().find("unknown attribute 'axes' (did you mean 'axis'?); Reduce declares "
                              "reduceType, axis"),
            std::string::npos)
      << st.message();
  st = registry.Create("Reduce", {{"axis", int64_t{0}}}, &op);
  EXPECT_NE(st.message().find("attribute 'axis' is a int (the OpDef declares int list)"),
            std::string::npos)
      << st.message();
  // The values are the operator's to judge, when it meets its input.
  SVector<TensorDesc> in, out;
  in.push_back(Desc(ACL_FLOAT, {2, 3}));
  ASSERT_TRUE(registry.Create("Reduce", {{"reduceType", std::string("mean")}}, &op).ok());
  st = op->InferShape(in, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("'reduceType' = \"mean\" is not a reducer"), std::string::npos)
      << st.message();
  ASSERT_TRUE(registry.Create("Reduce", {{"reduceType", int64_t{300}}}, &op).ok());
  st = op->InferShape(in, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("not a reducer"), std::string::npos) << st.message();
  EXPECT_EQ(registry.Create("Reduce", {}, nullptr).code(), ErrorCode::kInvalidParam);
}

class Identity final : public Operation {
 public:
  std::string GetName() const override { return "Identity"; }
  uint32_t GetInputNum() const override { return 1; }
  uint32_t GetOutputNum() const override { return 1; }
  Status InferShape(const SVector<TensorDesc>& in, SVector<TensorDesc>& out) const override {
    out.clear();
    out.push_back(in[0]);
    return Status::Ok();
  }
  Status Setup(const VariantPack&, uint64_t& workspaceSize, Context*) override {
    workspaceSize = 0;
    return Status::Ok();
  }
  Status Execute(const VariantPack& pack, uint8_t*, uint64_t, Context*) override {
    std::memcpy(pack.outTensors[0].deviceData, pack.inTensors[0].deviceData,
                pack.inTensors[0].dataSize);
    return Status::Ok();
  }
};

TEST(Registry, NewOperatorsPlugInWithoutTouchingTheRuntime) {
  OperationRegistry registry;
  EXPECT_TRUE(registry.Contains("Reduce"));  // the process's OpDefs answer every registry
  const OperationFactory factory = [](const AttrMap& attrs, std::unique_ptr<Operation>* out) {
    OPSIM_RETURN_IF_ERROR(CheckAttrKeys("Identity", attrs, {}));
    *out = std::make_unique<Identity>();
    return Status::Ok();
  };
  ASSERT_TRUE(registry.Register("Identity", factory).ok());
  EXPECT_EQ(registry.Register("Identity", factory).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(registry.Register("", factory).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(registry.Register("Empty", OperationFactory{}).code(), ErrorCode::kInvalidParam);
  const std::vector<std::string> names = registry.Names();
  EXPECT_NE(std::find(names.begin(), names.end(), "Identity"), names.end());
  EXPECT_FALSE(OperationRegistry::Global().Contains("Identity"));
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(registry.Create("Identity", {}, &op).ok());
  // ... and run inside a graph next to a built-in.
  std::unique_ptr<Operation> reduce;
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("Reduce",
                          {{"reduceType", std::string("MAX")}, {"axis", std::vector<int64_t>{0}}},
                          &reduce)
                  .ok());
  GraphParam param;
  param.name = "plug";
  param.inTensorNum = 1;
  param.outTensorNum = 1;
  param.internalTensorNum = 1;
  param.nodes.resize(2);
  param.nodes[0].operation = op.get();
  param.nodes[0].inTensorIds = {0};
  param.nodes[0].outTensorIds = {2};
  param.nodes[1].operation = reduce.get();
  param.nodes[1].inTensorIds = {2};
  param.nodes[1].outTensorIds = {1};
  std::unique_ptr<Operation> graph;
  ASSERT_TRUE(CreateGraphOperation(param, &graph).ok());
  (void)op.release();
  (void)reduce.release();
  auto context = MakeContext();
  HostTensor x(Desc(ACL_INT32, {5, 3}));
  Fill(x, 1);
  HostTensor y(Desc(ACL_INT32, {3}));
  ASSERT_TRUE(SetupAndExecute(*graph, Pack({&x}, {&y}), context.get()).ok());
  EXPECT_EQ(y.As<int32_t>(), ReferenceReduce(infer::ReduceParam::REDUCE_MAX, {0}, x).As<int32_t>());
}

TEST(TensorDesc, HelpersFollowAcl) {
  EXPECT_EQ(DTypeFromAcl(ACL_BF16), DType::kBFloat16);
  EXPECT_EQ(DTypeFromAcl(ACL_INT16), DType::kInt16);
  EXPECT_EQ(DTypeFromAcl(ACL_COMPLEX128), std::nullopt);  // complex64 and complex32 are known
  EXPECT_EQ(AclFromDType(DType::kFloat64), ACL_DOUBLE);
  EXPECT_EQ(ToString(Desc(ACL_FLOAT16, {2, 3})), "float16 ND [2,3]");
  EXPECT_EQ(ToString(Desc(ACL_INT16, {}, static_cast<aclFormat>(99))), "int16 format(99) []");
  EXPECT_EQ(ToString(Desc(ACL_COMPLEX128, {}, ACL_FORMAT_ND)), "dtype(17) ND []");
  EXPECT_EQ(ToString(Desc(ACL_COMPLEX64, {}, ACL_FORMAT_ND)), "complex64 ND []");
  EXPECT_EQ(TensorDescBytes(Desc(ACL_FLOAT, {2, 3})), 24u);
  EXPECT_EQ(TensorDescBytes(Desc(ACL_INT16, {2, 3})), 12u);
  EXPECT_EQ(TensorDescBytes(Desc(ACL_COMPLEX128, {2, 3})), std::nullopt);
  EXPECT_EQ(TensorDescBytes(Desc(ACL_COMPLEX64, {2, 3})), 48u);
  TensorDesc a = Desc(ACL_FLOAT, {2, 3});
  TensorDesc b = a;
  b.shape.dims[5] = 77;  // past dimNum: not part of the description
  EXPECT_EQ(a, b);
  b.shape.dims[1] = 4;
  EXPECT_FALSE(a == b);
  Shape s;
  TensorDesc deep = Desc(ACL_FLOAT, {});
  deep.shape.dimNum = 12;
  EXPECT_EQ(ShapeFromDims(deep.shape, &s, "t").code(), ErrorCode::kInvalidTensorDimNum);
}

}  // namespace
}  // namespace opsim::testing
