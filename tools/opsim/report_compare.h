// `opsim report compare A.json B.json`: do two reports hold the same results? The same cases
// in the same order (kCaseKeyFields), and for each the same input and output shapes, verdict,
// message and output digests. Times (host and simulated) and the run's identity (build,
// shards) are not results and are not compared, so a merged report compares equal to the
// unsharded run's, and a report of one build to another's.
#pragma once

#include <string>
#include <vector>

#include "run_report.h"

namespace opsim::cli {

// One line per difference, at most `limit` (then a line saying how many more); empty: equal.
std::vector<std::string> CompareReports(const RunSummary& a, const RunSummary& b, size_t limit);

}  // namespace opsim::cli
