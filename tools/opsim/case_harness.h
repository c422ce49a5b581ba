// Runs one concrete Reduce case (framework/cases) through the framework on the simulated device
// in checked mode and judges it against the Eigen reference and the case's expected values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opsim/cases/reduce_case.h"
#include "opsim/sim/launch.h"

namespace opsim::cli {

enum class Verdict { kPass, kFail, kSkip };
std::string_view VerdictName(Verdict v);  // "pass", "FAIL", "skip"

struct CaseOutcome {
  std::string name;  // the case's full name: suite/case/reducer/dtype/keep/device
  std::string op;    // the registry operation it ran as
  std::string dtype;
  std::string device;
  std::string input_shape;   // "[2,3]"
  std::string output_shape;  // as the operation inferred it
  std::string axes;          // as the case wrote them; "-" when absent
  Verdict verdict = Verdict::kFail;
  std::string message;  // why it failed or was skipped
  double max_abs_err = 0;
  double max_rel_err = 0;
  double host_ms = 0;    // Setup + Execute on the host
  double device_ns = 0;  // simulated time of every launch
  double roofline = 0;   // (input bytes / HBM bandwidth) / device_ns; 0 when unknown
  uint64_t input_bytes = 0;
  std::vector<sim::KernelStats> traces;  // one per launch, when tracing
};

struct HarnessOptions {
  int host_threads = 1;
  bool trace = false;
};

CaseOutcome RunCase(const cases::ReduceCase& c, const HarnessOptions& options);

// One Chrome trace for all launches of a case, laid end to end on the time axis.
std::string CaseTraceJson(const std::vector<sim::KernelStats>& traces);

}  // namespace opsim::cli
