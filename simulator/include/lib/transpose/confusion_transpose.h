// CANN's confusion_transpose.h: the high-level Transpose with a ConfusionTransposeTiling (and its
// older name ConfusionTranspose), declared by kernel_operator.h
// (opsim/sim/ascendc/hl_confusion_transpose.h) as CANN's kernel_operator.h includes its library.
#pragma once

#include "kernel_operator.h"
