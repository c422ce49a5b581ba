// What an elementwise op type's kernel entry calls: one launch function per kind (unary,
// binary, cast), the op and dtypes coming from the tiling. Only these declarations, with C
// linkage, so that an entry compiled inside a namespace of its own (as opsim_add_op_library
// compiles kernels) still names these functions.
#pragma once

#include "kernel_operator.h"

extern "C" void opsim_elementwise_unary(GM_ADDR x, GM_ADDR y, GM_ADDR tiling);
extern "C" void opsim_elementwise_binary(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR tiling);
extern "C" void opsim_elementwise_cast(GM_ADDR x, GM_ADDR y, GM_ADDR tiling);
