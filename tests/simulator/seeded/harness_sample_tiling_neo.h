// AddKernelInvocationTilingNeo: the kernel-launch harness with the sample's tiling struct.
#pragma once

#define OPSIM_SEEDED_WITH_TILING 1
#include "harness_sample_kernel_launch.h"
