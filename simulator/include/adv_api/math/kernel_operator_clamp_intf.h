// CANN's adv_api/math/kernel_operator_clamp_intf.h: the older name of adv_api/math/clamp.h, kept by
// CANN for kernels written against it (ops-nn's include it). CANN's also declares a deprecated
// alias, so that its compiler warns; opsim's does not, as kernels here build with -Werror.
#pragma once

#include "clamp.h"
