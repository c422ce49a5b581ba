// CANN's op-base broadcast tiling helpers (opbase pkg_inc/op_common/atvoss/broadcast/
// broadcast_tiling.h; operators reach it as "tiling/broadcast/broadcast_tiling.h"): the parts that
// stand alone. DimensionCollapse merges the adjacent axes of a broadcast that every input treats
// alike, so a tiling loops over fewer, longer axes; EnsureNotScalar reads a scalar as [1].
// Not provided yet: the BroadcastBaseTiling<OpDag> template and the functions on its
// BroadcastTilingParams/BroadcastTilingData (the atvoss scheduling library), and the
// non-contiguous forms that take gert::Stride (IsTensorContiguous,
// NonContiguousDimensionCollapse): an operator naming them does not compile.
#pragma once

#include <cstdint>
#include <vector>

#include "exe_graph/runtime/shape.h"
#include "graph/ge_error_codes.h"
#include "op_common/op_host/tiling_base_util.h"  // EnsureNotScalar
#include "op_common/op_host/util/opbase_export.h"

namespace Ops {
namespace Base {

// The inputs right-aligned against `outShapes` (missing leading axes are 1). Each input axis
// must be 1 or the output's, and positive. Adjacent axes merge when every input is 1 on both or
// on neither; an axis where every input and the output are 1 disappears. `dims` gets one
// collapsed shape per input, then the output's; `strides` the element strides of each, 0 where
// an input repeats along an output axis. GRAPH_FAILED (with the input and axis in the log) for
// an input of higher rank than the output or an axis that does not broadcast.
OPBASE_API ge::graphStatus DimensionCollapse(const std::vector<gert::Shape>& inShapes,
                                             const gert::Shape& outShapes,
                                             std::vector<std::vector<int64_t>>& dims,
                                             std::vector<std::vector<int64_t>>& strides);

}  // namespace Base
}  // namespace Ops
