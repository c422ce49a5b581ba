// fe::PlatformInfoManager (platform/platform_info.h) as operator repositories' host unit tests
// use it: the test fills an SoC's entry and chooses it, then runs a tiling through the case
// executor; the tiling (PlatSocProbe below, written as ops-nn's host code asks the manager) must
// see what the test set. Then each lookup's failure, and the entries opsim's devices supply.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <string>

#include "graph/operator_reg.h"
#include "kernel_run_context_facker.h"
#include "opsim/op_api/platform_figures.h"
#include "platform/platform_info.h"
#include "register/op_impl_registry.h"
#include "tiling_case_executor.h"

namespace {

constexpr uint32_t kFailed = 0xFFFFFFFF;  // CANN's PLATFORM_FAILED

// Key 1 on Ascend950, else 0; data: the entry's AI cores and L1 bytes as two int64 words.
ge::graphStatus PlatSocProbeTiling(gert::TilingContext* context) {
  fe::PlatformInfo platformInfo;
  fe::OptionalInfo optionalInfo;
  if (fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(
          platformInfo, optionalInfo) != ge::GRAPH_SUCCESS) {
    return ge::GRAPH_FAILED;
  }
  const int64_t words[2] = {platformInfo.soc_info.ai_core_cnt,
                            static_cast<int64_t>(platformInfo.ai_core_spec.l1_size)};
  gert::TilingData* data = context->GetRawTilingData();
  std::memcpy(data->GetData(), words, sizeof(words));
  data->SetDataSize(sizeof(words));
  context->SetTilingKey(platformInfo.str_info.short_soc_version == "Ascend950" ? 1 : 0);
  context->SetBlockDim(platformInfo.soc_info.ai_core_cnt);
  return ge::GRAPH_SUCCESS;
}

void SetPlatform950(uint32_t cores, uint64_t l1) {
  fe::PlatformInfo platformInfo;
  fe::OptionalInfo optiCompilationInfo;
  platformInfo.soc_info.ai_core_cnt = cores;
  platformInfo.ai_core_spec.l1_size = l1;
  platformInfo.str_info.short_soc_version = "Ascend950";
  optiCompilationInfo.soc_version = "Ascend950";
  fe::PlatformInfoManager::Instance().platform_info_map_["Ascend950"] = platformInfo;
  fe::PlatformInfoManager::Instance().SetOptionalCompilationInfo(optiCompilationInfo);
}

gert::TilingContextPara ProbePara() {
  return gert::TilingContextPara("PlatSocProbe", {{{{8}, {8}}, ge::DT_FLOAT, ge::FORMAT_ND}},
                                 {{{{8}, {8}}, ge::DT_FLOAT, ge::FORMAT_ND}});
}

// A device resolver as the CPU-debug runtime's: Ascend910B1 is a 48-vector-core 910B.
bool Resolve910B1(const char* soc, fe::PlatFormInfos* out) {
  if (std::string(soc) != "Ascend910B1") return false;
  opsim::op_api::PlatformDescription d;
  d.soc_version = "Ascend910B1";
  d.short_soc_version = "Ascend910B";
  d.npu_arch = 2201;
  d.split_vector_cube = true;
  d.vector_cores = 48;
  d.ub_bytes = 196608;
  d.l1_bytes = 524288;
  opsim::op_api::MakePlatformInfos(d, out);
  return true;
}

class PlatformInfoManagerTest : public testing::Test {
 protected:
  void TearDown() override {
    auto& manager = fe::PlatformInfoManager::Instance();
    manager.Finalize();
    fe::OptionalInfo none;
    manager.SetOptionalCompilationInfo(none);
    fe::OptionalInfos noneInfos;
    noneInfos.Init();
    manager.SetOptionalCompilationInfo(noneInfos);
    opsim::op_api::SetSocPlatformResolver(nullptr);
  }
};

TEST_F(PlatformInfoManagerTest, the_tiling_sees_the_entry_the_test_set) {
  SetPlatform950(64, 524288);
  ExecuteTestCase(ProbePara(), ge::GRAPH_SUCCESS, 1, "64 524288 ");
  SetPlatform950(32, 1048576);  // a second SetUp overwrites the first
  ExecuteTestCase(ProbePara(), ge::GRAPH_SUCCESS, 1, "32 1048576 ");
}

TEST_F(PlatformInfoManagerTest, no_chosen_soc_fails_the_lookup_and_the_tiling) {
  fe::PlatformInfo info;
  fe::OptionalInfo optional;
  EXPECT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(info, optional),
            kFailed);
  ExecuteTestCase(ProbePara(), ge::GRAPH_FAILED);
}

TEST_F(PlatformInfoManagerTest, an_unknown_soc_fails_and_leaves_the_outputs) {
  auto& manager = fe::PlatformInfoManager::Instance();
  fe::PlatformInfo info;
  info.soc_info.ai_core_cnt = 7;
  fe::OptionalInfo optional;
  testing::internal::CaptureStderr();
  EXPECT_EQ(manager.GetPlatformInfo("Ascend999", info, optional), kFailed);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("no platform entry for SoC \"Ascend999\""),
            std::string::npos);
  EXPECT_EQ(info.soc_info.ai_core_cnt, 7u);
  optional.soc_version = "Ascend999";  // chosen but unknown: the same failure
  manager.SetOptionalCompilationInfo(optional);
  EXPECT_EQ(manager.GetPlatformInfoWithOutSocVersion(info, optional), kFailed);
  fe::PlatFormInfos table;
  fe::OptionalInfos optionals;
  EXPECT_EQ(manager.GetPlatformInfos("Ascend999", table, optionals), kFailed);
  EXPECT_EQ(manager.UpdatePlatformInfos("Ascend999", table), kFailed);  // nothing to replace
  EXPECT_EQ(manager.GetPlatformInstanceByDevice(0, table), kFailed);    // no chosen SoC
  EXPECT_EQ(manager.InitRuntimePlatformInfos("Ascend999"), kFailed);
  EXPECT_EQ(manager.GetRuntimePlatformInfosByDevice(0, table), kFailed);  // not initialised
}

TEST_F(PlatformInfoManagerTest, a_simulated_device_answers_for_an_soc_nobody_set) {
  opsim::op_api::SetSocPlatformResolver(&Resolve910B1);
  auto& manager = fe::PlatformInfoManager::Instance();
  EXPECT_EQ(manager.InitializePlatformInfo(), 0u);
  fe::PlatformInfo info;
  fe::OptionalInfo optional;
  ASSERT_EQ(manager.GetPlatformInfo("Ascend910B1", info, optional), 0u);
  EXPECT_EQ(info.str_info.short_soc_version, "Ascend910B");
  EXPECT_EQ(info.soc_info.ai_core_cnt, 24u);  // 48 vector cores, two per AI core
  EXPECT_EQ(info.soc_info.vector_core_cnt, 48u);
  EXPECT_EQ(info.ai_core_spec.ub_size, 196608u);
  EXPECT_EQ(info.ai_core_spec.l1_size, 524288u);
  EXPECT_EQ(info.ai_core_spec.cube_vector_split, 1u);
  fe::PlatFormInfos table;
  fe::OptionalInfos optionals;
  ASSERT_EQ(manager.GetPlatformInfos("Ascend910B1", table, optionals), 0u);
  uint64_t ub = 0;
  table.GetLocalMemSize(fe::LocalMemType::UB, ub);
  EXPECT_EQ(ub, 196608u);
  // The test's own entry wins over the device's.
  manager.platform_info_map_["Ascend910B1"].soc_info.ai_core_cnt = 20;
  ASSERT_EQ(manager.GetPlatformInfo("Ascend910B1", info, optional), 0u);
  EXPECT_EQ(info.soc_info.ai_core_cnt, 20u);
}

TEST_F(PlatformInfoManagerTest, tables_update_and_follow_devices_as_canns_do) {
  opsim::op_api::SetSocPlatformResolver(&Resolve910B1);
  auto& manager = fe::PlatformInfoManager::Instance();
  fe::OptionalInfos optionals;
  optionals.Init();
  optionals.SetSocVersion("Ascend910B1");
  manager.SetOptionalCompilationInfo(optionals);
  fe::PlatFormInfos table;
  ASSERT_EQ(manager.GetPlatformInfoWithOutSocVersion(table, optionals), 0u);
  EXPECT_EQ(optionals.GetSocVersion(), "Ascend910B1");
  fe::PlatFormInfos replacement;
  replacement.Init();
  std::map<std::string, std::string> soc{{"ai_core_cnt", "4"}};
  replacement.SetPlatformRes("SoCInfo", soc);
  ASSERT_EQ(manager.UpdatePlatformInfos(replacement), 0u);
  ASSERT_EQ(manager.GetPlatformInstanceByDevice(3, table), 0u);
  std::string cores;
  ASSERT_TRUE(table.GetPlatformRes("SoCInfo", "ai_core_cnt", cores));
  EXPECT_EQ(cores, "4");
  // The runtime's per-device tables are copies of the SoC's: changing one leaves the others.
  ASSERT_EQ(manager.InitRuntimePlatformInfos("Ascend910B1"), 0u);
  fe::PlatFormInfos device0;
  ASSERT_EQ(manager.GetRuntimePlatformInfosByDevice(0, device0), 0u);
  std::map<std::string, std::string> two{{"ai_core_cnt", "2"}};
  device0.SetPlatformRes("SoCInfo", two);
  fe::PlatFormInfos device1;
  ASSERT_EQ(manager.GetRuntimePlatformInfosByDevice(1, device1, true), 0u);
  ASSERT_TRUE(device1.GetPlatformRes("SoCInfo", "ai_core_cnt", cores));
  EXPECT_EQ(cores, "4");
}

TEST_F(PlatformInfoManagerTest, ascend910_is_ascend910a) {
  fe::PlatformInfo entry;
  entry.soc_info.ai_core_cnt = 32;
  fe::PlatformInfoManager::Instance().platform_info_map_["Ascend910A"] = entry;
  fe::OptionalInfo optional;
  optional.soc_version = "Ascend910";
  fe::PlatformInfoManager::Instance().SetOptionalCompilationInfo(optional);
  fe::PlatformInfo info;
  ASSERT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(info, optional),
            0u);
  EXPECT_EQ(optional.soc_version, "Ascend910A");
  EXPECT_EQ(info.soc_info.ai_core_cnt, 32u);
}

}  // namespace

IMPL_OP_OPTILING(PlatSocProbe).Tiling(PlatSocProbeTiling);

// The same manager read by a shape inference, run through ops-nn's context fakers
// (kernel_run_context_facker.h): on Ascend950 y is x, elsewhere x with a trailing 2.
namespace {

ge::graphStatus PlatSocProbeInferShape(gert::InferShapeContext* context) {
  fe::PlatformInfo platformInfo;
  fe::OptionalInfo optionalInfo;
  if (fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(
          platformInfo, optionalInfo) != ge::GRAPH_SUCCESS) {
    return ge::GRAPH_FAILED;
  }
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  if (platformInfo.str_info.short_soc_version != "Ascend950") {
    context->GetOutputShape(0)->AppendDim(2);
  }
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus PlatSocProbeInferDataType(gert::InferDataTypeContext* context) {
  return context->SetOutputDataType(0, context->GetInputDataType(0));
}

TEST_F(PlatformInfoManagerTest, a_shape_inference_sees_it_through_the_nn_fakers) {
  SetPlatform950(64, 524288);
  auto inferShapeFunc = gert::OpImplRegistry::GetInstance().GetOpImpl("PlatSocProbe")->infer_shape;
  gert::StorageShape x = {{4, 3}, {4, 3}};
  gert::StorageShape y = {{}, {}};
  auto holder = gert::InferShapeContextFaker()
                    .NodeIoNum(1, 1)
                    .IrInstanceNum({1, 1})  // more IR inputs than tensors, as tests write
                    .InputShapes({&x})
                    .OutputShapes({&y})
                    .NodeInputTd(0, ge::DT_FLOAT, ge::FORMAT_NCHW, ge::FORMAT_ND)
                    .NodeOutputTd(0, ge::DT_FLOAT, ge::FORMAT_ND, ge::FORMAT_ND)
                    .NodeAttrs({{"unused", Ops::NN::AnyValue::CreateFrom<int64_t>(1)}})
                    .Build();
  auto* context = holder.GetContext<gert::InferShapeContext>();
  ASSERT_EQ(inferShapeFunc(context), ge::GRAPH_SUCCESS);
  EXPECT_EQ(*context->GetOutputShape(0), gert::Shape({4, 3}));
  EXPECT_EQ(context->GetInputDesc(0)->GetOriginFormat(), ge::FORMAT_NCHW);
  EXPECT_EQ(context->GetInputDesc(0)->GetStorageFormat(), ge::FORMAT_ND);

  fe::PlatformInfo other;
  other.str_info.short_soc_version = "Ascend910B";
  fe::PlatformInfoManager::Instance().platform_info_map_["Ascend950"] = other;
  ASSERT_EQ(inferShapeFunc(holder.GetContext<gert::InferShapeContext>()), ge::GRAPH_SUCCESS);
  EXPECT_EQ(*context->GetOutputShape(0), gert::Shape({4, 3, 2}));
}

TEST_F(PlatformInfoManagerTest, a_null_input_shape_is_an_absent_optional_input) {
  gert::Shape x = {4, 3};
  gert::Shape bias = {3};
  gert::Shape y = {};
  auto holder = gert::InferShapeContextFaker()
                    .NodeIoNum(3, 1)
                    .IrInstanceNum({1, 1, 1})
                    .InputShapes({&x, nullptr, &bias})
                    .OutputShapes({&y})
                    .Build();
  auto* context = holder.GetContext<gert::InferShapeContext>();
  EXPECT_EQ(*context->GetOptionalInputShape(0), gert::Shape({4, 3}));
  EXPECT_EQ(context->GetOptionalInputShape(1), nullptr);
  EXPECT_EQ(*context->GetOptionalInputShape(2), gert::Shape({3}));
  // The node as ComputeNodeInfo describes it: 3 IR inputs, 2 instances, the second IR input's
  // none; a shape inference may set an output's dtype through it (ops-nn's Threshold).
  const gert::ComputeNodeInfo* node = context->GetComputeNodeInfo();
  EXPECT_EQ(node->GetIrInputsNum(), 3u);
  EXPECT_EQ(node->GetInputsNum(), 2u);
  EXPECT_EQ(node->GetOutputsNum(), 1u);
  EXPECT_EQ(node->GetInputInstanceInfo(1)->GetInstanceNum(), 0u);
  EXPECT_EQ(node->GetInputInstanceInfo(2)->GetInstanceStart(), 1u);
  EXPECT_EQ(node->GetInputInstanceInfo(3), nullptr);
  node->MutableOutputTdInfo(0)->SetDataType(ge::DT_INT8);
  EXPECT_EQ(node->GetOutputTdInfo(0)->GetDataType(), ge::DT_INT8);
  EXPECT_EQ(node->GetInputTdInfo(1), context->GetInputDesc(1));  // by instance
  EXPECT_EQ(node->GetInputTdInfo(2), nullptr);
}

TEST_F(PlatformInfoManagerTest, the_dtype_faker_gives_its_dtypes) {
  ge::DataType in = ge::DT_FLOAT16;
  ge::DataType out = ge::DT_UNDEFINED;
  auto holder = gert::InferDataTypeContextFaker()
                    .NodeIoNum(1, 1)
                    .IrInstanceNum({1})
                    .NodeInputTd(0, ge::DT_FLOAT, ge::FORMAT_ND, ge::FORMAT_ND)
                    .InputDataTypes({&in})
                    .OutputDataTypes({&out})
                    .Build();
  auto* context = holder.GetContext<gert::InferDataTypeContext>();
  ASSERT_EQ(gert::OpImplRegistry::GetInstance().GetOpImpl("PlatSocProbe")->infer_datatype(context),
            ge::GRAPH_SUCCESS);
  EXPECT_EQ(context->GetOutputDataType(0), ge::DT_FLOAT16);
  EXPECT_EQ(gert::OpImplRegistry::GetInstance().GetOpImpl("NoSuchOp"), nullptr);
}

}  // namespace

// The op_graph prototype ops-nn's tests include beside the fakers: REG_OP declares ge::op::<Op>
// with the IR it lists.
namespace ge {
REG_OP(PlatSocProbe)
    .INPUT(x, TensorType::RealNumberType())
    .OPTIONAL_INPUT(bias, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType::RealNumberType())
    .DYNAMIC_OUTPUT(extra, TensorType({DT_INT64}))
    .ATTR(pads, ListInt, {0, 0})
    .REQUIRED_ATTR(mode, String)
    .OP_END_FACTORY_REG(PlatSocProbe)
}  // namespace ge

namespace {

TEST(OperatorPrototype, reg_op_declares_the_operator_with_its_ir) {
  ge::op::PlatSocProbe op("probe1");
  ge::AscendString name;
  ge::AscendString type;
  ASSERT_EQ(op.GetName(name), ge::GRAPH_SUCCESS);
  ASSERT_EQ(op.GetOpType(type), ge::GRAPH_SUCCESS);
  EXPECT_STREQ(name.GetString(), "probe1");
  EXPECT_STREQ(type.GetString(), "PlatSocProbe");
  EXPECT_EQ(op.GetInputsSize(), 1u);  // the optional bias counts once described
  EXPECT_EQ(op.GetOutputsSize(), 2u);
  EXPECT_EQ(ge::TensorType::RealNumberType().types.size(), 12u);
}

// The packed format ops-nn's common tiling_base.h takes apart (ge::GetPrimaryFormat).
TEST(GeFormatBits, primary_sub_and_c0_travel_in_one_int) {
  const int32_t packed = ge::GetFormatFromSubAndC0(ge::FORMAT_FRACTAL_Z, 4, 5);
  EXPECT_EQ(ge::GetPrimaryFormat(packed), static_cast<int32_t>(ge::FORMAT_FRACTAL_Z));
  EXPECT_TRUE(ge::HasSubFormat(packed));
  EXPECT_EQ(ge::GetSubFormat(packed), 4);
  EXPECT_EQ(ge::GetC0Value(packed), 16);  // code 5: 2^4
  EXPECT_FALSE(ge::HasSubFormat(ge::FORMAT_ND));
  EXPECT_EQ(ge::GetC0Value(ge::FORMAT_ND), -1);
}

}  // namespace

IMPL_OP_INFERSHAPE(PlatSocProbe)
    .InferShape(PlatSocProbeInferShape)
    .InferDataType(PlatSocProbeInferDataType);
