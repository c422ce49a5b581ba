// CANN's adv_api/normalization/kernel_operator_layernormgradbeta_intf.h: the older name of
// adv_api/normalization/layernormgradbeta.h, kept by CANN for kernels written against it (ops-nn's
// include it). CANN's also declares a deprecated alias, so that its compiler warns; opsim's does
// not, as kernels here build with -Werror.
#pragma once

#include "layernormgradbeta.h"
