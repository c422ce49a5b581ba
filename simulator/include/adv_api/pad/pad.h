// CANN's adv_api/pad/pad.h: the high-level Pad and UnPad, declared by kernel_operator.h
// (opsim/sim/ascendc/hl_pad.h) as CANN's kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
