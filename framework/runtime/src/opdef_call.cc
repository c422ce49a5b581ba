#include "opdef_call.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "graph/types.h"
#include "opsim/op_api/op_error.h"
#include "opsim/op_api/platform_figures.h"
#include "opsim/op_api/user_call.h"

namespace opsim {
namespace {

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string FormatText(ge::Format format) {
  return std::string(ge::FormatName(format)) + " (" + std::to_string(static_cast<int>(format)) +
         ")";
}

gert::StorageShape ToGert(const Dims& dims) {
  gert::StorageShape s;
  for (uint64_t i = 0; i < dims.dimNum && i < MAX_DIM; ++i) {
    s.MutableOriginShape().AppendDim(dims.dims[i]);
    s.MutableStorageShape().AppendDim(dims.dims[i]);
  }
  return s;
}

// Dtypes and formats an input or output may take in column `column`.
bool DTypeFits(const ops::OpParamDef& p, size_t column, ge::DataType dtype) {
  // A DataTypeList the registry expanded into columns (op_api's ExpandDataTypeLists) is held to
  // its column, since each column is its own kernel build.
  const auto& list = p.GetDataTypeList();
  if (!list.empty() && p.GetDataTypes().empty()) {
    return std::find(list.begin(), list.end(), dtype) != list.end();
  }
  return column < p.GetDataTypes().size() && p.GetDataTypes()[column] == dtype;
}
bool FormatFits(const ops::OpParamDef& p, size_t column, ge::Format format) {
  const auto& list = p.GetFormatList();
  if (!list.empty()) return std::find(list.begin(), list.end(), format) != list.end();
  if (p.GetFormats().empty()) return format == ge::FORMAT_ND;
  return column < p.GetFormats().size() && p.GetFormats()[column] == format;
}

size_t ColumnCount(const ops::OpDef& def) {
  size_t n = 0;
  for (const auto* params : {&def.GetInputs(), &def.GetOutputs()}) {
    for (const ops::OpParamDef& p : *params) n = std::max(n, p.GetDataTypes().size());
  }
  return std::max<size_t>(n, 1);
}

std::vector<std::string> AllowedDTypes(const ops::OpParamDef& p) {
  std::vector<std::string> names;
  const auto& source = p.GetDataTypeList().empty() ? p.GetDataTypes() : p.GetDataTypeList();
  for (ge::DataType t : source) {
    const std::string n = DataTypeText(t);
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  return names;
}

}  // namespace

std::string DataTypeText(ge::DataType dtype) {
  const std::optional<DType> known = DTypeFromAcl(static_cast<aclDataType>(dtype));
  if (known) return std::string(DTypeName(*known));
  return ge::DataTypeName(dtype);
}

Status DescribeInputs(const ops::OpDef& def, const std::vector<size_t>& counts,
                      const std::vector<size_t>& output_counts, const SVector<TensorDesc>& inputs,
                      gert::OpCallData* call) {
  const std::string& op = def.GetOpType();
  const auto& params = def.GetInputs();
  size_t want = 0;
  for (size_t c : counts) want += c;
  if (inputs.size() != want) {
    return {ErrorCode::kInvalidInTensorNum, op + ": " + std::to_string(inputs.size()) +
                                                " input descriptions given but the op takes " +
                                                std::to_string(want)};
  }
  size_t next = 0;
  for (size_t k = 0; k < params.size(); ++k) {
    const size_t first = call->input_shapes.size();
    for (size_t i = 0; i < counts[k]; ++i) {
      const TensorDesc& d = inputs[next];
      std::string name = op + ": input " + std::to_string(next) + " (" + params[k].GetName();
      if (params[k].GetParamType() == ops::DYNAMIC) {
        name += '[';
        name += std::to_string(i);
        name += ']';
      }
      name += ")";
      ++next;
      if (d.dtype == ACL_DT_UNDEFINED) {
        if (params[k].GetParamType() != ops::OPTIONAL) {
          return {ErrorCode::kInvalidTensorDtype,
                  name +
                      " is required but has no dtype (ACL_DT_UNDEFINED marks an absent "
                      "optional input)"};
        }
        continue;
      }
      // ge's enums hold fewer values than an int32 (converting any other is undefined): a value
      // outside them is no dtype or format an OpDef can name.
      if (d.dtype < 0 || d.dtype >= static_cast<int32_t>(ge::DT_MAX)) {
        return {ErrorCode::kInvalidTensorDtype, name + " dtype " + std::to_string(d.dtype) +
                                                    " is no ACL dtype (expected 0.." +
                                                    std::to_string(ge::DT_MAX - 1) +
                                                    ", or ACL_DT_UNDEFINED for an absent optional "
                                                    "input)"};
      }
      if (d.format < 0 || d.format > static_cast<int32_t>(ge::FORMAT_MAX)) {
        return {ErrorCode::kInvalidTensorFormat, name + " format " + std::to_string(d.format) +
                                                     " is no ACL format (expected 0.." +
                                                     std::to_string(ge::FORMAT_MAX) + ")"};
      }
      Shape shape;
      OPSIM_RETURN_IF_ERROR(ShapeFromDims(d.shape, &shape, name));
      call->input_shapes.push_back(ToGert(d.shape));
      call->input_descs.emplace_back(static_cast<ge::DataType>(d.dtype),
                                     gert::StorageFormat(static_cast<ge::Format>(d.format),
                                                         static_cast<ge::Format>(d.format)));
      call->input_tensors.emplace_back(call->input_shapes.back(), call->input_descs.back(),
                                       nullptr);
    }
    call->ir_inputs.push_back({first, call->input_shapes.size() - first});
  }
  for (size_t k = 0; k < def.GetOutputs().size(); ++k) {
    const size_t count = k < output_counts.size() ? output_counts[k] : 1;
    call->ir_outputs.push_back({call->output_shapes.size(), count});
    for (size_t i = 0; i < count; ++i) {
      call->output_shapes.emplace_back();
      call->output_descs.emplace_back(ge::DT_UNDEFINED,
                                      gert::StorageFormat(ge::FORMAT_ND, ge::FORMAT_ND));
    }
  }
  return Status::Ok();
}

namespace {

// Whether column `c` holds every output type the caller gives (none given: any column does).
bool OutputsFit(const ops::OpDef& def, const CallerOutputDTypes* given, size_t c) {
  if (given == nullptr) return true;
  const auto& outs = def.GetOutputs();
  for (size_t k = 0; k < outs.size() && k < given->size(); ++k) {
    if ((*given)[k] && !DTypeFits(outs[k], c, *(*given)[k])) return false;
  }
  return true;
}

// "bins=float16" for each output type the caller gives.
std::string GivenOutputs(const ops::OpDef& def, const CallerOutputDTypes& given) {
  std::vector<std::string> items;
  for (size_t k = 0; k < def.GetOutputs().size() && k < given.size(); ++k) {
    if (given[k]) items.push_back(def.GetOutputs()[k].GetName() + "=" + DataTypeText(*given[k]));
  }
  return Join(items);
}

// No input tensor: the first column every output type the caller gives fits, else column 0.
Status SelectColumnByOutputs(const ops::OpDef& def, const CallerOutputDTypes& given,
                             size_t* column) {
  const auto& outs = def.GetOutputs();
  std::string got;
  for (size_t c = 0; c < ColumnCount(def); ++c) {
    if (OutputsFit(def, &given, c)) {
      *column = c;
      return Status::Ok();
    }
  }
  for (size_t k = 0; k < outs.size() && k < given.size(); ++k) {
    if (!given[k]) continue;
    got += (got.empty() ? "" : ", ") + outs[k].GetName() + "=" + DataTypeText(*given[k]);
    got += " (the OpDef allows " + Join(AllowedDTypes(outs[k])) + ")";
  }
  return {ErrorCode::kInvalidTensorDtype,
          def.GetOpType() + ": no dtype column fits the outputs " + got +
              " (the op has no input tensor, so its outputs pick the column)"};
}

// The inputs fit some column but none with the caller's output types: the message names what
// the inputs' columns give each output the caller chose.
Status NoColumnForOutputs(const ops::OpDef& def, const std::string& inputs,
                          const std::vector<size_t>& input_columns,
                          const CallerOutputDTypes& given) {
  const auto& outs = def.GetOutputs();
  std::vector<std::string> allowed;
  for (size_t k = 0; k < outs.size() && k < given.size(); ++k) {
    if (!given[k]) continue;
    std::vector<std::string> names;
    for (size_t c : input_columns) {
      const auto& types = outs[k].GetDataTypes();
      const std::string n = c < types.size() ? DataTypeText(types[c]) : "?";
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    allowed.push_back(outs[k].GetName() + " " + Join(names));
  }
  return {ErrorCode::kInvalidTensorDtype,
          def.GetOpType() + ": no dtype column fits the inputs (" + inputs +
              ") with the output types the caller gives (" + GivenOutputs(def, given) +
              "); with these inputs the OpDef allows " + Join(allowed)};
}

// "x=float32, y=absent" for the inputs of a call.
std::string GivenInputs(const ops::OpDef& def, const gert::OpCallData& call) {
  std::vector<std::string> got;
  for (size_t k = 0; k < def.GetInputs().size(); ++k) {
    const auto [first, count] = call.ir_inputs[k];
    got.push_back(
        def.GetInputs()[k].GetName() + "=" +
        (count == 0 ? std::string("absent") : DataTypeText(call.input_descs[first].GetDataType())));
  }
  return Join(got);
}

}  // namespace

Status SelectColumn(const ops::OpDef& def, const gert::OpCallData& call, size_t* column,
                    const CallerOutputDTypes* outputs) {
  if (call.input_descs.empty() && outputs != nullptr) {
    return SelectColumnByOutputs(def, *outputs, column);
  }
  const std::string& op = def.GetOpType();
  const size_t columns = ColumnCount(def);
  const auto& params = def.GetInputs();
  // Each input alone first, so the message names the tensor at fault.
  for (size_t k = 0; k < params.size(); ++k) {
    const auto [first, count] = call.ir_inputs[k];
    for (size_t instance = first; instance < first + count; ++instance) {
      const gert::CompileTimeTensorDesc& d = call.input_descs[instance];
      bool dtype_ok = false;
      bool format_ok = false;
      for (size_t c = 0; c < columns; ++c) {
        dtype_ok = dtype_ok || DTypeFits(params[k], c, d.GetDataType());
        format_ok = format_ok || FormatFits(params[k], c, d.GetStorageFormat());
      }
      const std::string name =
          op + ": input " + std::to_string(instance) + " (" + params[k].GetName() + ")";
      if (!dtype_ok) {
        return {ErrorCode::kInvalidTensorDtype, name + " dtype " + DataTypeText(d.GetDataType()) +
                                                    " is not supported (the OpDef allows " +
                                                    Join(AllowedDTypes(params[k])) + ")"};
      }
      if (!format_ok) {
        std::vector<std::string> formats;
        for (ge::Format f : params[k].GetFormats()) formats.push_back(ge::FormatName(f));
        return {ErrorCode::kInvalidTensorFormat,
                name + " format " + FormatText(d.GetStorageFormat()) +
                    " is not supported (the OpDef allows " +
                    (formats.empty() ? std::string("ND") : Join(formats)) + ")"};
      }
    }
  }
  // The first column the inputs fit that holds the output types the caller gives: an op whose
  // columns differ only in an output's type (Bincount's bins, CastV2's y) is chosen by them, as
  // CANN matches every tensor of the call against the support list.
  std::vector<size_t> input_columns;
  for (size_t c = 0; c < columns; ++c) {
    bool fits = true;
    for (size_t k = 0; k < params.size() && fits; ++k) {
      const auto [first, count] = call.ir_inputs[k];
      for (size_t i = first; i < first + count && fits; ++i) {
        fits = DTypeFits(params[k], c, call.input_descs[i].GetDataType()) &&
               FormatFits(params[k], c, call.input_descs[i].GetStorageFormat());
      }
    }
    if (!fits) continue;
    input_columns.push_back(c);
    if (OutputsFit(def, outputs, c)) {
      *column = c;
      return Status::Ok();
    }
  }
  if (!input_columns.empty()) {
    return NoColumnForOutputs(def, GivenInputs(def, call), input_columns, *outputs);
  }
  std::vector<std::string> combos;
  for (size_t c = 0; c < columns; ++c) {
    std::vector<std::string> one;
    for (const ops::OpParamDef& p : params) {
      one.push_back(p.GetName() + "=" +
                    (c < p.GetDataTypes().size() ? DataTypeText(p.GetDataTypes()[c]) : "?"));
    }
    std::string combo = "(";
    combo += Join(one);
    combo += ")";
    combos.push_back(std::move(combo));
  }
  return {ErrorCode::kInvalidTensorDtype, op + ": the inputs' dtypes (" + GivenInputs(def, call) +
                                              ") are no column of the OpDef; it allows " +
                                              Join(combos)};
}

namespace {

// The OpDef output whose instance `instance` is.
size_t IrOutputOf(const gert::OpCallData& call, size_t instance) {
  for (size_t k = 0; k < call.ir_outputs.size(); ++k) {
    const auto [first, count] = call.ir_outputs[k];
    if (instance >= first && instance < first + count) return k;
  }
  return 0;  // not reached: DescribeInputs lays every instance out
}

// The OpDef's InferDataType (if any), as user code: a crash or a failure is a status.
Status RunInferDataType(const ops::OpDef& def, gert::OpCallData* call) {
  const auto infer_dtype = def.GetInferDataType();
  if (infer_dtype == nullptr) return Status::Ok();
  const std::string& op = def.GetOpType();
  uint32_t rc = ge::GRAPH_SUCCESS;
  gert::InferDataTypeContext dtype_context(call);
  OPSIM_RETURN_IF_ERROR(op_api::CallUserCode(
      {op, "InferDataType", op_api::CodeAddress(infer_dtype), ErrorCode::kGraphInferShapeFuncFail},
      [&] { rc = infer_dtype(&dtype_context); }));
  if (rc != ge::GRAPH_SUCCESS) {
    return {ErrorCode::kGraphInferShapeFuncFail,
            op + ": its InferDataType function failed (returned " + std::to_string(rc) + ")"};
  }
  return Status::Ok();
}

}  // namespace

Status SelectColumnWithInferredDTypes(const ops::OpDef& def, gert::OpCallData* call, size_t* column,
                                      const CallerOutputDTypes& caller) {
  const size_t outs = def.GetOutputs().size();
  CallerOutputDTypes given = caller;
  given.resize(outs);
  if (def.GetInferDataType() == nullptr ||
      std::all_of(given.begin(), given.end(), [](const auto& g) { return g.has_value(); })) {
    return Status::Ok();
  }
  for (size_t instance = 0; instance < call->output_descs.size(); ++instance) {
    const ops::OpParamDef& p = def.GetOutputs()[IrOutputOf(*call, instance)];
    const ge::DataType dtype =
        *column < p.GetDataTypes().size() ? p.GetDataTypes()[*column] : ge::DT_UNDEFINED;
    call->output_descs[instance] =
        gert::CompileTimeTensorDesc(dtype, gert::StorageFormat(ge::FORMAT_ND, ge::FORMAT_ND));
  }
  const Status inferred = RunInferDataType(def, call);
  (void)op_api::TakeOpError();
  if (!inferred.ok()) return Status::Ok();
  for (size_t k = 0; k < outs; ++k) {
    const auto [first, count] = call->ir_outputs[k];
    if (!given[k] && count > 0) given[k] = call->output_descs[first].GetDataType();
  }
  return SelectColumn(def, *call, column, &given);
}

namespace {

// No InferShape: CANN's single-operator API runs such an op on the output tensors its caller
// made, so the caller's shapes (">NAME", `opsim exec --output-shape`) stand in for it; an output
// without one is refused, naming it.
Status CheckCallerShapesStandIn(const ops::OpDef& def, const CallerOutputShapes* caller) {
  if (def.GetInferShape() != nullptr) return Status::Ok();
  std::string missing;
  for (size_t k = 0; k < def.GetOutputs().size(); ++k) {
    if (caller == nullptr || k >= caller->size() || !(*caller)[k]) {
      missing += (missing.empty() ? "" : ", ") + def.GetOutputs()[k].GetName();
    }
  }
  if (missing.empty()) return Status::Ok();
  return {ErrorCode::kUnsupported,
          def.GetOpType() +
              ": the OpDef sets no InferShape function (SetInferShape), and the caller gives no "
              "shape for output " +
              missing + " (opsim exec --output-shape NAME=d0,d1,...)"};
}

// The OpDef's InferShape and InferDataType, as user code (a crash or a failure is a status).
Status RunInferFunctions(const ops::OpDef& def, gert::OpCallData* call) {
  const std::string& op = def.GetOpType();
  uint32_t rc = ge::GRAPH_SUCCESS;
  if (const auto infer_shape = def.GetInferShape(); infer_shape != nullptr) {
    gert::InferShapeContext shape_context(call);
    OPSIM_RETURN_IF_ERROR(op_api::CallUserCode(
        {op, "InferShape", op_api::CodeAddress(infer_shape), ErrorCode::kGraphInferShapeFuncFail},
        [&] { rc = infer_shape(&shape_context); }));
    if (rc != ge::GRAPH_SUCCESS) {
      return {ErrorCode::kGraphInferShapeFuncFail,
              op + ": its InferShape function failed (returned " + std::to_string(rc) + ")"};
    }
  }
  return RunInferDataType(def, call);
}

}  // namespace

namespace {

// An output's origin shape before InferShape runs: rank 0 with this in dim 0's slot, which any
// write of a dim, of a rank other than 0, or of a whole shape changes. One still equal afterwards
// was left as InferShape found it (or only made rank 0 again).
constexpr int64_t kUnsetMark = std::numeric_limits<int64_t>::min() + 0x5e7;

gert::Shape MarkedShape() {
  gert::Shape s;
  s.SetDimNum(1);
  s.SetDim(0, kUnsetMark);
  s.SetDimNum(0);
  return s;
}

bool SameBytes(const gert::Shape& a, const gert::Shape& b) {
  return std::memcmp(&a, &b, sizeof(gert::Shape)) == 0;
}

// Marks every output's shape unset, runs the infer functions, and reports which outputs they
// left so; those keep an empty rank-0 shape, as before the mark.
Status RunMarkedInfer(const ops::OpDef& def, gert::OpCallData* call, std::vector<bool>* unset) {
  const gert::Shape marked = MarkedShape();
  for (gert::StorageShape& shape : call->output_shapes) shape.MutableOriginShape() = marked;
  OPSIM_RETURN_IF_ERROR(RunInferFunctions(def, call));
  unset->assign(call->output_shapes.size(), false);
  for (size_t k = 0; k < call->output_shapes.size(); ++k) {
    gert::Shape& origin = call->output_shapes[k].MutableOriginShape();
    if (SameBytes(origin, marked)) {
      (*unset)[k] = true;
      origin = gert::Shape();
    }
  }
  return Status::Ok();
}

bool CallerGivesEveryOutput(const ops::OpDef& def, const CallerOutputShapes* caller) {
  if (caller == nullptr || caller->size() < def.GetOutputs().size()) return false;
  for (size_t k = 0; k < def.GetOutputs().size(); ++k) {
    if (!(*caller)[k]) return false;
  }
  return true;
}

}  // namespace

Status InferOutputs(const ops::OpDef& def, size_t column, gert::OpCallData* call,
                    SVector<TensorDesc>* outputs, const CallerOutputShapes* caller,
                    std::vector<bool>* unset) {
  const std::string& op = def.GetOpType();
  if (def.GetOutputs().empty()) {  // an op that only updates inputs in place
    outputs->clear();
    return Status::Ok();
  }
  OPSIM_RETURN_IF_ERROR(CheckCallerShapesStandIn(def, caller));
  for (size_t instance = 0; instance < call->output_descs.size(); ++instance) {
    const ops::OpParamDef& p = def.GetOutputs()[IrOutputOf(*call, instance)];
    const ge::DataType dtype =
        column < p.GetDataTypes().size() ? p.GetDataTypes()[column] : ge::DT_UNDEFINED;
    const ge::Format format =
        column < p.GetFormats().size() ? p.GetFormats()[column] : ge::FORMAT_ND;
    call->output_descs[instance] =
        gert::CompileTimeTensorDesc(dtype, gert::StorageFormat(format, format));
  }
  std::vector<bool> left;
  std::vector<bool>* marks = unset != nullptr ? unset : &left;
  if (Status st = RunMarkedInfer(def, call, marks); !st.ok()) {
    // CANN's single-operator API runs no InferShape: where the caller gives every output's
    // shape, the kernel runs on those, and InferShape's failure (IsinPartV1's reads an input
    // CANN gives no data) is not the call's. The column gives the dtypes.
    if (!CallerGivesEveryOutput(def, caller)) return st;
    marks->assign(call->output_shapes.size(), false);
  }
  outputs->clear();
  for (size_t k = 0; k < call->output_shapes.size(); ++k) {
    const size_t ir = IrOutputOf(*call, k);
    const ops::OpParamDef& p = def.GetOutputs()[ir];
    std::string name = op + ": output " + std::to_string(k) + " (" + p.GetName();
    if (p.GetParamType() == ops::DYNAMIC) {
      name += "[" + std::to_string(k - call->ir_outputs[ir].first) + "]";
    }
    name += ")";
    if (caller != nullptr && ir < caller->size() && (*caller)[ir]) {
      gert::Shape& origin = call->output_shapes[k].MutableOriginShape();
      origin.SetDimNum(0);
      for (int64_t d : *(*caller)[ir]) origin.AppendDim(d);
    }
    const gert::Shape& shape = call->output_shapes[k].GetOriginShape();
    call->output_shapes[k].MutableStorageShape() = shape;
    TensorDesc desc;
    const ge::DataType dtype = call->output_descs[k].GetDataType();
    if (!DTypeFromAcl(static_cast<aclDataType>(dtype))) {
      return {ErrorCode::kInvalidTensorDtype,
              name + " dtype " + DataTypeText(dtype) + " is not one opsim can hold"};
    }
    if (shape.GetDimNum() > MAX_DIM) {
      return {ErrorCode::kInvalidTensorDimNum, name + " has rank " +
                                                   std::to_string(shape.GetDimNum()) +
                                                   " (at most " + std::to_string(MAX_DIM) + ")"};
    }
    desc.dtype = static_cast<aclDataType>(dtype);
    desc.format = static_cast<aclFormat>(call->output_descs[k].GetStorageFormat());
    desc.shape.dimNum = shape.GetDimNum();
    for (size_t i = 0; i < shape.GetDimNum(); ++i) desc.shape.dims[i] = shape.GetDim(i);
    Shape checked;
    OPSIM_RETURN_IF_ERROR(ShapeFromDims(desc.shape, &checked, name));
    outputs->push_back(desc);
  }
  return Status::Ok();
}

namespace {

bool SameDescription(const op_api::PlatformDescription& a, const op_api::PlatformDescription& b) {
  return a.profile == b.profile && a.soc_version == b.soc_version &&
         a.short_soc_version == b.short_soc_version && a.npu_arch == b.npu_arch &&
         a.split_vector_cube == b.split_vector_cube && a.vector_cores == b.vector_cores &&
         a.ub_bytes == b.ub_bytes && a.has_data_copy_pad == b.has_data_copy_pad &&
         a.l1_bytes == b.l1_bytes && a.l0_a_bytes == b.l0_a_bytes && a.l0_b_bytes == b.l0_b_bytes &&
         a.l0_c_bytes == b.l0_c_bytes;
}

}  // namespace

// Each thread builds the table once per chip description and hands out copies, which share it,
// as CANN's copies of PlatformInfoManager's one instance per SoC do (a tiling function's
// SetPlatformRes reaches later calls there too; SetCoreNum stays with its copy). Building the
// table per call was 3 % of a sanitized suite run, whose cases take turns among the devices.
void PlatformFor(const sim::DeviceProfile& device, fe::PlatFormInfos* out) {
  constexpr size_t kKept = 8;  // more chips than a suite names; the oldest goes first
  thread_local std::vector<std::pair<op_api::PlatformDescription, fe::PlatFormInfos>> built;
  const op_api::PlatformDescription wanted = op_api::DescribePlatform(op_api::FiguresOf(device));
  for (const auto& [description, table] : built) {
    if (SameDescription(description, wanted)) {
      *out = table;
      return;
    }
  }
  if (built.size() == kKept) built.erase(built.begin());
  built.emplace_back(wanted, fe::PlatFormInfos());
  op_api::MakePlatformInfos(wanted, &built.back().second);
  *out = built.back().second;
}

}  // namespace opsim
