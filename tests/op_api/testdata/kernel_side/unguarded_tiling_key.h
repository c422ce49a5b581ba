// A template-key header as operator repositories write them: no include guard, so a kernel unit
// test that includes both the kernel and the host tiling header reads it twice.
#include "ascendc/host_api/tiling/template_argument.h"

#define KERNEL_SIDE_MODE_A 0
#define KERNEL_SIDE_MODE_B 1

ASCENDC_TPL_ARGS_DECL(
    KernelSideKey, ASCENDC_TPL_DATATYPE_DECL(D_T_X, C_DT_FLOAT, C_DT_FLOAT16, ASCENDC_TPL_INPUT(0)),
    ASCENDC_TPL_UINT_DECL(mode, 1, ASCENDC_TPL_UI_LIST, KERNEL_SIDE_MODE_A, KERNEL_SIDE_MODE_B),
    ASCENDC_TPL_BOOL_DECL(flag, 0, 1));

ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY),
                                     ASCENDC_TPL_DATATYPE_SEL(D_T_X, C_DT_FLOAT),
                                     ASCENDC_TPL_UINT_SEL(mode, ASCENDC_TPL_UI_LIST,
                                                          KERNEL_SIDE_MODE_A),
                                     ASCENDC_TPL_BOOL_SEL(flag, 0)));
