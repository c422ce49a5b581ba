// ImplSoftsign's tiling and shape-inference unit tests in the form operator repositories write
// theirs (tests/ut/op_host: the compile info the test builds, TilingContextPara and the case
// executors), run against opsim's implementation of those helpers. Expected words are computed by
// hand from a chip of 48 cores and a UB of 196352 B: tiles of 196352 / 20 B (x and y
// double-buffered, one scratch) rounded down to 8 floats = 9816.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "../../../op_host/impl_softsign_tiling.h"
#include "infershape_case_executor.h"
#include "tiling_case_executor.h"

namespace {

optiling::ImplSoftsignCompileInfo chip{48, 196352};

gert::TilingContextPara Para(gert::StorageShape x, float scale,
                             optiling::ImplSoftsignCompileInfo* compileInfo = &chip) {
  return gert::TilingContextPara(
      "ImplSoftsign", {{x, ge::DT_FLOAT, ge::FORMAT_ND}}, {{x, ge::DT_FLOAT, ge::FORMAT_ND}},
      {gert::TilingContextPara::OpAttr("scale", Ops::Math::AnyValue::CreateFrom<float>(scale))},
      compileInfo, 48, 196608);
}

TEST(ImplSoftsignTiling, values_split_over_cores_in_whole_blocks) {
  // 3000 values: 64 per core (63 rounded up to 8) on 47 cores, the last one 56; key 1, no
  // workspace. Word 5: scale's bits (1.0f = 1065353216) below usedCoreNum 47 << 32.
  ExecuteTestCase(Para({{3, 1000}, {3, 1000}}, 1.0f), ge::GRAPH_SUCCESS, 1,
                  "3000 64 56 9816 202928816128 ", {0});
  // 480013 values: 10008 per core on 48, the last 9637; scale 2.0f = 1073741824, 48 << 32.
  ExecuteTestCase(Para({{480013}, {480013}}, 2.0f), ge::GRAPH_SUCCESS, 1,
                  "480013 10008 9637 9816 207232172032 ", {0});
  TilingInfo info;
  ASSERT_TRUE(ExecuteTiling(Para({{480013}, {480013}}, 2.0f), info));
  EXPECT_EQ(info.blockNum, 48u);
  EXPECT_EQ(info.tilingDataSize, 40u);  // four int64, a float, a uint32
}

TEST(ImplSoftsignTiling, an_empty_x_runs_one_core_with_nothing_to_do) {
  // Word 5: 1.0f below usedCoreNum 1 << 32.
  ExecuteTestCase(Para({{0, 4}, {0, 4}}, 1.0f), ge::GRAPH_SUCCESS, 1, "0 8 0 9816 5360320512 ",
                  {0});
}

TEST(ImplSoftsignTiling, a_scale_that_is_not_finite_is_refused) {
  ExecuteTestCase(Para({{8}, {8}}, std::numeric_limits<float>::quiet_NaN()), ge::GRAPH_FAILED);
  ExecuteTestCase(Para({{8}, {8}}, -std::numeric_limits<float>::infinity()), ge::GRAPH_FAILED);
}

TEST(ImplSoftsignTiling, a_ub_without_room_for_a_tile_is_refused) {
  // 100 B / 20 B = 5 floats: no whole 32 B block.
  optiling::ImplSoftsignCompileInfo tiny{48, 100};
  testing::internal::CaptureStderr();
  ExecuteTestCase(Para({{8}, {8}}, 1.0f, &tiny), ge::GRAPH_FAILED);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("UB of 100 B holds no tile"),
            std::string::npos);
}

TEST(ImplSoftsignInferShape, y_has_the_shape_of_x) {
  using Desc = gert::InfershapeContextPara::TensorDescription;
  gert::InfershapeContextPara para("ImplSoftsign",
                                   {Desc({{3, 1000}, {3, 1000}}, ge::DT_FLOAT, ge::FORMAT_ND)},
                                   {Desc({{}, {}}, ge::DT_FLOAT, ge::FORMAT_ND)});
  ExecuteTestCase(para, ge::GRAPH_SUCCESS, {{3, 1000}});
}

}  // namespace
