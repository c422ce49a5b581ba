// CANN's platform/platform_infos_def.h includes platform_info_def.h, whose global `using
// std::map/string/vector` operator host files rely on (ops-nn's gemm_v2, dynamic_rnn and
// dynamic_quant tilings write `vector<int64_t>`, `string::npos`, `map<...>` unqualified).
#include "platform/platform_infos_def.h"  // deliberately the only project header

#include <gtest/gtest.h>

namespace {

TEST(OpbaseIncludeClosure, PlatformInfosBringsTheGlobalStdNames) {
  const vector<int64_t> dims = {2, 3};
  const string text = "bf16";
  const map<int, int> sizes = {{1, 4}};
  EXPECT_EQ(dims.size() + sizes.size(), 3u);
  EXPECT_NE(text.find("16"), string::npos);
}

}  // namespace
