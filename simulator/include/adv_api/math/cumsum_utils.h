// CANN's adv_api/math/cumsum_utils.h: the high-level CumSum, declared by kernel_operator.h
// (opsim/sim/ascendc/hl_cumsum.h) as CANN's kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
