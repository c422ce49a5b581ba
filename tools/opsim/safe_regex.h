// Regexes from the command line (`run --filter`, `onnx-test --require-pass`), compiled only when
// they cannot hurt: std::regex parses and matches recursively, so 20,000 nested groups overflow
// the stack, and a quantified group that itself repeats ((a+)+, (.*)*) can take exponential
// time to fail a match. Such patterns are refused with the rule they break.
//
// std::regex stays inside safe_regex.cc: the sanitizer build compiles the CLI at -O0, where
// libstdc++'s matcher is four times slower (a filtered run matches all 14,000 case names), and
// this one unit at -O1; the command units are spared parsing <regex>.
#pragma once

#include <memory>
#include <string>

#include "opsim/core/status.h"

namespace opsim::cli {

inline constexpr size_t kMaxRegexLength = 512;
inline constexpr int kMaxRegexNesting = 16;

// A pattern CompileRegex accepted.
class SafeRegex {
 public:
  // Whether the pattern matches somewhere in `text` (std::regex_search).
  bool Finds(const std::string& text) const;

 private:
  friend Status CompileRegex(const std::string& flag, const std::string& pattern, SafeRegex* out);
  struct Compiled;  // the std::regex
  std::shared_ptr<const Compiled> compiled_;
};

// kInvalidParam naming `flag`, the pattern (shortened) and the rule: too long, nested too deep,
// a repeated group that repeats inside, or not a valid ECMAScript regex.
Status CompileRegex(const std::string& flag, const std::string& pattern, SafeRegex* out);

}  // namespace opsim::cli
