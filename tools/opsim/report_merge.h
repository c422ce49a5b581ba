// `opsim report merge`: one report from the reports of the shards of one run (docs/CASES.md,
// "Sharding"), equal to the report the unsharded run would have written, apart from times.
#pragma once

#include <string>
#include <vector>

#include "opsim/core/status.h"
#include "run_report.h"

namespace opsim::cli {

struct NamedReport {
  std::string file;
  RunSummary summary;
};

// Merges the shards' reports into `out`: cases in the whole selection's order, counts summed,
// wall_s and threads the largest shard's, shard 0/1, merged_from one part per shard (with its
// file, wall time and cost). kInvalidParam naming the files and the rule when the reports are
// not exactly the N shards of one run: a different build_id, checked mode, copy elision, device,
// filter, seed, selection (fingerprint and case count), number of shards or baseline; a shard
// given twice or missing; a report that does not list as many cases as its shard part says; a
// case in two reports, or a case of the selection in none.
Status MergeReports(const std::vector<NamedReport>& reports, RunSummary* out);

}  // namespace opsim::cli
