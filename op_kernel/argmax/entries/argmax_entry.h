// What the ArgMax and ArgMin kernel entries call: the one arg-reduce launch
// (argmax/argmax_kernel.h). Only this declaration, with C linkage, so that an entry compiled inside
// a namespace of its own (as opsim_add_op_library compiles kernels) still names that function.
#pragma once

#include "kernel_operator.h"

extern "C" void opsim_argmax_launch(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling);
