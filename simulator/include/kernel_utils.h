// CANN's kernel_utils.h: the kernel constants and helpers, which kernel_operator.h already has.
// Some public kernels include it by name.
#pragma once

#include "kernel_operator.h"
