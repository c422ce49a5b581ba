// CANN's lib/quantization/ascend_quant.h: the high-level AscendQuant, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_quant.h) as CANN's kernel_operator.h includes its whole
// library.
#pragma once

#include "kernel_operator.h"
