#include "opsim/yaml/strict_yaml.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>
#include <vector>

#include <yaml-cpp/depthguard.h>

#include "yaml_documents.h"

namespace opsim::yaml {
namespace {

std::string DepthRule() {
  return "YAML nested more than " + std::to_string(kMaxDepth) + " levels deep";
}

// Every node as the loaders will see it: an alias is walked each time it is used, so `visited`
// counts the expanded tree and an alias inside its own anchor meets the depth limit.
bool Walk(const YAML::Node& node, int depth, size_t* visited, YamlProblem* problem) {
  if (++*visited > kMaxNodes) {
    *problem = {node.Mark(), "",
                "the file expands to more than " + std::to_string(kMaxNodes) +
                    " YAML nodes (anchors and aliases count each time they are used)"};
    return false;
  }
  if (depth > kMaxDepth) {
    *problem = {node.Mark(), "", DepthRule()};
    return false;
  }
  if (node.IsSequence()) {
    for (const YAML::Node& item : node) {
      if (!Walk(item, depth + 1, visited, problem)) return false;
    }
  } else if (node.IsMap()) {
    std::set<std::string> keys;
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (it->first.IsScalar() && !keys.insert(it->first.Scalar()).second) {
        *problem = {it->first.Mark(), it->first.Scalar(), "the key appears twice in one mapping"};
        return false;
      }
      if (!Walk(it->first, depth + 1, visited, problem)) return false;
      if (!Walk(it->second, depth + 1, visited, problem)) return false;
    }
  }
  return true;
}

}  // namespace

bool ParseStrictYaml(const std::string& text, YAML::Node* root, YamlProblem* problem) {
  // Not YAML::LoadAll, which never returns on some malformed text (yaml_documents.h): the first
  // document through YAML::Load, the others only counted.
  constexpr size_t kCountUpTo = 64;
  std::vector<YAML::Mark> documents;
  YAML::Node document;
  try {
    documents = YamlDocumentMarks(text, kCountUpTo);
    if (!documents.empty()) document = YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp's own guard (its parser recurses per level) says only "bad file".
    *problem = {e.mark, "", DepthRule()};
    return false;
  } catch (const YAML::Exception& e) {
    *problem = {e.mark, "", "YAML syntax error: " + e.msg};
    return false;
  }
  if (documents.size() > 1) {
    *problem = {documents[1], "",
                "the file holds " + std::to_string(documents.size()) +
                    (documents.size() == kCountUpTo ? " or more" : "") +
                    " YAML documents, this is the second (expected exactly one; remove the "
                    "'---')"};
    return false;
  }
  size_t visited = 0;
  if (!Walk(document, 0, &visited, problem)) return false;
  *root = document;
  return true;
}

bool IsYaml11Bool(const YAML::Node& node) {
  if (!node.IsScalar() || node.Tag() == "!") return false;
  std::string s = node.Scalar();
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s == "yes" || s == "no" || s == "on" || s == "off";
}

bool IsBeyondDouble(const YAML::Node& node) {
  if (!node.IsScalar() || node.Tag() == "!" || node.Scalar().empty()) return false;
  const std::string& s = node.Scalar();
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && errno == ERANGE && std::isinf(value);
}

}  // namespace opsim::yaml
