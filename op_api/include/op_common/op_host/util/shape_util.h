// CANN's op-base shape helpers (opbase op_common/op_host/util/shape_util.h), reached as
// "util/shape_util.h". An unknown rank is the shape [-2]; an unknown dim is -1.
#pragma once

#include <cstdint>

#include "exe_graph/runtime/shape.h"
#include "opbase_export.h"

namespace Ops {
namespace Base {

constexpr int64_t kOpsimUnknownRankDim = -2;
constexpr int64_t kOpsimUnknownDim = -1;

// Whether `axis` names a dim of a rank-`dimNum` shape: -dimNum <= axis < dimNum; a scalar
// (dimNum 0) takes axis 0 only.
template <typename T1, typename T2>
bool CheckAxisBounds(const T1 dimNum, const T2 axis) {
  const int64_t rank = static_cast<int64_t>(dimNum);
  const int64_t a = static_cast<int64_t>(axis);
  if (rank == 0) return a == 0;
  return a >= -rank && a < rank;
}

// shape := [-2].
OPBASE_API void SetUnknownRank(gert::Shape& shape);
// Whether shape is [-2].
OPBASE_API bool IsUnknownRank(const gert::Shape& shape);
// shape := `rank` dims of -1.
OPBASE_API void SetUnknownShape(int64_t rank, gert::Shape& shape);
// Whether some dim is -1 ([-2], an unknown rank, is not: IsUnknownRank).
OPBASE_API bool IsUnknownShape(const gert::Shape& shape);

}  // namespace Base
}  // namespace Ops
