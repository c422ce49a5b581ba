// CANN's lib/reduce/kernel_operator_mean_intf.h: the older name of lib/reduce/mean.h, kept by CANN
// for kernels written against it (ops-nn's include it). CANN's also declares a deprecated alias, so
// that its compiler warns; opsim's does not, as kernels here build with -Werror.
#pragma once

#include "mean.h"
