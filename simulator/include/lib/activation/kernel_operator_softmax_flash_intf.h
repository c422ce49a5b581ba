// CANN's lib/activation/kernel_operator_softmax_flash_intf.h: the older name of
// lib/activation/softmaxflash.h, kept by CANN for kernels written against it (ops-nn's include it).
// CANN's also declares a deprecated alias, so that its compiler warns; opsim's does not, as kernels
// here build with -Werror.
#pragma once

#include "softmaxflash.h"
