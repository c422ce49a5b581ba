// CANN's header for printf in a kernel that includes nothing else (asc-devkit's hello_world):
// the kernel keywords, and printf itself. On the chip the call goes into a dump buffer the
// runtime prints after the kernel; here a kernel's code is host code and its printf is the C
// library's, printed at once, one call's text whole (kernel_operator.h's AscendC::printf also
// keeps it whole against other blocks' calls).
#pragma once

#include <cstdio>

#include "opsim/sim/ascendc/keywords.h"
