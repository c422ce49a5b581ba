// Runs one concrete case (case.h) as a user of the registry would: OperationRegistry::Global()
// .Create(op, attrs), InferShape, Setup and Execute on a Context (checked mode by default; any
// fault fails the case), then judges every output against the op's registered reference
// (ref::ReferenceRegistry) and against the case's expected values and shapes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "opsim/cases/case.h"
#include "opsim/reference/op_reference.h"
#include "opsim/sim/launch.h"

namespace opsim::cases {

enum class Verdict { kPass, kFail, kSkip };
std::string_view VerdictName(Verdict v);  // "pass", "FAIL", "skip"

struct CaseRunOptions {
  int host_threads = 1;
  bool trace = false;
  // The simulator's checked mode (ContextOptions::checked). false runs the fast path users run
  // in production, where optimisations such as copy elision apply; a fault the fast path still
  // raises fails the case all the same.
  bool checked = true;
  bool copy_elision = true;  // ContextOptions::copy_elision; acts on unchecked runs only
};

struct CaseResult {
  Verdict verdict = Verdict::kFail;
  std::string message;  // why it failed or was skipped
  // Every output as the operation inferred it; empty when the case did not get that far.
  std::vector<std::vector<int64_t>> output_shapes;
  // Fnv1a64 (output_digest.h) of each output's dataSize bytes, in output order, whatever the
  // verdict; empty when the case was skipped or no output was produced (a fault, a refusal).
  std::vector<uint64_t> output_digests;
  double max_abs_err = 0;  // over the reference's judgements
  double max_rel_err = 0;
  double host_ms = 0;    // Setup + Execute on the host
  double device_ns = 0;  // simulated time of every launch
  double roofline = 0;   // (input bytes / HBM bandwidth) / device_ns; 0 when unknown
  uint64_t input_bytes = 0;
  std::vector<sim::KernelStats> traces;  // one per launch, when tracing
  // The launches' warnings (Context::warnings): legal on the chip, so they never fail a case.
  std::vector<std::string> warnings;
};

CaseResult RunCase(const Case& c, const CaseRunOptions& options = {});

// Compares an output with a case's expected one: same dtype and shape, then
//   tolerance given: floating elements within abs + rel * |expected| (NaN matches NaN, an
//                    infinity only itself); integers exact;
//   else, a reference: its Judge (the op's own rules);
//   else: exact (floating values equal, NaN matches NaN, -0.0 matches +0.0).
// Empty on a match, else a message naming the first bad index.
std::string CheckExpected(const ExpectedOutput& expected, const ref::HostTensor& actual,
                          const std::optional<ToleranceOverride>& tolerance,
                          const ref::OpReference* reference, const AttrMap& attrs,
                          std::span<const ref::HostTensor> inputs, size_t index);

}  // namespace opsim::cases
