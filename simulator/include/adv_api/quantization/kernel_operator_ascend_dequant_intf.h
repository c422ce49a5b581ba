// CANN's adv_api/quantization/kernel_operator_ascend_dequant_intf.h: the older name of
// adv_api/quantization/ascend_dequant.h, kept by CANN for kernels written against it (ops-nn's
// include it). CANN's also declares a deprecated alias, so that its compiler warns; opsim's does
// not, as kernels here build with -Werror.
#pragma once

#include "ascend_dequant.h"
