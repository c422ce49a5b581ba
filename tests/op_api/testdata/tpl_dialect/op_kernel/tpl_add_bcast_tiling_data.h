// TplAddBcast's tiling: a plain struct the host fills through GetTilingData<T>() and the kernel
// reads with GET_TILING_DATA_WITH_STRUCT. y is seen as `rows` rows of `rowLength` elements; an
// input marked broadcast is one row that every row of y adds.
#ifndef TPL_ADD_BCAST_TILING_DATA_H
#define TPL_ADD_BCAST_TILING_DATA_H

#include <cstdint>

struct TplAddBcastTilingData {
  int64_t rows;
  int64_t rowLength;
  int64_t perCoreLength;  // schMode 0: elements per core (whole 32 B blocks); 1: rows per core
  int64_t tileLength;     // elements one pass through UB holds (whole 32 B blocks)
  uint32_t usedCoreNum;
  uint32_t x1Broadcast;
  uint32_t x2Broadcast;
};

#endif  // TPL_ADD_BCAST_TILING_DATA_H
