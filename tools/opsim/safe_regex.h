// Regexes from the command line (`run --filter`, `onnx-test --require-pass`), compiled only when
// they cannot hurt: std::regex parses and matches recursively, so 20,000 nested groups overflow
// the stack, and a quantified group that itself repeats ((a+)+, (.*)*) can take exponential
// time to fail a match. Such patterns are refused with the rule they break.
#pragma once

#include <regex>
#include <string>

#include "opsim/core/status.h"

namespace opsim::cli {

inline constexpr size_t kMaxRegexLength = 512;
inline constexpr int kMaxRegexNesting = 16;

// kInvalidParam naming `flag`, the pattern (shortened) and the rule: too long, nested too deep,
// a repeated group that repeats inside, or not a valid ECMAScript regex.
Status CompileRegex(const std::string& flag, const std::string& pattern, std::regex* out);

}  // namespace opsim::cli
