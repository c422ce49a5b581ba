// How the references read a Reduce call: the attributes (and the axes input) of an ONNX,
// OpenVINO or ATB reading, by the documented rules (docs/SPEC.md §1), into the input dims, the
// sorted unique axes and the output dims. Written apart from op_host's front doors
// (op_host/reduce/reduce_request.h) and sharing no code with them: a mistake in the operation's
// lowering then shows up in the suites as a difference from the reference, not as the same
// mistake on both sides.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/attr_map.h"
#include "opsim/core/dtype.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"
#include "opsim/reference/op_reference.h"
#include "opsim/reference/reduce_reference.h"

namespace opsim::ref {

// Which system's rules a call follows: ONNX Reduce* (axes attribute or input 1, keepdims 1,
// noop_with_empty_axes 0), OpenVINO opset 1 (reduction_axes attribute or input 1, keep_dims 0,
// repeats a set) or ATB's ReduceParam (reduceType, axis; never keep dims).
enum class ReduceReading { kOnnx, kOpenVino, kAtb };

struct ReduceCall {
  Shape input;
  std::vector<int64_t> axes;  // sorted, unique, in [0, rank); empty: the identity
  bool keep_dims = false;
  Shape output;
};

// ATB's reduceType: a reducer name (any case, REDUCE_ prefix optional), ATB's number as text
// or as an int (REDUCE_MAX 1, REDUCE_MIN 2, REDUCE_SUM 3; REDUCE_PROD 4 is opsim's extension).
// nullopt when absent or anything else.
std::optional<Reducer> AtbReducer(const AttrMap& attrs);

// The dtypes the package reduces with `r` (docs/SPEC.md §2, ref::IsSupported), in the order a
// suite's `dtypes: all` lists them.
std::vector<DType> ReduceDTypes(Reducer r);

// The call's input, axes and output by `reading`'s rules; inputs: the data, then optionally the
// axes (int64). The byte count of input 0 is checked against its dims and dtype. `op` starts
// every message.
Status ReadReduceCall(const std::string& op, ReduceReading reading, const AttrMap& attrs,
                      std::span<const HostTensor> inputs, ReduceCall* out);

}  // namespace opsim::ref
