#include "arg_names.h"

#include <cctype>

namespace opsim::cpudebug {
namespace {

std::string Trim(const std::string& s) {
  size_t begin = 0;
  size_t end = s.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(s[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(s[end - 1]))) --end;
  return s.substr(begin, end - begin);
}

// Index of the ')' closing the '(' at `open`, or npos.
size_t ClosingParen(const std::string& s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    if (s[i] == ')' && --depth == 0) return i;
  }
  return std::string::npos;
}

// "(uint8_t *)x" -> "x"; "(x)" and "(a + b) * 2" stay as they are.
std::string WithoutLeadingCast(std::string s) {
  while (!s.empty() && s[0] == '(') {
    const size_t close = ClosingParen(s, 0);
    if (close == std::string::npos || close + 1 >= s.size()) break;
    const std::string rest = Trim(s.substr(close + 1));
    const unsigned char first = rest.empty() ? 0 : static_cast<unsigned char>(rest[0]);
    if (!(std::isalpha(first) || first == '_' || first == '(')) break;
    s = rest;
  }
  return s;
}

}  // namespace

std::vector<std::string> ArgumentNames(const std::string& text, uint32_t count) {
  std::vector<std::string> names;
  std::string current;
  int depth = 0;
  for (char c : text) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      names.push_back(WithoutLeadingCast(Trim(current)));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!Trim(current).empty() || !names.empty()) names.push_back(WithoutLeadingCast(Trim(current)));
  bool usable = names.size() == count;
  for (const std::string& n : names) usable = usable && !n.empty();
  if (!usable) {
    names.clear();
    for (uint32_t i = 0; i < count; ++i) names.push_back("arg" + std::to_string(i));
  }
  return names;
}

}  // namespace opsim::cpudebug
