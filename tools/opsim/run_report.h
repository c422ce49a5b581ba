// What `opsim run` leaves behind for machines: a JSON report and a JUnit XML file for CI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "case_harness.h"
#include "opsim/core/status.h"
#include "run_baseline.h"

namespace opsim::cli {

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
};

std::string RunReportJson(const RunSummary& summary);
std::string RunJUnitXml(const RunSummary& summary);
// Writes text to path; kIoError naming the path on failure.
Status WriteTextFile(const std::string& path, const std::string& text);

}  // namespace opsim::cli
