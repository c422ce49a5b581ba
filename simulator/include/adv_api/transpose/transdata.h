// CANN's adv_api/transpose/transdata.h: the high-level TransData (TransDataParams,
// TransDataConfig), declared by kernel_operator.h (opsim/sim/ascendc/hl_transdata.h) as CANN's
// kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
