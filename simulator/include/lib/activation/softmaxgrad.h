// CANN's lib/activation/softmaxgrad.h: SoftmaxGrad and SoftmaxGradFront, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_softmax_ext.h) as CANN's kernel_operator.h includes
// its whole library.
#pragma once

#include "kernel_operator.h"
