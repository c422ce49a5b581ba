// The temporary buffer of Ascend C's high-level pattern reductions (CANN's lib/reduce/reduce.h:
// ReduceSum/Mean/Max/Min/Prod/Any/All over an AR or RA pattern) and of ReduceXorSum, with CANN's
// 910B (DAV_2201) figures: one function for the host helpers (GetReduce*MaxMinTmpSize) and the
// kernel side's check, so the two stay in step.
#pragma once

#include <algorithm>
#include <cstdint>

namespace opsim::reduce {

enum class Api : uint8_t { kSum, kMean, kMax, kMin, kProd, kAny, kAll };

// The largest power of two not above n (1 for n <= 1), halved when it is n itself and more
// than one row remains to fold: the rows (or columns) the implementation's first binary fold
// keeps in the buffer.
inline uint32_t FoldRows(uint32_t n, bool halve_exact) {
  uint32_t k = 1;
  for (uint32_t v = n; v > 1; v >>= 1) k <<= 1;
  if (k == n && halve_exact) k >>= 1;
  return k;
}

inline uint32_t AlignUp(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

// Bytes of work buffer the 910B implementation needs for a [first, last] source (last the
// inner axis) of elements of `bytes` (1 for uint8_t); `ar` is the AR pattern (reduce the last
// axis), else RA.
inline uint32_t TmpBytes(Api api, uint32_t bytes, bool ar, uint32_t first, uint32_t last,
                         bool reuse) {
  const bool u8 = bytes == 1;
  if ((api == Api::kAny || api == Api::kAll) && u8) {
    if (ar) return AlignUp(last, 32) * 2 + first * 32;  // a half copy and a block per row
    return reuse ? 0 : FoldRows(first, first > 1) * AlignUp(last, 32);
  }
  if (api == Api::kProd && reuse) return ar ? 256 : 0;
  if (reuse) return 0;
  if (api == Api::kSum || api == Api::kMean) {
    if (ar) return last <= 64 ? 0 : first * FoldRows(last, first > 1) * 4;
    return FoldRows(first, first > 1) * AlignUp(last, 8) * 4;
  }
  if (api == Api::kProd && ar) {
    return (std::max(8u, FoldRows(last, first > 1)) + first * 8) * 4 + 256;
  }
  if (ar) {  // Max, Min, Any/All of float: a block or a repeat per row
    const uint32_t blk = 32 / bytes, rep = 256 / bytes;
    if (last <= blk) return 0;
    return last < rep ? first * 32 : first * 256;
  }
  return FoldRows(first, first > 1) * AlignUp(last * bytes, 32);
}

// ReduceXorSum: three (two with isReuseSource) buffers of the data, one repeat at least.
inline uint32_t XorSumTmpBytes(uint32_t count, uint32_t bytes, bool reuse) {
  return (reuse ? 2 : 3) * std::max(count * bytes, 256u);
}

// Sum: the repeat sums of a row, whole blocks of T. Mean: the repeat sums in whole 32-byte
// blocks, and with half data summed in float, the row in float too.
inline uint32_t SumTmpBytes(uint32_t n, uint32_t bytes) {
  const uint32_t repeats = (n + 256 / bytes - 1) / (256 / bytes);
  return AlignUp(repeats, 32 / bytes) * bytes;
}
inline uint32_t MeanTmpBytes(uint32_t n, uint32_t bytes, uint32_t acc_bytes) {
  if (bytes == 2 && acc_bytes == 4) return AlignUp((n + 63) / 64, 32) + AlignUp(n * 2, 32) / 2 * 4;
  return AlignUp((n + 256 / bytes - 1) / (256 / bytes), 32);
}

}  // namespace opsim::reduce
