// Case-suite keys read apart from the rest of a case (case_parse.cc): the attributes, and an
// input's data generator.
#pragma once

#include "case_spec.h"
#include "case_yaml.h"

namespace opsim::cases {

// The `attrs` and `vary` keys of the defaults and of the case, merged: a case's own attribute,
// fixed or varied, replaces the defaults' one of that name.
Status ParseCaseAttrs(const YamlReader& yaml, const Fields& defaults, const Fields& own,
                      CaseSpec* spec);

// An input's `data` key: a kind name, or a mapping with `kind` and that kind's parameters.
Status ParseDataSpec(const YamlReader& yaml, const Entry& e, DataSpec* data);

}  // namespace opsim::cases
