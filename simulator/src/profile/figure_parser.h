// Reads one figure: `{value: <number or bool>, source: "..."}` or `{value: ..., assumption:
// "..."}`.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "opsim/core/status.h"
#include "opsim/sim/device_profile.h"
#include "profile_fields.h"

namespace opsim::sim::profile {

// Parses node as the figure spec.name, stores the value into *profile and the provenance
// ("source: ..." or "assumption: ...") into profile->provenance. key_mark locates the field's
// key, for errors about a node that has no position of its own.
Status ParseFigure(const std::string& file, const FieldSpec& spec, const YAML::Node& node,
                   const YAML::Mark& key_mark, DeviceProfile* profile);

// A short description of what a node is, for "got ..." in type errors.
std::string DescribeNode(const YAML::Node& node);

}  // namespace opsim::sim::profile
