// op-base's op_host/tiling_base_util.h includes register/op_impl_registry.h, so a tiling file
// that includes it (and no registry header) registers with IMPL_OP_OPTILING and writes its
// TilingParse function against gert::TilingParseContext, as ops-math's add_v2 and atan do.
#include "op_host/tiling_base_util.h"  // deliberately the only project header

#include <gtest/gtest.h>

namespace {

TEST(OpbaseIncludeClosure, TilingBaseUtilBringsTheRegistry) {
  gert::OpImplRegisterV2::TilingParseFunc parse = [](gert::TilingParseContext*) -> UINT32 {
    return ge::GRAPH_SUCCESS;
  };
  EXPECT_EQ(parse(nullptr), ge::GRAPH_SUCCESS);
  const std::set<int> keys = {1, 2};
  EXPECT_EQ(keys.size(), 2u);
  // gert::Range comes with the registry, as through CANN's infer_shape_range_context.h.
  int64_t low = 1;
  int64_t high = 4;
  const gert::Range<int64_t> range(&low, &high);
  EXPECT_EQ(*range.GetMax() - *range.GetMin(), 3);
}

}  // namespace
