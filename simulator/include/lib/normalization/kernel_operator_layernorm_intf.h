// CANN's lib/normalization/kernel_operator_layernorm_intf.h: the older header of
// lib/normalization/layernorm.h, kept by CANN for kernels written against it. CANN's copy includes
// only kernel_tensor.h (and declares a deprecated alias, so that its compiler warns); opsim's
// includes kernel_operator.h, which declares the whole library.
#pragma once

#include "kernel_operator.h"
