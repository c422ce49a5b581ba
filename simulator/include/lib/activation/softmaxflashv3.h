// CANN's lib/activation/softmaxflashv3.h: SoftmaxFlashV3 and SoftMaxParams, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_softmax_v3.h) as CANN's kernel_operator.h includes its
// whole library.
#pragma once

#include "kernel_operator.h"
