// `opsim bench` for an operator defined by an OpDef: one --shape per input (by position), one
// dtype for all inputs, typed --attr; generated data, a warm-up, then K timed executions.
#pragma once

#include <string>
#include <vector>

namespace opsim::cli {

struct OpDefBenchRequest {
  std::string op;
  std::vector<std::string> shapes;  // one per input, in the OpDef's order
  std::string dtype;
  std::vector<std::string> attrs;
  std::string device;
  int threads = 0;
  int repeat = 5;
  bool checked = false;
  bool trace = false;
  bool json = false;
};

int RunOpDefBench(const OpDefBenchRequest& request);

// This process's peak resident memory in bytes (VmHWM; ru_maxrss as the fallback).
double PeakResidentBytes();

}  // namespace opsim::cli
