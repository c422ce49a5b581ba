// TplAddBcast's tiling and shape-inference unit tests in the form operator repositories write
// theirs (tests/ut/op_host: TilingContextPara / InfershapeContextPara and the case executors),
// run against opsim's implementation of those helpers. Expected words are computed by hand:
// 48 cores ("AICore"), UB 196608 - 256 B (CANN's reservation on 910B) / 6 buffers of float.
#include <gtest/gtest.h>

#include "infershape_case_executor.h"
#include "tiling_case_executor.h"

namespace {

struct TplAddBcastCompileInfo {
} compileInfo;

gert::TilingContextPara Para(gert::StorageShape x1, gert::StorageShape x2, gert::StorageShape y,
                             ge::DataType dtype, int64_t schMode = -1) {
  return gert::TilingContextPara(
      "TplAddBcast", {{x1, dtype, ge::FORMAT_ND}, {x2, dtype, ge::FORMAT_ND}},
      {{y, dtype, ge::FORMAT_ND}},
      {gert::TilingContextPara::OpAttr("sch_mode",
                                       Ops::Math::AnyValue::CreateFrom<int64_t>(schMode))},
      &compileInfo, 48, 196608);
}

TEST(TplAddBcastTiling, same_shapes_split_flat_over_cores) {
  // 4773 values: 104 per core (whole 32 B blocks) on 46 cores, tiles of 8176; key D_T_X=0, mode 0.
  ExecuteTestCase(
      Para({{37, 129}, {37, 129}}, {{37, 129}, {37, 129}}, {{37, 129}, {37, 129}}, ge::DT_FLOAT),
      ge::GRAPH_SUCCESS, 0, "1 4773 104 8176 46 0 ", {0});
  // float16: the key's D_T_X field is DT_FLOAT16 (1), tiles twice as long.
  ExecuteTestCase(
      Para({{37, 129}, {37, 129}}, {{37, 129}, {37, 129}}, {{37, 129}, {37, 129}}, ge::DT_FLOAT16),
      ge::GRAPH_SUCCESS, 1, "1 4773 112 16352 43 0 ", {0});
}

TEST(TplAddBcastTiling, a_repeated_row_splits_rows) {
  // x2 [129] along 185 rows: 4 rows per core on 47 cores; key schMode=1 -> 1 << 8.
  ExecuteTestCase(Para({{5, 37, 129}, {5, 37, 129}}, {{129}, {129}}, {{5, 37, 129}, {5, 37, 129}},
                       ge::DT_FLOAT),
                  ge::GRAPH_SUCCESS, 256, "185 129 4 8176 47 1 ", {0});
  TilingInfo info;
  ASSERT_TRUE(ExecuteTiling(
      Para({{1, 7}, {1, 7}}, {{300, 7}, {300, 7}}, {{300, 7}, {300, 7}}, ge::DT_FLOAT16), info));
  EXPECT_EQ(info.tilingKey, 257);
  EXPECT_EQ(info.blockNum, 43u);  // 300 rows, 7 per core
  EXPECT_EQ(info.tilingDataSize, 48u);
  EXPECT_EQ(info.workspaceSizes, std::vector<int64_t>{0});
}

TEST(TplAddBcastTiling, keys_the_selection_does_not_build_are_still_encoded) {
  // schMode 2 is declared (index 2) but not selected: the tiling sets 2 << 8, the launch refuses.
  ExecuteTestCase(Para({{8}, {8}}, {{8}, {8}}, {{8}, {8}}, ge::DT_FLOAT, 2), ge::GRAPH_SUCCESS, 512,
                  EMPTY_EXPECT_TILING_DATA, {0});
  // schMode 3 is not declared: GET_TPL_TILING_KEY gives CANN's INVALID_TILING_KEY.
  testing::internal::CaptureStderr();
  ExecuteTestCase(Para({{8}, {8}}, {{8}, {8}}, {{8}, {8}}, ge::DT_FLOAT, 3), ge::GRAPH_SUCCESS,
                  0xFFFFFFFFFFFFFFFFULL, std::vector<size_t>{0});
  EXPECT_NE(testing::internal::GetCapturedStderr().find("schMode = 3"), std::string::npos);
}

TEST(TplAddBcastTiling, both_inputs_repeating_is_refused) {
  ExecuteTestCase(Para({{1, 7}, {1, 7}}, {{3, 1}, {3, 1}}, {{3, 7}, {3, 7}}, ge::DT_FLOAT),
                  ge::GRAPH_FAILED);
}

TEST(TplAddBcastInferShape, numpy_broadcast) {
  using Desc = gert::InfershapeContextPara::TensorDescription;
  gert::InfershapeContextPara rows("TplAddBcast",
                                   {Desc({{5, 37, 129}, {5, 37, 129}}, ge::DT_FLOAT, ge::FORMAT_ND),
                                    Desc({{129}, {129}}, ge::DT_FLOAT, ge::FORMAT_ND)},
                                   {Desc({{}, {}}, ge::DT_FLOAT, ge::FORMAT_ND)});
  ExecuteTestCase(rows, ge::GRAPH_SUCCESS, {{5, 37, 129}});
  gert::InfershapeContextPara both("TplAddBcast",
                                   {Desc({{1, 7}, {1, 7}}, ge::DT_FLOAT, ge::FORMAT_ND),
                                    Desc({{3, 1}, {3, 1}}, ge::DT_FLOAT, ge::FORMAT_ND)},
                                   {Desc({{}, {}}, ge::DT_FLOAT, ge::FORMAT_ND)});
  ExecuteTestCase(both, ge::GRAPH_SUCCESS, {{3, 7}});
  gert::InfershapeContextPara clash("TplAddBcast",
                                    {Desc({{2, 3}, {2, 3}}, ge::DT_FLOAT, ge::FORMAT_ND),
                                     Desc({{4}, {4}}, ge::DT_FLOAT, ge::FORMAT_ND)},
                                    {Desc({{}, {}}, ge::DT_FLOAT, ge::FORMAT_ND)});
  ExecuteTestCase(clash, ge::GRAPH_FAILED);
}

TEST(TplAddBcastTiling, an_op_without_tiling_is_an_error) {
  EXPECT_THROW(ExecuteTestCase(gert::TilingContextPara("NoSuchOp", {}, {}), ge::GRAPH_SUCCESS),
               std::invalid_argument);
}

}  // namespace
