// The Reduce operators (op_host/reduce/op_def) in the ONNX and OpenVINO readings, through the
// registry: attributes, axes as attribute, constant or tensor, the generic operation's lifecycle
// checks, and results against the Eigen reference.
#include <gtest/gtest.h>

#include <cstring>

#include "framework_test_util.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::testing {
namespace {

using ref::Reducer;

struct RunCase {
  const char* op;
  AttrMap attrs;
  Reducer reducer;
  std::vector<int64_t> normalised_axes;
  bool keep_dims;
  int64_t reduce_len;
  std::vector<int64_t> out_dims;
};

TEST(ReduceOpDefs, EveryRegisteredReadingMatchesTheReference) {
  using V = std::vector<int64_t>;
  const RunCase cases[] = {
      {"ReduceSum", {{"axes", V{-1}}}, Reducer::kSum, {2}, true, 5, {3, 4, 1}},
      {"ReduceMax",
       {{"axes", V{0, 2}}, {"keepdims", int64_t{0}}},
       Reducer::kMax,
       {0, 2},
       false,
       15,
       {4}},
      {"ReduceMin", {}, Reducer::kMin, {0, 1, 2}, true, 60, {1, 1, 1}},
      {"ReduceProd",
       {{"axes", V{}}, {"keepdims", false}},
       Reducer::kProd,
       {0, 1, 2},
       false,
       60,
       {}},
      {"OpenVINO.ReduceSum", {{"reduction_axes", V{1, -2}}}, Reducer::kSum, {1}, false, 4, {3, 5}},
      {"OpenVINO.ReduceMax",
       {{"reduction_axes", V{0}}, {"keep_dims", true}},
       Reducer::kMax,
       {0},
       true,
       3,
       {1, 4, 5}},
      {"OpenVINO.ReduceMin",
       {{"reduction_axes", V{-1, 0}}, {"keep_dims", int64_t{1}}},
       Reducer::kMin,
       {0, 2},
       true,
       15,
       {1, 4, 1}},
      {"OpenVINO.ReduceProd", {{"reduction_axes", V{2}}}, Reducer::kProd, {2}, false, 5, {3, 4}},
  };
  auto context = MakeContext(/*strict=*/true);
  ASSERT_NE(context, nullptr);
  for (const RunCase& c : cases) {
    SCOPED_TRACE(c.op);
    std::unique_ptr<Operation> op;
    const Status created = OperationRegistry::Global().Create(c.op, c.attrs, &op);
    ASSERT_TRUE(created.ok()) << created.ToString();
    HostTensor x(Desc(ACL_FLOAT, {3, 4, 5}));
    Fill(x, 7);
    SVector<TensorDesc> out_descs;
    SVector<TensorDesc> in_descs;
    in_descs.push_back(x.desc);
    ASSERT_TRUE(op->InferShape(in_descs, out_descs).ok());
    ASSERT_EQ(out_descs.size(), 1u);
    EXPECT_EQ(std::vector<int64_t>(out_descs[0].shape.dims,
                                   out_descs[0].shape.dims + out_descs[0].shape.dimNum),
              c.out_dims);
    HostTensor y(out_descs[0]);
    // float32 is outside ATB's strict table: the model readings run it on a strict context.
    const Status run = SetupAndExecute(*op, Pack({&x}, {&y}), context.get());
    ASSERT_TRUE(run.ok()) << run.ToString();
    const HostTensor want = ReferenceReduceNormalised(c.reducer, c.normalised_axes, c.keep_dims, x);
    EXPECT_EQ(CompareNormalised(c.reducer, c.reduce_len, want, y), "");
  }
}

TEST(ReduceOpDefs, NoopAndEmptyAxesGiveTheIdentity) {
  auto context = MakeContext(false);
  for (const char* name : {"ReduceSum", "OpenVINO.ReduceSum"}) {
    SCOPED_TRACE(name);
    std::unique_ptr<Operation> op;
    const AttrMap attrs =
        std::string(name) == "ReduceSum"
            ? AttrMap{{"axes", std::vector<int64_t>{}}, {"noop_with_empty_axes", int64_t{1}}}
            : AttrMap{{"reduction_axes", std::vector<int64_t>{}}};
    ASSERT_TRUE(OperationRegistry::Global().Create(name, attrs, &op).ok());
    HostTensor x(Desc(ACL_INT32, {3, 2, 2}));
    Fill(x, 3);
    HostTensor y(x.desc);
    ASSERT_TRUE(SetupAndExecute(*op, Pack({&x}, {&y}), context.get()).ok());
    EXPECT_EQ(y.data, x.data);
  }
}

TEST(ReduceOpDefs, NamesAreTheOpTypesAndMessagesNameTheReading) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("ReduceProd", {}, &op).ok());
  EXPECT_EQ(op->GetName(), "ReduceProd");
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("OpenVINO.ReduceMin", {{"reduction_axes", std::vector<int64_t>{5}}}, &op)
                  .ok());
  EXPECT_EQ(op->GetName(), "OpenVINO.ReduceMin");
  SVector<TensorDesc> in, out;
  in.push_back(Desc(ACL_FLOAT, {2, 3}));
  const Status st = op->InferShape(in, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message().rfind("OpenVINO ReduceMin: reduction_axes[0] = 5 is out of range", 0), 0u)
      << st.message();
}

// The axes of the ONNX (opset 13+) and OpenVINO readings as their input: a constant the operation
// holds ("=axes"), or a tensor of the pack ("+axes") whose value InferShape cannot know but Setup
// reads, as CANN hands a ValueDepend input's data to the host functions.
TEST(ReduceOpDefs, AxesAsConstantOrTensorInput) {
  auto context = MakeContext(false);
  HostTensor x(Desc(ACL_FLOAT, {3, 4, 5}));
  Fill(x, 5);
  const HostTensor want = ReferenceReduceNormalised(Reducer::kMax, {1}, /*keep_dims=*/false, x);
  for (const char* name : {"ReduceMax", "OpenVINO.ReduceMax"}) {
    SCOPED_TRACE(name);
    const bool onnx = std::string(name) == "ReduceMax";
    const AttrMap keep = onnx ? AttrMap{{"keepdims", int64_t{0}}} : AttrMap{};
    AttrMap constant = keep;
    constant["=axes"] = std::vector<int64_t>{-2};
    std::unique_ptr<Operation> op;
    ASSERT_TRUE(OperationRegistry::Global().Create(name, constant, &op).ok());
    EXPECT_EQ(op->GetInputNum(), 1u);
    HostTensor y(Desc(ACL_FLOAT, {3, 5}));
    ASSERT_TRUE(SetupAndExecute(*op, Pack({&x}, {&y}), context.get()).ok());
    EXPECT_EQ(CompareNormalised(Reducer::kMax, 4, want, y), "");

    AttrMap tensor = keep;
    tensor["+axes"] = true;
    ASSERT_TRUE(OperationRegistry::Global().Create(name, tensor, &op).ok());
    EXPECT_EQ(op->GetInputNum(), 2u);
    HostTensor axes(Desc(ACL_INT64, {1}));
    const int64_t one = 1;
    std::memcpy(axes.data.data(), &one, sizeof(one));
    SVector<TensorDesc> in, out;
    in.push_back(x.desc);
    in.push_back(axes.desc);
    const Status inferred = op->InferShape(in, out);
    EXPECT_EQ(inferred.code(), ErrorCode::kUnsupported);
    EXPECT_NE(inferred.message().find("the axes input's value is not known on the host"),
              std::string::npos)
        << inferred.message();
    HostTensor z(Desc(ACL_FLOAT, {3, 5}));
    const Status run = SetupAndExecute(*op, Pack({&x, &axes}, {&z}), context.get());
    ASSERT_TRUE(run.ok()) << run.ToString();
    EXPECT_EQ(CompareNormalised(Reducer::kMax, 4, want, z), "");
  }
  // Both forms at once, or neither for OpenVINO.
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("ReduceSum",
                          {{"axes", std::vector<int64_t>{0}}, {"=axes", std::vector<int64_t>{1}}},
                          &op)
                  .ok());
  SVector<TensorDesc> in, out;
  in.push_back(x.desc);
  EXPECT_NE(op->InferShape(in, out).message().find("the axes are given twice"), std::string::npos);
  ASSERT_TRUE(OperationRegistry::Global().Create("OpenVINO.ReduceSum", {}, &op).ok());
  EXPECT_NE(op->InferShape(in, out).message().find("the axes are missing"), std::string::npos);
}

struct AttrError {
  const char* op;
  AttrMap attrs;
  const char* message;
};

TEST(ReduceOpDefs, BadAttributesAreRefusedAtCreation) {
  const AttrError cases[] = {
      {"ReduceSum",
       {{"axis", std::vector<int64_t>{0}}},
       "ReduceSum: unknown attribute 'axis' (did you mean 'axes'?); ReduceSum declares axes, "
       "keepdims, noop_with_empty_axes"},
      {"ReduceMax",
       {{"axes", int64_t{0}}},
       "ReduceMax: attribute 'axes' is a int (the OpDef declares int list)"},
      {"ReduceProd",
       {{"noop_with_empty_axes", std::string("yes")}},
       "ReduceProd: attribute 'noop_with_empty_axes' is a string (the OpDef declares int)"},
      {"OpenVINO.ReduceMax",
       {{"keepdims", true}},
       "OpenVINO.ReduceMax: unknown attribute 'keepdims' (did you mean 'keep_dims'?)"},
      {"OpenVINO.ReduceSum",
       {{"keep_dims", int64_t{2}}},
       "OpenVINO.ReduceSum: attribute 'keep_dims' = 2 is not a bool (expected 0 or 1)"},
      {"OpenVINO.ReduceSum",
       {{"keep_dims", 0.5}},
       "OpenVINO.ReduceSum: attribute 'keep_dims' is a float (the OpDef declares bool)"},
      {"ReduceSum",
       {{"+x", true}},
       "ReduceSum: '+x' marks an OPTIONAL input present; it takes true, on an input given no "
       "constant ('x' is not OPTIONAL)"},
      {"ReduceSum", {{"=y", std::vector<int64_t>{0}}}, "ReduceSum: '=y' names no input of the op"},
      {"ReduceSum",
       {{"=axes", std::string("0")}},
       "ReduceSum: the constant input '=axes' is a string (expected an int list or a float list)"},
  };
  for (const AttrError& c : cases) {
    SCOPED_TRACE(c.op);
    std::unique_ptr<Operation> op;
    const Status st = OperationRegistry::Global().Create(c.op, c.attrs, &op);
    EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
    EXPECT_NE(st.message().find(c.message), std::string::npos) << st.message();
    EXPECT_EQ(op, nullptr);
  }
  // keepdims is ONNX's int: a value other than 0 or 1 is refused when the op meets its input.
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(
      OperationRegistry::Global().Create("ReduceMin", {{"keepdims", int64_t{2}}}, &op).ok());
  SVector<TensorDesc> in, out;
  in.push_back(Desc(ACL_FLOAT, {2, 3}));
  const Status st = op->InferShape(in, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("ReduceMin: attribute 'keepdims' = 2 is not 0 or 1"),
            std::string::npos)
      << st.message();
}

struct InferError {
  const char* op;
  AttrMap attrs;
  TensorDesc in;
  ErrorCode code;
  const char* message;
};

TEST(ReduceOpDefs, InputsAndAxesAreCheckedAtInferShapeWithTheReadingsRules) {
  using V = std::vector<int64_t>;
  const InferError cases[] = {
      {"ReduceSum",
       {{"axes", V{3}}},
       Desc(ACL_FLOAT, {2, 3, 4}),
       ErrorCode::kInvalidParam,
       "ONNX ReduceSum: axes[0] = 3 is out of range"},
      {"ReduceSum",
       {{"axes", V{1, -2}}},
       Desc(ACL_FLOAT, {2, 3, 4}),
       ErrorCode::kInvalidParam,
       "ONNX ReduceSum: axes[1] = -2 repeats axes[0]"},
      {"ReduceSum",
       {},
       Desc(ACL_INT8, {2, 3}),
       ErrorCode::kInvalidTensorDtype,
       "ReduceSum: input 0 (x) dtype int8 is not supported (the OpDef allows float32"},
      {"ReduceMax",
       {},
       Desc(ACL_FLOAT, {2, 3}, ACL_FORMAT_NCHW),
       ErrorCode::kInvalidTensorFormat,
       "ReduceMax: input 0 (x) format NCHW"},
      {"OpenVINO.ReduceSum",
       {{"reduction_axes", V{-4}}},
       Desc(ACL_FLOAT, {2, 3, 4}),
       ErrorCode::kInvalidParam,
       "OpenVINO ReduceSum: reduction_axes[0] = -4 is out of range"},
      {"OpenVINO.ReduceMin",
       {{"reduction_axes", V{0}}},
       Desc(ACL_FLOAT, {2, -1}),
       ErrorCode::kInvalidTensorDim,
       "OpenVINO.ReduceMin: input 0 (data)"},
  };
  for (const InferError& c : cases) {
    SCOPED_TRACE(c.op);
    std::unique_ptr<Operation> op;
    ASSERT_TRUE(OperationRegistry::Global().Create(c.op, c.attrs, &op).ok());
    SVector<TensorDesc> in;
    in.push_back(c.in);
    SVector<TensorDesc> out;
    const Status st = op->InferShape(in, out);
    EXPECT_EQ(st.code(), c.code) << st.ToString();
    EXPECT_EQ(st.message().rfind(c.message, 0), 0u) << st.message();
  }
}

TEST(ReduceOpDefs, LifecycleChecksAreTheGenericOperations) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global()
                  .Create("OpenVINO.ReduceSum", {{"reduction_axes", std::vector<int64_t>{1}}}, &op)
                  .ok());
  auto context = MakeContext();
  HostTensor x(Desc(ACL_FLOAT, {4, 6}));
  HostTensor wrong(Desc(ACL_FLOAT16, {4}));
  uint64_t size = 0;
  Status st = op->Setup(Pack({&x}, {&wrong}), size, context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ(st.message().rfind("OpenVINO.ReduceSum: outTensors[0] dtype", 0), 0u) << st.message();
  st = op->Setup(Pack({&x, &x}, {&wrong}), size, context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidInTensorNum);
  HostTensor y(Desc(ACL_FLOAT, {4}));
  st = op->Execute(Pack({&x}, {&y}), nullptr, 0, context.get());
  EXPECT_EQ(st.code(), ErrorCode::kOperationNullRunner);
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), size, context.get()).ok());
  auto other = MakeContext();
  st = op->Execute(Pack({&x}, {&y}), nullptr, 0, other.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidContextAddr);
}

}  // namespace
}  // namespace opsim::testing
