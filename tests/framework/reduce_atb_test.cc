// The ATB ReduceOperation through opsim's API (CreateReduceOperation): ATB's checks at ATB's
// stages under the three rule sets, the lifecycle, and results against the Eigen reference.
// The same rules through the atb:: facade, row by row from ATB's own CSV tests, are in
// atb_csv_test.cc.
#include <gtest/gtest.h>

#include "framework_test_util.h"

namespace opsim::testing {
namespace {

using RP = infer::ReduceParam;

// Runs a reduce ATB-style and compares it with the reference; "" on success.
std::string RunAndCompare(RP::ReduceType type, std::initializer_list<int64_t> axes,
                          const TensorDesc& in_desc, Context* context, uint64_t seed = 1,
                          AtbRules rules = AtbRules::kStrict) {
  std::unique_ptr<Operation> op = MakeReduce(type, axes, rules);
  if (op == nullptr) return "create failed";
  HostTensor x(in_desc);
  Fill(x, seed);
  SVector<TensorDesc> in_descs;
  SVector<TensorDesc> out_descs;
  in_descs.push_back(x.desc);
  Status st = op->InferShape(in_descs, out_descs);
  std::string error;
  if (!st.ok()) error = "InferShape: " + st.ToString();
  if (error.empty()) {
    HostTensor y(out_descs[0]);
    st = SetupAndExecute(*op, Pack({&x}, {&y}), context);
    if (!st.ok()) error = "run: " + st.ToString();
    if (error.empty()) {
      const HostTensor expected = ReferenceReduce(type, axes, x);
      int64_t len = 1;
      for (int64_t a : axes) len *= in_desc.shape.dims[a];
      error = CompareWithReference(type, len, expected, y);
    }
  }
  return error;
}

Status InferOne(const RP& param, const TensorDesc& desc, SVector<TensorDesc>* out = nullptr,
                AtbRules rules = AtbRules::kStrict) {
  std::unique_ptr<Operation> op;
  Status st = CreateReduceOperation(param, &op, rules);
  if (!st.ok()) return st;
  SVector<TensorDesc> in;
  SVector<TensorDesc> local;
  in.push_back(desc);
  return op->InferShape(in, out ? *out : local);
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

// ATB refuses zero-sized dims (ERROR_INVALID_TENSOR_SIZE) and rank 0; opsim's extensions run
// them with docs/SPEC.md's empty-set values.
TEST(AtbReduce, ZeroSizedDimensionIsAtbsErrorAndAnExtension) {
  EXPECT_EQ(InferOne(Param(RP::REDUCE_MAX, {1}), Desc(ACL_INT32, {4, 0, 5})).code(),
            ErrorCode::kInvalidTensorSize);
  EXPECT_EQ(InferOne(Param(RP::REDUCE_MAX, {0}), Desc(ACL_INT32, {})).code(),
            ErrorCode::kInvalidTensorDim);
  auto context = MakeContext(/*strict=*/true);
  EXPECT_EQ(RunAndCompare(RP::REDUCE_MAX, {1}, Desc(ACL_INT32, {4, 0, 5}), context.get(), 1,
                          AtbRules::kExtended),
            "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_SUM, {0}, Desc(ACL_FLOAT16, {0, 3}), context.get(), 1,
                          AtbRules::kExtended),
            "");
}

TEST(AtbReduce, InferShapeGivesAtbOutputDescription) {
  SVector<TensorDesc> out;
  ASSERT_TRUE(InferOne(Param(RP::REDUCE_MAX, {0, 1}), Desc(ACL_INT32, {2, 3, 2}), &out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], Desc(ACL_INT32, {2}));
  ASSERT_TRUE(InferOne(Param(RP::REDUCE_SUM, {1}), Desc(ACL_FLOAT16, {5, 7}), &out).ok());
  EXPECT_EQ(out[0], Desc(ACL_FLOAT16, {5}));
  // Reducing every axis gives ATB's rank-0 description, which ATB's Setup then refuses.
  ASSERT_TRUE(InferOne(Param(RP::REDUCE_SUM, {0, 1}), Desc(ACL_FLOAT16, {5, 7}), &out).ok());
  EXPECT_EQ(out[0], Desc(ACL_FLOAT16, {}));
}

TEST(AtbReduce, NonZeroRsvIsRefusedAtCreation) {
  RP param = Param(RP::REDUCE_SUM, {0});
  param.rsv[3] = 7;
  std::unique_ptr<Operation> op;
  const Status st = CreateReduceOperation(param, &op);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("rsv[3] = 7"), std::string::npos) << st.message();
  EXPECT_EQ(op, nullptr);
  EXPECT_EQ(CreateReduceOperation(Param(RP::REDUCE_SUM, {0}), nullptr).code(),
            ErrorCode::kInvalidParam);
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
      {"reduceType 0", undefined, "reduceType = 0 (REDUCE_UNDEFINED) is outside ATB's"},
      {"reduceType 5", five, "reduceType = 5 is outside ATB's ReduceType"},
      {"REDUCE_PROD", Param(RP::REDUCE_PROD, {0}), "reduceType = 4 (opsim's REDUCE_PROD)"},
  };
  for (const ParamCase& c : cases) {
    SCOPED_TRACE(c.name);
    // Creation accepts them: ATB checks parameters against the input at InferShape.
    std::unique_ptr<Operation> op;
    ASSERT_TRUE(CreateReduceOperation(c.param, &op).ok());
    // bfloat16 is in both of ATB's tables, so only the parameters are wrong.
    const Status st = InferOne(c.param, Desc(ACL_BF16, {2, 3, 4}));
    EXPECT_EQ(st.code(), ErrorCode::kInvalidParam) << st.ToString();
    EXPECT_NE(st.message().find(c.message), std::string::npos) << st.message();
    EXPECT_EQ(st.message().rfind("ReduceOperation", 0), 0u) << st.message();
  }
}

// ATB's order: count, rank and size, then the table (dtype and format), then the parameters.
TEST(AtbReduce, BadInputDescriptionsAreRefusedAtInferShapeInAtbsOrder) {
  const RP param = Param(RP::REDUCE_SUM, {0});
  TensorDesc rank9 = Desc(ACL_FLOAT16, {1, 1, 1, 1, 1, 1, 1, 1});
  rank9.shape.dimNum = 9;
  EXPECT_EQ(InferOne(param, rank9).code(), ErrorCode::kInvalidTensorDim);
  EXPECT_EQ(InferOne(param, Desc(ACL_FLOAT16, {2, -1})).code(), ErrorCode::kInvalidTensorSize);
  const Status format = InferOne(param, Desc(ACL_FLOAT16, {2, 3}, ACL_FORMAT_NCHW));
  EXPECT_EQ(format.code(), ErrorCode::kInvalidTensorIniMatch);
  EXPECT_NE(format.message().find("inTensors[0] (float16, NCHW) matches no row of ATB's "
                                  "[ReduceOperationSUM] table: float16, bfloat16, format ND"),
            std::string::npos)
      << format.message();
  EXPECT_EQ(InferOne(param, Desc(ACL_INT16, {2, 3})).code(), ErrorCode::kInvalidTensorIniMatch);
  EXPECT_EQ(InferOne(param, Desc(ACL_DT_UNDEFINED, {2, 3})).code(),
            ErrorCode::kInvalidTensorIniMatch);
  // The table comes before the parameters: a bad axis on a bad dtype is a table error.
  EXPECT_EQ(InferOne(Param(RP::REDUCE_SUM, {-1}), Desc(ACL_FLOAT, {2, 3})).code(),
            ErrorCode::kInvalidTensorIniMatch);
  // int8 SUM is outside the package's table too, so the extensions refuse it as well.
  EXPECT_EQ(InferOne(param, Desc(ACL_INT8, {2, 3}), nullptr, AtbRules::kExtended).code(),
            ErrorCode::kInvalidTensorIniMatch);
}

// ATB's TensorCheck: 0 < bytes <= 256 GiB; a size that overflows is no size at all.
TEST(AtbReduce, TensorsAbove256GiBOrOverflowingAreRefused) {
  const RP param = Param(RP::REDUCE_MAX, {0});
  const Status big = InferOne(param, Desc(ACL_INT32, {int64_t{1} << 20, int64_t{1} << 20, 64}));
  EXPECT_EQ(big.code(), ErrorCode::kInvalidTensorSize) << big.ToString();
  EXPECT_NE(big.message().find("(ATB expects 0 < size <= 256 GiB)"), std::string::npos)
      << big.message();
  const int64_t huge = int64_t{1} << 62;
  EXPECT_EQ(InferOne(param, Desc(ACL_INT32, {huge, huge})).code(), ErrorCode::kInvalidTensorSize);
  EXPECT_EQ(InferOne(param, Desc(ACL_INT32, {huge, huge}), nullptr, AtbRules::kExtended).code(),
            ErrorCode::kInvalidTensorSize);
}

TEST(AtbReduce, ParametersAreCheckedAgainAtSetupAndCountsAtExecute) {
  auto op = MakeReduce(RP::REDUCE_MAX, {-1});
  auto context = MakeContext();
  HostTensor x(Desc(ACL_INT32, {4, 2}));
  HostTensor y(Desc(ACL_INT32, {2}));
  uint64_t ws = 0;
  const Status st = op->Setup(Pack({&x}, {&y}), ws, context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam) << st.ToString();
  EXPECT_NE(st.message().find("axis[0] = -1 is negative"), std::string::npos) << st.message();
  auto good = MakeReduce(RP::REDUCE_MAX, {0});
  ASSERT_TRUE(good->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  const Status count = good->Execute(Pack({&x}, {}), nullptr, 0, context.get());
  EXPECT_EQ(count.code(), ErrorCode::kInvalidParam) << count.ToString();
  EXPECT_NE(count.message().find("holds 1 inTensors and 0 outTensors"), std::string::npos)
      << count.message();
}

TEST(AtbReduce, WrongTensorCountsAreRefusedAtInferShapeAndSetup) {
  auto op = MakeReduce(RP::REDUCE_SUM, {0});
  auto context = MakeContext();
  SVector<TensorDesc> none;
  SVector<TensorDesc> two;
  SVector<TensorDesc> out;
  two.push_back(Desc(ACL_FLOAT16, {2}));
  two.push_back(Desc(ACL_FLOAT16, {2}));
  EXPECT_EQ(op->InferShape(none, out).code(), ErrorCode::kInvalidInTensorNum);
  const Status st = op->InferShape(two, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidInTensorNum);
  EXPECT_NE(st.message().find("holds 2 tensors (expected 1)"), std::string::npos);

  HostTensor a(Desc(ACL_FLOAT16, {2, 2}));
  HostTensor b(Desc(ACL_FLOAT16, {2, 2}));
  HostTensor y(Desc(ACL_FLOAT16, {2}));
  uint64_t ws = 0;
  // ATB reports a wrong output count with the input-count code too (CheckVariantPack).
  EXPECT_EQ(op->Setup(Pack({&a, &b}, {&y}), ws, context.get()).code(),
            ErrorCode::kInvalidInTensorNum);
  EXPECT_EQ(op->Setup(Pack({&a}, {}), ws, context.get()).code(), ErrorCode::kInvalidInTensorNum);
  EXPECT_EQ(op->Setup(Pack({&a}, {&y, &b}), ws, context.get()).code(),
            ErrorCode::kInvalidInTensorNum);
}

TEST(AtbReduce, Float32IsRefusedByDefaultAndRunsWithExtensions) {
  const RP param = Param(RP::REDUCE_SUM, {1});
  EXPECT_EQ(InferOne(param, Desc(ACL_FLOAT, {4, 9})).code(), ErrorCode::kInvalidTensorIniMatch);
  EXPECT_TRUE(InferOne(param, Desc(ACL_FLOAT, {4, 9}), nullptr, AtbRules::kExtended).ok());
  auto op = MakeReduce(RP::REDUCE_SUM, {1});
  auto strict = MakeContext(/*strict=*/true);
  HostTensor x(Desc(ACL_FLOAT, {4, 9}));
  HostTensor y(Desc(ACL_FLOAT, {4}));
  uint64_t ws = 0;
  const Status st = op->Setup(Pack({&x}, {&y}), ws, strict.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorIniMatch) << st.ToString();
  EXPECT_NE(st.message().find("(inTensors[0] float32 ND, outTensors[0] float32 ND) matches no "
                              "row of ATB's [ReduceOperationSUM] table"),
            std::string::npos)
      << st.message();
  // MAX on float16 is not in ATB's [ReduceOperation] table.
  auto max = MakeReduce(RP::REDUCE_MAX, {1});
  HostTensor xh(Desc(ACL_FLOAT16, {4, 9}));
  HostTensor yh(Desc(ACL_FLOAT16, {4}));
  EXPECT_EQ(max->Setup(Pack({&xh}, {&yh}), ws, strict.get()).code(),
            ErrorCode::kInvalidTensorIniMatch);
  // PROD is outside ATB's enum: on a dtype of the [ReduceOperation] table that is a parameter
  // error (ATB's CSV row wrongParam4), on another one the table refuses first.
  auto prod = MakeReduce(RP::REDUCE_PROD, {1});
  HostTensor xi(Desc(ACL_INT32, {4, 9}));
  HostTensor yi(Desc(ACL_INT32, {4}));
  EXPECT_EQ(prod->Setup(Pack({&xi}, {&yi}), ws, strict.get()).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(prod->Setup(Pack({&xh}, {&yh}), ws, strict.get()).code(),
            ErrorCode::kInvalidTensorIniMatch);

  auto relaxed = MakeContext(/*strict=*/false);
  EXPECT_EQ(RunAndCompare(RP::REDUCE_SUM, {1}, Desc(ACL_FLOAT, {4, 9}), relaxed.get(), 1,
                          AtbRules::kExtended),
            "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_PROD, {0}, Desc(ACL_FLOAT, {3, 5}), relaxed.get(), 1,
                          AtbRules::kExtended),
            "");
  EXPECT_EQ(RunAndCompare(RP::REDUCE_MAX, {0, 2}, Desc(ACL_INT64, {3, 5, 7}), strict.get(), 1,
                          AtbRules::kExtended),
            "");
  // A context that lifts the table lifts Setup of a strict operation; InferShape has no context.
  strict->SetStrictAtbDTypes(false);
  EXPECT_TRUE(op->Setup(Pack({&x}, {&y}), ws, strict.get()).ok());
  EXPECT_TRUE(prod->Setup(Pack({&xh}, {&yh}), ws, strict.get()).ok());
}

TEST(AtbReduce, WrongOutputIsRefusedAtSetup) {
  auto op = MakeReduce(RP::REDUCE_SUM, {1});
  auto context = MakeContext();
  HostTensor x(Desc(ACL_FLOAT16, {4, 9}));
  uint64_t ws = 0;
  // ATB's table maps each dtype to itself in ND: another output dtype or format is no row.
  HostTensor wrong_dtype(Desc(ACL_FLOAT, {4}));
  const Status st = op->Setup(Pack({&x}, {&wrong_dtype}), ws, context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorIniMatch) << st.ToString();
  EXPECT_NE(st.message().find("outTensors[0] float32 ND"), std::string::npos) << st.message();
  HostTensor wrong_format(Desc(ACL_FLOAT16, {4}, ACL_FORMAT_NHWC));
  EXPECT_EQ(op->Setup(Pack({&x}, {&wrong_format}), ws, context.get()).code(),
            ErrorCode::kInvalidTensorIniMatch);
  // ATB does not compare the output shape with InferShape's; opsim does (stricter).
  HostTensor wrong_rank(Desc(ACL_FLOAT16, {4, 1}));
  EXPECT_EQ(op->Setup(Pack({&x}, {&wrong_rank}), ws, context.get()).code(),
            ErrorCode::kInvalidTensorDimNum);
  HostTensor wrong_dim(Desc(ACL_FLOAT16, {9}));
  EXPECT_EQ(op->Setup(Pack({&x}, {&wrong_dim}), ws, context.get()).code(),
            ErrorCode::kInvalidTensorDim);
  // A rank-0 output (reduce-all) is ATB's ERROR_INVALID_TENSOR_DIM.
  auto all = MakeReduce(RP::REDUCE_SUM, {0, 1});
  HostTensor scalar(Desc(ACL_FLOAT16, {}));
  EXPECT_EQ(all->Setup(Pack({&x}, {&scalar}), ws, context.get()).code(),
            ErrorCode::kInvalidTensorDim);
  // ATB checks dataSize at Execute, not at Setup.
  HostTensor y(Desc(ACL_FLOAT16, {4}));
  VariantPack short_data = Pack({&x}, {&y});
  short_data.inTensors[0].dataSize -= 2;
  EXPECT_TRUE(op->Setup(short_data, ws, context.get()).ok());
  // ATB: a null context is ERROR_INVALID_PARAM.
  EXPECT_EQ(op->Setup(Pack({&x}, {&y}), ws, nullptr).code(), ErrorCode::kInvalidParam);
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

// ATB's Execute checks all answer ERROR_INVALID_PARAM (operation_base.cpp ExecuteCheck).
TEST(AtbReduce, ShortOrMissingWorkspaceIsRefusedAtExecute) {
  WorkspaceFixture f;
  ASSERT_TRUE(f.Setup().ok());
  ASSERT_GT(f.ws, 0u);
  const std::vector<uint8_t> before = f.y.data;
  const Status st =
      f.op->Execute(Pack({&f.x}, {&f.y}), f.workspace.data(), f.ws - 1, f.context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam) << st.ToString();
  EXPECT_NE(st.message().find(std::to_string(f.ws)), std::string::npos) << st.message();
  EXPECT_EQ(f.op->Execute(Pack({&f.x}, {&f.y}), nullptr, f.ws, f.context.get()).code(),
            ErrorCode::kInvalidParam);
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
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam) << st.ToString();
  EXPECT_NE(st.message().find("context differs"), std::string::npos) << st.message();
  EXPECT_EQ(f.op->Execute(Pack({&f.x}, {&f.y}), f.workspace.data(), f.ws, nullptr).code(),
            ErrorCode::kInvalidParam);
}

TEST(AtbReduce, ExecuteRefusesAPackThatDiffersFromSetup) {
  WorkspaceFixture f;
  ASSERT_TRUE(f.Setup().ok());
  HostTensor x2(Desc(ACL_FLOAT16, {8, 16, 31}));
  Status st = f.op->Execute(Pack({&x2}, {&f.y}), f.workspace.data(), f.ws, f.context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam) << st.ToString();
  EXPECT_NE(st.message().find("inTensors[0] dataSize = 7936 B but the description Setup saw "
                              "needs 8192 B"),
            std::string::npos)
      << st.message();
  // Same size, other dims: opsim's own check (ATB would run on the wrong shape).
  HostTensor x3(Desc(ACL_FLOAT16, {16, 8, 32}));
  st = f.op->Execute(Pack({&x3}, {&f.y}), f.workspace.data(), f.ws, f.context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam) << st.ToString();
  EXPECT_NE(st.message().find("but Setup saw float16 ND [8,16,32]"), std::string::npos)
      << st.message();
  VariantPack null_data = Pack({&f.x}, {&f.y});
  null_data.outTensors[0].deviceData = nullptr;
  EXPECT_EQ(f.op->Execute(null_data, f.workspace.data(), f.ws, f.context.get()).code(),
            ErrorCode::kInvalidParam);
  VariantPack bad_size = Pack({&f.x}, {&f.y});
  bad_size.outTensors[0].dataSize = 2;
  EXPECT_EQ(f.op->Execute(bad_size, f.workspace.data(), f.ws, f.context.get()).code(),
            ErrorCode::kInvalidParam);
}

TEST(AtbReduce, ExecuteNeedsASuccessfulSetup) {
  auto op = MakeReduce(RP::REDUCE_SUM, {0});
  auto context = MakeContext();
  HostTensor x(Desc(ACL_FLOAT16, {4, 2}));
  HostTensor y(Desc(ACL_FLOAT16, {2}));
  EXPECT_EQ(op->Execute(Pack({&x}, {&y}), nullptr, 0, context.get()).code(),
            ErrorCode::kOperationNullRunner);
  uint64_t ws = 0;
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  HostTensor bad(Desc(ACL_FLOAT, {2}));
  EXPECT_FALSE(op->Setup(Pack({&x}, {&bad}), ws, context.get()).ok());
  // The failed Setup dropped the earlier one.
  EXPECT_EQ(op->Execute(Pack({&x}, {&y}), nullptr, 0, context.get()).code(),
            ErrorCode::kOperationNullRunner);
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
  HostTensor x(Desc(ACL_FLOAT16, {4, 2}));
  HostTensor y(Desc(ACL_FLOAT16, {2}));
  uint64_t ws = 0;
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  ASSERT_TRUE(context->SetDevice("ascend310p").ok());
  // ATB has no device switch; opsim's check keeps its own code.
  EXPECT_EQ(op->Execute(Pack({&x}, {&y}), nullptr, 0, context.get()).code(),
            ErrorCode::kInvalidContextAddr);
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
  EXPECT_EQ(op->Setup(Pack({&x}, {&y}), ws, context.get()).code(),
            ErrorCode::kInvalidTensorIniMatch);
  context->SetStrictAtbDTypes(false);
  ASSERT_TRUE(op->Setup(Pack({&x}, {&y}), ws, context.get()).ok());
  HostTensor short_y(Desc(ACL_FLOAT, {4}));
  short_y.data.resize(12);
  ASSERT_TRUE(op->Setup(Pack({&x}, {&short_y}), ws, context.get()).ok());
  EXPECT_EQ(op->Execute(Pack({&x}, {&short_y}), nullptr, 0, context.get()).code(),
            ErrorCode::kInvalidParam);
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
  // Two passes (axis 2, then axis 0) in one launch.
  EXPECT_EQ(context->launches(), 1u);
  EXPECT_GT(context->device_ns(), 0);
  ASSERT_EQ(context->traces().size(), context->launches());
  EXPECT_FALSE(context->traces()[0].trace.empty());
  context->ClearRecord();
  EXPECT_EQ(context->launches(), 0u);
}

}  // namespace
}  // namespace opsim::testing
