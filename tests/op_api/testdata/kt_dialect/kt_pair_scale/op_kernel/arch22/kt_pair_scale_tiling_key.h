// KtPairScale's template key, declared only where the template entry is compiled: a kernel unit
// test's build (__CCE_KT_TEST__) has the extern "C" entry instead, as add_mat_mat_elements_plus's
// key header is written.
#ifndef KT_PAIR_SCALE_TILING_KEY_H
#define KT_PAIR_SCALE_TILING_KEY_H
#ifndef __CCE_KT_TEST__
#include "ascendc/host_api/tiling/template_argument.h"
#include "graph/c_types.h"

ASCENDC_TPL_ARGS_DECL(KtPairScale, ASCENDC_TPL_DATATYPE_DECL(D_T, C_DT_FLOAT, C_DT_FLOAT16,
                                                             ASCENDC_TPL_INPUT(0)));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T, C_DT_FLOAT)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T, C_DT_FLOAT16)));
#endif
#endif  // KT_PAIR_SCALE_TILING_KEY_H
