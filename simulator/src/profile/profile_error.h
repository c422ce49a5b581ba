// Error messages for device profiles: every one names the file, the line:column and the field,
// so a user can jump straight to the offending text.
#pragma once

#include <string>
#include <string_view>

#include <yaml-cpp/mark.h>

#include "opsim/core/status.h"

namespace opsim::sim::profile {

// "<file>:<line>:<column>: field '<field>': <what>" with 1-based line and column; without the
// field part when field is empty (errors about the document as a whole, such as YAML syntax).
// A null mark (yaml-cpp has no position) prints as line 1, column 1 so the format stays parseable.
Status ProfileError(const std::string& file, const YAML::Mark& mark, std::string_view field,
                    std::string_view what);

// The first mark that carries a position: nodes created for missing values have none.
YAML::Mark KnownMark(const YAML::Mark& preferred, const YAML::Mark& fallback);

}  // namespace opsim::sim::profile
