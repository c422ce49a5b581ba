// CANN's lib/math/ceil.h: the high-level math API, declared by kernel_operator.h
// (opsim/sim/ascendc/hl_math.h) as CANN's kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
