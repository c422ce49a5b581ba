// Operation registry: operator name -> factory from an attribute map. Loaders (YAML, ONNX)
// create operations through it, so a new operator plugs in by registering a factory; the
// runtime never names an operator.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "opsim/core/attr_map.h"
#include "opsim/core/operation.h"
#include "opsim/core/status.h"

namespace opsim {

// Operators with a DYNAMIC input (AddN's x) take a number of tensors there that the caller
// chooses: the attribute "@<input name>" (an int >= 1) carries it to the operation. A door that
// knows how many tensors a node passes (a YAML node, an ONNX node, `opsim exec`) calls this to
// set it: when `op` has exactly one DYNAMIC input, it takes what the fixed inputs leave. Nothing
// changes for other operators. kInvalidParam when the tensors cannot cover the fixed inputs.
Status SetDynamicInputCount(std::string_view op, size_t given_inputs, AttrMap* attrs);
// The same for a DYNAMIC output (ForeachAbs' y, a list as long as the caller's): a door that
// knows how many outputs a node has calls this.
Status SetDynamicOutputCount(std::string_view op, size_t given_outputs, AttrMap* attrs);

// An OpDef's OPTIONAL inputs are absent unless the call gives them: "+<name>": true for a tensor
// in the pack, "=<name>" for a constant (docs/OPERATORS.md). A door that lists a node's tensors
// (an ONNX node, where "" leaves one out; a YAML node; `opsim exec`) says with `present[k]`
// whether it has a tensor for the OpDef's k-th input (missing entries: none); each OPTIONAL one it
// has is marked present. kInvalidInTensorNum naming the op and the input when a REQUIRED one is
// left out. Nothing changes for names that are no OpDef or have a DYNAMIC input (its tensors shift
// the positions).
Status MarkGivenInputs(std::string_view op, const std::vector<bool>& present, AttrMap* attrs);

using OperationFactory =
    std::function<Status(const AttrMap& attrs, std::unique_ptr<Operation>* out)>;

class OperationRegistry {
 public:
  // `answers_opdefs`: whether names no factory has are looked up among the OpDefs (Global's do).
  explicit OperationRegistry(bool answers_opdefs = true) : answers_opdefs_(answers_opdefs) {}

  // The process-wide registry; OpDefs (ours in opsim_ops, and loaded libraries') answer names
  // no factory has.
  static OperationRegistry& Global();
  // The AI CPU kernels of CANN's built-in operators, by CANN's op type ("Less"): what an op-API
  // layer's ADD_TO_LAUNCHER_LIST_AICPU runs (aicpu/, where each registers itself). Apart from
  // Global(), where the same type may name an AI Core OpDef; it answers only its own kernels.
  static OperationRegistry& AiCpu();

  // kInvalidParam when the name is empty, taken, or the factory is empty.
  Status Register(std::string name, OperationFactory factory);
  // kInvalidParam naming the unknown operator and the registered ones; else the factory's status.
  Status Create(std::string_view name, const AttrMap& attrs, std::unique_ptr<Operation>* out) const;
  bool Contains(std::string_view name) const;
  std::vector<std::string> Names() const;  // sorted

 private:
  const bool answers_opdefs_;
  mutable std::mutex mutex_;
  std::map<std::string, OperationFactory, std::less<>> factories_;
};

}  // namespace opsim
