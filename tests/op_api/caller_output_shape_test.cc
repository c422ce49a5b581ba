// The caller's output shape (">NAME", what `opsim exec --output-shape` passes): it replaces the
// shape InferShape gives that output, and a bad one is refused naming the key and the rule.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "framework/framework_test_util.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def_registry.h"

namespace {
uint32_t OneBlock(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}
}  // namespace

namespace ops {
// An OpDef without InferShape, as public BroadcastCustom's: its aclnn caller makes the outputs.
class OpsimNoInferShape : public OpDef {
 public:
  explicit OpsimNoInferShape(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_FLOAT16});
    Output("y").DataType({ge::DT_FLOAT16});
    Output("z").DataType({ge::DT_FLOAT16});
    AICore().SetTiling(OneBlock);
  }
};
OP_ADD(OpsimNoInferShape);
}  // namespace ops

namespace opsim {
namespace {

using testing::Desc;

TEST(CallerOutputShape, ReplacesWhatInferShapeGives) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("Add", {}, &op).ok());
  SVector<TensorDesc> out;
  ASSERT_TRUE(op->InferShape({Desc(ACL_FLOAT, {2, 3}), Desc(ACL_FLOAT, {2, 3})}, out).ok());
  EXPECT_EQ(out[0], Desc(ACL_FLOAT, {2, 3}));
  ASSERT_TRUE(
      OperationRegistry::Global().Create("Add", {{">C", std::vector<int64_t>{6, 1}}}, &op).ok());
  ASSERT_TRUE(op->InferShape({Desc(ACL_FLOAT, {2, 3}), Desc(ACL_FLOAT, {2, 3})}, out).ok());
  EXPECT_EQ(out[0], Desc(ACL_FLOAT, {6, 1}));  // the dtype stays the inferred one
}

TEST(CallerOutputShape, StandsInForAnAbsentInferShape) {
  std::unique_ptr<Operation> op;
  const AttrMap both = {{">y", std::vector<int64_t>{16, 3}}, {">z", std::vector<int64_t>{2}}};
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimNoInferShape", both, &op).ok());
  SVector<TensorDesc> out;
  ASSERT_TRUE(op->InferShape({Desc(ACL_FLOAT16, {16, 1})}, out).ok());
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], Desc(ACL_FLOAT16, {16, 3}));  // the dtype from the OpDef's column
  EXPECT_EQ(out[1], Desc(ACL_FLOAT16, {2}));
  const AttrMap one = {{">y", std::vector<int64_t>{16, 3}}};
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimNoInferShape", one, &op).ok());
  const Status st = op->InferShape({Desc(ACL_FLOAT16, {16, 1})}, out);
  EXPECT_EQ(st.code(), ErrorCode::kUnsupported);
  EXPECT_EQ(st.message(),
            "OpsimNoInferShape: the OpDef sets no InferShape function (SetInferShape), and the "
            "caller gives no shape for output z (opsim exec --output-shape NAME=d0,d1,...)");
}

TEST(CallerOutputShape, BadShapesNameTheKeyAndTheRule) {
  struct Case {
    AttrValue value;
    const char* key;
    ErrorCode code;
    const char* message;
  };
  const Case cases[] = {
      {std::vector<int64_t>{1}, ">Z", ErrorCode::kInvalidParam,
       "Add: '>Z' gives the shape of an output the op does not have (Add's outputs: C)"},
      {int64_t{6}, ">C", ErrorCode::kInvalidParam,
       "Add: '>C' is a int (expected an int list: the output's dims)"},
      {std::vector<int64_t>{2, -3}, ">C", ErrorCode::kInvalidTensorDim,
       "Add: '>C' dim 1 is -3 (a tensor's dims are 0 or more)"},
      {std::vector<int64_t>(9, 1), ">C", ErrorCode::kInvalidTensorDimNum,
       "Add: '>C' has 9 dims (at most 8)"},
  };
  for (const Case& c : cases) {
    std::unique_ptr<Operation> op;
    const Status st = OperationRegistry::Global().Create("Add", {{c.key, c.value}}, &op);
    EXPECT_EQ(st.code(), c.code) << c.message;
    EXPECT_EQ(st.message(), c.message);
  }
}

}  // namespace
}  // namespace opsim
