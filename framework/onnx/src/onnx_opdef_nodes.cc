#include "onnx_opdef_nodes.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "opsim/op_api/op_registry.h"

namespace opsim::onnx_import {
namespace {

const ops::OpDef* PositionalDef(const onnx::NodeProto& node) {
  const ops::OpDef* def = op_api::FindOpDef(node.op_type());
  if (def == nullptr) return nullptr;
  for (const ops::OpParamDef& p : def->GetInputs()) {
    if (p.GetParamType() == ops::DYNAMIC) return nullptr;
  }
  return def;
}

template <typename T>
std::vector<T> Values(const OnnxTensor& tensor) {
  std::vector<T> values(tensor.data.size() / sizeof(T));
  if (!values.empty()) std::memcpy(values.data(), tensor.data.data(), values.size() * sizeof(T));
  return values;
}

}  // namespace

bool IsDefaultDomain(std::string_view domain) { return domain.empty() || domain == "ai.onnx"; }

bool IsOpDefNode(const onnx::NodeProto& node) {
  return op_api::FindOpDef(node.op_type()) != nullptr;
}

std::string OpDefList() {
  std::string list;
  for (const std::string& name : op_api::OpDefNames()) list += (list.empty() ? "" : ", ") + name;
  return list;
}

std::string NodeLabel(const onnx::NodeProto& node, size_t index, int64_t opset) {
  const std::string who =
      node.name().empty() ? "node #" + std::to_string(index) : "node '" + node.name() + "'";
  std::string op = node.op_type();
  if (!IsDefaultDomain(node.domain())) op = node.domain() + ":" + op;
  return who + " (" + op + ", opset " + std::to_string(opset) + ")";
}

Status ReadNodeAttributes(const onnx::NodeProto& node, const std::string& label, AttrMap* attrs) {
  using Attr = onnx::AttributeProto;
  std::set<std::string> seen;
  for (const Attr& a : node.attribute()) {
    const std::string& key = a.name();
    if (!seen.insert(key).second) {
      return {ErrorCode::kInvalidParam, label + ": attribute '" + key + "' is given twice"};
    }
    if (a.has_ref_attr_name()) {
      return {ErrorCode::kUnsupported, label + ": attribute '" + key +
                                           "' refers to a function attribute, which the importer "
                                           "does not support"};
    }
    // Very old models leave `type` unset; the filled field then says what the value is.
    int type = a.type();
    if (type == Attr::UNDEFINED) type = a.ints_size() > 0 ? Attr::INTS : a.has_i() ? Attr::INT : 0;
    switch (type) {
      case Attr::FLOAT: (*attrs)[key] = static_cast<double>(a.f()); break;
      case Attr::INT: (*attrs)[key] = static_cast<int64_t>(a.i()); break;
      case Attr::STRING: (*attrs)[key] = a.s(); break;
      case Attr::INTS:
        (*attrs)[key] = std::vector<int64_t>(a.ints().begin(), a.ints().end());
        break;
      case Attr::FLOATS:
        (*attrs)[key] = std::vector<double>(a.floats().begin(), a.floats().end());
        break;
      default:
        return {ErrorCode::kUnsupported,
                label + ": attribute '" + key + "' has ONNX type " + std::to_string(type) +
                    "; an OpDef op takes FLOAT, INT, STRING, INTS and FLOATS"};
    }
  }
  return Status::Ok();
}

bool FoldConstant(const onnx::NodeProto& node, size_t k, const OnnxTensor& tensor, std::string* key,
                  AttrValue* value) {
  const ops::OpDef* def = PositionalDef(node);
  if (def == nullptr || k >= def->GetInputs().size() || tensor.dims.size() > 1) return false;
  const ops::OpParamDef& input = def->GetInputs()[k];
  if (input.GetValueDepend() == ops::IGNORE) return false;
  const auto dtype = static_cast<ge::DataType>(AclFromDType(tensor.dtype));
  const auto& list =
      input.GetDataTypeList().empty() ? input.GetDataTypes() : input.GetDataTypeList();
  if (std::find(list.begin(), list.end(), dtype) == list.end()) return false;
  switch (tensor.dtype) {
    case DType::kInt64: *value = Values<int64_t>(tensor); break;
    case DType::kInt32: {
      const std::vector<int32_t> narrow = Values<int32_t>(tensor);
      *value = std::vector<int64_t>(narrow.begin(), narrow.end());
      break;
    }
    case DType::kFloat32: {
      const std::vector<float> floats = Values<float>(tensor);
      *value = std::vector<double>(floats.begin(), floats.end());
      break;
    }
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // not a value input: refused as the other types below
    default: return false;
  }
  *key = input.GetName();
  key->insert(key->begin(), '=');
  return true;
}

}  // namespace opsim::onnx_import
