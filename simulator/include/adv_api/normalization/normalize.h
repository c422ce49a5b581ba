// CANN's adv_api/normalization/normalize.h: the high-level normalisation API, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_norm.h) as CANN's kernel_operator.h includes its whole
// library.
#pragma once

#include "kernel_operator.h"
