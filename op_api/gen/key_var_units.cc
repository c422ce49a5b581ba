// TILING_KEY_VAR in a kernel's preprocessor conditions (key_var_units.h).
#include "key_var_units.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <regex>
#include <sstream>

namespace opsim::op_gen {
namespace {

namespace fs = std::filesystem;

bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `name` occurs in `text` as a whole identifier.
bool HasToken(const std::string& text, const std::string& name) {
  for (size_t pos = text.find(name); pos != std::string::npos; pos = text.find(name, pos + 1)) {
    const bool start = pos == 0 || !IsIdentChar(text[pos - 1]);
    const size_t end = pos + name.size();
    if (start && (end >= text.size() || !IsIdentChar(text[end]))) return true;
  }
  return false;
}

// The text without comments, continuation lines joined, split into lines.
std::vector<std::string> LogicalLines(const std::string& text) {
  std::string clean;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "//") == 0) {
      while (i < text.size() && text[i] != '\n') ++i;
      if (i < text.size()) clean += '\n';
    } else if (text.compare(i, 2, "/*") == 0) {
      const size_t end = text.find("*/", i + 2);
      i = end == std::string::npos ? text.size() : end + 1;
      clean += ' ';
    } else if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
      ++i;
    } else {
      clean += text[i];
    }
  }
  std::vector<std::string> lines;
  std::istringstream in(clean);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string Trim(const std::string& s) {
  size_t b = 0;
  size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

void ScanFile(const std::string& path, KeyVarUse* use) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  for (const std::string& raw : LogicalLines(ss.str())) {
    const std::string line = Trim(raw);
    if (line.empty() || line[0] != '#') {
      if (HasToken(line, "TILING_KEY_VAR") || HasToken(line, "TILING_KEY_IS") ||
          HasToken(line, "TILING_KEY_LIST")) {
        use->in_code = true;
      }
      continue;
    }
    const std::string directive = Trim(line.substr(1));
    size_t word = 0;
    while (word < directive.size() && IsIdentChar(directive[word])) ++word;
    const std::string name = directive.substr(0, word);
    const std::string rest = Trim(directive.substr(word));
    if ((name == "if" || name == "elif") && HasToken(rest, "TILING_KEY_VAR")) {
      use->conditions.push_back(rest);
    } else if (name == "define") {
      size_t end = 0;
      while (end < rest.size() && IsIdentChar(rest[end])) ++end;
      if (end > 0 && (end == rest.size() || rest[end] != '(')) {
        use->macros[rest.substr(0, end)] = Trim(rest.substr(end));
      }
    }
  }
}

// A preprocessor expression over integers, three-valued: nullopt where a name it does not know
// decides the value.
class Evaluator {
 public:
  Evaluator(const std::string& text, uint64_t key, const std::map<std::string, std::string>& macros,
            int depth)
      : text_(text), key_(key), macros_(macros), depth_(depth) {}

  bool Run(long long* value) {
    const std::optional<long long> v = Conditional();
    Space();
    if (failed_ || pos_ != text_.size() || !v) return false;
    *value = *v;
    return true;
  }

 private:
  using Value = std::optional<long long>;

  void Space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool Take(const char* op) {
    Space();
    const std::string s(op);
    if (text_.compare(pos_, s.size(), s) != 0) return false;
    // "<" is not "<<" or "<=", "&" is not "&&", "|" is not "||", "!" is not "!=", "=" alone none.
    const char next = pos_ + s.size() < text_.size() ? text_[pos_ + s.size()] : '\0';
    if (s.size() == 1 && (next == s[0] || next == '=') && s != "(" && s != ")" && s != "~" &&
        s != "?" && s != ":")
      return false;
    pos_ += s.size();
    return true;
  }

  Value Conditional() {
    const Value c = Binary(0);
    if (!Take("?")) return c;
    const Value a = Conditional();
    if (!Take(":")) failed_ = true;
    const Value b = Conditional();
    if (c) return *c != 0 ? a : b;
    return a && b && *a == *b ? a : std::nullopt;
  }

  // Binary operators by precedence, lowest first.
  Value Binary(int level) {
    static const std::vector<std::vector<const char*>> kLevels = {{"||"},
                                                                  {"&&"},
                                                                  {"|"},
                                                                  {"^"},
                                                                  {"&"},
                                                                  {"==", "!="},
                                                                  {"<=", ">=", "<", ">"},
                                                                  {"<<", ">>"},
                                                                  {"+", "-"},
                                                                  {"*", "/", "%"}};
    if (level == static_cast<int>(kLevels.size())) return Unary();
    Value left = Binary(level + 1);
    for (;;) {
      const char* op = nullptr;
      for (const char* candidate : kLevels[level]) {
        if (Take(candidate)) {
          op = candidate;
          break;
        }
      }
      if (op == nullptr) return left;
      left = Apply(op, left, Binary(level + 1));
    }
  }

  static Value Apply(const std::string& op, Value a, Value b) {
    if (op == "&&") {
      if ((a && *a == 0) || (b && *b == 0)) return 0;
      return a && b ? Value(1) : std::nullopt;
    }
    if (op == "||") {
      if ((a && *a != 0) || (b && *b != 0)) return 1;
      return a && b ? Value(0) : std::nullopt;
    }
    if (!a || !b) return std::nullopt;
    const long long x = *a;
    const long long y = *b;
    if (op == "|") return x | y;
    if (op == "^") return x ^ y;
    if (op == "&") return x & y;
    if (op == "==") return x == y;
    if (op == "!=") return x != y;
    if (op == "<=") return x <= y;
    if (op == ">=") return x >= y;
    if (op == "<") return x < y;
    if (op == ">") return x > y;
    if (op == "<<") return y < 0 || y > 62 ? std::nullopt : Value(x << y);
    if (op == ">>") return y < 0 || y > 62 ? std::nullopt : Value(x >> y);
    if (op == "+") return x + y;
    if (op == "-") return x - y;
    if (op == "*") return x * y;
    if (y == 0) return std::nullopt;
    return op == "/" ? x / y : x % y;
  }

  Value Unary() {
    if (Take("!")) {
      const Value v = Unary();
      return v ? Value(*v == 0) : std::nullopt;
    }
    if (Take("~")) {
      const Value v = Unary();
      return v ? Value(~*v) : std::nullopt;
    }
    if (Take("-")) {
      const Value v = Unary();
      return v ? Value(-*v) : std::nullopt;
    }
    if (Take("+")) return Unary();
    if (Take("(")) {
      const Value v = Conditional();
      if (!Take(")")) failed_ = true;
      return v;
    }
    return Primary();
  }

  std::string Identifier() {
    Space();
    const size_t start = pos_;
    while (pos_ < text_.size() && IsIdentChar(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  Value Primary() {
    Space();
    if (pos_ >= text_.size()) {
      failed_ = true;
      return std::nullopt;
    }
    if (std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      const std::string digits = Identifier();  // digits, x, hex letters, u/l suffixes
      try {
        size_t used = 0;
        const unsigned long long v = std::stoull(digits, &used, 0);
        for (size_t i = used; i < digits.size(); ++i) {
          if (std::string("uUlL").find(digits[i]) == std::string::npos) failed_ = true;
        }
        return static_cast<long long>(v);
      } catch (const std::exception&) {
        failed_ = true;
        return std::nullopt;
      }
    }
    const std::string name = Identifier();
    if (name.empty()) {
      failed_ = true;
      return std::nullopt;
    }
    if (name == "defined") {
      const bool paren = Take("(");
      const std::string what = Identifier();
      if (paren && !Take(")")) failed_ = true;
      if (what == "TILING_KEY_VAR" || macros_.count(what) > 0) return 1;
      return std::nullopt;  // a macro of the build or of opsim's headers: not known here
    }
    if (name == "TILING_KEY_VAR") return static_cast<long long>(key_);
    Space();
    const auto m = macros_.find(name);
    if (m == macros_.end() || depth_ > 16 || (pos_ < text_.size() && text_[pos_] == '(')) {
      return std::nullopt;
    }
    long long v = 0;
    Evaluator inner(m->second, key_, macros_, depth_ + 1);
    return inner.Run(&v) ? Value(v) : std::nullopt;
  }

  const std::string& text_;
  uint64_t key_;
  const std::map<std::string, std::string>& macros_;
  int depth_;
  size_t pos_ = 0;
  bool failed_ = false;
};

}  // namespace

KeyVarUse ScanKeyVar(const std::string& kernel_path) {
  KeyVarUse use;
  const fs::path folder = fs::path(kernel_path).parent_path();
  std::error_code ec;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string ext = it->path().extension().string();
    if (it->is_regular_file() &&
        (ext == ".h" || ext == ".hh" || ext == ".hpp" || ext == ".cpp" || ext == ".cc")) {
      ScanFile(it->path().string(), &use);
    }
  }
  return use;
}

bool EntryIsTemplate(const std::string& kernel_path, const std::string& entry) {
  std::ifstream in(kernel_path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::regex declaration(R"((template\s*<[^;{}]*>\s*)?(extern\s+"C"\s+)?__global__\s+)"
                               R"(__aicore__\s+void\s+)" +
                               entry + R"(\s*\()");
  std::smatch found;
  if (!std::regex_search(text, found, declaration)) return true;
  return found[1].matched;
}

bool EvaluateCondition(const std::string& condition, uint64_t key,
                       const std::map<std::string, std::string>& macros, long long* value) {
  Evaluator e(condition, key, macros, 0);
  return e.Run(value);
}

std::vector<std::vector<uint64_t>> GroupKeys(const KeyVarUse& use,
                                             const std::vector<uint64_t>& keys) {
  std::vector<std::vector<uint64_t>> groups;
  std::map<std::vector<long long>, size_t> by_outcome;
  for (uint64_t key : keys) {
    std::vector<long long> outcome;
    bool known = !use.in_code;
    for (const std::string& c : use.conditions) {
      long long v = 0;
      known = known && EvaluateCondition(c, key, use.macros, &v);
      outcome.push_back(v != 0);
    }
    const auto it = known ? by_outcome.find(outcome) : by_outcome.end();
    if (it != by_outcome.end()) {
      groups[it->second].push_back(key);
      continue;
    }
    if (known) by_outcome.emplace(outcome, groups.size());
    groups.push_back({key});
  }
  return groups;
}

}  // namespace opsim::op_gen
