// The generic OpDef operation on an op defined in this test (OP_ADD at static initialisation, as
// a program linking an operator library gets it): attributes, the platform a tiling function
// sees, and every tiling, kernel and blockDim error.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "framework/framework_test_util.h"
#include "kernel_operator.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/kernel_entry.h"
#include "opsim/op_api/platform_figures.h"
#include "register/op_def_registry.h"
#include "testdata/probe_tiling.h"

namespace {

// What the last tiling call saw, for the tests to inspect.
struct Seen {
  uint32_t core_num = 0, aiv = 0, aic = 0;
  uint64_t ub = 0;
  uint64_t l1 = 0, l0c = 0;
  opsim::op_api::OpsimFigures own;  // the figures opsim's own operators plan with
  NpuArch arch = NpuArch::DAV_RESV;
  platform_ascendc::SocVersion soc = platform_ascendc::SocVersion::RESERVED_VERSION;
  float first_weight = 0;
  size_t weights = 0;
  bool flag = false;
  std::string label;
};
Seen g_seen;

uint32_t ProbeTilingFunc(gert::TilingContext* context) {
  const gert::RuntimeAttrs* attrs = context->GetAttrs();
  const int64_t mode = *attrs->GetInt(0);
  const auto* weights = attrs->GetListFloat(1);
  g_seen.weights = weights->GetSize();
  g_seen.first_weight = weights->GetSize() > 0 ? weights->GetData()[0] : 0;
  g_seen.flag = *attrs->GetBool(2);
  g_seen.label = attrs->GetStr(3);
  platform_ascendc::PlatformAscendC platform(context->GetPlatformInfo());
  g_seen.core_num = platform.GetCoreNum();
  g_seen.aiv = platform.GetCoreNumAiv();
  g_seen.aic = platform.GetCoreNumAic();
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, g_seen.ub);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L1, g_seen.l1);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, g_seen.l0c);
  g_seen.soc = platform.GetSocVersion();
  g_seen.arch = platform.GetCurNpuArch();
  g_seen.own = opsim::op_api::OpsimFiguresOf(*context->GetPlatformInfo());
  if (mode == 3) return ge::GRAPH_FAILED;
  if (mode != 1) context->SetBlockDim(mode == 2 ? 0 : mode == 6 ? 70000 : 2);
  context->SetTilingKey(7);
  gert::TilingData* raw = context->GetRawTilingData();
  if (mode == 5) {
    optiling::NestedOddTiling bad;
    bad.SaveToBuffer(raw->GetData(), raw->GetCapacity());
    raw->SetDataSize(bad.GetDataSize());
  } else {
    optiling::ProbeTiling tiling;
    tiling.set_total(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    tiling.SaveToBuffer(raw->GetData(), raw->GetCapacity());
    raw->SetDataSize(mode == 4 ? raw->GetCapacity() + 1 : tiling.GetDataSize());
  }
  context->GetWorkspaceSizes(1)[0] = 64;
  return ge::GRAPH_SUCCESS;
}

uint32_t ProbeInferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
class OpsimProbe : public OpDef {
 public:
  explicit OpsimProbe(const char* name) : OpDef(name) {
    Input("x")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    Output("y")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT, ge::DT_FLOAT16})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    Attr("mode").AttrType(OPTIONAL).Int(0);
    Attr("weights").AttrType(OPTIONAL).ListFloat({1.5f});
    Attr("flag").AttrType(OPTIONAL).Bool(false);
    Attr("label").AttrType(OPTIONAL).String("none");
    SetInferShape(ProbeInferShape);  // no InferDataType: the output dtype comes from the column
    AICore().SetTiling(ProbeTilingFunc).AddConfig("ascend910b").AddConfig("ascend310p");
  }
};
OP_ADD(OpsimProbe);

// A prototype per SoC (CANN's OpAICoreConfig::Input/Output): ascend310p narrows x and y to
// float16; ascend910 gives float x another y than the OpDef's column does; ascend310b declares an
// input the OpDef lacks; ascend910b runs the OpDef's own prototype.
class OpsimSocPrototypes : public OpDef {
 public:
  explicit OpsimSocPrototypes(const char* name) : OpDef(name) {
    Input("x").DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    Output("y").DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    SetInferShape(ProbeInferShape);
    OpAICoreConfig narrow;
    narrow.Input("x").DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    narrow.Output("y").DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    OpAICoreConfig swapped;
    swapped.Output("y").DataType({ge::DT_FLOAT16, ge::DT_FLOAT});
    OpAICoreConfig extra;
    extra.Input("z").DataType({ge::DT_FLOAT, ge::DT_FLOAT16});
    AICore()
        .SetTiling(ProbeTilingFunc)
        .AddConfig("ascend910b")
        .AddConfig("ascend310p", narrow)
        .AddConfig("ascend910", swapped)
        .AddConfig("ascend310b", extra);
  }
};
OP_ADD(OpsimSocPrototypes);
}  // namespace ops

// Column 0 (float32) only: y = 2x over 32 elements per block; checks the key and workspace.
extern "C" __global__ __aicore__ void opsim_probe(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling) {
  int64_t total = 0;
  std::memcpy(&total, tiling, sizeof(total));
  if (!TILING_KEY_IS(7) || workspace == nullptr) return;
  const int64_t per_block = total / AscendC::GetBlockNum();
  AscendC::GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer((__gm__ float*)x + per_block * AscendC::GetBlockIdx(), per_block);
  yg.SetGlobalBuffer((__gm__ float*)y + per_block * AscendC::GetBlockIdx(), per_block);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> in;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 1, per_block * sizeof(float));
  pipe.InitBuffer(out, 1, per_block * sizeof(float));
  AscendC::LocalTensor<float> a = in.AllocTensor<float>();
  AscendC::DataCopy(a, xg, per_block);
  in.EnQue(a);
  a = in.DeQue<float>();
  AscendC::LocalTensor<float> b = out.AllocTensor<float>();
  AscendC::Muls(b, a, 2.0f, per_block);
  out.EnQue(b);
  in.FreeTensor(a);
  b = out.DeQue<float>();
  AscendC::DataCopy(yg, b, per_block);
  out.FreeTensor(b);
}
static const opsim::op_api::KernelRegistrar g_probe_kernel("OpsimProbe", 0, &opsim_probe);

namespace opsim {
namespace {

using testing::Desc;
using testing::HostTensor;

struct ProbeRun {
  Status status;
  std::vector<float> y;
};

ProbeRun RunProbe(const AttrMap& attrs, aclDataType dtype = ACL_FLOAT,
                  const std::string& device = "ascend910b") {
  ProbeRun r;
  std::unique_ptr<Operation> op;
  r.status = OperationRegistry::Global().Create("OpsimProbe", attrs, &op);
  if (!r.status.ok()) return r;
  ContextOptions options;
  options.device = device;
  options.checked = true;
  std::unique_ptr<Context> context;
  r.status = Context::Create(options, &context);
  if (!r.status.ok()) return r;
  HostTensor x(Desc(dtype, {64})), y(Desc(dtype, {64}));
  testing::Fill(x, 9);
  VariantPack pack = testing::Pack({&x}, {&y});
  uint64_t ws = 0;
  r.status = op->Setup(pack, ws, context.get());
  if (!r.status.ok()) return r;
  std::vector<uint8_t> workspace(ws);
  r.status = op->Execute(pack, workspace.data(), ws, context.get());
  if (r.status.ok() && dtype == ACL_FLOAT) {
    const auto xs = x.As<float>();
    r.y = y.As<float>();
    for (size_t i = 0; i < xs.size(); ++i) {
      if (r.y[i] != 2 * xs[i]) r.status = {ErrorCode::kInternalError, "wrong value"};
    }
  }
  return r;
}

TEST(OpDefOperation, RunsTheKernelWithTilingKeyWorkspaceAndAttributeDefaults) {
  const ProbeRun r = RunProbe({});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(g_seen.weights, 1u);
  EXPECT_EQ(g_seen.first_weight, 1.5f);
  EXPECT_FALSE(g_seen.flag);
  EXPECT_EQ(g_seen.label, "none");
}

TEST(OpDefOperation, AttributesArriveTyped) {
  const ProbeRun r = RunProbe(
      {{"weights", std::vector<double>{0.25, 3.0}}, {"flag", true}, {"label", std::string("hi")}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(g_seen.weights, 2u);
  EXPECT_EQ(g_seen.first_weight, 0.25f);
  EXPECT_TRUE(g_seen.flag);
  EXPECT_EQ(g_seen.label, "hi");
  EXPECT_EQ(RunProbe({{"mode", 1.5}}).status.code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(RunProbe({{"weights", std::vector<double>{1e300}}}).status.code(),
            ErrorCode::kInvalidParam);
}

TEST(OpDefOperation, PlatformComesFromTheContextsDevice) {
  ASSERT_TRUE(RunProbe({}, ACL_FLOAT, "ascend910b").status.ok());
  EXPECT_EQ(g_seen.soc, platform_ascendc::SocVersion::ASCEND910B);
  EXPECT_EQ(g_seen.aiv, 48u);
  EXPECT_EQ(g_seen.core_num, 48u);  // the vector cores on a part that splits them from cube cores
  EXPECT_EQ(g_seen.aic, 24u);
  EXPECT_EQ(g_seen.ub, 192u * 1024 - 256);    // CANN keeps 256 B of a 910B's UB
  EXPECT_EQ(g_seen.arch, NpuArch::DAV_2201);  // the profile's dav-2201
  // opsim's operators plan with the profile's own figures: its whole UB.
  EXPECT_EQ(g_seen.own.profile, "ascend910b");
  EXPECT_EQ(g_seen.own.ub_bytes, 192u * 1024);
  EXPECT_EQ(g_seen.own.vector_cores, 48u);
  EXPECT_TRUE(g_seen.own.has_data_copy_pad);
  ASSERT_TRUE(RunProbe({}, ACL_FLOAT, "ascend310p").status.ok());
  EXPECT_EQ(g_seen.soc, platform_ascendc::SocVersion::ASCEND310P);
  EXPECT_EQ(g_seen.arch, NpuArch::DAV_2002);
  EXPECT_EQ(g_seen.core_num, g_seen.aic);
  EXPECT_EQ(g_seen.ub, g_seen.own.ub_bytes);  // no reservation off the 910B
  EXPECT_EQ(g_seen.own.vector_cores, g_seen.aiv);
  // The cube memories are the profile's on every chip (1 MiB L1, 256 KiB L0C on dav-2002).
  EXPECT_EQ(g_seen.l1, 1024u * 1024);
  EXPECT_EQ(g_seen.l0c, 256u * 1024);
}

Status SetUpSocPrototypes(aclDataType dtype, const std::string& device) {
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create("OpsimSocPrototypes", {}, &op));
  ContextOptions options;
  options.device = device;
  std::unique_ptr<Context> context;
  OPSIM_RETURN_IF_ERROR(Context::Create(options, &context));
  HostTensor x(Desc(dtype, {64})), y(Desc(dtype, {64}));
  VariantPack pack = testing::Pack({&x}, {&y});
  uint64_t ws = 0;
  return op->Setup(pack, ws, context.get());
}

// The op has no kernel: a call its SoC's prototype takes gets as far as the kernel's lookup.
void ExpectPastThePrototype(const Status& st) {
  EXPECT_EQ(st.code(), ErrorCode::kUnsupported);
  EXPECT_NE(st.message().find("no kernel 'opsim_soc_prototypes' is registered"), std::string::npos)
      << st.message();
}

TEST(OpDefOperation, ASocsOwnPrototypeRefusesWhatItLeavesOut) {
  Status st = SetUpSocPrototypes(ACL_FLOAT, "ascend310p");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ(st.message(),
            "OpsimSocPrototypes: input 0 (x) dtype float32 is not supported (the OpDef allows "
            "float16), by the AddConfig(\"ascend310p\", config) of device ascend310p");
  ExpectPastThePrototype(SetUpSocPrototypes(ACL_FLOAT16, "ascend310p"));
  ExpectPastThePrototype(SetUpSocPrototypes(ACL_FLOAT, "ascend910b"));  // the OpDef's own
}

TEST(OpDefOperation, ASocPrototypeOutsideTheOpDefsColumnsIsRefused) {
  Status st = SetUpSocPrototypes(ACL_FLOAT, "ascend910a");
  EXPECT_EQ(st.code(), ErrorCode::kUnsupported);
  EXPECT_EQ(st.message(),
            "OpsimSocPrototypes: the AddConfig(\"ascend910\", config) of device ascend910a gives "
            "this call the dtypes x=float32, y=float16, but the OpDef's own column for it is "
            "x=float32, y=float32, and opsim builds kernels for the OpDef's columns");
  st = SetUpSocPrototypes(ACL_FLOAT, "ascend310b");
  EXPECT_EQ(st.code(), ErrorCode::kUnsupported);
  EXPECT_EQ(st.message(),
            "OpsimSocPrototypes: AddConfig(\"ascend310b\", config) of device ascend310b declares "
            "an input or output the OpDef does not have (opsim runs the OpDef's own inputs and "
            "outputs, whose kernels it builds)");
}

// CANN's merge (OpDef::GetMergeInputs): the OpDef's parameters, each with what the SoC's
// declaration of it sets, then the SoC's other parameters.
TEST(OpDefOperation, MergedPrototypesAreCannsMerge) {
  ops::OpDef def("OpsimMergeProbe");
  def.Input("x")
      .ParamType(ops::REQUIRED)
      .DataType({ge::DT_FLOAT, ge::DT_INT32})
      .Format({ge::FORMAT_ND, ge::FORMAT_ND});
  def.Input("axes").ParamType(ops::OPTIONAL).DataType({ge::DT_INT64, ge::DT_INT64});
  ops::OpAICoreConfig config;
  config.Input("axes").ParamType(ops::REQUIRED).ValueDepend(ops::REQUIRED);
  config.Input("bias").DataType({ge::DT_FLOAT});
  const std::vector<ops::OpParamDef> merged = def.GetMergeInputs(config);
  ASSERT_EQ(merged.size(), 3u);
  EXPECT_EQ(merged[0].GetDataTypes(), def.GetInputs()[0].GetDataTypes());
  EXPECT_EQ(merged[1].GetParamType(), ops::REQUIRED);  // always the SoC's
  EXPECT_EQ(merged[1].GetValueDepend(), ops::REQUIRED);
  EXPECT_EQ(merged[1].GetDataTypes(), def.GetInputs()[1].GetDataTypes());  // not set: kept
  EXPECT_EQ(merged[2].GetName(), "bias");
  EXPECT_TRUE(def.GetMergeOutputs(config).empty());
}

TEST(OpDefOperation, DeviceWithoutAnAICoreConfigIsRefused) {
  const Status st = RunProbe({}, ACL_FLOAT, "ascend910a").status;
  EXPECT_EQ(st.code(), ErrorCode::kUnsupported);
  EXPECT_EQ(st.message(),
            "OpsimProbe: has no AICore config for ascend910 (device ascend910a); AddConfig names "
            "ascend310p, ascend910b");
}

TEST(OpDefOperation, TilingMistakesAreErrorsNamingTheRule) {
  struct Case {
    int64_t mode;
    const char* message;
  };
  const Case cases[] = {
      {1, "OpsimProbe: the tiling function did not call SetBlockDim"},
      {2, "OpsimProbe: the tiling function set blockDim = 0 (expected 1..65535)"},
      {6, "OpsimProbe: the tiling function set blockDim = 70000 (expected 1..65535)"},
      {3, "OpsimProbe: its tiling function failed (returned 4294967295)"},
      {4,
       "OpsimProbe: the tiling function set a data size of 65537 B, over the 65536 B tiling "
       "buffer"},
  };
  for (const Case& c : cases) {
    const Status st = RunProbe({{"mode", c.mode}}).status;
    EXPECT_EQ(st.code(), ErrorCode::kInvalidParam) << c.mode;
    EXPECT_EQ(st.message(), c.message);
  }
  const Status layout = RunProbe({{"mode", int64_t{5}}}).status;
  EXPECT_NE(layout.message().find("NestedOddTiling field 'inner' (OddInner, 5 B) is not a multiple "
                                  "of its 4-byte alignment"),
            std::string::npos)
      << layout.message();
}

TEST(OpDefOperation, ColumnWithoutAKernelBuildIsRefused) {
  const Status st = RunProbe({}, ACL_FLOAT16).status;
  EXPECT_EQ(st.code(), ErrorCode::kUnsupported);
  EXPECT_EQ(st.message(), "OpsimProbe: the kernel 'opsim_probe' has no build for dtype column 1");
}

TEST(OpDefOperation, OutputDtypeFromTheColumnWithoutInferDataType) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimProbe", {}, &op).ok());
  SVector<TensorDesc> out;
  ASSERT_TRUE(op->InferShape({Desc(ACL_FLOAT16, {3, 5})}, out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], Desc(ACL_FLOAT16, {3, 5}));
}

TEST(OpDefOperation, RegistryListsOpDefOperators) {
  EXPECT_TRUE(OperationRegistry::Global().Contains("OpsimProbe"));
  const std::vector<std::string> names = OperationRegistry::Global().Names();
  EXPECT_NE(std::find(names.begin(), names.end(), "OpsimProbe"), names.end());
}

// ge::DataType and ge::Format hold fewer values than ACL's int32 enums; a value outside them is
// refused before it is converted (the conversion is undefined: UBSan stopped the opdef_setup
// fuzz target on dtype 0xF7FFFFFF).
TEST(OpDefOperation, DtypeOrFormatOutsideGeEnumsIsRefused) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimProbe", {}, &op).ok());
  SVector<TensorDesc> out;
  TensorDesc bad_dtype = Desc(ACL_FLOAT, {3, 5});
  bad_dtype.dtype = static_cast<aclDataType>(-134217729);  // 0xF7FFFFFF
  Status st = op->InferShape({bad_dtype}, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorDtype);
  EXPECT_EQ(st.message(),
            "OpsimProbe: input 0 (x) dtype -134217729 is no ACL dtype (expected 0..42, or "
            "ACL_DT_UNDEFINED for an absent optional input)");
  bad_dtype.dtype = static_cast<aclDataType>(64);
  EXPECT_EQ(op->InferShape({bad_dtype}, out).code(), ErrorCode::kInvalidTensorDtype);
  TensorDesc bad_format = Desc(ACL_FLOAT, {3, 5});
  bad_format.format = static_cast<aclFormat>(256);
  st = op->InferShape({bad_format}, out);
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorFormat);
  EXPECT_EQ(st.message(), "OpsimProbe: input 0 (x) format 256 is no ACL format (expected 0..255)");
  bad_format.format = ACL_FORMAT_UNDEFINED;
  EXPECT_EQ(op->InferShape({bad_format}, out).code(), ErrorCode::kInvalidTensorFormat);
}

// A shape whose bytes do not fit 64 bits is refused at Setup: TensorDescBytes has no answer for it,
// and a dataSize of 0 passed (the opdef_setup fuzz target took [2^62] int32 to ArgMin's tiling,
// whose byte counts wrapped to 0 and were divided by).
TEST(OpDefOperation, InputWhoseBytesOverflowIsRefusedAtSetup) {
  std::unique_ptr<Operation> op;
  ASSERT_TRUE(OperationRegistry::Global().Create("OpsimProbe", {}, &op).ok());
  std::unique_ptr<Context> context;
  ASSERT_TRUE(Context::Create({}, &context).ok());
  VariantPack pack;
  Tensor x;
  x.desc = Desc(ACL_FLOAT, {int64_t{1} << 62});
  pack.inTensors.push_back(x);
  pack.outTensors.push_back(x);
  uint64_t ws = 0;
  const Status st = op->Setup(pack, ws, context.get());
  EXPECT_EQ(st.code(), ErrorCode::kInvalidTensorSize);
  EXPECT_EQ(
      st.message(),
      "OpsimProbe: inTensors[0] float32 ND [4611686018427387904] needs 2^64 bytes or more (no "
      "memory holds it)");
}

}  // namespace
}  // namespace opsim
