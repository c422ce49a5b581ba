// CANN's adv_api/utils/init_global_memory.h: Fill of global memory, InitGlobalMemory's current
// name, declared with it in opsim/sim/ascendc/atomic.h (kernel_operator.h reaches both); this
// header is kept for the kernels that include it by CANN's path.
#pragma once

#include "opsim/sim/ascendc/atomic.h"
