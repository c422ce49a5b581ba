// Template tiling keys (ascendc/host_api/tiling/template_argument.h) against keys computed by
// hand from CANN's rule: each declared parameter in order from bit 0, its own width, the value
// for a data type, format or flag and the value's index for an unsigned one; the UINT range,
// list and mix forms; the selection's checks; the registry by file.
#include <gtest/gtest.h>

#include <string>

#include "ascendc/host_api/tiling/template_argument.h"
#include "graph/types.h"

namespace template_key_test {

// As an operator's <op>_tiling_key.h writes them (namespace scope, one pair per file).
ASCENDC_TPL_ARGS_DECL(KeyOp, ASCENDC_TPL_DATATYPE_DECL(D_T_X, ge::DT_FLOAT, ge::DT_FLOAT16),
                      ASCENDC_TPL_UINT_DECL(schMode, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 10, 12,
                                            13),
                      ASCENDC_TPL_BOOL_DECL(gather, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T_X, ge::DT_FLOAT),
                                     ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, 10, 13),
                                     ASCENDC_TPL_BOOL_SEL(gather, 1)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T_X, ge::DT_FLOAT16),
                                     ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, 12),
                                     ASCENDC_TPL_BOOL_SEL(gather, 0, 1)));

namespace {

using AscendC::INVALID_TILING_KEY;

TEST(TemplateKey, EachParameterTakesItsBitsInDeclarationOrder) {
  // D_T_X: 8 bits of the dtype number; schMode: 2 bits of the index in {10, 12, 13}; gather: 1.
  EXPECT_EQ(GET_TPL_TILING_KEY(ge::DT_FLOAT, 10, 0), 0u);
  EXPECT_EQ(GET_TPL_TILING_KEY(ge::DT_FLOAT16, 10, 0), 1u);
  EXPECT_EQ(GET_TPL_TILING_KEY(ge::DT_BF16, 12, 0), 27u + (1u << 8));
  EXPECT_EQ(GET_TPL_TILING_KEY(ge::DT_FLOAT, 13, 1), (2u << 8) + (1u << 10));
  testing::internal::CaptureStderr();
  EXPECT_EQ(GET_TPL_TILING_KEY(ge::DT_FLOAT, 11, 0), INVALID_TILING_KEY);  // not declared
  EXPECT_EQ(GET_TPL_TILING_KEY(ge::DT_FLOAT, 10), INVALID_TILING_KEY);     // a count short
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("schMode = 11 is not among its declared values"), std::string::npos) << err;
  EXPECT_NE(err.find("2 arguments for 3 declared parameters"), std::string::npos) << err;
}

TEST(TemplateKey, UnsignedRangesListsAndMixesExpandInOrder) {
  const AscendC::ParamStruct range =
      ASCENDC_TPL_UINT_DECL(r, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_RANGE, 2, 0, 2, 5, 6);
  EXPECT_EQ(range.vals, (std::vector<uint64_t>{0, 1, 2, 5, 6}));
  const AscendC::ParamStruct mix =
      ASCENDC_TPL_UINT_DECL(m, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_MIX, 1, 3, 4, 9, 11);
  EXPECT_EQ(mix.vals, (std::vector<uint64_t>{3, 4, 9, 11}));
  const AscendC::ParamStruct list =
      ASCENDC_TPL_UINT_DECL(l, ASCENDC_TPL_1_BW, ASCENDC_TPL_UI_LIST, 7, 8);
  EXPECT_EQ(list.vals, (std::vector<uint64_t>{7, 8}));
  const AscendC::TilingDeclareParams decl{range, mix};
  // r = 5 is index 3 (4 bits), m = 9 is index 2, after r's 4 bits.
  EXPECT_EQ(AscendC::FastEncodeTilingKeyDirect(decl, {5, 9}), 3u + (2u << 4));
}

TEST(TemplateKey, TheSelectionIsCheckedAndMatched) {
  EXPECT_EQ(
      AscendC::EncodeTilingKey(g_tilingDeclareParams, g_tilingSelectParams, {ge::DT_FLOAT, 13, 1}),
      (2u << 8) + (1u << 10));
  testing::internal::CaptureStderr();
  EXPECT_EQ(
      AscendC::EncodeTilingKey(g_tilingDeclareParams, g_tilingSelectParams, {ge::DT_FLOAT, 12, 1}),
      INVALID_TILING_KEY);  // float32 selects schMode 10 and 13 only
  const AscendC::TilingSelectParams undeclared{
      {ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, 11)}};
  EXPECT_EQ(AscendC::EncodeTilingKey(g_tilingDeclareParams, undeclared, {ge::DT_FLOAT, 10, 0}),
            INVALID_TILING_KEY);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("match no ASCENDC_TPL_ARGS_SEL"), std::string::npos) << err;
  EXPECT_NE(err.find("gives schMode the value 11, which its declaration does not list"),
            std::string::npos)
      << err;
}

TEST(TemplateKey, TheDeclarationAndSelectionAreRegisteredByFile) {
  bool found = false;
  for (const AscendC::TemplateArguments& a : AscendC::RegisteredTemplateArguments()) {
    if (a.file != __FILE__) continue;
    found = true;
    EXPECT_EQ(a.label, "KeyOp");
    EXPECT_EQ(a.declare, &g_tilingDeclareParams);
    EXPECT_EQ(a.select, &g_tilingSelectParams);
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace template_key_test
