// CANN's confusion_transpose_tiling_intf.h: the deprecated spelling of
// confusion_transpose_tiling.h, which it includes.
#pragma once

#include "lib/transpose/confusion_transpose_tiling.h"
