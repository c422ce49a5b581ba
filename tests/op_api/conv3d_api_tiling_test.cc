// The Conv3D API's host tiling (lib/conv/conv3d/conv3d_tiling.h): the fields GetTiling writes,
// the tiling-data class's bytes against the kernel's struct, and each refusal (invalid_argument
// for a value outside the pages' rules, unsupported for an option not modelled). The kernel side
// runs in conv3d_api_test.cc.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "conv3d_test_spec.h"
#include "lib/conv/conv3d/conv3d_tiling.h"
#include "opsim/op_api/platform_figures.h"
#include "tiling/tiling_api.h"  // brings conv3d_tiling.h too, as CANN's does

namespace conv3d_test {
namespace {

using Conv3dTilingApi::Conv3dTiling;
using ConvCommonApi::ConvDtype;
using ConvCommonApi::ConvFormat;
using ConvCommonApi::TPosition;

Conv3dTilingApi::PlatformInfo A2Core() {
  Conv3dTilingApi::PlatformInfo p;
  p.socVersion = platform_ascendc::SocVersion::ASCEND910B;
  p.l1Size = 524288;
  p.l0ASize = p.l0BSize = 65536;
  p.l0CSize = 131072;
  p.ubSize = 196608;
  p.btSize = 1024;
  p.fbSize = 7168;
  return p;
}

void Configure(const Spec& s, Conv3dTiling* api) {
  const int64_t ho =
      (s.hi + s.pad[2] + s.pad[3] - s.dilation[1] * (s.kh - 1) - 1) / s.stride[1] + 1;
  const int64_t wo =
      (s.wi + s.pad[4] + s.pad[5] - s.dilation[2] * (s.kw - 1) - 1) / s.stride[2] + 1;
  const int64_t dout =
      (s.di + s.pad[0] + s.pad[1] - s.dilation[0] * (s.kd - 1) - 1) / s.stride[0] + 1;
  api->SetGroups(1);
  api->SetOrgWeightShape(s.co, s.kd, s.kh, s.kw);
  api->SetOrgInputShape(s.ci, s.di, s.hi, s.wi);
  api->SetPadding(s.pad[0], s.pad[1], s.pad[2], s.pad[3], s.pad[4], s.pad[5]);
  api->SetDilation(s.dilation[0], s.dilation[1], s.dilation[2]);
  api->SetStride(s.stride[0], s.stride[1], s.stride[2]);
  api->SetSingleWeightShape(s.ci, s.kd, s.kh, s.kw);
  api->SetSingleOutputShape(s.single_co ? s.single_co : s.co, s.single_do ? s.single_do : dout,
                            s.single_m ? s.single_m : ho * wo);
  const ConvDtype in = s.bf16 ? ConvDtype::BF16 : ConvDtype::FLOAT16;
  api->SetInputType(TPosition::GM, ConvFormat::NDC1HWC0, in);
  api->SetWeightType(TPosition::GM, ConvFormat::FRACTAL_Z_3D, in);
  api->SetOutputType(TPosition::CO1, ConvFormat::NDC1HWC0, in);
  if (s.bias) {
    api->SetBiasType(TPosition::GM, ConvFormat::ND,
                     s.bf16 ? ConvDtype::FLOAT32 : ConvDtype::FLOAT16);
  }
}

const Spec kBase{1, 20, 5, 6, 7, 24, 3, 3, 2};

TEST(Conv3dApi, TilingFieldsAndBlocks) {
  Spec s = kBase;
  s.stride[1] = 2, s.dilation[2] = 2, s.pad[2] = 1, s.pad[4] = 2, s.pad[1] = 1;
  AscendC::tiling::TConv3DApiTiling t;
  ASSERT_EQ(MakeTiling(s, &t), "");
  EXPECT_EQ(t.groups, 1u);
  EXPECT_EQ(t.orgDo, 4u);  // (5 + 1 - 3) / 1 + 1
  EXPECT_EQ(t.orgHo, 3u);  // (6 + 1 - 3) / 2 + 1
  EXPECT_EQ(t.orgWo, 7u);  // (7 + 2 - 3) / 1 + 1
  EXPECT_EQ(t.orgCo, 24u);
  EXPECT_EQ(t.orgCi, 20u);
  EXPECT_EQ(t.singleCoreM, 21u);
  EXPECT_EQ(t.strideH, 2u);
  EXPECT_EQ(t.dilationW, 2u);
  EXPECT_EQ(t.padHead, 0u);
  EXPECT_EQ(t.padTail, 1u);
  EXPECT_EQ(t.kL0 % (3 * 2 * 16), 0u);
  EXPECT_EQ(t.mL0 % 16, 0u);
  EXPECT_EQ(t.nL0 % 16, 0u);
  EXPECT_LE(uint64_t{t.mL0} * t.kL0 * 2, 65536u);
  EXPECT_LE(uint64_t{t.kL0} * t.nL0 * 2, 65536u);
  EXPECT_LE(uint64_t{t.mL0} * t.nL0 * 4, 131072u);
  EXPECT_EQ(t.kAL1, t.kL0);
  // The whole weight (3 x 2 x 3 x 2 rows of K, Cout 24 -> 32) fits L1: bl1FullLoad.
  EXPECT_EQ(t.bl1FullLoad, 1u);
  EXPECT_EQ(t.kBL1, 3u * 2 * 3 * 2 * 16);
  EXPECT_EQ(t.nBL1, 32u);

  // The tiling-data class writes the kernel struct's bytes.
  Conv3dTiling api(A2Core());
  Configure(s, &api);
  optiling::TConv3DApiTiling data;
  ASSERT_EQ(api.GetTiling(data), 0) << api.GetLastError();
  ASSERT_EQ(data.GetDataSize(), sizeof(AscendC::tiling::TConv3DApiTiling));
  std::vector<char> bytes(data.GetDataSize());
  data.SaveToBuffer(bytes.data(), bytes.size());
  EXPECT_EQ(std::memcmp(bytes.data(), &t, sizeof(t)), 0);
}

// The usage page's tiling struct: TConv3DApiTiling as a field, GetTiling into it.
BEGIN_TILING_DATA_DEF(Conv3dCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, batch);
TILING_DATA_FIELD_DEF_STRUCT(optiling::TConv3DApiTiling, conv3dApiTilingData);
END_TILING_DATA_DEF;

TEST(Conv3dApi, TilingNestsInATilingStruct) {
  Conv3dCustomTilingData tilingData;
  tilingData.set_batch(2);
  Conv3dTiling conv3dApiTiling(A2Core());
  Configure(kBase, &conv3dApiTiling);
  ASSERT_NE(conv3dApiTiling.GetTiling(tilingData.conv3dApiTilingData), -1);
  struct {
    uint32_t batch;
    alignas(8) AscendC::tiling::TConv3DApiTiling conv;
  } image{};
  ASSERT_EQ(sizeof(image), tilingData.GetDataSize());
  tilingData.SaveToBuffer(&image, sizeof(image));
  AscendC::tiling::TConv3DApiTiling want;
  ASSERT_EQ(MakeTiling(kBase, &want), "");
  EXPECT_EQ(image.batch, 2u);
  EXPECT_EQ(std::memcmp(&image.conv, &want, sizeof(want)), 0);
}

TEST(Conv3dApi, TilingRefusals) {
  struct Case {
    const char* what;
    std::function<void(Conv3dTiling*)> edit;
    const char* expect;
  };
  const std::vector<Case> cases = {
      {"groups", [](Conv3dTiling* a) { a->SetGroups(2); }, "unsupported: SetGroups(2)"},
      {"stride 0", [](Conv3dTiling* a) { a->SetStride(1, 0, 1); }, "invalid_argument: SetStride"},
      {"dilation 0", [](Conv3dTiling* a) { a->SetDilation(0, 1, 1); },
       "invalid_argument: SetStride(1, 1, 1), SetDilation(0, 1, 1)"},
      {"padding < 0", [](Conv3dTiling* a) { a->SetPadding(0, 0, -1, 0, 0, 0); },
       "SetPadding(0, 0, -1, 0, 0, 0)"},
      {"stride H 64", [](Conv3dTiling* a) { a->SetStride(1, 64, 1); },
       "invalid_argument: stride H/W (64, 1) exceeds 63"},
      {"dilation W 256", [](Conv3dTiling* a) { a->SetDilation(1, 1, 256); },
       "invalid_argument: dilation H/W (1, 256) exceeds 255"},
      {"pad 256", [](Conv3dTiling* a) { a->SetPadding(0, 0, 0, 256, 0, 0); },
       "invalid_argument: padding H/W (256, 0) exceeds 255"},
      {"filter too big", [](Conv3dTiling* a) { a->SetDilation(1, 1, 7); },
       "invalid_argument: the padded input's W = 7 is smaller than the dilated kernel's 8"},
      {"zero Cout", [](Conv3dTiling* a) { a->SetOrgWeightShape(0, 3, 3, 2); },
       "invalid_argument: SetOrgWeightShape(0, 3, 3, 2)"},
      {"Cout past the weight copy's stride",
       [](Conv3dTiling* a) { a->SetOrgWeightShape(70000, 3, 3, 2); },
       "unsupported: Cout = 70000: the weight rows' gap passes DataCopy's srcStride"},
      {"single weight", [](Conv3dTiling* a) { a->SetSingleWeightShape(16, 3, 3, 2); },
       "unsupported: SetSingleWeightShape(16, 3, 3, 2)"},
      {"single output", [](Conv3dTiling* a) { a->SetSingleOutputShape(24, 4, 43); },
       "invalid_argument: SetSingleOutputShape(24, 4, 43) exceeds"},
      {"float output",
       [](Conv3dTiling* a) {
         a->SetOutputType(TPosition::CO1, ConvFormat::NDC1HWC0, ConvDtype::FLOAT32);
       },
       "unsupported: input FLOAT16, weight FLOAT16, bias none, output FLOAT32"},
      {"bf16 with half bias",
       [](Conv3dTiling* a) {
         a->SetInputType(TPosition::GM, ConvFormat::NDC1HWC0, ConvDtype::BF16);
         a->SetWeightType(TPosition::GM, ConvFormat::FRACTAL_Z_3D, ConvDtype::BF16);
         a->SetOutputType(TPosition::CO1, ConvFormat::NDC1HWC0, ConvDtype::BF16);
         a->SetBiasType(TPosition::GM, ConvFormat::ND, ConvDtype::FLOAT16);
       },
       "unsupported: input BF16, weight BF16, bias FLOAT16"},
      {"NCDHW input",
       [](Conv3dTiling* a) {
         a->SetInputType(TPosition::GM, ConvFormat::NCDHW, ConvDtype::FLOAT16);
       },
       "unsupported: SetInputType: ConvFormat::NCDHW (the page: ConvFormat::NDC1HWC0 only)"},
      {"output in GM",
       [](Conv3dTiling* a) {
         a->SetOutputType(TPosition::GM, ConvFormat::NDC1HWC0, ConvDtype::FLOAT16);
       },
       "unsupported: SetOutputType: TPosition::GM (the page: TPosition::CO1 only)"},
  };
  for (const Case& c : cases) {
    Conv3dTiling api(A2Core());
    Configure(kBase, &api);
    c.edit(&api);
    AscendC::tiling::TConv3DApiTiling t;
    EXPECT_EQ(api.GetTiling(t), -1) << c.what;
    EXPECT_NE(api.GetLastError().find(c.expect), std::string::npos)
        << c.what << ": " << api.GetLastError();
  }
  // GetTiling's page: the four shape setters first.
  Conv3dTiling bare(A2Core());
  bare.SetOrgWeightShape(16, 1, 1, 1);
  AscendC::tiling::TConv3DApiTiling t;
  EXPECT_EQ(bare.GetTiling(t), -1);
  EXPECT_NE(bare.GetLastError().find("invalid_argument: SetOrgInputShape was not called"),
            std::string::npos)
      << bare.GetLastError();
}

TEST(Conv3dApi, TilingFromPlatformAscendC) {
  // The PlatformAscendC constructor reads the chip: a 310P core has no Conv3D API.
  for (const bool a2 : {true, false}) {
    opsim::op_api::PlatformDescription d;
    d.profile = "test";
    d.soc_version = d.short_soc_version = a2 ? "Ascend910B" : "Ascend310P";
    d.npu_arch = a2 ? 2201 : 2002;
    d.split_vector_cube = a2;
    d.vector_cores = 8;
    d.ub_bytes = 196608;
    d.l1_bytes = 524288;
    d.l0_a_bytes = d.l0_b_bytes = 65536;
    d.l0_c_bytes = 131072;
    fe::PlatFormInfos info;
    opsim::op_api::MakePlatformInfos(d, &info);
    const platform_ascendc::PlatformAscendC platform(&info);
    Conv3dTiling api(platform);
    Configure(kBase, &api);
    AscendC::tiling::TConv3DApiTiling t;
    EXPECT_EQ(api.GetTiling(t), a2 ? 0 : -1) << api.GetLastError();
    if (!a2) {
      EXPECT_NE(api.GetLastError().find(
                    "unsupported: SocVersion::ASCEND310P: the Conv3D API is on Atlas A2/A3"),
                std::string::npos)
          << api.GetLastError();
    }
  }
}

}  // namespace

std::string MakeTiling(const Spec& s, AscendC::tiling::TConv3DApiTiling* t) {
  Conv3dTiling api(A2Core());
  Configure(s, &api);
  if (api.GetTiling(*t) != 0) return api.GetLastError();
  t->iterateMNOrder = s.order;
  if (s.stream_weights) t->bl1FullLoad = 0;
  if (s.n_l0 != 0) t->nL0 = s.n_l0;
  return "";
}

}  // namespace conv3d_test
