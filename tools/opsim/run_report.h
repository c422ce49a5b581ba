// What `opsim run` leaves behind for machines: a JSON report and a JUnit XML file for CI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "case_harness.h"
#include "opsim/core/status.h"
#include "run_baseline.h"

namespace opsim::cli {

// The whole selection a run is a shard of (suite_identity.h), so that merged shards can be told
// from reports of other suites.
struct SelectionIdentity {
  size_t cases = 0;     // cases in the whole selection, every shard together
  uint64_t digest = 0;  // SuiteFingerprint
  uint64_t cost = 0;    // the sum of their CaseCost
  std::string filter;   // --filter, empty when none
  std::optional<uint64_t> seed;
};

// One shard's part: in a shard's report, itself; in a merged report, one per input report.
struct ShardPart {
  uint32_t index = 0;
  uint32_t total = 1;
  size_t cases = 0;
  uint64_t cost = 0;
  double wall_s = 0;
  int threads = 0;
  std::string file;  // merged reports: the input report
};

struct RunSummary {
  std::vector<std::string> suites;  // the files that were loaded
  std::string device;               // --device, empty when all
  int threads = 0;
  bool checked = true;  // false: --unchecked
  bool copy_elision = true;
  std::vector<CaseOutcome> outcomes;  // in case order
  int passed = 0;
  int failed = 0;
  int skipped = 0;
  double wall_s = 0;
  std::optional<BaselineCounts> baseline;  // with --baseline
  std::string build_id;                    // BuildId()
  SelectionIdentity selection;
  ShardPart shard;                     // 0/1 for an unsharded or merged run
  std::vector<ShardPart> merged_from;  // `opsim report merge`: the shards, by index
};

std::string RunReportJson(const RunSummary& summary);
std::string RunJUnitXml(const RunSummary& summary);
// Writes text to path; kIoError naming the path on failure.
Status WriteTextFile(const std::string& path, const std::string& text);

}  // namespace opsim::cli
