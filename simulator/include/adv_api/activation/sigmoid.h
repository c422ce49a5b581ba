// CANN's adv_api/activation/sigmoid.h: the high-level activation API, declared by kernel_operator.h
// (opsim/sim/ascendc/hl_activation.h) as CANN's kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
