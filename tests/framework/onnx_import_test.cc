// The ONNX importer on models built here with the protobuf API: the axes forms of each opset,
// initializers, values given at load time, bool ReduceMax/ReduceMin, chains, and every error
// the issue names (unsupported op, truncated file, payload size, missing names, bad axes).
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "opsim/framework/context.h"
#include "opsim/framework/onnx_model.h"

namespace opsim {
namespace {

using Proto = onnx::TensorProto;

onnx::ModelProto Model(int64_t opset) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.mutable_graph()->set_name("g");
  onnx::OperatorSetIdProto* id = m.add_opset_import();
  id->set_domain("");
  id->set_version(opset);
  return m;
}

void Declare(onnx::ValueInfoProto* v, const std::string& name, int32_t type,
             const std::vector<int64_t>& dims) {
  v->set_name(name);
  onnx::TypeProto_Tensor* t = v->mutable_type()->mutable_tensor_type();
  t->set_elem_type(type);
  onnx::TensorShapeProto* shape = t->mutable_shape();
  for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
}

void Input(onnx::ModelProto& m, const std::string& name, int32_t type,
           const std::vector<int64_t>& dims) {
  Declare(m.mutable_graph()->add_input(), name, type, dims);
}

void Output(onnx::ModelProto& m, const std::string& name) {
  m.mutable_graph()->add_output()->set_name(name);
}

onnx::NodeProto* AddNode(onnx::ModelProto& m, const std::string& op,
                         const std::vector<std::string>& inputs, const std::string& output,
                         const std::string& name = "") {
  onnx::NodeProto* n = m.mutable_graph()->add_node();
  n->set_op_type(op);
  n->set_name(name);
  for (const std::string& i : inputs) n->add_input(i);
  n->add_output(output);
  return n;
}

void AttrInts(onnx::NodeProto* n, const std::string& key, const std::vector<int64_t>& values) {
  onnx::AttributeProto* a = n->add_attribute();
  a->set_name(key);
  a->set_type(onnx::AttributeProto::INTS);
  for (int64_t v : values) a->add_ints(v);
}

void AttrInt(onnx::NodeProto* n, const std::string& key, int64_t value) {
  onnx::AttributeProto* a = n->add_attribute();
  a->set_name(key);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(value);
}

template <typename T>
std::string Raw(const std::vector<T>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

void Initializer(onnx::ModelProto& m, const std::string& name, int32_t type,
                 const std::vector<int64_t>& dims, const std::string& raw) {
  Proto* t = m.mutable_graph()->add_initializer();
  t->set_name(name);
  t->set_data_type(type);
  for (int64_t d : dims) t->add_dims(d);
  t->set_raw_data(raw);
}

template <typename T>
OnnxTensor Value(const std::string& name, DType dtype, std::vector<int64_t> dims,
                 const std::vector<T>& values) {
  OnnxTensor t;
  t.name = name;
  t.dtype = dtype;
  t.dims = std::move(dims);
  const std::string raw = Raw(values);
  t.data.assign(raw.begin(), raw.end());
  return t;
}

Status Load(const onnx::ModelProto& m, OnnxModel* out, const OnnxLoadOptions& options = {}) {
  std::string bytes;
  EXPECT_TRUE(m.SerializeToString(&bytes));
  return LoadOnnxModel(bytes, "test.onnx", options, out);
}

// Runs the model on `inputs` (bytes in model.inputs order); the outputs' bytes.
std::vector<std::vector<uint8_t>> RunModel(OnnxModel& model, std::vector<std::string> inputs) {
  ContextOptions options;
  options.strict_atb_dtypes = false;
  options.host_threads = 2;
  std::unique_ptr<Context> context;
  EXPECT_TRUE(Context::Create(options, &context).ok());
  if (!context) return {};
  VariantPack pack;
  for (size_t i = 0; i < model.inputs.size(); ++i) {
    Tensor t;
    t.desc = model.inputs[i].desc;
    t.deviceData = inputs[i].data();
    t.dataSize = inputs[i].size();
    pack.inTensors.push_back(t);
  }
  std::vector<std::vector<uint8_t>> outputs(model.outputs.size());
  for (size_t i = 0; i < model.outputs.size(); ++i) {
    outputs[i].assign(TensorDescBytes(model.outputs[i].desc).value_or(0), 0);
    Tensor t;
    t.desc = model.outputs[i].desc;
    t.deviceData = outputs[i].data();
    t.dataSize = outputs[i].size();
    pack.outTensors.push_back(t);
  }
  uint64_t ws = 0;
  Status s = model.operation->Setup(pack, ws, context.get());
  EXPECT_TRUE(s.ok()) << s.ToString();
  std::vector<uint8_t> workspace(ws);
  if (s.ok()) s = model.operation->Execute(pack, workspace.data(), ws, context.get());
  EXPECT_TRUE(s.ok()) << s.ToString();
  return outputs;
}

template <typename T>
std::vector<T> As(const std::vector<uint8_t>& bytes) {
  std::vector<T> out(bytes.size() / sizeof(T));
  if (!out.empty()) std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

std::vector<int64_t> Dims(const TensorDesc& d) {
  return std::vector<int64_t>(d.shape.dims, d.shape.dims + d.shape.dimNum);
}

const std::vector<float> kX23 = {1, 2, 3, 4, 5, 6};  // [[1,2,3],[4,5,6]]

void ExpectMentions(const Status& s, std::initializer_list<const char*> parts) {
  for (const char* p : parts) {
    EXPECT_NE(s.message().find(p), std::string::npos) << "'" << p << "' in " << s.ToString();
  }
}

TEST(OnnxImportTest, Opset11AxesAttribute) {
  onnx::ModelProto m = Model(11);
  Input(m, "x", Proto::FLOAT, {2, 3});
  onnx::NodeProto* n = AddNode(m, "ReduceSum", {"x"}, "y");
  AttrInts(n, "axes", {1});
  AttrInt(n, "keepdims", 0);
  Output(m, "y");
  OnnxModel model;
  ASSERT_TRUE(Load(m, &model).ok()) << Load(m, &model).ToString();
  EXPECT_EQ(model.opset, 11);
  ASSERT_EQ(model.inputs.size(), 1u);
  EXPECT_EQ(model.inputs[0].name, "x");
  ASSERT_EQ(model.outputs.size(), 1u);
  EXPECT_EQ(Dims(model.outputs[0].desc), (std::vector<int64_t>{2}));
  const auto out = RunModel(model, {Raw(kX23)});
  EXPECT_EQ(As<float>(out[0]), (std::vector<float>{6, 15}));
}

TEST(OnnxImportTest, Opset13AxesFromAnInitializerWithNegativeAxis) {
  onnx::ModelProto m = Model(13);
  Input(m, "x", Proto::FLOAT, {2, 3});
  Initializer(m, "axes", Proto::INT64, {1}, Raw<int64_t>({-2}));
  AddNode(m, "ReduceSum", {"x", "axes"}, "y");  // keepdims defaults to 1
  Output(m, "y");
  OnnxModel model;
  ASSERT_TRUE(Load(m, &model).ok()) << Load(m, &model).ToString();
  EXPECT_EQ(model.inputs.size(), 1u);
  EXPECT_TRUE(model.constants.empty());  // folded into the node
  EXPECT_EQ(Dims(model.outputs[0].desc), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(As<float>(RunModel(model, {Raw(kX23)})[0]), (std::vector<float>{5, 7, 9}));
}

// The OpDef takes both forms (the attribute before opset 13 / 18, the input after) and does not
// know the model's opset: either loads at any opset, both at once are refused.
TEST(OnnxImportTest, AxesAsAttributeOrInputAtAnyOpsetButNotBoth) {
  for (const char* op : {"ReduceSum", "ReduceMax", "ReduceProd", "ReduceMin"}) {
    for (int64_t opset : {11, 18}) {
      SCOPED_TRACE(std::string(op) + " opset " + std::to_string(opset));
      onnx::ModelProto m = Model(opset);
      Input(m, "x", Proto::FLOAT, {2, 3});
      AttrInts(AddNode(m, op, {"x"}, "y", "n"), "axes", {0});
      Output(m, "y");
      OnnxModel model;
      const Status s = Load(m, &model);
      ASSERT_TRUE(s.ok()) << s.ToString();
      EXPECT_EQ(Dims(model.outputs[0].desc), (std::vector<int64_t>{1, 3}));

      onnx::ModelProto mi = Model(opset);
      Input(mi, "x", Proto::FLOAT, {2, 3});
      Initializer(mi, "axes", Proto::INT64, {1}, Raw<int64_t>({1}));
      onnx::NodeProto* both = AddNode(mi, op, {"x", "axes"}, "y", "n");
      Output(mi, "y");
      ASSERT_TRUE(Load(mi, &model).ok()) << Load(mi, &model).ToString();
      EXPECT_EQ(Dims(model.outputs[0].desc), (std::vector<int64_t>{2, 1}));
      AttrInts(both, "axes", {0});
      const Status twice = Load(mi, &model);
      EXPECT_EQ(twice.code(), ErrorCode::kInvalidParam);
      ExpectMentions(twice, {"node 'n'", op, "the axes are given twice"});
    }
  }
}

TEST(OnnxImportTest, EveryReducerAtOpset18WithAxesGivenAtLoadTime) {
  struct Row {
    const char* op;
    std::vector<float> want;  // over axis 0 of kX23, keepdims 0
  };
  for (const Row& r : {Row{"ReduceSum", {5, 7, 9}}, Row{"ReduceProd", {4, 10, 18}},
                       Row{"ReduceMax", {4, 5, 6}}, Row{"ReduceMin", {1, 2, 3}}}) {
    SCOPED_TRACE(r.op);
    onnx::ModelProto m = Model(18);
    Input(m, "x", Proto::FLOAT, {2, 3});
    Input(m, "axes", Proto::INT64, {1});
    AttrInt(AddNode(m, r.op, {"x", "axes"}, "y"), "keepdims", 0);
    Output(m, "y");
    OnnxLoadOptions options;
    options.input_values.push_back(Value<int64_t>("axes", DType::kInt64, {1}, {0}));
    OnnxModel model;
    ASSERT_TRUE(Load(m, &model, options).ok()) << Load(m, &model, options).ToString();
    ASSERT_EQ(model.inputs.size(), 1u);
    EXPECT_EQ(model.inputs[0].name, "x");
    EXPECT_EQ(As<float>(RunModel(model, {Raw(kX23)})[0]), r.want);
  }
}

TEST(OnnxImportTest, AxesFromARuntimeInputAreRefused) {
  onnx::ModelProto m = Model(18);
  Input(m, "x", Proto::FLOAT, {2, 3});
  Input(m, "axes", Proto::INT64, {1});
  AddNode(m, "ReduceMax", {"x", "axes"}, "y", "max0");
  Output(m, "y");
  OnnxModel model;
  const Status s = Load(m, &model);
  EXPECT_EQ(s.code(), ErrorCode::kUnsupported);
  ExpectMentions(s, {"node 'max0' (ReduceMax, opset 18)", "axes", "not known on the host"});
}

TEST(OnnxImportTest, EmptyAxesReduceAllOrNoop) {
  for (int64_t noop : {0, 1}) {
    SCOPED_TRACE(noop);
    onnx::ModelProto m = Model(13);
    Input(m, "x", Proto::FLOAT, {2, 3});
    Initializer(m, "axes", Proto::INT64, {0}, "");
    onnx::NodeProto* n = AddNode(m, "ReduceSum", {"x", "axes"}, "y");
    AttrInt(n, "noop_with_empty_axes", noop);
    Output(m, "y");
    OnnxModel model;
    ASSERT_TRUE(Load(m, &model).ok()) << Load(m, &model).ToString();
    const auto out = As<float>(RunModel(model, {Raw(kX23)})[0]);
    if (noop) {
      EXPECT_EQ(Dims(model.outputs[0].desc), (std::vector<int64_t>{2, 3}));
      EXPECT_EQ(out, kX23);
    } else {
      EXPECT_EQ(Dims(model.outputs[0].desc), (std::vector<int64_t>{1, 1}));
      EXPECT_EQ(out, (std::vector<float>{21}));
    }
  }
}

TEST(OnnxImportTest, BoolMaxIsAnyAndMinIsAllAtOpset20) {
  const std::vector<uint8_t> x = {1, 0, 0, 1, 1, 1};  // [[T,F,F],[T,T,T]]
  struct Row {
    const char* op;
    std::vector<uint8_t> want;  // over axis 1
  };
  for (const Row& r : {Row{"ReduceMax", {1, 1}}, Row{"ReduceMin", {0, 1}}}) {
    SCOPED_TRACE(r.op);
    onnx::ModelProto m = Model(20);
    Input(m, "x", Proto::BOOL, {2, 3});
    Initializer(m, "axes", Proto::INT64, {1}, Raw<int64_t>({1}));
    AttrInt(AddNode(m, r.op, {"x", "axes"}, "y"), "keepdims", 0);
    Output(m, "y");
    Declare(m.mutable_graph()->mutable_output(0), "y", Proto::BOOL, {2});
    OnnxModel model;
    ASSERT_TRUE(Load(m, &model).ok()) << Load(m, &model).ToString();
    EXPECT_EQ(model.outputs[0].desc.dtype, ACL_BOOL);
    EXPECT_EQ(RunModel(model, {Raw(x)})[0], r.want);
  }
}

// bool is ONNX's (opset 20) for ReduceMax and ReduceMin only.
TEST(OnnxImportTest, BoolOnlyForMaxAndMin) {
  for (const char* op : {"ReduceSum", "ReduceProd"}) {
    SCOPED_TRACE(op);
    onnx::ModelProto m = Model(20);
    Input(m, "x", Proto::BOOL, {2, 3});
    AddNode(m, op, {"x"}, "y", "b");
    Output(m, "y");
    OnnxModel model;
    const Status s = Load(m, &model);
    EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorDtype);
    ExpectMentions(s, {"node 'b'", op, "bool"});
  }
}

TEST(OnnxImportTest, InitializerAsDataIsAPrefilledInput) {
  onnx::ModelProto m = Model(13);
  Initializer(m, "w", Proto::DOUBLE, {2, 2}, Raw<double>({1, 2, 3, 4}));
  AddNode(m, "ReduceSum", {"w"}, "y");  // no axes: reduce all
  Output(m, "y");
  OnnxModel model;
  ASSERT_TRUE(Load(m, &model).ok()) << Load(m, &model).ToString();
  EXPECT_TRUE(model.inputs.empty());
  EXPECT_EQ(model.constants, (std::vector<std::string>{"w"}));
  EXPECT_EQ(As<double>(RunModel(model, {})[0]), (std::vector<double>{10}));
}

TEST(OnnxImportTest, TwoNodeChainWithAnInternalTensor) {
  onnx::ModelProto m = Model(18);
  Input(m, "x", Proto::FLOAT, {2, 3});
  Initializer(m, "a1", Proto::INT64, {1}, Raw<int64_t>({1}));
  Initializer(m, "a0", Proto::INT64, {1}, Raw<int64_t>({0}));
  AttrInt(AddNode(m, "ReduceProd", {"x", "a1"}, "p"), "keepdims", 0);  // [6, 120]
  AttrInt(AddNode(m, "ReduceMax", {"p", "a0"}, "y"), "keepdims", 0);   // [] = 120
  Output(m, "y");
  OnnxModel model;
  ASSERT_TRUE(Load(m, &model).ok()) << Load(m, &model).ToString();
  EXPECT_EQ(Dims(model.outputs[0].desc), std::vector<int64_t>{});
  EXPECT_EQ(As<float>(RunModel(model, {Raw(kX23)})[0]), (std::vector<float>{120}));
}

// Opset 23 (the newest the importer knows) loads; 24 and 999999 are refused with the range, as
// is 0. A newer opset may change what an operator means.
TEST(OnnxImportTest, OpsetsPastTheNewestKnownAreRefused) {
  for (int64_t opset : {int64_t{0}, int64_t{23}, int64_t{24}, int64_t{999999}}) {
    SCOPED_TRACE(opset);
    onnx::ModelProto m = Model(opset);
    Input(m, "x", Proto::FLOAT, {2, 3});
    AddNode(m, "ReduceSum", {"x"}, "y");
    Output(m, "y");
    OnnxModel model;
    const Status s = Load(m, &model);
    if (opset == 23) {
      EXPECT_TRUE(s.ok()) << s.ToString();
      continue;
    }
    EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
    ExpectMentions(s, {"expected 1 to 23, the newest opset this importer knows"});
    EXPECT_NE(s.message().find("version " + std::to_string(opset)), std::string::npos)
        << s.ToString();
  }
}

// A sequence input is named for what it is, whether its value is given at load time or not.
TEST(OnnxImportTest, NonTensorInputsAreRefusedByKind) {
  onnx::ModelProto m = Model(13);
  onnx::ValueInfoProto* x = m.mutable_graph()->add_input();
  x->set_name("x");
  onnx::TypeProto_Tensor* element =
      x->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type();
  element->set_elem_type(Proto::FLOAT);
  AddNode(m, "ReduceSum", {"x"}, "y");
  Output(m, "y");
  OnnxModel model;
  Status s = Load(m, &model);
  EXPECT_EQ(s.code(), ErrorCode::kUnsupported);
  ExpectMentions(s, {"graph input 'x' is a sequence, not a tensor"});
  OnnxLoadOptions options;
  options.input_values.push_back(Value<float>("x", DType::kFloat32, {2}, {1, 2}));
  s = Load(m, &model, options);
  EXPECT_EQ(s.code(), ErrorCode::kUnsupported);
  ExpectMentions(s, {"graph input 'x' is a sequence, not a tensor"});
}

TEST(OnnxImportTest, UnsupportedOpNamesNodeOpTypeAndOpset) {
  onnx::ModelProto m = Model(18);
  Input(m, "x", Proto::FLOAT, {2, 3});
  AddNode(m, "ReduceSum", {"x"}, "s");
  AddNode(m, "ReduceMeen", {"s"}, "y", "mean0");
  Output(m, "y");
  OnnxModel model;
  const Status s = Load(m, &model);
  EXPECT_EQ(s.code(), ErrorCode::kUnsupported);
  ExpectMentions(s, {"node 'mean0'", "ReduceMeen", "opset 18", "not supported"});

  std::string bytes;
  ASSERT_TRUE(m.SerializeToString(&bytes));
  OnnxModelInfo info;
  ASSERT_TRUE(InspectOnnxModel(bytes, "m", &info).ok());
  EXPECT_EQ(info.unsupported_ops, (std::vector<std::string>{"ReduceMeen"}));
  EXPECT_EQ(info.inputs, (std::vector<std::string>{"x"}));
  EXPECT_EQ(info.opset, 18);

  onnx::ModelProto custom = Model(13);
  Input(custom, "x", Proto::FLOAT, {2});
  AddNode(custom, "Frobnicate", {"x"}, "y", "c")->set_domain("com.example");
  Output(custom, "y");
  const Status sc = Load(custom, &model);
  EXPECT_EQ(sc.code(), ErrorCode::kUnsupported);
  ExpectMentions(sc, {"node 'c'", "com.example:Frobnicate", "opset 13"});
}

// ModelProto serialises the graph (field 7) before opset_import (field 8), so no strict prefix
// is a whole model: each must be refused, and none may crash.
TEST(OnnxImportTest, EveryTruncationOfAModelIsAnError) {
  onnx::ModelProto m = Model(13);
  Input(m, "x", Proto::FLOAT, {2, 3});
  Initializer(m, "axes", Proto::INT64, {1}, Raw<int64_t>({1}));
  AddNode(m, "ReduceSum", {"x", "axes"}, "y", "n");
  Output(m, "y");
  std::string bytes;
  ASSERT_TRUE(m.SerializeToString(&bytes));
  OnnxModel model;
  ASSERT_TRUE(LoadOnnxModel(bytes, "m.onnx", {}, &model).ok());
  for (size_t n = 0; n < bytes.size(); ++n) {
    SCOPED_TRACE(n);
    EXPECT_FALSE(LoadOnnxModel(std::string_view(bytes).substr(0, n), "m.onnx", {}, &model).ok());
  }
  const Status s =
      LoadOnnxModel(std::string_view(bytes).substr(0, bytes.size() / 2), "m.onnx", {}, &model);
  EXPECT_EQ(s.code(), ErrorCode::kIoError);
  ExpectMentions(s, {"m.onnx"});
  EXPECT_EQ(LoadOnnxModelFile("/nonexistent/model.onnx", {}, &model).code(), ErrorCode::kIoError);
}

TEST(OnnxImportTest, InitializerPayloadSizeMismatch) {
  onnx::ModelProto m = Model(13);
  Input(m, "x", Proto::FLOAT, {2, 3});
  Initializer(m, "axes", Proto::INT64, {2}, Raw<int64_t>({1}));  // 8 bytes for 16
  AddNode(m, "ReduceSum", {"x", "axes"}, "y");
  Output(m, "y");
  OnnxModel model;
  const Status s = Load(m, &model);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorSize);
  ExpectMentions(s, {"initializer 'axes'", "raw_data holds 8 bytes", "needs 16"});
}

TEST(OnnxImportTest, MissingAndDuplicateNames) {
  OnnxModel model;
  {
    onnx::ModelProto m = Model(13);
    Input(m, "x", Proto::FLOAT, {2});
    AddNode(m, "ReduceSum", {"nope"}, "y", "n");
    Output(m, "y");
    const Status s = Load(m, &model);
    EXPECT_EQ(s.code(), ErrorCode::kInvalidGraph);
    ExpectMentions(s, {"node 'n'", "'nope'"});
  }
  {
    onnx::ModelProto m = Model(13);
    Input(m, "x", Proto::FLOAT, {2});
    AddNode(m, "ReduceSum", {"x"}, "y");
    Output(m, "z");
    const Status s = Load(m, &model);
    EXPECT_EQ(s.code(), ErrorCode::kInvalidGraph);
    ExpectMentions(s, {"graph output 'z'", "never produced"});
  }
  {
    onnx::ModelProto m = Model(13);
    Input(m, "x", Proto::FLOAT, {2});
    AddNode(m, "ReduceSum", {"x"}, "x");
    Output(m, "x");
    EXPECT_EQ(Load(m, &model).code(), ErrorCode::kInvalidGraph);
  }
  {
    onnx::ModelProto m = Model(13);
    Input(m, "x", Proto::FLOAT, {2});
    AddNode(m, "ReduceSum", {"x"}, "y");
    const Status s = Load(m, &model);
    EXPECT_EQ(s.code(), ErrorCode::kInvalidGraph);
    ExpectMentions(s, {"no outputs"});
  }
  {
    onnx::ModelProto m = Model(13);
    m.clear_opset_import();
    Input(m, "x", Proto::FLOAT, {2});
    AddNode(m, "ReduceSum", {"x"}, "y");
    Output(m, "y");
    EXPECT_EQ(Load(m, &model).code(), ErrorCode::kInvalidGraph);
  }
}

TEST(OnnxImportTest, BadAxes) {
  struct Row {
    const char* what;
    int32_t type;
    std::vector<int64_t> dims;
    std::string raw;
    ErrorCode code;
  };
  for (const Row& r :
       {Row{"out of range", Proto::INT64, {1}, Raw<int64_t>({2}), ErrorCode::kInvalidParam},
        Row{"below -rank", Proto::INT64, {1}, Raw<int64_t>({-3}), ErrorCode::kInvalidParam},
        Row{"duplicate", Proto::INT64, {2}, Raw<int64_t>({1, -1}), ErrorCode::kInvalidParam},
        Row{"int32", Proto::INT32, {1}, Raw<int32_t>({1}), ErrorCode::kInvalidTensorDtype},
        Row{"2-D", Proto::INT64, {1, 1}, Raw<int64_t>({1}), ErrorCode::kInvalidTensorDimNum}}) {
    SCOPED_TRACE(r.what);
    onnx::ModelProto m = Model(13);
    Input(m, "x", Proto::FLOAT, {2, 3});
    Initializer(m, "axes", r.type, r.dims, r.raw);
    AddNode(m, "ReduceSum", {"x", "axes"}, "y", "sum0");
    Output(m, "y");
    OnnxModel model;
    const Status s = Load(m, &model);
    EXPECT_EQ(s.code(), r.code) << s.ToString();
    ExpectMentions(s, {"node 'sum0' (ReduceSum, opset 13)"});
  }
  onnx::ModelProto m = Model(11);
  Input(m, "x", Proto::FLOAT, {2, 3});
  onnx::NodeProto* n = AddNode(m, "ReduceSum", {"x"}, "y", "k");
  AttrInts(n, "axes", {0});
  AttrInt(n, "keepdims", 2);
  Output(m, "y");
  OnnxModel model;
  const Status s = Load(m, &model);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  ExpectMentions(s, {"node 'k'", "keepdims", "2"});
}

TEST(OnnxImportTest, DeclaredOutputMustMatchInference) {
  onnx::ModelProto m = Model(13);
  Input(m, "x", Proto::FLOAT, {2, 3});
  AddNode(m, "ReduceSum", {"x"}, "y");
  Output(m, "y");
  Declare(m.mutable_graph()->mutable_output(0), "y", Proto::FLOAT, {2, 3});
  OnnxModel model;
  Status s = Load(m, &model);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidGraph);
  ExpectMentions(s, {"graph output 'y'", "[2,3]"});
  Declare(m.mutable_graph()->mutable_output(0), "y", Proto::DOUBLE, {1, 1});
  s = Load(m, &model);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidGraph);
  ExpectMentions(s, {"DOUBLE"});
}

TEST(OnnxImportTest, InputDeclarationsAndGivenValues) {
  OnnxModel model;
  {
    onnx::ModelProto m = Model(13);
    Input(m, "x", Proto::FLOAT, {2, 3});
    m.mutable_graph()
        ->mutable_input(0)
        ->mutable_type()
        ->mutable_tensor_type()
        ->mutable_shape()
        ->mutable_dim(0)
        ->set_dim_param("N");
    AddNode(m, "ReduceSum", {"x"}, "y");
    Output(m, "y");
    const Status s = Load(m, &model);
    EXPECT_EQ(s.code(), ErrorCode::kUnsupported);
    ExpectMentions(s, {"graph input 'x'", "symbolic", "'N'"});
    // A value given at load time fixes it.
    OnnxLoadOptions options;
    options.input_values.push_back(Value<float>("x", DType::kFloat32, {2, 3}, kX23));
    ASSERT_TRUE(Load(m, &model, options).ok()) << Load(m, &model, options).ToString();
    EXPECT_TRUE(model.inputs.empty());
    EXPECT_EQ(As<float>(RunModel(model, {})[0]), (std::vector<float>{21}));
  }
  onnx::ModelProto m = Model(13);
  Input(m, "x", Proto::FLOAT, {2, 3});
  AddNode(m, "ReduceSum", {"x"}, "y");
  Output(m, "y");
  OnnxLoadOptions unknown;
  unknown.input_values.push_back(Value<float>("q", DType::kFloat32, {1}, {1}));
  Status s = Load(m, &model, unknown);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidParam);
  ExpectMentions(s, {"'q'", "not an input"});
  OnnxLoadOptions wrong_type;
  wrong_type.input_values.push_back(
      Value<double>("x", DType::kFloat64, {2, 3}, {1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(Load(m, &model, wrong_type).code(), ErrorCode::kInvalidParam);
  OnnxLoadOptions short_data;
  short_data.input_values.push_back(Value<float>("x", DType::kFloat32, {2, 3}, {1}));
  EXPECT_EQ(Load(m, &model, short_data).code(), ErrorCode::kInvalidTensorSize);
  Input(m, "s", Proto::STRING, {1});
  s = Load(m, &model);
  EXPECT_EQ(s.code(), ErrorCode::kUnsupported);
  ExpectMentions(s, {"graph input 's'", "STRING"});
}

TEST(OnnxImportTest, ModelOperationChecksTheCallersInputs) {
  onnx::ModelProto m = Model(13);
  Input(m, "x", Proto::FLOAT, {2, 3});
  AddNode(m, "ReduceSum", {"x"}, "y");
  Output(m, "y");
  OnnxModel model;
  ASSERT_TRUE(Load(m, &model).ok());
  SVector<TensorDesc> in, out;
  TensorDesc wrong = model.inputs[0].desc;
  wrong.shape.dims[1] = 4;
  in.push_back(wrong);
  EXPECT_EQ(model.operation->InferShape(in, out).code(), ErrorCode::kInvalidTensorIniMatch);
  in.clear();
  EXPECT_EQ(model.operation->InferShape(in, out).code(), ErrorCode::kInvalidInTensorNum);
  in.push_back(model.inputs[0].desc);
  ASSERT_TRUE(model.operation->InferShape(in, out).ok());
  EXPECT_EQ(out[0], model.outputs[0].desc);
}

}  // namespace
}  // namespace opsim
