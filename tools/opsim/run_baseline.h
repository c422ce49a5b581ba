// `opsim run --baseline REPORT.json`: each case's output digests against those of the same case
// in an earlier run's JSON report (say a checked run, or main before a change), so that a change
// meant to keep every result bitwise the same (copy elision, a faster kernel) is held to it.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "case_harness.h"
#include "opsim/core/status.h"

namespace opsim::cli {

// What identifies a case across runs, as the JSON report lists it: these fields of a case entry,
// in this order. The report writer and the baseline reader both use them, so they cannot drift.
inline constexpr std::array<const char*, 5> kCaseKeyFields = {"name", "op", "dtype", "device",
                                                              "attrs"};
using CaseKey = std::array<std::string, kCaseKeyFields.size()>;
CaseKey KeyOf(const CaseOutcome& outcome);

struct BaselineCounts {
  std::string file;
  int compared = 0;         // cases with digests here and in the baseline
  int differing = 0;        // of those, the ones failed for a difference
  int not_in_baseline = 0;  // cases the baseline does not list (reported, not failed)
  int without_digests = 0;  // listed, but only one side has outputs (skipped, faulted)
};

class Baseline {
 public:
  // Reads a report written by `opsim run --report`. kInvalidParam naming the file and the rule
  // broken: the file cannot be read, is not JSON, has a member twice in one object, nests deeper
  // than a report does, is not {"cases": [{name, op, dtype, device, attrs: strings, outputs:
  // [16 hex digits...]}...]}, or lists one case (kCaseKeyFields) twice.
  static Status Load(const std::string& path, Baseline* out);

  // Compares the outcome's digests with its case's in the baseline and counts it. A difference
  // fails the outcome: "output 0 differs from the baseline (digest X, baseline Y)".
  void Check(CaseOutcome* outcome);

  const BaselineCounts& counts() const { return counts_; }

 private:
  std::map<CaseKey, std::vector<uint64_t>> digests_;
  BaselineCounts counts_;
};

}  // namespace opsim::cli
