// CANN's adv_api/select/selectwithbytesmask.h: the high-level Select with a byte mask, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_select.h) as CANN's kernel_operator.h includes its
// whole library.
#pragma once

#include "kernel_operator.h"
