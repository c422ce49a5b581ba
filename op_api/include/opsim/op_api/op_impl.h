// What IMPL_OP_INFERSHAPE / IMPL_OP_OPTILING registered for an op type (gert::OpImplRegisterV2),
// merged over every registration of that type, and how it joins the op's OpDef.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/status.h"
#include "register/op_impl_registry.h"

namespace opsim::op_api {

struct OpImplRecord {
  using Reg = gert::OpImplRegisterV2;
  std::string op_type;
  Reg::InferShapeKernelFunc infer_shape = nullptr;
  Reg::InferDataTypeKernelFunc infer_datatype = nullptr;
  Reg::TilingKernelFunc tiling = nullptr;
  size_t max_tiling_data_size = 0;  // with `tiling`
  // TilingParse: one of the two function forms, with the compile-info type's creator/deleter.
  Reg::TilingParseFunc tiling_parse = nullptr;
  Reg::KernelFunc tiling_parse_kernel = nullptr;
  Reg::CompileInfoCreatorFunc compile_info_creator = nullptr;
  Reg::CompileInfoDeleterFunc compile_info_deleter = nullptr;
  std::vector<int32_t> inputs_data_dependency;
  // Kept for completeness; opsim runs none of these (graph-engine and aclnn registrations).
  std::vector<std::string> ignored;
};

// Merges `record` into the process's record of its op type: what it sets replaces what an
// earlier registration set, as CANN merges. Called by OpImplRegisterV2's copy and move.
void RegisterOpImpl(const OpImplRecord& record);
// nullptr when no IMPL_OP registered the type.
const OpImplRecord* FindOpImpl(std::string_view op_type);

// `record` joins `def`: its InferShape, InferDataType and Tiling become the OpDef's, and its data
// dependencies mark those inputs ValueDepend. kInvalidParam, naming the op and both spellings,
// when the OpDef already sets a different function of the same kind, or when a dependency names
// an input the OpDef does not declare. Applying the same record again changes nothing.
Status ApplyOpImpl(const OpImplRecord& record, ops::OpDef* def);

}  // namespace opsim::op_api
