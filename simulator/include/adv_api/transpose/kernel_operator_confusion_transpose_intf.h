// CANN's adv_api/transpose/kernel_operator_confusion_transpose_intf.h: the older name of
// adv_api/transpose/confusion_transpose.h, kept by CANN for kernels written against it (ops-nn's
// include it). CANN's also declares a deprecated alias, so that its compiler warns; opsim's does
// not, as kernels here build with -Werror.
#pragma once

#include "confusion_transpose.h"
