// The tiling of ImplSoftsign: a plain struct, filled on the host through
// context->GetTilingData<ImplSoftsignTilingData>() and read by the kernel with
// GET_TILING_DATA_WITH_STRUCT, as today's CANN operators keep theirs
// (op_kernel/<op>_tiling_data.h).
#ifndef IMPL_SOFTSIGN_TILING_DATA_H
#define IMPL_SOFTSIGN_TILING_DATA_H

#include <cstdint>

struct ImplSoftsignTilingData {
  int64_t totalLength;     // elements of x
  int64_t perCoreLength;   // elements of every core but the last (a whole number of 32 B blocks)
  int64_t tailCoreLength;  // elements of the last core
  int64_t tileLength;      // elements one pass through UB holds (a multiple of 8)
  float scale;
  uint32_t usedCoreNum;
};

#endif  // IMPL_SOFTSIGN_TILING_DATA_H
