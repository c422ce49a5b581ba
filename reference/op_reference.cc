#include "opsim/reference/op_reference.h"

#include <utility>

#include "argmax/argmax_op_reference.h"
#include "elementwise/elementwise_op_reference.h"
#include "reduce/reduce_family_op_reference.h"
#include "reduce/reduce_op_reference.h"

namespace opsim::ref {

ReferenceRegistry& ReferenceRegistry::Global() {
  // Registered on first use rather than by static initialisers: nothing in a shared library
  // whose symbols no one names is guaranteed to be loaded, let alone initialised.
  static ReferenceRegistry* registry = [] {
    auto* r = new ReferenceRegistry();
    // Fixed, distinct names into an empty registry: these cannot clash.
    (void)RegisterReduceReferences(*r);
    (void)RegisterArgMaxReferences(*r);
    (void)RegisterReduceFamilyReferences(*r);
    (void)RegisterElementwiseReferences(*r);
    return r;
  }();
  return *registry;
}

Status ReferenceRegistry::Register(std::string op, std::shared_ptr<const OpReference> reference) {
  if (op.empty()) {
    return {ErrorCode::kInvalidParam, "reference registry: the operator name is empty"};
  }
  if (reference == nullptr) {
    return {ErrorCode::kInvalidParam, "reference registry: the reference of '" + op + "' is null"};
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (references_.count(op) != 0) {
    return {ErrorCode::kInvalidParam,
            "reference registry: '" + op + "' already has a reference (one per operator)"};
  }
  references_.emplace(std::move(op), std::move(reference));
  return Status::Ok();
}

std::shared_ptr<const OpReference> ReferenceRegistry::Find(std::string_view op) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = references_.find(op);
  return it == references_.end() ? nullptr : it->second;
}

std::vector<std::string> ReferenceRegistry::Names() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> names;
  for (const auto& [name, reference] : references_) names.push_back(name);
  return names;
}

}  // namespace opsim::ref
