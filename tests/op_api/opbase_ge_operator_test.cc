// ge::Operator graphs as operator repositories' unit tests build them (ops-nn's ut_op_common.h
// dialect): a REG_OP prototype, descriptions set through the generated accessors, attributes set
// and read back, then the op's registered InferShape run on a faked context built from the
// operator, its result written back into the output description. Then each invalid use.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "graph/operator_reg.h"
#include "graph/utils/type_utils.h"
#include "kernel_run_context_facker.h"
#include "register/op_impl_registry.h"

namespace ge {
REG_OP(GeoTail)
    .INPUT(x, TensorType({DT_FLOAT, DT_FLOAT16}))
    .OPTIONAL_INPUT(bias, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT, DT_FLOAT16}))
    .ATTR(tail, Int, 2)
    .ATTR(scale, Float, 1.0)
    .REQUIRED_ATTR(mode, String)
    .OP_END_FACTORY_REG(GeoTail)
}  // namespace ge

namespace {

// y is x with the attribute `tail` appended as its last dim.
ge::graphStatus GeoTailInferShape(gert::InferShapeContext* context) {
  const int64_t* tail = context->GetAttrs()->GetAttrPointer<int64_t>(0);
  if (tail == nullptr) return ge::GRAPH_FAILED;
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  context->GetOutputShape(0)->AppendDim(*tail);
  return ge::GRAPH_SUCCESS;
}

// The test's own InferShapeTest: the required input's description and the listed Int
// attributes go into the faker; the inferred shape comes back into the output description.
ge::graphStatus InferShapeOf(ge::Operator& op, const std::vector<std::string>& int_attrs) {
  const ge::TensorDesc x = op.GetInputDesc(0);
  gert::StorageShape in({}, {});
  for (int64_t d : x.GetShape().GetDims()) in.MutableOriginShape().AppendDim(d);
  in.MutableStorageShape() = in.GetOriginShape();
  gert::StorageShape out;
  gert::InferShapeContextFaker faker;
  faker.SetOpType(op.GetOpType()).NodeIoNum(1, 1).IrInstanceNum({1, 0});
  faker.InputShapes({&in}).OutputShapes({&out});
  faker.NodeInputTd(0, x.GetDataType(), x.GetOriginFormat(), x.GetFormat());
  std::vector<std::pair<std::string, Ops::NN::AnyValue>> attrs;
  for (const std::string& name : int_attrs) {
    int64_t value = 0;
    if (op.GetAttr(name, value) != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
    attrs.emplace_back(name, Ops::NN::AnyValue::CreateFrom<int64_t>(value));
  }
  auto holder = faker.NodeAttrs(attrs).Build();
  auto* context = holder.GetContext<gert::InferShapeContext>();
  const auto* impl = gert::OpImplRegistry::GetInstance().GetOpImpl(op.GetOpType());
  if (context == nullptr || impl == nullptr) return ge::GRAPH_FAILED;
  const ge::graphStatus ret = impl->infer_shape(context);
  ge::TensorDesc y = op.GetOutputDesc(0);
  std::vector<int64_t> dims;
  for (size_t i = 0; i < context->GetOutputShape(0)->GetDimNum(); ++i) {
    dims.push_back(context->GetOutputShape(0)->GetDim(i));
  }
  y.SetShape(ge::Shape(dims));
  y.SetDataType(x.GetDataType());
  op.UpdateOutputDesc(0u, y);
  return ret;
}

ge::TensorDesc Desc(const std::vector<int64_t>& dims, ge::DataType dt) {
  ge::TensorDesc desc(ge::Shape(dims), ge::FORMAT_ND, dt);
  desc.SetOriginShape(ge::Shape(dims));
  desc.SetOriginFormat(ge::FORMAT_NCHW);
  return desc;
}

TEST(GeOperatorGraph, an_infershape_runs_on_the_operators_descriptions) {
  ge::op::GeoTail op("tail1");
  EXPECT_EQ(op.GetName(), "tail1");
  EXPECT_EQ(op.GetOpType(), "GeoTail");
  ASSERT_EQ(op.update_input_desc_x(Desc({4, 3}, ge::DT_FLOAT16)), ge::GRAPH_SUCCESS);
  op.set_attr_tail(5).set_attr_mode("fast");
  ASSERT_EQ(InferShapeOf(op, {"tail"}), ge::GRAPH_SUCCESS);
  const ge::TensorDesc y = op.GetOutputDescByName("y");
  EXPECT_EQ(y.GetShape().GetDims(), (std::vector<int64_t>{4, 3, 5}));
  EXPECT_EQ(y.GetDataType(), ge::DT_FLOAT16);
  EXPECT_EQ(op.get_output_desc_y().GetShape().GetDimNum(), 3u);
  EXPECT_EQ(op.GetInputDesc("x").GetOriginFormat(), ge::FORMAT_NCHW);
  // A description is a value: changing the copy leaves the operator's.
  ge::TensorDesc copy = op.get_input_desc_x();
  copy.SetShape(ge::Shape(std::vector<int64_t>{7}));
  EXPECT_EQ(op.get_input_desc_x().GetShape().GetDims(), (std::vector<int64_t>{4, 3}));
}

TEST(GeOperatorGraph, attributes_hold_their_prototypes_defaults_and_kinds) {
  ge::op::GeoTail op;
  EXPECT_EQ(op.get_attr_tail(), 2);
  EXPECT_FLOAT_EQ(op.get_attr_scale(), 1.0f);
  op.SetAttr("scale", 0.5f).SetAttr("axes", std::vector<int64_t>{1, 2});
  float scale = 0;
  EXPECT_EQ(op.GetAttr("scale", scale), ge::GRAPH_SUCCESS);
  EXPECT_FLOAT_EQ(scale, 0.5f);
  int32_t tail = 0;
  EXPECT_EQ(op.GetAttr("tail", tail), ge::GRAPH_SUCCESS);
  EXPECT_EQ(tail, 2);
  const auto kinds = op.GetAllAttrNamesAndTypes();
  EXPECT_EQ(kinds.at("tail"), "VT_INT");
  EXPECT_EQ(kinds.at("mode"), "VT_STRING");
  EXPECT_EQ(kinds.at("axes"), "VT_LIST_INT");
  ge::Tensor value(Desc({2}, ge::DT_INT32), std::vector<uint8_t>(8, 1));
  op.SetAttr("value", value);
  ge::Tensor read;
  ASSERT_EQ(op.GetAttr("value", read), ge::GRAPH_SUCCESS);
  EXPECT_EQ(read.GetSize(), 8u);
  EXPECT_EQ(read.GetShapeDim(0), 2);
  EXPECT_EQ(ge::TypeUtils::DataTypeToAscendString(read.GetDataType()),
            ge::AscendString(ge::TypeUtils::DataTypeToSerialString(ge::DT_INT32).c_str()));
}

TEST(GeOperatorGraph, invalid_uses_fail_with_graph_failed) {
  ge::op::GeoTail op;
  EXPECT_EQ(op.UpdateInputDesc("z", Desc({1}, ge::DT_FLOAT)), ge::GRAPH_FAILED);
  EXPECT_EQ(op.UpdateOutputDesc(3u, Desc({1}, ge::DT_FLOAT)), ge::GRAPH_FAILED);
  EXPECT_EQ(op.GetInputDesc(9u).GetShape().GetDimNum(), 0u);
  std::string mode;
  EXPECT_EQ(op.GetAttr("mode", mode), ge::GRAPH_FAILED);  // required, not set
  EXPECT_EQ(op.VerifyAllAttr(true), ge::GRAPH_FAILED);
  float tail = 0;
  EXPECT_EQ(op.GetAttr("tail", tail), ge::GRAPH_FAILED);  // an Int read as a Float
  EXPECT_EQ(op.GetAttr("nothing", mode), ge::GRAPH_FAILED);
  op.set_attr_mode("slow");
  EXPECT_EQ(op.VerifyAllAttr(true), ge::GRAPH_SUCCESS);
  ge::Tensor t;
  EXPECT_EQ(t.SetData(nullptr, 4), ge::GRAPH_PARAM_INVALID);
  EXPECT_EQ(t.GetData(), nullptr);
}

// CANN's InferShapeAndType runs the registered InferShape on the operator itself.
TEST(GeOperatorGraph, infer_shape_and_type_runs_the_registered_function) {
  ge::op::GeoTail op;
  ASSERT_EQ(op.UpdateInputDesc("x", Desc({6}, ge::DT_FLOAT)), ge::GRAPH_SUCCESS);
  op.set_attr_tail(4);
  ASSERT_EQ(op.InferShapeAndType(), ge::GRAPH_SUCCESS);
  EXPECT_EQ(op.get_output_desc_y().GetShape().GetDims(), (std::vector<int64_t>{6, 4}));
  EXPECT_EQ(op.get_output_desc_y().GetOriginShape().GetDims(), (std::vector<int64_t>{6, 4}));
  // A list of int lists has no runtime-attribute form; an op type without InferShape fails.
  EXPECT_EQ(op.GetInputsSize(), 1u);
  ASSERT_EQ(op.UpdateInputDesc("bias", Desc({4}, ge::DT_FLOAT)), ge::GRAPH_SUCCESS);
  EXPECT_EQ(op.GetInputsSize(), 2u);
  ASSERT_EQ(op.InferShapeAndType(), ge::GRAPH_SUCCESS);
  op.SetAttr("pairs", std::vector<std::vector<int64_t>>{{1, 2}});
  EXPECT_EQ(op.InferShapeAndType(), ge::GRAPH_FAILED);
  ge::Operator bare("bare", "GeoNoSuchType");
  EXPECT_EQ(bare.InferShapeAndType(), ge::GRAPH_FAILED);
}

// A node of a graph describes its operator; no input is connected to a Constant.
TEST(GeOperatorGraph, a_graph_node_sees_its_operator) {
  ge::op::GeoTail op("n1");
  ASSERT_EQ(op.update_input_desc_x(Desc({2, 2}, ge::DT_FLOAT)), ge::GRAPH_SUCCESS);
  ge::Graph graph("g");
  ge::GNode node = graph.AddNodeByOp(op);
  ge::AscendString type;
  ASSERT_EQ(node.GetType(type), ge::GRAPH_SUCCESS);
  EXPECT_STREQ(type.GetString(), "GeoTail");
  ge::TensorDesc x;
  ASSERT_EQ(node.GetInputDesc(0, x), ge::GRAPH_SUCCESS);
  EXPECT_EQ(x.GetShape().GetDims(), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(node.GetInputDesc(5, x), ge::GRAPH_FAILED);
  ge::Tensor value;
  EXPECT_EQ(node.GetInputConstData(0, value), ge::GRAPH_FAILED);
  EXPECT_EQ(ge::GNode().GetInputConstData(0, value), ge::GRAPH_FAILED);
}

// A following tensor (CANN's kFollowing): its data right after it, in one block.
TEST(GeOperatorGraph, a_following_tensor_holds_its_data_after_itself) {
  size_t total = 0;
  auto block = gert::Tensor::CreateFollowing(3, ge::DT_INT64, total);
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(total, sizeof(gert::Tensor) + 3 * sizeof(int64_t));
  auto* tensor = reinterpret_cast<gert::Tensor*>(block.get());
  EXPECT_EQ(tensor->GetPlacement(), gert::kFollowing);
  EXPECT_EQ(tensor->GetData<uint8_t>(), block.get() + sizeof(gert::Tensor));
  EXPECT_EQ(tensor->GetSize(), 3 * sizeof(int64_t));
  EXPECT_EQ(gert::Tensor::CreateFollowing(INT64_MAX, ge::DT_INT64, total), nullptr);
  EXPECT_EQ(total, 0u);
}

// opsim runs no shape-range inference: the faker's holder has no context, and says so.
TEST(GeOperatorGraph, the_shape_range_faker_builds_no_context) {
  auto holder = gert::InferShapeRangeContextFaker().NodeIoNum(1, 1).Build();
  EXPECT_EQ(holder.GetContext<gert::InferShapeContext>(), nullptr);
}

}  // namespace

IMPL_OP_INFERSHAPE(GeoTail).InferShape(GeoTailInferShape);
