// The device compiler's fixed-width float names, global as its other types are: public kernels
// compare dtypes against them (`std::is_same_v<DTYPE_X, float32_t>`). The same types as half and
// float.
#pragma once

#include "opsim/sim/ascendc/types.h"

using float16_t = half;
using float32_t = float;
