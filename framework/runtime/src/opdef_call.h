// One call of an OpDef: tensor descriptions in gert's terms, the dtype column they select, and
// the device figures a tiling function sees.
#pragma once

#include <string>
#include <vector>

#include "exe_graph/runtime/op_call_data.h"
#include "opdef_outputs.h"
#include "opsim/core/tensor.h"
#include "opsim/op_api/platform_figures.h"
#include "opsim/sim/device_profile.h"
#include "register/op_def.h"

namespace opsim {

// Fills the inputs of `call` from descriptions (counts[k] of them for the OpDef's k-th input:
// 1, or a DYNAMIC input's tensors; an optional input is absent when its dtype is
// ACL_DT_UNDEFINED) and sizes the outputs (output_counts[k] instances of the k-th: 1, or a
// DYNAMIC output's). kInvalidInTensorNum, kInvalidParam for bad shapes.
Status DescribeInputs(const ops::OpDef& def, const std::vector<size_t>& counts,
                      const std::vector<size_t>& output_counts, const SVector<TensorDesc>& inputs,
                      gert::OpCallData* call);

// The first dtype column the inputs select that also holds the output types the caller gives
// (`outputs`, by output; none given: the inputs' first column); with no input tensor, the first
// column `outputs` fit. kInvalidTensorDtype / kInvalidTensorFormat naming the op, the tensor, its
// dtype or format and what the OpDef allows; kInvalidTensorDtype when the inputs fit columns but
// none holds the caller's output types, naming them and what those columns give.
Status SelectColumn(const ops::OpDef& def, const gert::OpCallData& call, size_t* column,
                    const CallerOutputDTypes* outputs = nullptr);

// GE's support check sees the outputs' dtypes as InferDataType gives them: where the caller gives
// an output's dtype none, the OpDef's InferDataType does (Cast's `to`), and SelectColumn must find
// a column holding it (Cast's AI Core columns are (input, output) pairs). An InferDataType that
// fails leaves the choice to the inputs (the stage that runs it next reports the failure).
Status SelectColumnWithInferredDTypes(const ops::OpDef& def, gert::OpCallData* call, size_t* column,
                                      const CallerOutputDTypes& caller);

// The outputs' descriptions: InferShape's shapes and InferDataType's dtypes (or the column's).
// A shape in `caller` (by output) replaces InferShape's, in the call too (the tiling sees it).
// `unset`: which outputs InferShape left as it found them (they stay rank 0). `outputs` and
// `unset` are by instance (a DYNAMIC output's tensors in its place); `caller` is by OpDef output
// (a DYNAMIC output's shape is each instance's).
Status InferOutputs(const ops::OpDef& def, size_t column, gert::OpCallData* call,
                    SVector<TensorDesc>* outputs, const CallerOutputShapes* caller = nullptr,
                    std::vector<bool>* unset = nullptr);

// CANN's platform table of a device profile (op_api::MakePlatformInfos).
void PlatformFor(const sim::DeviceProfile& device, fe::PlatFormInfos* out);
// The AddConfig name a profile answers to ("ascend910a" -> "ascend910", "ascend910b" as is).
using op_api::SocConfigName;

std::string DataTypeText(ge::DataType dtype);  // "float16" for the ones opsim knows, else CANN's

}  // namespace opsim
