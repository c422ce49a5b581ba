// OpParamDef::DataTypeList (CANN: "the parameter supports each of these types in combination with
// every dtype and format of the other inputs and outputs") turned into dtype columns, the one form
// the registry, the generator and the aclnn layer read.
#pragma once

namespace ops {
class OpDef;
}

namespace opsim::op_api {

// Expands every DataTypeList of `def`'s inputs and outputs into its dtype columns: the columns of
// the DataType parameters (or one column when there are none) times every combination of the
// lists' types, the base column outermost, then the lists in declaration order, inputs before
// outputs, the last varying fastest. A DataType parameter repeats its dtype and format of the
// base column; a list parameter takes its FormatList's format (one format, or one per list
// entry), else its Format's first. Nothing changes when no parameter has a list, or when the
// DataType parameters disagree on their column count (the registry reports that).
void ExpandDataTypeLists(ops::OpDef* def);

}  // namespace opsim::op_api
