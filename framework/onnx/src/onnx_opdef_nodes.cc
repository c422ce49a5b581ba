#include "onnx_opdef_nodes.h"

#include <set>
#include <string>
#include <vector>

#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"

namespace opsim::onnx_import {

bool IsOpDefNode(const onnx::NodeProto& node) {
  return op_api::FindOpDef(node.op_type()) != nullptr;
}

Status ImportOpDefNode(const onnx::NodeProto& node, const std::string& label,
                       std::unique_ptr<Operation>* out) {
  using Attr = onnx::AttributeProto;
  AttrMap attrs;
  std::set<std::string> seen;
  for (const Attr& a : node.attribute()) {
    const std::string& key = a.name();
    if (!seen.insert(key).second) {
      return {ErrorCode::kInvalidParam, label + ": attribute '" + key + "' is given twice"};
    }
    switch (a.type()) {
      case Attr::FLOAT: attrs[key] = static_cast<double>(a.f()); break;
      case Attr::INT: attrs[key] = static_cast<int64_t>(a.i()); break;
      case Attr::STRING: attrs[key] = a.s(); break;
      case Attr::INTS: attrs[key] = std::vector<int64_t>(a.ints().begin(), a.ints().end()); break;
      case Attr::FLOATS: {
        std::vector<double> values(a.floats().begin(), a.floats().end());
        attrs[key] = std::move(values);
        break;
      }
      default:
        return {ErrorCode::kUnsupported,
                label + ": attribute '" + key + "' has ONNX type " + std::to_string(a.type()) +
                    "; an OpDef op takes FLOAT, INT, STRING, INTS and FLOATS"};
    }
  }
  Status created =
      SetDynamicInputCount(node.op_type(), static_cast<size_t>(node.input_size()), &attrs);
  if (created.ok()) created = OperationRegistry::Global().Create(node.op_type(), attrs, out);
  if (!created.ok()) return {created.code(), label + ": " + created.message()};
  return Status::Ok();
}

}  // namespace opsim::onnx_import
