// KtPairScale's tiling struct.
#ifndef KT_PAIR_SCALE_TILING_DATA_H
#define KT_PAIR_SCALE_TILING_DATA_H
#include <cstdint>

struct KtPairScaleTilingData {
  int64_t totalLength;  // elements of x
  int64_t tileLength;   // elements per pass through UB (whole 32 B blocks)
};
#endif  // KT_PAIR_SCALE_TILING_DATA_H
