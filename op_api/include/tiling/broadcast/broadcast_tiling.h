// The include path ops-math's operators use for op-base's broadcast tiling helpers.
#pragma once

#include "op_common/atvoss/broadcast/broadcast_tiling.h"
