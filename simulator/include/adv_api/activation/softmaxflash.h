// CANN's adv_api/activation/softmaxflash.h: the high-level SoftMax family, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_softmax.h) as CANN's kernel_operator.h includes its whole
// library.
#pragma once

#include "kernel_operator.h"
