// Operators registered in today's CANN dialect (IMPL_OP_INFERSHAPE / IMPL_OP_OPTILING) join their
// OpDef, and the generic operation runs them: the compile-info object TilingParse fills reaches
// every tiling, once per device; GetTilingData<T>() is bounded by Tiling(fn, max); and every
// failure names the op (issue 25 step 3).
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "kernel_operator.h"
#include "log/log.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/kernel_entry.h"
#include "opsim/op_api/op_error.h"
#include "opsim/op_api/op_impl.h"
#include "opsim/op_api/op_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "util/platform_util.h"

namespace {

struct ProbeCompileInfo {
  uint32_t aiv = 0;
  int parse = 0;  // which TilingParse call filled it
};
struct ProbeTiling {
  uint32_t aiv;
  int32_t parse;
  int64_t axes_sum;
};
struct BigTiling {
  uint8_t bytes[128];
};
struct Seen {
  int parses = 0;
  ProbeTiling tiling{};
  size_t data_size = 0;
  bool compile_info_null = false;
  size_t wide_capacity = 0;
  uint32_t wide_last = 0;
};
Seen g_seen;

UINT32 CopyShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return ge::GRAPH_SUCCESS;
}

UINT32 ParseProbe(gert::TilingParseContext* context) {
  auto* info = context->GetCompiledInfo<ProbeCompileInfo>();
  OP_CHECK_NULL_WITH_CONTEXT(context, info);
  info->aiv = Ops::Base::GetAivCoreNum(context);  // op-base helpers take a parse context too
  info->parse = ++g_seen.parses;
  return ge::GRAPH_SUCCESS;
}

// CANN's other TilingParse form takes the runtime's KernelContext, which is the parse context.
UINT32 ParseProbeAsKernel(gert::KernelContext* context) {
  return ParseProbe(reinterpret_cast<gert::TilingParseContext*>(context));
}

UINT32 TilingProbe(gert::TilingContext* context) {
  const auto* info = context->GetCompileInfo<ProbeCompileInfo>();  // null without TilingParse
  auto* tiling = context->GetTilingData<ProbeTiling>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  tiling->aiv = info == nullptr ? 0 : info->aiv;
  tiling->parse = info == nullptr ? 0 : info->parse;
  tiling->axes_sum = 0;
  if (const gert::Tensor* axes = context->GetOptionalInputTensor(1); axes != nullptr) {
    for (int64_t i = 0; i < axes->GetShapeSize(); ++i)
      tiling->axes_sum += axes->GetData<int64_t>()[i];
  }
  g_seen.tiling = *tiling;
  g_seen.data_size = context->GetRawTilingData()->GetDataSize();
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

UINT32 ParseFails(gert::TilingParseContext* context) {
  OP_LOGE(context, "no compile info in %s", context->GetCompiledJson());
  return ge::GRAPH_FAILED;
}

UINT32 ParseThrows(gert::TilingParseContext*) { throw std::runtime_error("no platform table"); }

UINT32 TilingBig(gert::TilingContext* context) {
  g_seen.compile_info_null = context->GetCompileInfo() == nullptr;  // no TilingParse registered
  auto* tiling = context->GetTilingData<BigTiling>();
  OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

// ops-nn's foreach form: a registered struct of 3000 B saved into the buffer the default
// Tiling(fn) registration (2048 B) gives, which CANN sizes by the kernel's struct instead.
BEGIN_TILING_DATA_DEF(ProbeWideTiling)
TILING_DATA_FIELD_DEF_ARR(uint32_t, 750, counts);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ImplProbeWideTiling, ProbeWideTiling)

UINT32 TilingWide(gert::TilingContext* context) {
  ProbeWideTiling tiling;
  g_seen.wide_capacity = context->GetRawTilingData()->GetCapacity();
  // Filled through get_, set_ with its own bytes, as ops-nn's foreach regbase tilings do.
  uint32_t* counts = tiling.get_counts();
  counts[749] = 7;
  tiling.set_counts(tiling.get_counts());
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(),
                      context->GetRawTilingData()->GetCapacity());
  g_seen.wide_last = static_cast<const uint32_t*>(context->GetRawTilingData()->GetData())[749];
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

UINT32 TilingLogsAnotherName(gert::TilingContext* /*context*/) {
  OP_LOGE("TilingHelper", "block %d is refused", 3);
  return ge::GRAPH_FAILED;
}

}  // namespace

namespace ops {
// x (and for ImplProbeDepend an int64 `axes`) -> y, float32, on 910B and 310P.
class ImplProbeBase : public OpDef {
 public:
  explicit ImplProbeBase(const char* name, bool axes = false) : OpDef(name) {
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    if (axes) Input("axes").ParamType(OPTIONAL).DataType({ge::DT_INT64}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    AICore().AddConfig("ascend910b").AddConfig("ascend310p");
  }
};
#define OPSIM_IMPL_PROBE(Name, ...)                                      \
  class Name : public ImplProbeBase {                                    \
   public:                                                               \
    explicit Name(const char* name) : ImplProbeBase(name __VA_ARGS__) {} \
  };                                                                     \
  OP_ADD(Name)
OPSIM_IMPL_PROBE(ImplProbeOk);
OPSIM_IMPL_PROBE(ImplProbeDepend, , true);
OPSIM_IMPL_PROBE(ImplProbeNoTiling);
OPSIM_IMPL_PROBE(ImplProbeParseFails);
OPSIM_IMPL_PROBE(ImplProbeBigTiling);
OPSIM_IMPL_PROBE(ImplProbeOtherName);
OPSIM_IMPL_PROBE(ImplProbeParseThrows);
OPSIM_IMPL_PROBE(ImplProbeWideTiling);
#undef OPSIM_IMPL_PROBE
}  // namespace ops

// Two registrations of one op (CANN's _infershape.cpp and _tiling.cpp) merge.
IMPL_OP_INFERSHAPE(ImplProbeOk).InferShape(CopyShape).InferOutDataTypeSameWithFirstInput();
IMPL_OP_OPTILING(ImplProbeOk).Tiling(TilingProbe).TilingParse<ProbeCompileInfo>(ParseProbe);
IMPL_OP(ImplProbeDepend)
    .InferShape(CopyShape)
    .InputsDataDependency({1})
    .Tiling(TilingProbe)
    .TilingParse<ProbeCompileInfo>(ParseProbeAsKernel);
IMPL_OP_INFERSHAPE(ImplProbeNoTiling).InferShape(CopyShape);
IMPL_OP_OPTILING(ImplProbeNoTiling).TilingParse<ProbeCompileInfo>(ParseProbe);
IMPL_OP(ImplProbeParseFails).InferShape(CopyShape).Tiling(TilingProbe).TilingParse<int>(ParseFails);
IMPL_OP(ImplProbeBigTiling).InferShape(CopyShape).Tiling(TilingBig, 64);
IMPL_OP(ImplProbeOtherName).InferShape(CopyShape).Tiling(TilingLogsAnotherName);
IMPL_OP(ImplProbeWideTiling).InferShape(CopyShape).Tiling(TilingWide);
IMPL_OP(ImplProbeParseThrows)
    .InferShape(CopyShape)
    .Tiling(TilingProbe)
    .TilingParse<int>(ParseThrows);

// Never launched: the tests stop at Setup.
extern "C" __global__ __aicore__ void impl_probe_kernel(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {}
extern "C" __global__ __aicore__ void impl_probe_kernel3(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR,
                                                         GM_ADDR) {}
static const opsim::op_api::KernelRegistrar g_impl_probe_ok("ImplProbeOk", 0, &impl_probe_kernel);
static const opsim::op_api::KernelRegistrar g_impl_probe_no_tiling("ImplProbeNoTiling", 0,
                                                                   &impl_probe_kernel);
static const opsim::op_api::KernelRegistrar g_impl_probe_parse("ImplProbeParseFails", 0,
                                                               &impl_probe_kernel);
static const opsim::op_api::KernelRegistrar g_impl_probe_big("ImplProbeBigTiling", 0,
                                                             &impl_probe_kernel);
static const opsim::op_api::KernelRegistrar g_impl_probe_throws("ImplProbeParseThrows", 0,
                                                                &impl_probe_kernel);
static const opsim::op_api::KernelRegistrar g_impl_probe_other("ImplProbeOtherName", 0,
                                                               &impl_probe_kernel);
static const opsim::op_api::KernelRegistrar g_impl_probe_wide("ImplProbeWideTiling", 0,
                                                              &impl_probe_kernel);
static const opsim::op_api::KernelRegistrar g_impl_probe_depend("ImplProbeDepend", 0,
                                                                &impl_probe_kernel3);

namespace opsim {
namespace {

Status SetUpOn(Operation& op, const std::string& device, std::vector<int64_t> axes = {},
               int64_t length = 8) {
  ContextOptions options;
  options.device = device;
  std::unique_ptr<Context> context;
  OPSIM_RETURN_IF_ERROR(Context::Create(options, &context));
  testing::HostTensor x(testing::Desc(ACL_FLOAT, {length})), y(testing::Desc(ACL_FLOAT, {length}));
  testing::HostTensor a(testing::Desc(ACL_INT64, {static_cast<int64_t>(axes.size())}));
  if (!axes.empty()) std::memcpy(a.data.data(), axes.data(), axes.size() * sizeof(int64_t));
  VariantPack pack = axes.empty() ? testing::Pack({&x}, {&y}) : testing::Pack({&x, &a}, {&y});
  uint64_t ws = 0;
  return op.Setup(pack, ws, context.get());
}

std::unique_ptr<Operation> Create(const std::string& type, const AttrMap& attrs = {}) {
  std::unique_ptr<Operation> op;
  const Status st = OperationRegistry::Global().Create(type, attrs, &op);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return op;
}

TEST(ImplOpRegistration, CompileInfoIsParsedOncePerDeviceAndReachesEveryTiling) {
  std::unique_ptr<Operation> op = Create("ImplProbeOk");
  ASSERT_NE(op, nullptr);
  const int before = g_seen.parses;
  ASSERT_TRUE(SetUpOn(*op, "ascend910b").ok());
  EXPECT_EQ(g_seen.parses, before + 1);
  EXPECT_EQ(g_seen.tiling.aiv, 48u);
  EXPECT_EQ(g_seen.tiling.parse, before + 1);
  EXPECT_EQ(g_seen.data_size, sizeof(ProbeTiling));      // GetTilingData<T> sets the data size
  ASSERT_TRUE(SetUpOn(*op, "ascend910b", {}, 16).ok());  // tiled again, not parsed again
  EXPECT_EQ(g_seen.parses, before + 1);
  ASSERT_TRUE(SetUpOn(*op, "ascend310p").ok());  // another chip: parsed for it
  EXPECT_EQ(g_seen.parses, before + 2);
  EXPECT_EQ(g_seen.tiling.aiv, 8u);  // one AI core kind: GetCoreNumAiv is ai_core_cnt
}

TEST(ImplOpRegistration, InputsDataDependencyMakesTheInputValueDepend) {
  const ops::OpDef* def = op_api::FindOpDef("ImplProbeDepend");
  ASSERT_NE(def, nullptr);
  EXPECT_EQ(def->GetInputs()[1].GetValueDepend(), ops::REQUIRED);
  EXPECT_EQ(def->GetInputs()[0].GetValueDepend(), ops::IGNORE);
  std::unique_ptr<Operation> op = Create("ImplProbeDepend", {{"+axes", true}});
  ASSERT_NE(op, nullptr);
  ASSERT_TRUE(SetUpOn(*op, "ascend910b", {5, 7}).ok());
  EXPECT_EQ(g_seen.tiling.axes_sum, 12);          // the tiling read the input's data
  EXPECT_EQ(g_seen.tiling.parse, g_seen.parses);  // parsed by the KernelContext form
  EXPECT_EQ(g_seen.tiling.aiv, 48u);
}

TEST(ImplOpRegistration, MissingTilingNamesBothSpellings) {
  std::unique_ptr<Operation> op = Create("ImplProbeNoTiling");
  const Status st = SetUpOn(*op, "ascend910b");
  EXPECT_EQ(st.code(), ErrorCode::kUnsupported);
  EXPECT_EQ(st.message(),
            "ImplProbeNoTiling: registers no tiling function: neither the OpDef's "
            "AICore().SetTiling(fn) nor IMPL_OP_OPTILING(ImplProbeNoTiling).Tiling(fn)");
}

TEST(ImplOpRegistration, AFailingTilingParseIsTheErrorWithItsOpLogeText) {
  std::unique_ptr<Operation> op = Create("ImplProbeParseFails");
  const Status st = SetUpOn(*op, "ascend910b");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message(), "ImplProbeParseFails:ImplProbeParseFails: no compile info in {}");
}

TEST(ImplOpRegistration, GetTilingDataOverTheBufferIsNullAndSaysWhy) {
  std::unique_ptr<Operation> op = Create("ImplProbeBigTiling");
  const Status st = SetUpOn(*op, "ascend910b");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(st.message(),
            "ImplProbeBigTiling: GetTilingData<T>() needs 128 B for T, over the tiling buffer's "
            "64 B (IMPL_OP_OPTILING(...).Tiling(fn, max_tiling_data_size) sets it; 2048 by "
            "default), so it returned nullptr; ImplProbeBigTiling: tiling is nullptr!");
  EXPECT_TRUE(g_seen.compile_info_null);
}

TEST(ImplOpRegistration, TheRegisteredTilingStructSizesTheBufferPastTheDefault) {
  std::unique_ptr<Operation> op = Create("ImplProbeWideTiling");
  const Status st = SetUpOn(*op, "ascend910b");
  EXPECT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(g_seen.wide_capacity, 3000u);
  EXPECT_EQ(g_seen.wide_last, 7u);
}

TEST(ImplOpRegistration, AnOpLogeUnderAnotherNameStillNamesTheOp) {
  std::unique_ptr<Operation> op = Create("ImplProbeOtherName");
  const Status st = SetUpOn(*op, "ascend910b");
  EXPECT_EQ(st.message(), "ImplProbeOtherName: TilingHelper: block 3 is refused");
}

TEST(ImplOpRegistration, AThrowingTilingParseIsTheOpsError) {
  std::unique_ptr<Operation> op = Create("ImplProbeParseThrows");
  const Status st = SetUpOn(*op, "ascend910b");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(st.message().find("ImplProbeParseThrows: user code threw at stage TilingParse: "
                              "std::runtime_error: no platform table"),
            std::string::npos)
      << st.message();
}

TEST(ImplOpRegistration, SameDataTypeAsFirstInputNeedsOne) {
  gert::OpCallData data;
  data.node_type = "Probe";
  data.output_descs.resize(2);
  data.output_shapes.resize(2);
  gert::InferDataTypeContext context(&data);
  gert::OpImplRegisterV2 reg =
      gert::OpImplRegisterV2("NoSuchOp").InferOutDataTypeSameWithFirstInput();
  const op_api::OpImplRecord* impl = op_api::FindOpImpl("NoSuchOp");
  ASSERT_NE(impl, nullptr);
  (void)op_api::TakeOpError();
  EXPECT_EQ(impl->infer_datatype(&context), ge::GRAPH_FAILED);
  EXPECT_EQ(op_api::TakeOpError().message(),
            "Probe: InferOutDataTypeSameWithFirstInput needs input 0 with a defined dtype, and "
            "there is none");
  data.input_descs.push_back(gert::CompileTimeTensorDesc(ge::DT_BF16, {}));
  EXPECT_EQ(impl->infer_datatype(&context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(data.output_descs[1].GetDataType(), ge::DT_BF16);
}

UINT32 OtherTiling(gert::TilingContext*) { return ge::GRAPH_SUCCESS; }

TEST(ImplOpRegistration, OneKindOfFunctionHasOneSpelling) {
  ops::OpDef def("Twice");
  def.Input("x");
  def.AICore().SetTiling(OtherTiling);
  op_api::OpImplRecord record;
  record.op_type = "Twice";
  record.tiling = TilingProbe;
  Status st = op_api::ApplyOpImpl(record, &def);
  EXPECT_EQ(st.message(),
            "op Twice registers its Tiling twice: the OpDef's AICore().SetTiling and "
            "IMPL_OP_OPTILING(Twice).Tiling; an op keeps one of the two spellings");
  record.tiling = OtherTiling;  // the same function: nothing to refuse
  record.infer_shape = CopyShape;
  EXPECT_TRUE(op_api::ApplyOpImpl(record, &def).ok());
  EXPECT_EQ(def.GetInferShape(), &CopyShape);
  EXPECT_TRUE(op_api::ApplyOpImpl(record, &def).ok());  // again: no change
  record.inputs_data_dependency = {1};
  st = op_api::ApplyOpImpl(record, &def);
  EXPECT_EQ(st.message(),
            "op Twice: InputsDataDependency names input 1, but its OpDef declares 1 inputs");
}

#if defined(OPSIM_IMPL_ORPHAN_LIBRARY) && defined(OPSIM_IMPL_CLASH_LIBRARY)
TEST(ImplOpRegistration, AnImplOpOfATypeTheLibraryDoesNotDefineIsLeftOut) {
  ASSERT_TRUE(op_api::LoadOpLibrary(OPSIM_IMPL_ORPHAN_LIBRARY).ok());
  const ops::OpDef* def = op_api::FindOpDef("ImplOrphaned");
  ASSERT_NE(def, nullptr);
  EXPECT_NE(op_api::FindOpImpl("ImplOrphaned"), nullptr);  // its own joins its OpDef
  EXPECT_EQ(op_api::FindOpImpl("ImplDefinedElsewhere"), nullptr);
  EXPECT_EQ(op_api::FindOpDef("ImplDefinedElsewhere"), nullptr);
}

TEST(ImplOpRegistration, ALibraryIsRefusedForAnImplOpItCannotJoin) {
  const std::string clash = OPSIM_IMPL_CLASH_LIBRARY;
  Status st = op_api::LoadOpLibrary(clash);
  EXPECT_EQ(st.message(), "operator library " + clash +
                              ": op ImplRefused registers its Tiling twice: the OpDef's "
                              "AICore().SetTiling and IMPL_OP_OPTILING(ImplRefused).Tiling; an op "
                              "keeps one of the two spellings");
  EXPECT_EQ(op_api::FindOpImpl("ImplRefused"), nullptr);
}
#endif

#if defined(OPSIM_IMPL_BUILTIN_LIBRARY)
// As a CANN custom operator package takes precedence over the built-in operator of the same
// type, a library's op replaces opsim's own: its OpDef and (no) kernels are the ones found.
TEST(ImplOpRegistration, ALibrarysOpReplacesTheBuiltInOpOfItsType) {
  const ops::OpDef* builtin = op_api::FindOpDef("Reciprocal");
  ASSERT_NE(builtin, nullptr);
  ASSERT_EQ(builtin->GetInputs()[0].GetName(), "X");
  ASSERT_TRUE(op_api::HasAnyKernel("Reciprocal"));
  std::vector<std::string> added;
  std::vector<std::string> replaced;
  const Status st = op_api::LoadOpLibrary(OPSIM_IMPL_BUILTIN_LIBRARY, &added, &replaced);
  ASSERT_TRUE(st.ok()) << st.ToString();
  EXPECT_EQ(added, std::vector<std::string>{"Reciprocal"});
  EXPECT_EQ(replaced, std::vector<std::string>{"Reciprocal"});
  const ops::OpDef* users = op_api::FindOpDef("Reciprocal");
  ASSERT_NE(users, nullptr);
  EXPECT_EQ(users->GetInputs()[0].GetName(), "x");
  EXPECT_EQ(users->GetAttrs().size(), 1u);
  EXPECT_FALSE(op_api::HasAnyKernel("Reciprocal"));  // the built-in's kernels are set aside
  EXPECT_EQ(builtin->GetOpType(), "Reciprocal");     // and its OpDef kept alive
  // The operation made now is the library's: its attribute is known, and it has no kernel.
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("Reciprocal", {{"scale", 2.0}}, &op).ok());
  EXPECT_EQ(OperationRegistry::Global().Create("Reciprocal", {{"axis", int64_t{0}}}, &op).code(),
            ErrorCode::kInvalidParam);
}
#endif

// An InferShapeRange function as ops-nn writes one (through register/op_impl_registry.h alone):
// the output's range is the second tensor of the DYNAMIC input's, read by IR index.
uint32_t SecondTensorsRange(gert::InferShapeRangeContext* context) {
  const gert::Range<gert::Shape>* in = context->GetDynamicInputShapeRange(0, 1);
  gert::Range<gert::Shape>* out = context->GetOutputShapeRange(0);
  if (in == nullptr || out == nullptr || context->GetDynamicInputShapeRange(0, 2) != nullptr) {
    return ge::GRAPH_FAILED;
  }
  *out->GetMin() = *in->GetMin();
  *out->GetMax() = *in->GetMax();
  return ge::GRAPH_SUCCESS;
}

TEST(InferShapeRangeContext, HandsOutTheRangesByIrIndexAndInstance) {
  gert::OpCallData call;
  call.ir_inputs = {{0, 2}};
  gert::Shape lows[2] = {gert::Shape({1}), gert::Shape({2, 1})};
  gert::Shape highs[2] = {gert::Shape({8}), gert::Shape({2, 64})};
  gert::Shape out_low, out_high;
  gert::ShapeRangeData ranges;
  for (int i = 0; i < 2; ++i) ranges.input_shapes.emplace_back(&lows[i], &highs[i]);
  ranges.output_shapes.emplace_back(&out_low, &out_high);
  gert::InferShapeRangeContext context(&call, &ranges);
  ASSERT_EQ(SecondTensorsRange(&context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(out_high, gert::Shape({2, 64}));
  EXPECT_EQ(context.GetInputShapeRange(0)->GetMax()->GetDim(0), 8);
  EXPECT_EQ(context.GetOptionalInputShapeRange(1), nullptr);   // no such IR input
  EXPECT_EQ(context.GetRequiredInputTensorRange(0), nullptr);  // no tensor ranges given
}

}  // namespace
}  // namespace opsim
