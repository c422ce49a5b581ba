// Reads a JSON report of `opsim run --report` (or of `opsim report merge`) back into the
// RunSummary it was written from, for `opsim report merge` and `opsim report compare`.
#pragma once

#include <string>

#include "opsim/core/status.h"
#include "run_report.h"

namespace opsim::cli {

// kInvalidParam "<what> '<path>': <rule>": the file's reading (strict_json.h), then every member
// a report has, of its type: a missing one names the member, and a report without "build_id" or
// "selection" is named as one from an opsim before sharding (run it again).
Status ReadRunReport(const std::string& path, const std::string& what, RunSummary* out);

}  // namespace opsim::cli
