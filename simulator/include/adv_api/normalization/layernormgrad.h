// CANN's adv_api/normalization/layernormgrad.h: LayerNormGrad and LayerNormGradBeta, declared by
// kernel_operator.h (opsim/sim/ascendc/hl_layernorm_grad.h) as CANN's kernel_operator.h includes
// its whole library.
#pragma once

#include "kernel_operator.h"
