// CANN's adv_api/normalization/kernel_operator_layernormgrad_intf.h: the older header of
// adv_api/normalization/layernormgrad.h, kept by CANN for kernels written against it. CANN's copy
// includes only kernel_tensor.h (and declares a deprecated alias, so that its compiler warns);
// opsim's includes kernel_operator.h, which declares the whole library.
#pragma once

#include "kernel_operator.h"
