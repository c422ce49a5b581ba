#include "onnx_nodes.h"

#include <cstring>
#include <set>
#include <utility>

#include "bool_reduce_operation.h"
#include "onnx_tensor.h"
#include "opsim/core/shape.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::onnx_import {
namespace {

using Attr = onnx::AttributeProto;

struct OpRow {
  const char* op_type;
  int64_t axes_input_since;  // the opset from which axes is an input, not an attribute
  int64_t bool_since;        // the opset from which bool input is allowed; 0: never
};

constexpr OpRow kOps[] = {
    {"ReduceMax", 18, 20},
    {"ReduceMin", 18, 20},
    {"ReduceProd", 18, 0},
    {"ReduceSum", 13, 0},
};

const OpRow* FindOp(std::string_view domain, std::string_view op_type) {
  if (!IsDefaultDomain(domain)) return nullptr;
  for (const OpRow& row : kOps) {
    if (op_type == row.op_type) return &row;
  }
  return nullptr;
}

const char* AttrTypeText(int type) {
  switch (type) {
    case Attr::FLOAT: return "FLOAT";
    case Attr::INT: return "INT";
    case Attr::STRING: return "STRING";
    case Attr::TENSOR: return "TENSOR";
    case Attr::GRAPH: return "GRAPH";
    case Attr::FLOATS: return "FLOATS";
    case Attr::INTS: return "INTS";
    case Attr::STRINGS: return "STRINGS";
    default: return "another type";
  }
}

// Very old models leave `type` unset; the filled field then says what the value is.
int AttrType(const Attr& a) {
  if (a.type() != Attr::UNDEFINED) return a.type();
  if (a.ints_size() > 0) return Attr::INTS;
  if (a.has_i()) return Attr::INT;
  return Attr::UNDEFINED;
}

Status ReadAttributes(const NodeImport& in, const OpRow& op, const std::string& label,
                      AttrMap* attrs) {
  const bool axes_attr = in.opset < op.axes_input_since;
  std::set<std::string> seen;
  for (const Attr& a : in.node->attribute()) {
    const std::string& key = a.name();
    if (!seen.insert(key).second) {
      return {ErrorCode::kInvalidParam, label + ": attribute '" + key + "' is given twice"};
    }
    if (a.has_ref_attr_name()) {
      return {ErrorCode::kUnsupported, label + ": attribute '" + key +
                                           "' refers to a function attribute, which the importer "
                                           "does not support"};
    }
    const bool known = key == "keepdims" || (axes_attr && key == "axes") ||
                       (!axes_attr && key == "noop_with_empty_axes");
    if (!known) {
      return {ErrorCode::kInvalidParam,
              label + ": unknown attribute '" + key + "' (known at this opset: " +
                  (axes_attr ? "axes, keepdims" : "keepdims, noop_with_empty_axes") + ")"};
    }
    const int want = key == "axes" ? Attr::INTS : Attr::INT;
    if (AttrType(a) != want) {
      return {ErrorCode::kInvalidParam, label + ": attribute '" + key + "' is " +
                                            AttrTypeText(AttrType(a)) + " (expected " +
                                            AttrTypeText(want) + ")"};
    }
    if (want == Attr::INTS) {
      (*attrs)[key] = std::vector<int64_t>(a.ints().begin(), a.ints().end());
    } else {
      (*attrs)[key] = static_cast<int64_t>(a.i());
    }
  }
  return Status::Ok();
}

// From the axes opset on, input 1 (optional, "" when left out) carries the axes: the importer
// needs its value to create the operation, so it must be a constant.
Status ReadAxesInput(const NodeImport& in, const std::string& label, AttrMap* attrs) {
  const onnx::NodeProto& node = *in.node;
  if (node.input_size() < 2 || node.input(1).empty()) return Status::Ok();
  const std::string& name = node.input(1);
  const OnnxTensor* axes = in.constant(name);
  if (axes == nullptr) {
    return {ErrorCode::kUnsupported,
            label + ": input 1 (axes) '" + name +
                "' is not a constant; the importer needs the axes at load time (give it as an "
                "initializer or as a value of OnnxLoadOptions::input_values)"};
  }
  if (axes->dtype != DType::kInt64) {
    return {ErrorCode::kInvalidTensorDtype, label + ": input 1 (axes) '" + name + "' is " +
                                                std::string(DTypeName(axes->dtype)) +
                                                " (expected int64)"};
  }
  if (axes->dims.size() > 1) {
    return {ErrorCode::kInvalidTensorDimNum, label + ": input 1 (axes) '" + name + "' is " +
                                                 DimsToString(axes->dims) +
                                                 " (expected a 1-D tensor)"};
  }
  std::vector<int64_t> values(axes->data.size() / sizeof(int64_t));
  if (!values.empty()) std::memcpy(values.data(), axes->data.data(), axes->data.size());
  (*attrs)["axes"] = std::move(values);
  return Status::Ok();
}

}  // namespace

bool IsDefaultDomain(std::string_view domain) { return domain.empty() || domain == "ai.onnx"; }

bool IsSupportedOp(std::string_view domain, std::string_view op_type) {
  return FindOp(domain, op_type) != nullptr;
}

std::string SupportedOpList() {
  std::string s;
  for (const OpRow& row : kOps) s += (s.empty() ? "" : ", ") + std::string(row.op_type);
  return s;
}

std::string NodeLabel(const onnx::NodeProto& node, size_t index, int64_t opset) {
  const std::string who =
      node.name().empty() ? "node #" + std::to_string(index) : "node '" + node.name() + "'";
  std::string op = node.op_type();
  if (!IsDefaultDomain(node.domain())) op = node.domain() + ":" + op;
  return who + " (" + op + ", opset " + std::to_string(opset) + ")";
}

Status ImportNode(const NodeImport& in, std::unique_ptr<Operation>* out) {
  const onnx::NodeProto& node = *in.node;
  const std::string label = NodeLabel(node, in.index, in.opset);
  const OpRow* op = FindOp(node.domain(), node.op_type());
  if (op == nullptr) {
    return {ErrorCode::kUnsupported,
            label + ": op type '" + node.op_type() + "'" +
                (IsDefaultDomain(node.domain()) ? "" : " of domain '" + node.domain() + "'") +
                " is not supported (supported: " + SupportedOpList() + ")"};
  }
  const bool axes_input = in.opset >= op->axes_input_since;
  const int max_inputs = axes_input ? 2 : 1;
  if (node.input_size() < 1 || node.input(0).empty() || node.input_size() > max_inputs) {
    return {ErrorCode::kInvalidInTensorNum,
            label + ": has " + std::to_string(node.input_size()) + " inputs (expected " +
                (axes_input ? "data and an optional axes" : "1: data; axes is an attribute") +
                " at this opset)"};
  }
  if (node.output_size() != 1 || node.output(0).empty()) {
    return {ErrorCode::kInvalidTensorNum,
            label + ": has " + std::to_string(node.output_size()) + " outputs (expected 1, named)"};
  }
  AttrMap attrs;
  OPSIM_RETURN_IF_ERROR(ReadAttributes(in, *op, label, &attrs));
  if (axes_input) OPSIM_RETURN_IF_ERROR(ReadAxesInput(in, label, &attrs));

  const bool is_bool = in.data_desc.dtype == ACL_BOOL;
  if (is_bool && (op->bool_since == 0 || in.opset < op->bool_since)) {
    return {ErrorCode::kInvalidTensorDtype,
            label + ": input 0 '" + node.input(0) + "' is bool, which " + node.op_type() +
                " does not take at this opset (ReduceMax and ReduceMin take bool from opset 20)"};
  }
  std::unique_ptr<Operation> operation;
  const Status created = OperationRegistry::Global().Create(op->op_type, attrs, &operation);
  if (!created.ok()) return {created.code(), label + ": " + created.message()};
  if (is_bool) operation = MakeBoolReduceOperation(std::move(operation));
  *out = std::move(operation);
  return Status::Ok();
}

}  // namespace opsim::onnx_import
