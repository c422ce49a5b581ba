// `opsim bench` for an operator defined by an OpDef: one --shape per input (by position), one
// dtype for all inputs, typed --attr; generated data, a warm-up, then K timed executions.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/framework/context.h"

namespace opsim::cli {

struct OpDefBenchRequest {
  std::string op;
  std::vector<std::string> shapes;  // one per input, in the OpDef's order
  std::string dtype;
  std::vector<std::string> attrs;
  int repeat = 5;
  bool json = false;
  ContextOptions context;  // device, threads, checked mode, trace, auto sync, copy elision
};

int RunOpDefBench(const OpDefBenchRequest& request);

// This process's peak resident memory in bytes (VmHWM).
double PeakResidentBytes();

// `repeat` timed calls of `run` (after the caller's warm-up), each on a cleared context record.
struct BenchTimes {
  std::vector<double> host_ms;  // one per call
  double median_ms = 0;
  // The process's CPU time per call, all threads: what a loaded machine moves least (issue 29).
  std::vector<double> host_cpu_ms;
  double median_cpu_ms = 0;
  double device_ns = 0;            // simulated time of one call (deterministic)
  uint64_t elided_copy_bytes = 0;  // of one call (KernelStats::elided_copy_bytes)
};
Status TimeRepeats(int repeat, Context* context, const std::function<Status()>& run,
                   BenchTimes* out);

}  // namespace opsim::cli
