// The caller's output shape (">NAME", what `opsim exec --output-shape` passes): it replaces the
// shape InferShape gives that output, and a bad one is refused naming the key and the rule.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "framework/framework_test_util.h"
#include "opsim/framework/operation_registry.h"

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
