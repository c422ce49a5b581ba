// CANN's lib/sort/topk.h: the high-level TopK, declared by kernel_operator.h
// (opsim/sim/ascendc/hl_topk.h) as CANN's kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
