// One strict reading of YAML for every loader (op and graph descriptions, case suites, device
// profiles), so that a file is held to the same rules whichever loader reads it: exactly one
// document, no key twice in a mapping, at most kMaxDepth levels of nesting and at most kMaxNodes
// nodes as anchors and aliases expand (a few lines of aliases can stand for 10^8 entries, and an
// alias inside its own anchor for an endless tree). yaml-cpp alone accepts the first three and
// reports deep nesting as "bad file"; a loader walking an alias bomb runs out of memory.
#pragma once

#include <cstddef>
#include <string>

#include <yaml-cpp/yaml.h>

namespace opsim::yaml {

inline constexpr int kMaxDepth = 128;
inline constexpr size_t kMaxNodes = 1000000;

// What is wrong and where, for the loader to word in its own format ("<file>:<line>:<col>:
// '<key>': <what>" and the like).
struct YamlProblem {
  YAML::Mark mark = YAML::Mark::null_mark();  // 0-based; line -1 when there is no position
  std::string key;                            // the mapping key it concerns, or empty
  std::string what;                           // the rule broken, as a sentence fragment
};

// Parses `text` as one YAML document within the limits above. An empty text gives a null root.
// Returns false with *problem filled in on a syntax error or a broken rule; never throws.
bool ParseStrictYaml(const std::string& text, YAML::Node* root, YamlProblem* problem);

// Scalars a loader must refuse where it types a value, so that a file cannot mean something other
// than it says. An unquoted yes/no/on/off (any case): a bool in YAML 1.1, a string in YAML 1.2 and
// yaml-cpp, so `keep_dims: yes` would reach the operator as the text "yes".
bool IsYaml11Bool(const YAML::Node& node);
// An unquoted number written past a double's range ("1e400"), which strtod reads as infinity.
bool IsBeyondDouble(const YAML::Node& node);

}  // namespace opsim::yaml
