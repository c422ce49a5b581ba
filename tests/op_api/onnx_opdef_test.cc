// ONNX nodes of ops defined by an OpDef (the public sample projects, loaded as libraries): every
// input and output of the node, attributes typed as ONNX stores them, custom domains.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "onnx/onnx_pb.h"
#include "op_api/sample_libraries.h"
#include "opsim/framework/context.h"
#include "opsim/framework/onnx_model.h"
#include "opsim/op_api/op_registry.h"

#if defined(OPSIM_SAMPLE_ADD_LIBRARY)

namespace opsim {
namespace {

using testing::Desc;
using testing::HostTensor;

onnx::ModelProto Model() {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.mutable_graph()->set_name("custom");
  m.add_opset_import()->set_version(17);
  m.add_opset_import()->set_domain("com.example");
  return m;
}

void Input(onnx::ModelProto& m, const std::string& name, int32_t type) {
  onnx::ValueInfoProto* v = m.mutable_graph()->add_input();
  v->set_name(name);
  onnx::TypeProto_Tensor* t = v->mutable_type()->mutable_tensor_type();
  t->set_elem_type(type);
  t->mutable_shape()->add_dim()->set_dim_value(8);
  t->mutable_shape()->add_dim()->set_dim_value(2048);
}

onnx::NodeProto* Node(onnx::ModelProto& m, const std::string& op,
                      const std::vector<std::string>& inputs, const std::string& output) {
  onnx::NodeProto* n = m.mutable_graph()->add_node();
  n->set_op_type(op);
  n->set_domain("com.example");
  for (const std::string& i : inputs) n->add_input(i);
  n->add_output(output);
  return n;
}

class OnnxOpDef : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { testing::LoadSampleLibraries(); }
};

TEST_F(OnnxOpDef, TwoInputNodesAndAFloatAttributeRun) {
  // w = (x + y) + y in float16 and g = LeakyRelu(f) in float32, side by side in one graph.
  onnx::ModelProto m = Model();
  Input(m, "x", onnx::TensorProto::FLOAT16);
  Input(m, "y", onnx::TensorProto::FLOAT16);
  Input(m, "f", onnx::TensorProto::FLOAT);
  Node(m, "AddCustom", {"x", "y"}, "s");
  Node(m, "AddCustom", {"s", "y"}, "w");
  onnx::NodeProto* leaky = Node(m, "LeakyReluCustom", {"f"}, "g");
  onnx::AttributeProto* a = leaky->add_attribute();
  a->set_name("negative_slope");
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(0.25f);
  m.mutable_graph()->add_output()->set_name("w");
  m.mutable_graph()->add_output()->set_name("g");

  OnnxModel model;
  const Status loaded = LoadOnnxModel(m.SerializeAsString(), "model", {}, &model);
  ASSERT_TRUE(loaded.ok()) << loaded.ToString();
  HostTensor x(Desc(ACL_FLOAT16, {8, 2048})), y(Desc(ACL_FLOAT16, {8, 2048}));
  HostTensor f(Desc(ACL_FLOAT, {8, 2048}));
  HostTensor w(Desc(ACL_FLOAT16, {8, 2048})), g(Desc(ACL_FLOAT, {8, 2048}));
  testing::Fill(x, 1);
  testing::Fill(y, 2);
  testing::Fill(f, 3);
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create({}, &context).ok());
  VariantPack pack = testing::Pack({&x, &y, &f}, {&w, &g});
  uint64_t ws = 0;
  Status st = model.operation->Setup(pack, ws, context.get());
  std::vector<uint8_t> workspace(ws);
  if (st.ok()) st = model.operation->Execute(pack, workspace.data(), ws, context.get());
  ASSERT_TRUE(st.ok()) << st.ToString();
  const auto xs = x.As<uint16_t>(), ys = y.As<uint16_t>(), ws16 = w.As<uint16_t>();
  auto add = [](uint16_t a, uint16_t b) {
    return FloatToHalfBits(HalfBitsToFloat(a) + HalfBitsToFloat(b));
  };
  for (size_t i = 0; i < ws16.size(); ++i) ASSERT_EQ(ws16[i], add(add(xs[i], ys[i]), ys[i])) << i;
  const auto fs = f.As<float>(), gs = g.As<float>();
  for (size_t i = 0; i < gs.size(); ++i) {
    ASSERT_EQ(gs[i], std::max(fs[i], 0.0f) + std::min(fs[i], 0.0f) * 0.25f) << i;
  }
}

TEST_F(OnnxOpDef, AttributeErrorsNameTheNode) {
  onnx::ModelProto m = Model();
  Input(m, "f", onnx::TensorProto::FLOAT);
  onnx::NodeProto* leaky = Node(m, "LeakyReluCustom", {"f"}, "g");
  leaky->set_name("act");
  onnx::AttributeProto* a = leaky->add_attribute();
  a->set_name("slope");
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(0.25f);
  m.mutable_graph()->add_output()->set_name("g");
  OnnxModel model;
  const Status st = LoadOnnxModel(m.SerializeAsString(), "model", {}, &model);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("node 'act' (com.example:LeakyReluCustom, opset 17)"),
            std::string::npos)
      << st.message();
  EXPECT_NE(st.message().find("unknown attribute 'slope'"), std::string::npos) << st.message();
}

TEST_F(OnnxOpDef, WrongInputCountIsRefused) {
  onnx::ModelProto m = Model();
  Input(m, "x", onnx::TensorProto::FLOAT16);
  Node(m, "AddCustom", {"x"}, "z");
  m.mutable_graph()->add_output()->set_name("z");
  OnnxModel model;
  const Status st = LoadOnnxModel(m.SerializeAsString(), "model", {}, &model);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidInTensorNum) << st.message();
}

}  // namespace
}  // namespace opsim

#endif
