// CANN's adv_api/pad/broadcast.h (asc-devkit's include root for the high-level library): the
// high-level Broadcast, declared by kernel_operator.h (lib/pad/broadcast.h) as CANN's
// kernel_operator.h includes its whole library.
#pragma once

#include "kernel_operator.h"
