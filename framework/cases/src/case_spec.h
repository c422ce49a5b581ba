// One `cases:` entry of a suite as read and checked from YAML, before expansion (case_parse.cc
// reads it, case_expand.cc expands it into concrete Cases).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "opsim/cases/case.h"
#include "opsim/core/status.h"

namespace opsim::cases {

// One value an attribute takes, typed from how YAML wrote it (see case_parse_attrs.cc), with its
// text for case names and for the op's declared type (an OpDef's Float given 1 becomes 1.0).
struct AttrChoice {
  AttrValue value;
  std::string text;
  bool quoted = false;  // written in quotes: a string whatever it looks like
};

// An attribute fixed (one choice) or varied (`vary:`, one concrete case per choice).
struct AttrSpec {
  std::string name;
  std::vector<AttrChoice> choices;
  bool varied = false;
  SourceMark mark;
};

struct InputSpec {
  std::string npy;             // a .npy file (resolved path): it gives dtype, shape and bytes
  std::optional<DType> dtype;  // nullopt: the case's expanded dtype
  std::vector<int64_t> shape;
  DataSpec data;
  SourceMark mark;
};

// Output i's expected values, or a .npy file (path resolved against the suite's folder).
struct ExpectedSpec {
  std::vector<CaseValue> values;
  std::string npy;
  SourceMark mark;
};

struct CaseSpec {
  std::string name;
  SourceMark mark;
  std::vector<std::pair<std::string, SourceMark>> ops;
  std::vector<AttrSpec> attrs;  // by name
  bool all_dtypes = false;
  std::vector<std::pair<DType, SourceMark>> dtypes;  // empty and !all_dtypes: inputs name theirs
  SourceMark dtypes_mark;
  std::vector<InputSpec> inputs;
  std::vector<std::string> devices;
  uint64_t seed = 0;
  std::vector<std::optional<ExpectedSpec>> expected;  // by output
  std::vector<std::optional<std::vector<int64_t>>> expected_shapes;
  SourceMark expected_shape_mark;
  std::optional<ToleranceOverride> tolerance;
  std::string skip;
};

// Reads one suite document: its name (unchanged when the file gives none) and its entries.
Status ParseSuite(const std::string& file, const YAML::Node& root,
                  const std::vector<std::string>& known_devices, std::string* suite,
                  std::vector<CaseSpec>* specs);

// Expands one entry into concrete cases, creating each (op, attributes, dtype) through the
// registry and inferring its outputs, so that a suite that loads runs. `select` (may be empty)
// keeps only the cases whose full name it accepts; the others are not expanded.
Status ExpandCase(const std::string& suite, const CaseSpec& spec,
                  const std::function<bool(const std::string&)>& select, std::vector<Case>* out);

}  // namespace opsim::cases
