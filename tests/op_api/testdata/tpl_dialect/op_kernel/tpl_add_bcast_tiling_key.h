// TplAddBcast's template tiling key, shared by the tiling (which sets it) and the kernel (a
// template over it), as today's CANN operators keep theirs in op_kernel/<op>_tiling_key.h.
// D_T_X follows x1's dtype in each dtype column (ASCENDC_TPL_INPUT(0)); schMode 0 adds two
// tensors of one shape, 1 adds one that repeats along the leading dimensions. schMode 2 is
// declared for a later scheme but selected by no kernel: a tiling that asks for it is refused.
#ifndef TPL_ADD_BCAST_TILING_KEY_H
#define TPL_ADD_BCAST_TILING_KEY_H

#include "ascendc/host_api/tiling/template_argument.h"
#include "graph/c_types.h"

#define TPL_ADD_BCAST_SAME_SHAPE 0
#define TPL_ADD_BCAST_ROWS 1
#define TPL_ADD_BCAST_RESERVED 2

ASCENDC_TPL_ARGS_DECL(
    TplAddBcast, ASCENDC_TPL_DATATYPE_DECL(D_T_X, C_DT_FLOAT, C_DT_FLOAT16, ASCENDC_TPL_INPUT(0)),
    ASCENDC_TPL_UINT_DECL(schMode, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, TPL_ADD_BCAST_SAME_SHAPE,
                          TPL_ADD_BCAST_ROWS, TPL_ADD_BCAST_RESERVED));

ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T_X, C_DT_FLOAT, C_DT_FLOAT16),
                                     ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST,
                                                          TPL_ADD_BCAST_SAME_SHAPE,
                                                          TPL_ADD_BCAST_ROWS)));

#endif  // TPL_ADD_BCAST_TILING_KEY_H
