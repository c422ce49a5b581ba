// What an op_host file that includes only register/op_def_registry.h names in CANN's 2026
// dialect, reached through that header as CANN's include chain reaches it (ops-math's
// experimental operators rely on each): graph/types.h's C spellings (ASCENDC_TPL_DATATYPE keys),
// op_def.h's op_impl_registry.h (IMPL_OP_*, gert::TilingParseContext), and the standard headers
// tiling_context.h brings through ge_api_types.h (std::set of supported dtypes).
#include "register/op_def_registry.h"  // deliberately the only project header

#include <gtest/gtest.h>

namespace {

// A TilingParse function as the operators write it; it must compile with this include alone.
ge::graphStatus ParseNothing([[maybe_unused]] gert::TilingParseContext* context) {
  return ge::GRAPH_SUCCESS;
}

TEST(OpbaseIncludeClosure, OpDefRegistryBringsWhatTheDialectNames) {
  static_assert(C_DT_FLOAT16 == static_cast<int>(ge::DT_FLOAT16), "C spelling, same number");
  const std::set<ge::DataType> supported = {ge::DT_FLOAT, ge::DT_FLOAT16};
  EXPECT_EQ(supported.count(static_cast<ge::DataType>(C_DT_FLOAT)), 1u);
  EXPECT_EQ(supported.count(ge::DT_INT8), 0u);
  gert::OpImplRegisterV2::TilingParseFunc parse = &ParseNothing;
  EXPECT_EQ(parse(nullptr), ge::GRAPH_SUCCESS);
}

}  // namespace
