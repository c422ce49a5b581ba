// How an IMPL_OP record joins its op's OpDef: one operator model, two spellings.
#include <string>

#include "opsim/op_api/op_impl.h"
#include "register/op_def.h"

namespace opsim::op_api {
namespace {

// `kind` of the OpDef is `current`; the record's is `wanted`. Equal or unset: nothing to refuse.
template <typename F>
Status CheckOneSpelling(const OpImplRecord& record, const char* kind, const char* opdef_spelling,
                        const char* impl_spelling, F current, F wanted) {
  if (wanted == nullptr || current == nullptr || current == wanted) return Status::Ok();
  return {ErrorCode::kInvalidParam, "op " + record.op_type + " registers its " + kind +
                                        " twice: the OpDef's " + opdef_spelling + " and " +
                                        impl_spelling + "(" + record.op_type + ")." + kind +
                                        "; an op keeps one of the two spellings"};
}

}  // namespace

Status ApplyOpImpl(const OpImplRecord& record, ops::OpDef* def) {
  OPSIM_RETURN_IF_ERROR(CheckOneSpelling(record, "InferShape", "SetInferShape",
                                         "IMPL_OP_INFERSHAPE", def->GetInferShape(),
                                         record.infer_shape));
  OPSIM_RETURN_IF_ERROR(CheckOneSpelling(record, "InferDataType", "SetInferDataType",
                                         "IMPL_OP_INFERSHAPE", def->GetInferDataType(),
                                         record.infer_datatype));
  OPSIM_RETURN_IF_ERROR(CheckOneSpelling(record, "Tiling", "AICore().SetTiling", "IMPL_OP_OPTILING",
                                         def->GetAICore().GetTiling(), record.tiling));
  const size_t inputs = def->GetInputs().size();
  for (const int32_t index : record.inputs_data_dependency) {
    if (index < 0 || static_cast<size_t>(index) >= inputs) {
      return {ErrorCode::kInvalidParam, "op " + record.op_type +
                                            ": InputsDataDependency names input " +
                                            std::to_string(index) + ", but its OpDef declares " +
                                            std::to_string(inputs) + " inputs"};
    }
  }
  // Written only when they differ: a program's ops join at every lookup, maybe while another
  // thread reads the OpDef, and an unchanged OpDef must see no write at all.
  if (record.infer_shape != nullptr && def->GetInferShape() != record.infer_shape) {
    def->SetInferShape(record.infer_shape);
  }
  if (record.infer_datatype != nullptr && def->GetInferDataType() != record.infer_datatype) {
    def->SetInferDataType(record.infer_datatype);
  }
  if (record.tiling != nullptr && def->GetAICore().GetTiling() != record.tiling) {
    def->AICore().SetTiling(record.tiling);
  }
  for (const int32_t index : record.inputs_data_dependency) {
    const ops::OpParamDef& param = def->GetInputs()[static_cast<size_t>(index)];
    if (param.GetValueDepend() == ops::IGNORE) {
      def->Input(param.GetName().c_str()).ValueDepend(ops::REQUIRED);
    }
  }
  return Status::Ok();
}

}  // namespace opsim::op_api
