// `opsim run`'s view of one concrete case (framework/cases): runs it through the registry on the
// simulated device, checked unless --unchecked (cases::RunCase), and keeps what the table, the
// JSON report and the JUnit file show.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opsim/cases/case.h"
#include "opsim/cases/case_run.h"
#include "opsim/sim/launch.h"

namespace opsim::cli {

using cases::Verdict;
using cases::VerdictName;

struct CaseOutcome {
  std::string name;   // the case's full name: suite/case/op[/attr=value...]/dtype/device
  std::string op;     // the registry operation it ran as
  std::string dtype;  // input 0's
  std::string device;
  std::string input_shape;   // "[2,3]", inputs joined with ";"
  std::string output_shape;  // as the operation inferred them; "?" when it did not get there
  std::string attrs;         // "name=value,..."; "-" when none
  Verdict verdict = Verdict::kFail;
  std::string message;  // why it failed or was skipped
  double max_abs_err = 0;
  double max_rel_err = 0;
  double host_ms = 0;    // Setup + Execute on the host
  double device_ns = 0;  // simulated time of every launch
  double roofline = 0;   // (input bytes / HBM bandwidth) / device_ns; 0 when unknown
  uint64_t input_bytes = 0;
  std::vector<uint64_t> output_digests;  // cases::CaseResult::output_digests
  size_t index = 0;                      // its place in the whole selection (every shard), from 0
  uint64_t cost = 0;                     // CaseCost (shard_assign.h)
  std::vector<sim::KernelStats> traces;  // one per launch, when tracing
  std::vector<std::string> warnings;     // cases::CaseResult::warnings
};

struct HarnessOptions {
  int host_threads = 1;
  bool trace = false;
  bool checked = true;       // cases::CaseRunOptions::checked
  bool copy_elision = true;  // cases::CaseRunOptions::copy_elision
};

CaseOutcome RunCase(const cases::Case& c, const HarnessOptions& options);

// "axes=[1],keepdims=0": the case's attributes as the table shows them ("-" when none).
std::string AttrsText(const AttrMap& attrs);

// One Chrome trace for all launches of a case, laid end to end on the time axis.
std::string CaseTraceJson(const std::vector<sim::KernelStats>& traces);

}  // namespace opsim::cli
