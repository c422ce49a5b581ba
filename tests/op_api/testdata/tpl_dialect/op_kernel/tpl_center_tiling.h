// TplCenter's tiling struct and template key (today's CANN dialect keeps them in
// op_kernel/<op>_tiling_data.h and <op>_tiling_key.h; one header here). withScale selects the
// kernel that also multiplies by the scale attribute (a BOOL template field).
#ifndef TPL_CENTER_TILING_H
#define TPL_CENTER_TILING_H

#include <cstdint>

#include "ascendc/host_api/tiling/template_argument.h"

struct TplCenterTilingData {
  int64_t totalLength;    // elements of x
  int64_t perCoreLength;  // elements of every core but the last (whole 32 B blocks)
  int64_t tileLength;     // elements one pass through UB holds (whole 32 B blocks)
  float scale;
  uint32_t usedCoreNum;  // also the partial sums the workspace holds, one 32 B block each
};

ASCENDC_TPL_ARGS_DECL(TplCenter, ASCENDC_TPL_BOOL_DECL(withScale, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_BOOL_SEL(withScale, 0, 1)));

#endif  // TPL_CENTER_TILING_H
