// CANN's lib/index/arithprogression.h: the high-level Arange (and ArithProgression), declared by
// kernel_operator.h (opsim/sim/ascendc/hl_index.h) as CANN's kernel_operator.h includes its whole
// library.
#pragma once

#include "kernel_operator.h"
