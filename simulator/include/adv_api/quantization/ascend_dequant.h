// CANN's adv_api/quantization/ascend_dequant.h: the high-level AscendDequant, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_dequant.h) as CANN's kernel_operator.h includes its
// whole library.
#pragma once

#include "kernel_operator.h"
