// The caller's output type ("<NAME", what `opsim exec --output-dtype` and aclnn pass): with the
// inputs' types it chooses the dtype column, as CANN chooses the kernel by every tensor, so an op
// whose columns differ only in an output's type (ops-math's Bincount) runs the one asked for.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "framework/framework_test_util.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def_registry.h"

namespace {
uint32_t OutputTypeOneBlock(gert::TilingContext* context) {
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}
}  // namespace

namespace ops {
// Three columns for the same input types, one per type of y; x may also be float16 (column 3).
class OpsimOutputTypeColumns : public OpDef {
 public:
  explicit OpsimOutputTypeColumns(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_INT32, ge::DT_INT32, ge::DT_INT32, ge::DT_FLOAT16});
    Output("y").DataType({ge::DT_INT32, ge::DT_FLOAT, ge::DT_DOUBLE, ge::DT_FLOAT16});
    AICore().SetTiling(OutputTypeOneBlock);
  }
};
OP_ADD(OpsimOutputTypeColumns);
}  // namespace ops

namespace opsim {
namespace {

using testing::Desc;

constexpr const char* kOutputTypeOp = "OpsimOutputTypeColumns";

Status InferWithOutputType(const AttrMap& attrs, aclDataType x, SVector<TensorDesc>* out) {
  std::unique_ptr<Operation> op;
  AttrMap all = attrs;
  all[">y"] = std::vector<int64_t>{4};  // the op sets no InferShape: the caller's shape
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(kOutputTypeOp, all, &op));
  return op->InferShape({Desc(x, {4})}, *out);
}

TEST(CallerOutputDType, ChoosesTheColumnAmongThoseTheInputsFit) {
  SVector<TensorDesc> out;
  ASSERT_TRUE(
      InferWithOutputType({}, ACL_INT32, &out).ok());  // none given: the inputs' first column
  EXPECT_EQ(out[0], Desc(ACL_INT32, {4}));
  ASSERT_TRUE(InferWithOutputType({{"<y", int64_t{ACL_FLOAT}}}, ACL_INT32, &out).ok());
  EXPECT_EQ(out[0], Desc(ACL_FLOAT, {4}));
  ASSERT_TRUE(InferWithOutputType({{"<y", int64_t{ACL_DOUBLE}}}, ACL_INT32, &out).ok());
  EXPECT_EQ(out[0], Desc(ACL_DOUBLE, {4}));
  ASSERT_TRUE(InferWithOutputType({{"<y", int64_t{ACL_FLOAT16}}}, ACL_FLOAT16, &out).ok());
  EXPECT_EQ(out[0], Desc(ACL_FLOAT16, {4}));
}

TEST(CallerOutputDType, NoColumnForTheInputsAndTheOutputsNamesBoth) {
  SVector<TensorDesc> out;
  // float16 is a type of y, but not in a column of int32 x.
  Status st = InferWithOutputType({{"<y", int64_t{ACL_FLOAT16}}}, ACL_INT32, &out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ(st.message(),
            "OpsimOutputTypeColumns: no dtype column fits the inputs (x=int32) with the output "
            "types the caller gives (y=float16); with these inputs the OpDef allows y int32, "
            "float32, float64");
  // The inputs alone fit no column: that is the error, whatever the outputs.
  st = InferWithOutputType({{"<y", int64_t{ACL_FLOAT}}}, ACL_FLOAT, &out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ(st.message(),
            "OpsimOutputTypeColumns: input 0 (x) dtype float32 is not supported (the OpDef "
            "allows int32, float16)");
  std::unique_ptr<Operation> op;
  st = OperationRegistry::Global().Create(kOutputTypeOp, {{"<z", int64_t{ACL_FLOAT}}}, &op);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message(),
            "OpsimOutputTypeColumns: '<z' gives the data type of an output the op does not have "
            "(OpsimOutputTypeColumns's outputs: y)");
}

}  // namespace
}  // namespace opsim
