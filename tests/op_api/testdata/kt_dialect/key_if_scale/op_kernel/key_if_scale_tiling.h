// KeyIfScale's tiling struct and template key.
#ifndef KEY_IF_SCALE_TILING_H
#define KEY_IF_SCALE_TILING_H
#include <cstdint>

#include "ascendc/host_api/tiling/template_argument.h"

#define KEY_IF_SCALE_PLAIN 0
#define KEY_IF_SCALE_TRIPLE 1
#define KEY_IF_SCALE_SHIFTED 2

struct KeyIfScaleTilingData {
  int64_t totalLength;  // elements of x
  int64_t tileLength;   // elements per pass through UB (whole 32 B blocks)
};

ASCENDC_TPL_ARGS_DECL(KeyIfScale, ASCENDC_TPL_UINT_DECL(mode, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST,
                                                        KEY_IF_SCALE_PLAIN, KEY_IF_SCALE_TRIPLE,
                                                        KEY_IF_SCALE_SHIFTED));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(mode, ASCENDC_TPL_UI_LIST,
                                                          KEY_IF_SCALE_PLAIN, KEY_IF_SCALE_TRIPLE,
                                                          KEY_IF_SCALE_SHIFTED)));
#endif  // KEY_IF_SCALE_TILING_H
