// OpParamDef::DataTypeList as CANN documents it: the parameter's types combine with every dtype
// column of the others, so an OpDef registers the product as its dtype columns (ops-math's
// axpy_v2 declares all four of its tensors this way).
#include <gtest/gtest.h>

#include <vector>

#include "opsim/op_api/op_registry.h"
#include "register/op_def_registry.h"

namespace ops {
// One list beside DataType columns: 2 base columns x 2 list types.
class DtlMixed : public OpDef {
 public:
  explicit DtlMixed(const char* name) : OpDef(name) {
    Input("a").DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_NCHW});
    Input("b").DataTypeList({ge::DT_INT32, ge::DT_INT64}).FormatList({ge::FORMAT_ND});
    Output("c").DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_NCHW});
  }
};
OP_ADD(DtlMixed);
// Lists only: 2 x 1 x 2 columns, the last list varying fastest.
class DtlOnlyLists : public OpDef {
 public:
  explicit DtlOnlyLists(const char* name) : OpDef(name) {
    Input("x1").DataTypeList({ge::DT_FLOAT, ge::DT_INT32}).FormatList({ge::FORMAT_ND});
    Input("x2").DataTypeList({ge::DT_FLOAT16}).FormatList({ge::FORMAT_ND});
    Output("y").DataTypeList({ge::DT_FLOAT, ge::DT_BF16}).FormatList({ge::FORMAT_ND});
  }
};
OP_ADD(DtlOnlyLists);
}  // namespace ops

namespace {

using ge::DataType;

std::vector<DataType> Types(const ops::OpParamDef& p) { return p.GetDataTypes(); }

TEST(DataTypeList, CombinesWithTheDataTypeColumns) {
  const ops::OpDef* def = opsim::op_api::FindOpDef("DtlMixed");
  ASSERT_NE(def, nullptr);
  using namespace ge;
  EXPECT_EQ(Types(def->GetInputs()[0]),
            (std::vector<DataType>{DT_FLOAT, DT_FLOAT, DT_FLOAT16, DT_FLOAT16}));
  EXPECT_EQ(Types(def->GetInputs()[1]),
            (std::vector<DataType>{DT_INT32, DT_INT64, DT_INT32, DT_INT64}));
  EXPECT_EQ(Types(def->GetOutputs()[0]),
            (std::vector<DataType>{DT_FLOAT, DT_FLOAT, DT_FLOAT16, DT_FLOAT16}));
  // Formats follow their columns; the list's one format serves all four.
  EXPECT_EQ(def->GetInputs()[0].GetFormats(),
            (std::vector<Format>{FORMAT_ND, FORMAT_ND, FORMAT_NCHW, FORMAT_NCHW}));
  EXPECT_EQ(def->GetInputs()[1].GetFormats(), (std::vector<Format>(4, FORMAT_ND)));
}

TEST(DataTypeList, ListsAloneMakeEveryCombination) {
  const ops::OpDef* def = opsim::op_api::FindOpDef("DtlOnlyLists");
  ASSERT_NE(def, nullptr);
  using namespace ge;
  EXPECT_EQ(Types(def->GetInputs()[0]),
            (std::vector<DataType>{DT_FLOAT, DT_FLOAT, DT_INT32, DT_INT32}));
  EXPECT_EQ(Types(def->GetInputs()[1]), (std::vector<DataType>(4, DT_FLOAT16)));
  EXPECT_EQ(Types(def->GetOutputs()[0]),
            (std::vector<DataType>{DT_FLOAT, DT_BF16, DT_FLOAT, DT_BF16}));
}

}  // namespace

// Version(n) on an input or attribute (ops-nn's AdvanceStep declares its later inputs so) is
// recorded as CANN records it, and changes nothing else of the parameter.
TEST(OpParamDefVersion, IsRecordedOnInputsAndAttributes) {
  ops::OpParamDef input("late");
  input.ParamType(ops::OPTIONAL).DataType({ge::DT_FLOAT}).Version(1);
  EXPECT_EQ(input.GetVersion(), 1u);
  EXPECT_EQ(input.GetParamType(), ops::OPTIONAL);
  EXPECT_EQ(ops::OpParamDef("early").GetVersion(), 0u);
  ops::OpAttrDef attr("speculative");
  attr.AttrType(ops::OPTIONAL).Int(0).Version(2);
  EXPECT_EQ(attr.GetVersion(), 2u);
  EXPECT_EQ(attr.GetInt(), 0);
}
