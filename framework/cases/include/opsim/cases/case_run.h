// From a concrete case to what runs and what it must equal: lowering through the case's front
// door, and the check of an output against the case's explicit `expected:` values.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "opsim/cases/reduce_case.h"
#include "opsim/core/status.h"
#include "opsim/reference/reduce_reference.h"
#include "reduce/reduce_request.h"

namespace opsim::cases {

// The reference's name for a reducer.
ref::Reducer ToRef(ReduceKind kind);

// Lowers the case through LowerAtb, LowerOnnx or LowerOpenVino; their status unchanged.
Status LowerCase(const ReduceCase& c, ReduceRequest* request);

// Compares `actual` (the output of `request`, request.output elements) with c.expected.
// Integers, MAX and MIN: exact (NaN matches NaN, -0.0 matches +0.0 for MAX/MIN, as the
// reference's Compare does). Floating SUM/PROD: the reference's Compare rules, with abs_sums
// (one sum of |x| per output, may be empty), or c.tolerance when the case sets one.
// Returns an empty string on a match, else a message naming the first bad index.
// A case without expected values matches; a count mismatch is reported.
std::string CheckExpected(const ReduceCase& c, const ReduceRequest& request, const void* actual,
                          std::span<const double> abs_sums);

}  // namespace opsim::cases
