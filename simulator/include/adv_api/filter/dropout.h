// CANN's adv_api/filter/dropout.h: the high-level DropOut, declared by kernel_operator.h
// (opsim/sim/ascendc/hl_dropout.h) as CANN's kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
