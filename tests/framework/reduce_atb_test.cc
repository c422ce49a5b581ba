// The ATB ReduceOperation through the atb:: facade: every ATB code path of docs/SPEC.md, each at
// the stage ATB reports it, and results against the Eigen reference.
#include <gtest/gtest.h>

#include "framework_test_util.h"

namespace opsim::testing {
namespace {

using RP = infer::ReduceParam;

// Runs a reduce ATB-style and compares it with the reference; "" on success.
std::string RunAndCompare(RP::ReduceType type, std::initializer_list<int64_t> axes,
                          const TensorDesc& in_desc, Context* context, uint64_t seed = 1) {
  atb::Operation* op = nullptr;
  if (!(atb::CreateOperation(Param(type, axes), &op) == atb::NO_ERROR)) return "create failed";
  HostTensor x(in_desc);
  Fill(x, seed);
  atb::SVector<atb::TensorDesc> in_descs;
  atb::SVector<atb::TensorDesc> out_descs;
  in_descs.push_back(x.desc);
  atb::Status st = op->InferShape(in_descs, out_descs);
  std::string error;
  if (st != atb::NO_ERROR) error = "InferShape: " + st.ToString();
  if (error.empty()) {
    HostTensor y(out_descs[0]);
    st = SetupAndExecute(*op, Pack({&x}, {&y}), context);
    if (st != atb::NO_ERROR) error = "run: " + st.ToString();
    if (error.empty()) {
      const HostTensor expected = ReferenceReduce(type, axes, x);
      int64_t len = 1;
      for (int64_t a : axes) len *= in_desc.shape.dims[a];
      error = CompareWithReference(type, len, expected, y);
    }
  }
  atb::DestroyOperation(op);
  return error;
}

Status InferOne(const RP& param, const TensorDesc& desc, SVector<TensorDesc>* out = nullptr) {
  Operation* op = nullptr;
  Status st = atb::CreateOperation(param, &op);
  if (!st.ok()) return st;
  SVector<TensorDesc> in;
  SVector<TensorDesc> local;
  in.push_back(desc);
  st = op->InferShape(in, out ? *out : local);
  atb::DestroyOperation(op);
  return st;
}

TEST(AtbReduce, StrictTableRunsAndMatchesReference) {
  auto context = MakeContext(/*strict=*/true);
  ASSERT_NE(context, nullptr);
  EXPECT_EQ(RunAndCompare(RP::REDUCE_SUM, {1}, Desc(ACL_FLOAT16, {4, 33, 20}), context.get()), "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_SUM, {0, 2}, Desc(ACL_BF16, {8, 5, 70}), context.get()), "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_MAX, {0}, Desc(ACL_INT32, {2, 3}), context.get()), "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_MIN, {0, 1}, Desc(ACL_BF16, {2, 3, 2}), context.get()), "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_MAX, {2}, Desc(ACL_INT32, {3, 1, 257}), context.get()), "");
}

TEST(AtbReduce, ZeroSizedDimensionGivesTheEmptySetValue) {
  auto context = MakeContext(/*strict=*/true);
  EXPECT_EQ(RunAndCompare(RP::REDUCE_MAX, {1}, Desc(ACL_INT32, {4, 0, 5}), context.get()), "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_SUM, {0}, Desc(ACL_FLOAT16, {0, 3}), context.get()), "");
}

TEST(AtbReduce, InferShapeGivesAtbOutputDescription) {
  SVector<TensorDesc> out;
  ASSERT_TRUE(InferOne(Param(RP::REDUCE_MAX, {0, 1}), Desc(ACL_INT32, {2, 3, 2}), &out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], Desc(ACL_INT32, {2}));
  ASSERT_TRUE(InferOne(Param(RP::REDUCE_SUM, {1}), Desc(ACL_FLOAT16, {5, 7}), &out).ok());
  EXPECT_EQ(out[0], Desc(ACL_FLOAT16, {5}));
}

TEST(AtbReduce, NonZeroRsvIsRefusedAtCreation) {
  RP param = Param(RP::REDUCE_SUM, {0});
  param.rsv[3] = 7;
  atb::Operation* op = nullptr;
  const atb::Status st = atb::CreateOperation(param, &op);
  EXPECT_TRUE(st == atb::ERROR_INVALID_PARAM);
  EXPECT_NE(st.message().find("rsv[3] = 7"), std::string::npos) << st.message();
  EXPECT_EQ(op, nullptr);
}

TEST(AtbReduce, NullOperationPointerIsRefused) {
  EXPECT_TRUE(atb::CreateOperation(Param(RP::REDUCE_SUM, {0}), nullptr) ==
              atb::ERROR_INVALID_PARAM);
}

struct ParamCase {
  const char* name;
  RP param;
  const char* message;
};

TEST(AtbReduce, BadParametersAreRefusedAtInferShape) {
  RP undefined = Param(RP::REDUCE_SUM, {0});
  undefined.reduceType = static_cast<RP::ReduceType>(0);
  RP five = Param(RP::REDUCE_SUM, {0});
  five.reduceType = static_cast<RP::ReduceType>(5);
  const ParamCase cases[] = {
      {"empty axis", Param(RP::REDUCE_SUM, {}), "axis is empty"},
      {"axis -1", Param(RP::REDUCE_SUM, {-1}), "axis[0] = -1 is negative"},
      {"axis beyond rank", Param(RP::REDUCE_SUM, {0, 3}), "axis[1] = 3 is out of range"},
      {"duplicate axis", Param(RP::REDUCE_SUM, {1, 1}), "repeats axis[0]"},
      {"more axes than rank", Param(RP::REDUCE_SUM, {0, 1, 2, 0}), "axis has 4 entries"},
      {"reduceType 0", undefined, "reduceType = 0 (REDUCE_UNDEFINED)"},
      {"reduceType 5", five, "reduceType = 5"},
  };
  for (const ParamCase& c : cases) {
    SCOPED_TRACE(c.name);
    // Creation accepts them: ATB checks parameters against the input at InferShape.
    Operation* op = nullptr;
    ASSERT_TRUE(atb::CreateOperation(c.param, &op) == atb::NO_ERROR);
    atb::DestroyOperation(op);
    const Status st = InferOne(c.param, Desc(ACL_FLOAT16, {2, 3, 4}));
    EXPECT_TRUE(st == atb::ERROR_INVALID_PARAM) << st.ToString();
    EXPECT_NE(st.message().find(c.message), std::string::npos) << st.message();
    EXPECT_EQ(st.message().rfind("ReduceOperation", 0), 0u) << st.message();
  }
}

TEST(AtbReduce, BadInputDescriptionsAreRefusedAtInferShape) {
  const RP param = Param(RP::REDUCE_SUM, {0});
  TensorDesc rank9 = Desc(ACL_FLOAT16, {1, 1, 1, 1, 1, 1, 1, 1});
  rank9.shape.dimNum = 9;
  EXPECT_TRUE(InferOne(param, rank9) == atb::ERROR_INVALID_TENSOR_DIM_NUM);
  EXPECT_TRUE(InferOne(param, Desc(ACL_FLOAT16, {2, -1})) == atb::ERROR_INVALID_TENSOR_DIM);
  EXPECT_TRUE(InferOne(param, Desc(ACL_FLOAT16, {2, 3}, ACL_FORMAT_NCHW)) ==
              atb::ERROR_INVALID_TENSOR_FORMAT);
  EXPECT_TRUE(InferOne(param, Desc(ACL_INT16, {2, 3})) == atb::ERROR_INVALID_TENSOR_DTYPE);
  EXPECT_TRUE(InferOne(param, Desc(ACL_DT_UNDEFINED, {2, 3})) == atb::ERROR_INVALID_TENSOR_DTYPE);
  // int8 SUM is outside the package's list itself, not only ATB's.
  EXPECT_TRUE(InferOne(param, Desc(ACL_INT8, {2, 3})) == atb::ERROR_INVALID_TENSOR_DTYPE);
}

TEST(AtbReduce, WrongInputCountIsRefusedAtInferShapeAndSetup) {
  auto op = MakeReduce(RP::REDUCE_SUM, {0});
  auto context = MakeContext();
  SVector<TensorDesc> none;
  SVector<TensorDesc> two;
  SVector<TensorDesc> out;
  two.push_back(Desc(ACL_FLOAT16, {2}));
  two.push_back(Desc(ACL_FLOAT16, {2}));
  EXPECT_TRUE(op->InferShape(none, out) == atb::ERROR_INVALID_IN_TENSOR_NUM);
  const Status st = op->InferShape(two, out);
  EXPECT_TRUE(st == atb::ERROR_INVALID_IN_TENSOR_NUM);
  EXPECT_NE(st.message().find("holds 2 tensors (expected 1)"), std::string::npos);

  HostTensor a(Desc(ACL_FLOAT16, {2}));
  HostTensor b(Desc(ACL_FLOAT16, {2}));
  HostTensor y(Desc(ACL_FLOAT16, {}));
  uint64_t ws = 0;
  EXPECT_TRUE(op->Setup(Pack({&a, &b}, {&y}), ws, context.get()) ==
              atb::ERROR_INVALID_IN_TENSOR_NUM);
  EXPECT_TRUE(op->Setup(Pack({&a}, {}), ws, context.get()) == atb::ERROR_INVALID_TENSOR_NUM);
  EXPECT_TRUE(op->Setup(Pack({&a}, {&y, &b}), ws, context.get()) == atb::ERROR_INVALID_TENSOR_NUM);
}

TEST(AtbReduce, Float32IsRefusedInStrictModeAndRunsWhenLifted) {
  const RP param = Param(RP::REDUCE_SUM, {1});
  // InferShape takes no context, so it accepts what the package runs.
  EXPECT_TRUE(InferOne(param, Desc(ACL_FLOAT, {4, 9})).ok());
  auto op = MakeReduce(RP::REDUCE_SUM, {1});
  auto strict = MakeContext(/*strict=*/true);
  HostTensor x(Desc(ACL_FLOAT, {4, 9}));
  HostTensor y(Desc(ACL_FLOAT, {4}));
  uint64_t ws = 0;
  const Status st = op->Setup(Pack({&x}, {&y}), ws, strict.get());
  EXPECT_TRUE(st == atb::ERROR_INVALID_TENSOR_INI_MATCH) << st.ToString();
  EXPECT_NE(st.message().find("float32 is not shipped by ATB for REDUCE_SUM"), std::string::npos)
      << st.message();
  // PROD is our extension: strict mode refuses it on every dtype.
  auto prod = MakeReduce(RP::REDUCE_PROD, {1});
  HostTensor xh(Desc(ACL_FLOAT16, {4, 9}));
  HostTensor yh(Desc(ACL_FLOAT16, {4}));
  EXPECT_TRUE(prod->Setup(Pack({&xh}, {&yh}), ws, strict.get()) ==
              atb::ERROR_INVALID_TENSOR_INI_MATCH);
  // MAX on float16 is not shipped by ATB either.
  auto max = MakeReduce(RP::REDUCE_MAX, {1});
  EXPECT_TRUE(max->Setup(Pack({&xh}, {&yh}), ws, strict.get()) ==
              atb::ERROR_INVALID_TENSOR_INI_MATCH);

  auto relaxed = MakeContext(/*strict=*/false);
  EXPECT_EQ(RunAndCompare(RP::REDUCE_SUM, {1}, Desc(ACL_FLOAT, {4, 9}), relaxed.get()), "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_PROD, {0}, Desc(ACL_FLOAT, {3, 5}), relaxed.get()), "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_MAX, {0, 2}, Desc(ACL_INT64, {3, 5, 7}), relaxed.get()), "");
  // The switch on a live context takes effect at the next Setup.
  strict->SetStrictAtbDTypes(false);
  EXPECT_TRUE(op->Setup(Pack({&x}, {&y}), ws, strict.get()).ok());
}

TEST(AtbReduce, WrongOutputIsRefusedAtSetup) {
  auto op = MakeReduce(RP::REDUCE_SUM, {1});
  auto context = MakeContext();
  HostTensor x(Desc(ACL_FLOAT16, {4, 9}));
  uint64_t ws = 0;
  HostTensor wrong_dtype(Desc(ACL_FLOAT, {4}));
  const Status st = op->Setup(Pack({&x}, {&wrong_dtype}), ws, context.get());
  EXPECT_TRUE(st == atb::ERROR_INVALID_TENSOR_DTYPE) << st.ToString();
  EXPECT_NE(st.message().find("outTensors[0] dtype = 0"), std::string::npos) << st.message();
  HostTensor wrong_rank(Desc(ACL_FLOAT16, {4, 1}));
  EXPECT_TRUE(op->Setup(Pack({&x}, {&wrong_rank}), ws, context.get()) ==
              atb::ERROR_INVALID_TENSOR_DIM_NUM);
  HostTensor wrong_dim(Desc(ACL_FLOAT16, {9}));
  EXPECT_TRUE(op->Setup(Pack({&x}, {&wrong_dim}), ws, context.get()) ==
              atb::ERROR_INVALID_TENSOR_DIM);
  HostTensor wrong_format(Desc(ACL_FLOAT16, {4}, ACL_FORMAT_NHWC));
  EXPECT_TRUE(op->Setup(Pack({&x}, {&wrong_format}), ws, context.get()) ==
              atb::ERROR_INVALID_TENSOR_FORMAT);
  HostTensor y(Desc(ACL_FLOAT16, {4}));
  VariantPack short_data = Pack({&x}, {&y});
  short_data.inTensors[0].dataSize -= 2;
  EXPECT_TRUE(op->Setup(short_data, ws, context.get()) == atb::ERROR_INVALID_TENSOR_SIZE);
  EXPECT_TRUE(op->Setup(Pack({&x}, {&y}), ws, nullptr) == atb::ERROR_INVALID_CONTEXT_ADDR);
  EXPECT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
}

// [8,16,32] over {0,2} is two passes; the first keeps float32 partials in the workspace.
struct WorkspaceFixture {
  std::unique_ptr<Operation> op = MakeReduce(RP::REDUCE_SUM, {0, 2});
  std::unique_ptr<Context> context = MakeContext();
  HostTensor x{Desc(ACL_FLOAT16, {8, 16, 32})};
  HostTensor y{Desc(ACL_FLOAT16, {16})};
  uint64_t ws = 0;
  std::vector<uint8_t> workspace;

  Status Setup() {
    Fill(x, 3);
    OPSIM_RETURN_IF_ERROR(op->Setup(Pack({&x}, {&y}), ws, context.get()));
    workspace.assign(ws, 0);
    return Status::Ok();
  }
};

TEST(AtbReduce, ShortOrMissingWorkspaceIsRefusedAtExecute) {
  WorkspaceFixture f;
  ASSERT_TRUE(f.Setup().ok());
  ASSERT_GT(f.ws, 0u);
  const std::vector<uint8_t> before = f.y.data;
  const Status st =
      f.op->Execute(Pack({&f.x}, {&f.y}), f.workspace.data(), f.ws - 1, f.context.get());
  EXPECT_TRUE(st == atb::ERROR_INVALID_WORKSPACE_SIZE) << st.ToString();
  EXPECT_NE(st.message().find(std::to_string(f.ws)), std::string::npos) << st.message();
  EXPECT_TRUE(f.op->Execute(Pack({&f.x}, {&f.y}), nullptr, f.ws, f.context.get()) ==
              atb::ERROR_INVALID_WORKSPACE_ADDR);
  EXPECT_EQ(f.y.data, before);  // nothing written on error
  EXPECT_TRUE(f.op->Execute(Pack({&f.x}, {&f.y}), f.workspace.data(), f.ws, f.context.get()).ok());
  const HostTensor expected = ReferenceReduce(RP::REDUCE_SUM, {0, 2}, f.x);
  EXPECT_EQ(CompareWithReference(RP::REDUCE_SUM, 8 * 32, expected, f.y), "");
}

TEST(AtbReduce, AnotherContextIsRefusedAtExecute) {
  WorkspaceFixture f;
  ASSERT_TRUE(f.Setup().ok());
  auto other = MakeContext();
  const Status st = f.op->Execute(Pack({&f.x}, {&f.y}), f.workspace.data(), f.ws, other.get());
  EXPECT_TRUE(st == atb::ERROR_INVALID_CONTEXT_ADDR) << st.ToString();
  EXPECT_TRUE(f.op->Execute(Pack({&f.x}, {&f.y}), f.workspace.data(), f.ws, nullptr) ==
              atb::ERROR_INVALID_CONTEXT_ADDR);
}

TEST(AtbReduce, ExecuteRefusesAPackThatDiffersFromSetup) {
  WorkspaceFixture f;
  ASSERT_TRUE(f.Setup().ok());
  HostTensor x2(Desc(ACL_FLOAT16, {8, 16, 31}));
  const Status st = f.op->Execute(Pack({&x2}, {&f.y}), f.workspace.data(), f.ws, f.context.get());
  EXPECT_TRUE(st == atb::ERROR_INVALID_PARAM) << st.ToString();
  EXPECT_NE(st.message().find("but Setup saw float16 ND [8,16,32]"), std::string::npos)
      << st.message();
  VariantPack null_data = Pack({&f.x}, {&f.y});
  null_data.outTensors[0].deviceData = nullptr;
  EXPECT_TRUE(f.op->Execute(null_data, f.workspace.data(), f.ws, f.context.get()) ==
              atb::ERROR_INVALID_TENSOR_ADDR);
  VariantPack bad_size = Pack({&f.x}, {&f.y});
  bad_size.outTensors[0].dataSize = 2;
  EXPECT_TRUE(f.op->Execute(bad_size, f.workspace.data(), f.ws, f.context.get()) ==
              atb::ERROR_INVALID_TENSOR_SIZE);
}

TEST(AtbReduce, ExecuteNeedsASuccessfulSetup) {
  auto op = MakeReduce(RP::REDUCE_SUM, {0});
  auto context = MakeContext();
  HostTensor x(Desc(ACL_FLOAT16, {4}));
  HostTensor y(Desc(ACL_FLOAT16, {}));
  EXPECT_TRUE(op->Execute(Pack({&x}, {&y}), nullptr, 0, context.get()) ==
              atb::ERROR_OPERATION_NULL_RUNNER);
  uint64_t ws = 0;
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  HostTensor bad(Desc(ACL_FLOAT, {}));
  EXPECT_FALSE(op->Setup(Pack({&x}, {&bad}), ws, context.get()).ok());
  // The failed Setup dropped the earlier one.
  EXPECT_TRUE(op->Execute(Pack({&x}, {&y}), nullptr, 0, context.get()) ==
              atb::ERROR_OPERATION_NULL_RUNNER);
}

TEST(AtbReduce, ContextDeviceIsSelectableAndChangingItNeedsANewSetup) {
  for (const char* device : {"ascend910a", "ascend310p"}) {
    SCOPED_TRACE(device);
    auto context = MakeContext(true, device);
    ASSERT_NE(context, nullptr);
    EXPECT_EQ(context->device().name, device);
    EXPECT_EQ(RunAndCompare(RP::REDUCE_SUM, {0}, Desc(ACL_FLOAT16, {300, 7}), context.get()), "");
  }
  auto op = MakeReduce(RP::REDUCE_SUM, {0});
  auto context = MakeContext();
  HostTensor x(Desc(ACL_FLOAT16, {4}));
  HostTensor y(Desc(ACL_FLOAT16, {}));
  uint64_t ws = 0;
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  ASSERT_TRUE(context->SetDevice("ascend310p").ok());
  EXPECT_TRUE(op->Execute(Pack({&x}, {&y}), nullptr, 0, context.get()) ==
              atb::ERROR_INVALID_CONTEXT_ADDR);
  EXPECT_FALSE(context->SetDevice("no_such_chip").ok());
  EXPECT_EQ(context->device().name, "ascend310p");
}

// A repeated Setup on the same pack and context is the cheap path; anything it depends on
// changing (the context's device, its dtype table, the pack) sends it through every check again.
TEST(AtbReduce, RepeatedSetupRechecksWhatChanged) {
  auto op = MakeReduce(RP::REDUCE_SUM, {1});
  auto context = MakeContext(/*strict=*/false);
  HostTensor x(Desc(ACL_FLOAT, {4, 9}));
  HostTensor y(Desc(ACL_FLOAT, {4}));
  uint64_t ws = 7;
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  EXPECT_EQ(ws, 0u);
  ws = 7;
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  EXPECT_EQ(ws, 0u);
  context->SetStrictAtbDTypes(true);
  EXPECT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()) ==
              atb::ERROR_INVALID_TENSOR_INI_MATCH);
  context->SetStrictAtbDTypes(false);
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  HostTensor short_y(Desc(ACL_FLOAT, {4}));
  short_y.data.resize(12);
  EXPECT_TRUE(op->Setup(Pack({&x}, {&short_y}), ws, context.get()) ==
              atb::ERROR_INVALID_TENSOR_SIZE);
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  ASSERT_TRUE(context->SetDevice("ascend310p").ok());
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  EXPECT_TRUE(op->Execute(Pack({&x}, {&y}), nullptr, 0, context.get()).ok());
}

TEST(AtbReduce, ContextRecordsLaunchesAndTraces) {
  auto context = MakeContext();
  context->SetTrace(true);
  EXPECT_EQ(RunAndCompare(RP::REDUCE_SUM, {0, 2}, Desc(ACL_FLOAT16, {8, 16, 32}), context.get()),
            "");
  EXPECT_GE(context->launches(), 2u);
  EXPECT_GT(context->device_ns(), 0);
  ASSERT_EQ(context->traces().size(), context->launches());
  EXPECT_FALSE(context->traces()[0].trace.empty());
  context->ClearRecord();
  EXPECT_EQ(context->launches(), 0u);
}

TEST(AtbFacade, ContextLifecycleAndStatusComparisons) {
  atb::Context* context = nullptr;
  ASSERT_TRUE(atb::CreateContext(&context) == atb::NO_ERROR);
  ASSERT_NE(context, nullptr);
  EXPECT_EQ(context->device().name, "ascend910b");
  EXPECT_TRUE(context->options().strict_atb_dtypes);
  int stream = 0;
  EXPECT_TRUE(context->SetExecuteStream(&stream) == atb::NO_ERROR);
  EXPECT_EQ(context->GetExecuteStream(), &stream);
  EXPECT_TRUE(atb::DestroyContext(context) == atb::NO_ERROR);
  EXPECT_TRUE(atb::CreateContext(nullptr) != atb::NO_ERROR);
  const atb::Status bad(ErrorCode::kInvalidTensorIniMatch, "x");
  EXPECT_TRUE(bad == atb::ERROR_INVALID_TENSOR_INI_MATCH);
  EXPECT_TRUE(atb::ERROR_INVALID_TENSOR_INI_MATCH == bad);
  EXPECT_TRUE(bad != atb::NO_ERROR);
  EXPECT_EQ(static_cast<int>(ACL_BF16), 27);
  EXPECT_EQ(static_cast<int>(ACL_FORMAT_ND), 2);
  EXPECT_EQ(static_cast<int>(atb::ERROR_COPY_HOST_MEMORY_FAIL), 29);
}

}  // namespace
}  // namespace opsim::testing
