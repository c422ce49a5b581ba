// The one strict reading of the JSON files opsim reads back (run reports for --baseline and
// `opsim report`): a regular file of bounded size, JSON, and no object with a member twice
// (nlohmann keeps the last of two; which one was meant would be a guess).
#pragma once

#include <cstdint>
#include <string>

#include "nlohmann/json.hpp"
#include "opsim/core/status.h"

namespace opsim::cli {

// A report of half a million cases; far past any suite, and the parsed tree stays a few GiB.
inline constexpr uint64_t kMaxReportBytes = 256ull << 20;

// Reads `path` (at most kMaxReportBytes) into `out`. kInvalidParam "<what> '<path>': <rule>":
// the file cannot be read (ReadRegularFile's reason), is not JSON (where and why), or has an
// object with a member twice (its name). `what` names the flag or argument ("--baseline"),
// `kind` what the file should be ("a baseline report"), for ReadRegularFile's messages.
Status ReadStrictJson(const std::string& path, const std::string& what, const std::string& kind,
                      nlohmann::json* out);

}  // namespace opsim::cli
