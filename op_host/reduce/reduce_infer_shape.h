// Output shape of a normalised reduce (docs/SPEC.md §5): reduced dims become 1 with keep_dims and
// disappear without; an identity request keeps the input shape.
#pragma once

#include <cstdint>
#include <span>

#include "opsim/core/shape.h"
#include "opsim/core/status.h"
#include "reduce/reduce_request.h"

namespace opsim {

// axes must be sorted, unique and in [0, input.rank()) (InferReduceShape checks that).
Shape ReduceOutputShape(const Shape& input, std::span<const int64_t> axes, bool keep_dims);

// Checks that request->axes is normalised and consistent with request->identity, then fills
// request->output. On error request->output is left untouched.
Status InferReduceShape(ReduceRequest* request);

}  // namespace opsim
