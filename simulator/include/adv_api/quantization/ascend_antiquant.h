// CANN's adv_api/quantization/ascend_antiquant.h: the high-level AscendAntiQuant, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_antiquant.h) as CANN's kernel_operator.h includes its
// whole library.
#pragma once

#include "kernel_operator.h"
