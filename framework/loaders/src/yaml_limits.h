// What a description file may be, beyond YAML's own syntax: one document, no key twice in a
// mapping, and bounded in nesting and in the nodes it expands to (anchors and aliases can make a
// few lines stand for millions of nodes). Each violation is kConfigError at the line it is on.
#pragma once

#include <string>

#include "opsim/core/status.h"
#include "yaml_read.h"

namespace opsim::loaders {

inline constexpr int kMaxYamlDepth = 128;
inline constexpr size_t kMaxYamlNodes = 1000000;

// Before parsing: `[`/`{` nesting deeper than kMaxYamlDepth (outside quotes and comments), which
// yaml-cpp's recursive parser reports only as "bad file".
Status CheckYamlText(const std::string& path, const std::string& text);
// After parsing: repeated keys, nesting and the number of nodes, walking aliases as they expand.
Status CheckYamlTree(const YamlFile& file);

}  // namespace opsim::loaders
