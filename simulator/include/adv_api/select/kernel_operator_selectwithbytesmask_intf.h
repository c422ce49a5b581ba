// CANN's adv_api/select/kernel_operator_selectwithbytesmask_intf.h: the older name of
// adv_api/select/selectwithbytesmask.h, kept by CANN for kernels written against it (ops-nn's
// include it). CANN's also declares a deprecated alias, so that its compiler warns; opsim's does
// not, as kernels here build with -Werror.
#pragma once

#include "selectwithbytesmask.h"
