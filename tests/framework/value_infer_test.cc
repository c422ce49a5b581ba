// InferShape with the values of ValueDepend inputs on the caller's buffers (InferOnBuffers, as
// aclnn's first stage infers: CANN hands an OpDef's InferShape the data of such an input), and the
// outputs an InferShape leaves as it found them (ops-math's EyeV2 sets none), which the aclnn
// first stage then takes from the caller's tensors.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "framework_test_util.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/host_run.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def_registry.h"

namespace ops {
// y: [n[0]] from the ValueDepend input's value; z: left as InferShape found it.
class OpsimValueShaped : public OpDef {
 public:
  explicit OpsimValueShaped(const char* name) : OpDef(name) {
    Input("n").DataType({ge::DT_INT64}).ValueDepend(REQUIRED);
    Output("y").DataType({ge::DT_FLOAT});
    Output("z").DataType({ge::DT_FLOAT});
    SetInferShape(Infer);
  }

 private:
  static uint32_t Infer(gert::InferShapeContext* context) {
    const gert::Tensor* n = context->GetInputTensor(0);
    if (n == nullptr || n->GetData<int64_t>() == nullptr) return ge::GRAPH_FAILED;
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(1);
    y->SetDim(0, n->GetData<int64_t>()[0]);
    (void)context->GetOutputShape(1);  // taken, and left alone
    return ge::GRAPH_SUCCESS;
  }
};
OP_ADD(OpsimValueShaped);
}  // namespace ops

namespace opsim::value_infer_test {
namespace {

using testing::Desc;

TEST(ValueInfer, InferShapeReadsAValueDependInputOnTheCallersBuffer) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimValueShaped", {}, &op).ok());
  int64_t n = 5;
  const std::vector<HostRunBuffer> inputs = {{Desc(ACL_INT64, {1}), &n}};
  // From the descriptions alone the input has no data: its InferShape fails.
  SVector<TensorDesc> out;
  EXPECT_FALSE(op->InferShape({inputs[0].desc}, out).ok());
  std::vector<bool> unset;
  const Status st = InferOnBuffers(*op, inputs, &out, &unset);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(ToString(out[0]), ToString(Desc(ACL_FLOAT, {5})));
  EXPECT_EQ(unset, (std::vector<bool>{false, true}));
  EXPECT_EQ(out[1].shape.dimNum, 0u);  // an unset output stays rank 0, as before

  n = 3;  // another value, another shape: the run on the buffers takes it
  std::vector<float> y(3);
  float z = 0;
  std::unique_ptr<HostRun> run;
  const Status prepared = HostRun::PrepareOnBuffers(
      *op, inputs, {{Desc(ACL_FLOAT, {3}), y.data()}, {Desc(ACL_FLOAT, {}), &z}}, {}, &run);
  EXPECT_TRUE(prepared.ok()) << prepared.message();
}

TEST(ValueInfer, TheCallersShapeStandsInForAnOutputInferShapeLeaves) {
  std::unique_ptr<Operation> op;
  const AttrMap attrs = {{">z", std::vector<int64_t>{4, 4}}};
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimValueShaped", attrs, &op).ok());
  int64_t n = 2;
  SVector<TensorDesc> out;
  std::vector<bool> unset;
  ASSERT_TRUE(InferOnBuffers(*op, {{Desc(ACL_INT64, {1}), &n}}, &out, &unset).ok());
  EXPECT_EQ(ToString(out[1]), ToString(Desc(ACL_FLOAT, {4, 4})));
}

// CANN's single-operator API runs no InferShape (Ascend C's operator guide: InferShape is needed
// for graph mode only): where the caller gives every output's shape, an InferShape that fails
// (here: no value to read, as IsinPartV1's reads an input CANN gives no data) gives way to them.
TEST(ValueInfer, AFailingInferShapeGivesWayWhenTheCallerShapesEveryOutput) {
  std::unique_ptr<Operation> op;
  const AttrMap all = {{">y", std::vector<int64_t>{3}}, {">z", std::vector<int64_t>{2, 2}}};
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimValueShaped", all, &op).ok());
  SVector<TensorDesc> out;
  const Status st = op->InferShape({Desc(ACL_INT64, {1})}, out);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(ToString(out[0]), ToString(Desc(ACL_FLOAT, {3})));
  EXPECT_EQ(ToString(out[1]), ToString(Desc(ACL_FLOAT, {2, 2})));
  // An output the caller does not shape: InferShape's failure stands.
  std::unique_ptr<Operation> partial;
  const AttrMap one = {{">z", std::vector<int64_t>{4}}};
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimValueShaped", one, &partial).ok());
  EXPECT_FALSE(partial->InferShape({Desc(ACL_INT64, {1})}, out).ok());
}

}  // namespace
}  // namespace opsim::value_infer_test
