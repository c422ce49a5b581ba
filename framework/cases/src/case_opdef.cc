#include "case_opdef.h"

#include <cstring>
#include <memory>

#include "opsim/cases/case_data.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"
#include "opsim/op_api/user_call.h"

namespace opsim::cases {
namespace {

// A case input's values as a constant attribute: int64/int32 as an int list, float32 as a float
// list; false for other dtypes (the input then goes in the pack as a tensor).
bool ConstantValue(const CaseInput& in, AttrValue* out) {
  std::vector<uint8_t> bytes;
  if (in.data.kind == DataKind::kNpy) {
    bytes = *in.data.npy_bytes;
  } else if (in.data.kind != DataKind::kValues ||
             !EncodeValues(in.data.values, in.dtype, &bytes).ok()) {
    return false;
  }
  auto read = [&](auto sample) {
    using T = decltype(sample);
    std::vector<T> values(bytes.size() / sizeof(T));
    if (!values.empty()) std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
  };
  if (in.dtype == DType::kInt64) {
    *out = read(int64_t{});
  } else if (in.dtype == DType::kInt32) {
    const std::vector<int32_t> v = read(int32_t{});
    *out = std::vector<int64_t>(v.begin(), v.end());
  } else if (in.dtype == DType::kFloat32) {
    const std::vector<float> v = read(float{});
    *out = std::vector<double>(v.begin(), v.end());
  } else {
    return false;
  }
  return true;
}

}  // namespace

AttrValue AsDeclared(std::string_view op, const std::string& name, const AttrChoice& choice) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return choice.value;
  for (const ops::OpAttrDef& a : def->GetAttrs()) {
    if (a.GetName() != name) continue;
    using Kind = ops::OpAttrDef::Kind;
    switch (a.GetKind()) {
      case Kind::kFloat:
        if (const auto* i = std::get_if<int64_t>(&choice.value)) return static_cast<double>(*i);
        break;
      case Kind::kListFloat:
        if (const auto* l = std::get_if<std::vector<int64_t>>(&choice.value)) {
          return std::vector<double>(l->begin(), l->end());
        }
        break;
      case Kind::kString:
        if (!std::holds_alternative<std::string>(choice.value)) return choice.text;
        break;
      default: break;
    }
  }
  return choice.value;
}

Status DryRun(const std::string& op, const AttrMap& attrs, const std::vector<CaseInput>& inputs,
              std::vector<Inferred>* outputs) {
  std::unique_ptr<Operation> operation;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(op, attrs, &operation));
  SVector<TensorDesc> in_descs;
  for (const CaseInput& in : inputs) {
    if (in.constant) continue;
    if (in_descs.size() == SVector<TensorDesc>::kCapacity) {
      return {ErrorCode::kInvalidParam,
              "more than " + std::to_string(SVector<TensorDesc>::kCapacity) + " inputs"};
    }
    Shape shape;
    OPSIM_RETURN_IF_ERROR(Shape::Make(in.shape.data(), in.shape.size(), &shape, "input shape"));
    TensorDesc d;
    d.dtype = AclFromDType(in.dtype);
    d.format = ACL_FORMAT_ND;
    d.shape = DimsFromShape(shape);
    in_descs.push_back(d);
  }
  SVector<TensorDesc> out_descs;
  OPSIM_RETURN_IF_ERROR(operation->InferShape(in_descs, out_descs));
  for (const TensorDesc& d : out_descs) {
    const std::optional<DType> dtype = DTypeFromAcl(d.dtype);
    if (!dtype || d.shape.dimNum > MAX_DIM) {
      return {ErrorCode::kInvalidParam,
              op + ": inferred output " + ToString(d) + " has no dtype or rank opsim holds"};
    }
    outputs->push_back(
        Inferred{*dtype, std::vector<int64_t>(d.shape.dims, d.shape.dims + d.shape.dimNum)});
  }
  return Status::Ok();
}

Status BindOpDefInputs(const std::string& op, Case* c) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return Status::Ok();
  const std::vector<ops::OpParamDef>& params = def->GetInputs();
  for (const ops::OpParamDef& p : params) {
    if (p.GetParamType() == ops::DYNAMIC) return Status::Ok();
  }
  if (c->inputs.size() > params.size()) {
    return {ErrorCode::kInvalidParam, std::to_string(c->inputs.size()) + " inputs, " + op +
                                          " takes " + std::to_string(params.size())};
  }
  std::vector<bool> given(c->inputs.size(), true);
  for (size_t k = 0; k < c->inputs.size(); ++k) {
    CaseInput& in = c->inputs[k];
    AttrValue value;
    if (params[k].GetValueDepend() != ops::IGNORE && in.shape.size() <= 1 &&
        ConstantValue(in, &value)) {
      c->attrs["=" + params[k].GetName()] = std::move(value);
      in.constant = true;
    }
  }
  return MarkGivenInputs(op, given, &c->attrs);
}

}  // namespace opsim::cases
