// TplCenter's tiling unit test in operator repositories' form: the BOOL key field from the scale
// attribute and the workspace (Ascend C's 16 MiB library space on NpuArch 2201 + one 32 B
// partial per core). 15003 values on 48 cores: 320 per core on 47; tiles (196352 - 47 * 32) /
// 20 B rounded down to 8 floats = 9736.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "tiling_case_executor.h"

namespace {

gert::TilingContextPara Para(float scale) {
  return gert::TilingContextPara(
      "TplCenter", {{{{3, 5001}, {3, 5001}}, ge::DT_FLOAT, ge::FORMAT_ND}},
      {{{{3, 5001}, {3, 5001}}, ge::DT_FLOAT, ge::FORMAT_ND}},
      {gert::TilingContextPara::OpAttr("scale", Ops::Math::AnyValue::CreateFrom<float>(scale))},
      nullptr, 48, 196608);
}

TEST(TplCenterTiling, scale_selects_the_key_and_the_workspace_holds_the_partials) {
  // Word 3: scale's bits (1.0f = 1065353216) below usedCoreNum 47 << 32.
  ExecuteTestCase(Para(1.0f), ge::GRAPH_SUCCESS, 0, "15003 320 9736 202928816128 ",
                  {16 * 1024 * 1024 + 47 * 32});
  ExecuteTestCase(Para(-2.5f), ge::GRAPH_SUCCESS, 1,
                  std::vector<size_t>{16 * 1024 * 1024 + 47 * 32});
}

TEST(TplCenterTiling, a_scale_that_is_not_finite_is_refused) {
  ExecuteTestCase(Para(std::numeric_limits<float>::infinity()), ge::GRAPH_FAILED);
}

}  // namespace
