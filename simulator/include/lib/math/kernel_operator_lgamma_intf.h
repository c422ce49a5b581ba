// CANN's lib/math/kernel_operator_lgamma_intf.h: the older name of lib/math/lgamma.h, kept by CANN
// for kernels written against it (ops-nn's include it). CANN's also declares a deprecated alias, so
// that its compiler warns; opsim's does not, as kernels here build with -Werror.
#pragma once

#include "lgamma.h"
