#include "safe_regex.h"

#include <regex>
#include <vector>

namespace opsim::cli {
namespace {

std::string Shown(const std::string& pattern) {
  return pattern.size() <= 60 ? pattern : pattern.substr(0, 60) + "...";
}

bool IsQuantifier(char c) { return c == '*' || c == '+' || c == '?' || c == '{'; }

// The structural rules, on the pattern's text: nesting depth, and no quantifier after a group
// that holds one. Escapes and bracket expressions are skipped over.
Status CheckStructure(const std::string& flag, const std::string& p) {
  std::vector<bool> repeats_inside;  // per open group: a quantifier seen in it
  bool last_group_repeats = false;   // the group just closed held a quantifier
  for (size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    const bool after_group = last_group_repeats;
    last_group_repeats = false;
    if (c == '\\') {
      ++i;
      continue;
    }
    if (c == '[') {
      for (++i; i < p.size() && p[i] != ']'; ++i) {
        if (p[i] == '\\') ++i;
      }
      continue;
    }
    if (c == '(') {
      repeats_inside.push_back(false);
      if (static_cast<int>(repeats_inside.size()) > kMaxRegexNesting) {
        return {ErrorCode::kInvalidParam, flag + " '" + Shown(p) + "' nests groups more than " +
                                              std::to_string(kMaxRegexNesting) + " deep"};
      }
    } else if (c == ')') {
      if (repeats_inside.empty()) continue;  // unbalanced: std::regex says so
      last_group_repeats = repeats_inside.back();
      repeats_inside.pop_back();
      if (last_group_repeats && !repeats_inside.empty()) repeats_inside.back() = true;
    } else if (IsQuantifier(c)) {
      if (after_group) {
        return {ErrorCode::kInvalidParam,
                flag + " '" + Shown(p) +
                    "' repeats a group that repeats inside (as (a+)+ or (.*)*), which can take "
                    "exponential time to match; write it without the nested repetition"};
      }
      if (!repeats_inside.empty()) repeats_inside.back() = true;
    }
  }
  return Status::Ok();
}

}  // namespace

struct SafeRegex::Compiled {
  std::regex regex;
};

bool SafeRegex::Finds(const std::string& text) const {
  return compiled_ != nullptr && std::regex_search(text, compiled_->regex);
}

Status CompileRegex(const std::string& flag, const std::string& pattern, SafeRegex* out) {
  if (pattern.size() > kMaxRegexLength) {
    return {ErrorCode::kInvalidParam,
            flag + " '" + Shown(pattern) + "' is " + std::to_string(pattern.size()) +
                " characters long (at most " + std::to_string(kMaxRegexLength) + ")"};
  }
  OPSIM_RETURN_IF_ERROR(CheckStructure(flag, pattern));
  try {
    auto compiled = std::make_shared<SafeRegex::Compiled>();
    compiled->regex.assign(pattern, std::regex::ECMAScript);
    out->compiled_ = std::move(compiled);
  } catch (const std::regex_error& e) {
    return {ErrorCode::kInvalidParam,
            flag + " '" + Shown(pattern) + "' is not a valid regex: " + e.what()};
  }
  return Status::Ok();
}

}  // namespace opsim::cli
