// CANN's adv_api/reduce/reduce.h: the high-level reductions, declared by kernel_operator.h
// (opsim/sim/ascendc/hl_reduce.h) as CANN's kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
