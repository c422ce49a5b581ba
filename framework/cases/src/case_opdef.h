// What expanding a case asks of its operator (case_expand.cc): attribute values typed as the
// OpDef declares them, the case's inputs bound onto the OpDef's, and a dry run that creates the
// operation and infers its outputs, so that a case the operator refuses is a suite error.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "case_spec.h"
#include "opsim/cases/case.h"
#include "opsim/core/attr_map.h"
#include "opsim/core/status.h"

namespace opsim::cases {

// A YAML-typed value as the type the op's OpDef declares, where YAML cannot tell: 1 for a
// Float, [1, 2] for a ListFloat, a number for a String. Undeclared names and ops without an
// OpDef keep the YAML type; the operation reports what it does not accept.
AttrValue AsDeclared(std::string_view op, const std::string& name, const AttrChoice& choice);

struct Inferred {
  DType dtype;
  std::vector<int64_t> shape;
};

// Creates the operation and infers its outputs from the inputs' descriptions (constant inputs
// are the operation's own).
Status DryRun(const std::string& op, const AttrMap& attrs, const std::vector<CaseInput>& inputs,
              std::vector<Inferred>* outputs);

// The case's inputs onto an OpDef's, by position, as `opsim exec` binds files: a ValueDepend
// input with written values (or a file) of rank <= 1 becomes the operation's constant; every
// OPTIONAL input the case gives is marked present. Ops with a DYNAMIC input take their tensors
// as SetDynamicInputCount counted them; names without an OpDef are left alone.
Status BindOpDefInputs(const std::string& op, Case* c);

}  // namespace opsim::cases
