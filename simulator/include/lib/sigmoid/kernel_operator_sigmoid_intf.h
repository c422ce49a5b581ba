// CANN's lib/sigmoid/kernel_operator_sigmoid_intf.h: an older name of the Sigmoid interface
// (adv_api/activation/kernel_operator_sigmoid_intf.h today), kept for kernels written against it
// (ops-nn's foreach_sigmoid includes it).
#pragma once

#include "adv_api/activation/kernel_operator_sigmoid_intf.h"
