#include "yaml_limits.h"

#include <set>

namespace opsim::loaders {
namespace {

Status Fail(const std::string& where, const std::string& what) {
  return {ErrorCode::kConfigError, where + ": " + what};
}

std::string At(const YamlFile& file, const YAML::Node& node) {
  const YAML::Mark m = node.Mark();
  if (m.line < 0) return file.path;
  return file.path + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
}

Status Walk(const YamlFile& file, const YAML::Node& node, int depth, size_t* visited) {
  if (++*visited > kMaxYamlNodes) {
    return Fail(At(file, node), "the file expands to more than " + std::to_string(kMaxYamlNodes) +
                                    " YAML nodes (anchors and aliases count each time they are "
                                    "used)");
  }
  if (depth > kMaxYamlDepth) {
    return Fail(At(file, node),
                "YAML nested more than " + std::to_string(kMaxYamlDepth) + " levels deep");
  }
  if (node.IsSequence()) {
    for (const YAML::Node& item : node) OPSIM_RETURN_IF_ERROR(Walk(file, item, depth + 1, visited));
  } else if (node.IsMap()) {
    std::set<std::string> keys;
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (it->first.IsScalar() && !keys.insert(it->first.Scalar()).second) {
        return Fail(At(file, it->first),
                    "'" + it->first.Scalar() + "': the key is given twice in one mapping");
      }
      OPSIM_RETURN_IF_ERROR(Walk(file, it->first, depth + 1, visited));
      OPSIM_RETURN_IF_ERROR(Walk(file, it->second, depth + 1, visited));
    }
  }
  return Status::Ok();
}

}  // namespace

Status CheckYamlText(const std::string& path, const std::string& text) {
  int depth = 0;
  int line = 1;
  char quote = 0;
  bool comment = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      comment = false;
      continue;
    }
    if (comment) continue;
    if (quote != 0) {
      if (c == quote && !(quote == '"' && i > 0 && text[i - 1] == '\\')) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t')) {
      comment = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxYamlDepth) {
        return Fail(path + ":" + std::to_string(line),
                    "YAML nested more than " + std::to_string(kMaxYamlDepth) + " levels deep");
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return Status::Ok();
}

Status CheckYamlTree(const YamlFile& file) {
  size_t visited = 0;
  return Walk(file, file.root, 0, &visited);
}

}  // namespace opsim::loaders
