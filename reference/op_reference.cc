#include "opsim/reference/op_reference.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

// RegisterOperatorReferences: each operator of OPSIM_OPERATORS registers its references
// (reference/CMakeLists.txt writes it from the list, so adding an operator edits no file here).
#include "opsim_reference_operators.inc"

namespace opsim::ref {

ReferenceRegistry& ReferenceRegistry::Global() {
  // Registered on first use rather than by static initialisers: nothing in a shared library
  // whose symbols no one names is guaranteed to be loaded, let alone initialised.
  static ReferenceRegistry* registry = [] {
    auto* r = new ReferenceRegistry();
    // Each operator registers fixed names into this empty registry; two operators claiming one
    // name is a bug of the list, and fatal: every suite of the loser would judge against the
    // winner's reference.
    if (const Status st = RegisterOperatorReferences(*r); !st.ok()) {
      std::fprintf(stderr, "opsim: registering the operators' references failed: %s\n",
                   st.ToString().c_str());
      std::abort();
    }
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
