// The high-level CumSum's temporary buffer on the 910B: one figure for the host helper
// (GetCumSumMaxMinTmpSize, op_api) and the kernel side's check
// (simulator/src/runtime/hl_cumsum.cc).
#pragma once

#include <cstdint>

namespace opsim::cumsum {

constexpr uint32_t kTransposeRows = 16;  // the rows one TransDataTo5HD pass turns

// Along the first axis, half keeps the float sums of the whole tensor (float needs nothing);
// along the last axis, both transposes of `rows` rows (a multiple of 16) and, for half, their
// float adds.
inline uint64_t TmpBytes(uint64_t rows, uint64_t inner, uint32_t typeBytes, bool lastAxis) {
  if (!lastAxis) return typeBytes == 2 ? rows * inner * 4 : 0;
  const uint64_t cast = typeBytes == 2 ? inner * rows * 2 : 0;
  return cast + rows * inner * typeBytes * 2;
}
// The minimum: the first axis needs its whole figure, the last axis one block of 16 rows.
inline uint64_t MinTmpBytes(uint64_t outter, uint64_t inner, uint32_t typeBytes, bool lastAxis) {
  return TmpBytes(lastAxis ? kTransposeRows : outter, inner, typeBytes, lastAxis);
}
// The most it uses: all rows, rounded up to whole blocks of 16 along the last axis.
inline uint64_t MaxTmpBytes(uint64_t outter, uint64_t inner, uint32_t typeBytes, bool lastAxis) {
  const uint64_t rows =
      lastAxis ? (outter + kTransposeRows - 1) / kTransposeRows * kTransposeRows : outter;
  return TmpBytes(rows, inner, typeBytes, lastAxis);
}

}  // namespace opsim::cumsum
